"""The served OpenAPI schema makes a working client: openapi-python-client generates one from
``GET /api/v1/schema``, and every board and record the schema documents as an example goes through
the client's models (from_dict, to_dict) and the real endpoints of a live server, each answer parsed
by the client into the game's own model, its totals the engine's. Every registered game is in it,
the example plugin's too."""

import importlib
import subprocess
import sys

import httpx
import pytest

from rules_engine.registry import DEFAULT_GAME, base_registry

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

PACKAGE = "imhotep_api_client"
#: No formatter run after generating (the generator would look for ruff on PATH).
CONFIG = "post_hooks: []\n"


@pytest.fixture(scope="module")
def installed_plugins():
    """The installed plugins loaded (the example plugin's game, when `make test` installed it),
    for every test of this module: the schema, the live server and the engine's expectations."""
    from rules_engine import registry

    registry.configure(load_entry_points=True)
    yield
    registry.configure(load_entry_points=False)


@pytest.fixture(scope="module")
def generated(tmp_path_factory, django_db_blocker, installed_plugins):
    """The served schema (as a client downloads it) and the client generated from it, imported."""
    from django.test import Client

    with django_db_blocker.unblock():
        served = Client().get("/api/v1/schema")
    assert served.status_code == 200
    root = tmp_path_factory.mktemp("client")
    (root / "schema.yaml").write_bytes(served.content)
    (root / "config.yaml").write_text(CONFIG)
    run = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(root / "schema.yaml"),
         "--output-path", str(root / PACKAGE), "--meta", "none", "--config", str(root / "config.yaml")],
        capture_output=True, text=True, timeout=300, check=False,
    )
    # The generator warns (and leaves a model out or empty) on a schema it cannot read whole.
    assert run.returncode == 0 and "Warning" not in run.stdout + run.stderr, run.stdout + run.stderr
    sys.path.insert(0, str(root))
    try:
        client = importlib.import_module(PACKAGE)
        score_board = importlib.import_module(f"{PACKAGE}.api.scoring.score_board")
        replay_record = importlib.import_module(f"{PACKAGE}.api.scoring.replay_record")
        models = importlib.import_module(f"{PACKAGE}.models")
        yield {"schema": served.content, "client": client, "models": models, "score": score_board,
               "replay": replay_record, "document": _yaml(served.content)}
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


def _yaml(content):
    import yaml

    return yaml.safe_load(content)


def _operation(document, path):
    return document["paths"][path]["post"]


def _model(generated, union, value):
    """The client's model class of ``value``'s game in the union component ``union`` (its
    discriminator's mapping), as a client picks it."""
    mapping = generated["document"]["components"]["schemas"][union]["discriminator"]["mapping"]
    return getattr(generated["models"], mapping[value.get("game", DEFAULT_GAME)].rsplit("/", 1)[1])


def _documented(operation, status):
    media = operation["responses"][status]["content"]["application/json"]
    return [e["value"] for e in media.get("examples", {}).values()]


def _examples(document, path):
    media = _operation(document, path)["requestBody"]["content"]["application/json"]
    return [(e["summary"], e["value"]) for e in media["examples"].values()]


def test_the_schema_documents_every_registered_game(generated):
    mapping = generated["document"]["components"]["schemas"]["Board"]["discriminator"]["mapping"]
    assert set(mapping) == set(base_registry().games)
    pytest.importorskip("imhotep_house_rules", reason="installed by `make test` from examples/imhotep-house-rules")
    assert "obelisk-race" in mapping  # the example plugin's game


def test_every_score_example_is_scored_through_the_generated_client(generated, live_server):
    document = generated["document"]
    operation = _operation(document, "/api/v1/score")
    examples = _examples(document, "/api/v1/score")
    assert len(examples) >= 7  # the Duel's 3, the base game's 3, the plugin game's 1
    api = generated["client"].Client(base_url=live_server.url, raise_on_unexpected_status=True)
    for summary, board in examples:
        body = _model(generated, "Board", board).from_dict(board)
        assert body.to_dict() == board, summary
        response = generated["score"].sync_detailed(client=api, body=body)
        parsed = response.parsed
        if response.status_code == 200:
            expected = base_registry().score(board)
            assert isinstance(parsed, _model(generated, "ScoreResponse", board)), summary
            assert [p.total for p in parsed.players] == list(expected.totals), summary
            assert parsed.to_dict() in _documented(operation, "200"), summary
        else:
            assert response.status_code == 400, summary
            assert isinstance(parsed, generated["models"].BoardErrors), summary
            assert parsed.errors, summary
            assert parsed.to_dict() in _documented(operation, "400"), summary


def test_every_replay_example_is_replayed_through_the_generated_client(generated, live_server):
    document = generated["document"]
    operation = _operation(document, "/api/v1/replay")
    api = generated["client"].Client(base_url=live_server.url, raise_on_unexpected_status=True)
    for summary, record in _examples(document, "/api/v1/replay"):
        body = _model(generated, "Record", record).from_dict(record)
        assert body.to_dict() == record, summary
        response = generated["replay"].sync_detailed(client=api, body=body)
        parsed = response.parsed
        if response.status_code == 200:
            expected = base_registry().replay(record).score()
            assert isinstance(parsed, _model(generated, "ReplayResponse", record)), summary
            assert [p.total for p in parsed.score.players] == list(expected.totals), summary
            assert parsed.to_dict() in _documented(operation, "200"), summary
        else:
            assert response.status_code == 400, summary
            assert isinstance(parsed, generated["models"].RecordError), summary
            assert parsed.to_dict() in _documented(operation, "400"), summary


def test_the_schema_a_client_downloads_is_the_served_one(generated, live_server):
    assert httpx.get(f"{live_server.url}/api/v1/schema").content == generated["schema"]
