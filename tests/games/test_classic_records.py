"""Base-game F4 records in the club history: import (service, upload page, API, command) with
2–4 seats and the results the engine derives (C8), export and re-import."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from games.models import Game, Move, Result
from games.services.recording import Outcome, import_record
from rules_engine.registry import default_registry
from tests.games.conftest import token_client
from tests.kit import random_record

pytestmark = pytest.mark.django_db


def _results(game):
    return list(Result.objects.filter(seat__game=game).order_by("seat__order").values_list("total", "rank", "winner"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_f4_record_is_stored_with_its_seats_and_derived_results(players):
    record = random_record(30 + players, players=players, game="classic")
    outcome = import_record(record)
    game = outcome.game
    assert outcome.status == Outcome.IMPORTED and game.game_type == "classic"
    assert game.status == Game.Status.FINISHED and game.moves.count() == len(record["moves"])
    assert [(s.player.name, s.colour, s.started) for s in game.seats.all()] == [
        (name, record["colours"][i], i == 0) for i, name in enumerate(record["players"])
    ]
    score = default_registry().replay(record).score().to_json()
    assert _results(game) == [(p["total"], p["rank"], i in score["winners"]) for i, p in enumerate(score["players"])]
    assert set(game.sides) == {"market", "pyramids", "temple", "burial-chamber", "obelisks"}


def test_f4_unfinished_record_is_stored_in_progress_without_results():
    game = import_record(random_record(40, players=3, moves=20, game="classic")).game
    assert game.status == Game.Status.IN_PROGRESS and not Result.objects.filter(seat__game=game).exists()


def test_c4_2_illegal_move_is_rejected_with_its_index_and_stores_nothing():
    """Move k places a stone on the slot move j (an earlier place) already filled."""
    record = random_record(41, players=3, game="classic")
    moves = record["moves"]
    j = next(i for i, m in enumerate(moves) if m["type"] == "place")
    k = j + 1
    moves[k] = {"type": "place", "ship": moves[j]["ship"], "slot": moves[j]["slot"]}
    outcome = import_record(record)
    assert (outcome.status, outcome.move) == (Outcome.REJECTED, k)
    assert "slot" in outcome.reason and f"at move {k + 1}:" in outcome.describe()  # as the move list numbers it
    assert not Game.objects.exists() and not Move.objects.exists()


def test_f4_export_is_the_record_as_imported_and_reimports_as_a_duplicate(client):
    record = random_record(42, players=4, game="classic")
    game = import_record(record).game
    response = client.get(f"/games/{game.pk}/export")
    assert json.loads(response.content) == record
    assert 'filename="classic-game-' in response["Content-Disposition"]
    assert default_registry().replay(json.loads(response.content)).finished
    with_history = client.get(f"/games/{game.pk}/export?history=1").json()
    assert import_record(with_history).status == Outcome.DUPLICATE


def test_f4_upload_page_imports_classic_records(client, alice, immediate_tasks):
    client.force_login(alice)
    content = "\n".join(json.dumps(random_record(s, players=3, game="classic")) for s in (43, 44)).encode()
    response = client.post("/games/import", {"file": SimpleUploadedFile("r.ndjson", content)})
    assert "2 records read: 2 imported" in response.content.decode()
    assert Game.objects.filter(game_type="classic").count() == 2


def test_f4_api_creates_a_classic_game(alice):
    response = token_client(alice).post("/api/v1/games", random_record(45, players=2, game="classic"), format="json")
    assert response.status_code == 201
    game = Game.objects.get()
    assert game.game_type == "classic" and game.seats.count() == 2


def test_f4_import_and_export_commands_round_trip(tmp_path):
    path = tmp_path / "in.ndjson"
    path.write_text(json.dumps(random_record(46, players=4, game="classic")) + "\n")
    call_command("import_records", str(path), "--no-progress")
    out = tmp_path / "out.ndjson"
    call_command("export_records", "--output", str(out), "--game", "classic")
    exported = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(exported) == 1 and exported[0]["game"] == "classic"
    assert {k: v for k, v in exported[0].items() if k != "history"} == json.loads(path.read_text())
