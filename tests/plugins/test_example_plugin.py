"""End to end: the installed example package (examples/imhotep-house-rules) shows its Duel
variant in the API, the calculator page and the CLI, through the entry-point group."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

if os.environ.get("CI", "").lower() == "true":
    import imhotep_house_rules  # noqa: F401 - CI must run these: `make test` installs the plugin in .venv-test
else:
    pytest.importorskip("imhotep_house_rules", reason="installed by `make test` in .venv-test")

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def board_with_scarabs(first=2, second=0):
    return {
        "game": "duel",
        "variants": ["scarabs"],
        "players": [
            {"obelisk": 3, "temple": [1], "pyramid": {"light": 6, "dark": 0}, "tomb": [], "action_tokens": 0,
             "meeples_on_harbor": 0, "scarabs": first},
            {"obelisk": 1, "temple": [], "pyramid": {"light": 0, "dark": 2}, "tomb": [5], "action_tokens": 1,
             "meeples_on_harbor": 2, "scarabs": second},
        ],
    }


def test_games_types_lists_the_variant_with_its_package(api_client, plugin_registry):
    duel = next(g for g in api_client.get("/api/v1/games-types").json() if g["id"] == "duel")
    (variant,) = duel["variants"]
    assert variant["id"] == "scarabs"
    assert variant["plugin"] == {"name": "house-rules", "distribution": "imhotep-house-rules", "version": "0.1.0"}
    assert variant["fields"][0]["name"] == "scarabs"


def test_score_api_applies_the_variant(api_client, plugin_registry):
    response = api_client.post("/api/v1/score", board_with_scarabs(), format="json")
    assert response.status_code == 200, response.content
    first = response.json()["players"][0]
    # obelisk 3 + 6 majority, temple 1, light pyramid 21; variant: scarabs 4 + complete pyramid 3
    assert first["breakdown"]["scarabs"] == 7
    assert first["total"] == 3 + 6 + 1 + 21 + 7


def test_score_api_reports_a_bad_variant_input_by_field(api_client, plugin_registry):
    response = api_client.post("/api/v1/score", board_with_scarabs(first=9), format="json")
    assert response.status_code == 400
    assert {"field": "players[0].scarabs", "message": "must be between 0 and 3, got 9"} in response.json()["errors"]


def test_calculator_page_offers_the_variant_and_scores_it(client, plugin_registry):
    page = client.get("/score/duel").content.decode()
    assert "Scarab house rule" in page
    assert 'name="p0_v_scarabs_scarabs"' in page
    scored = client.get("/score/duel", {"variants": "scarabs", "p0_v_scarabs_scarabs": "3"}).content.decode()
    assert "Scarabs: 3 × 2 → 6" in scored


def test_calculator_page_without_plugins_shows_no_variants(client):
    assert "Scarab house rule" not in client.get("/score/duel").content.decode()


def test_cli_score_loads_the_installed_plugin():
    result = subprocess.run(
        [sys.executable, "manage.py", "score", "-"], cwd=ROOT, input=json.dumps(board_with_scarabs()),
        capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "IMHOTEP_PLUGINS_ALLOW": "duel,house-rules"},
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["players"][0]["breakdown"]["scarabs"] == 7


def test_blocking_the_plugin_in_settings_hides_it_from_the_cli():
    result = subprocess.run(
        [sys.executable, "manage.py", "score", "-"], cwd=ROOT, input=json.dumps(board_with_scarabs()),
        capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "IMHOTEP_PLUGINS_BLOCK": "house-rules"},
    )
    assert result.returncode == 1
    assert "unknown variant 'scarabs'" in result.stderr
