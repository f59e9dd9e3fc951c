"""Exports: one game as F2/F1, every game as ndjson, the results as CSV."""

import csv
import datetime
import io
import json

import pytest

from games.models import Game
from games.services.documents import parse_documents
from games.services.recording import Outcome, import_board, import_many, import_record
from rules_engine.registry import default_registry
from tests.games.conftest import duel_board, row_counts
from tests.kit import random_record

pytestmark = pytest.mark.django_db


def test_f2_export_is_the_record_as_imported(client):
    record = random_record(40)
    game = import_record(record).game
    response = client.get(f"/games/{game.pk}/export")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert json.loads(response.content) == record


def test_f2_export_replays_in_the_engine_as_is(client):
    game = import_record(random_record(41)).game
    exported = client.get(f"/api/v1/games/{game.pk}/record").json()
    assert default_registry().replay(exported).finished


def test_f2_export_with_history_imports_back_as_a_duplicate(client):
    game = import_record(random_record(42)).game
    exported = client.get(f"/games/{game.pk}/export?history=1").json()
    assert exported["history"]["played_on"] == game.played_on.isoformat()
    assert import_record(exported).status == Outcome.DUPLICATE


def test_f1_export_of_a_score_only_game_is_its_board(client):
    board = duel_board(first={"obelisk": 4})
    game = import_board(board).game
    exported = client.get(f"/games/{game.pk}/export").json()
    assert exported == board
    assert default_registry().score(exported).to_json()["players"][0]["total"] == 10


def test_ndjson_export_imports_back_with_dates_into_an_empty_history(client):
    import_record({**random_record(43), "history": {"played_on": "2025-01-02", "location": "Café"}})
    import_board(duel_board(("Cleo", "Ana"), first={"obelisk": 3}, played_on=datetime.date(2025, 1, 3)))
    import_record(random_record(44, moves=9))
    body = b"".join(client.get("/games/export.ndjson").streaming_content).decode()
    lines = body.splitlines()
    assert len(lines) == 3 and all(json.loads(line)["history"] for line in lines)
    before = list(Game.objects.order_by("played_on", "id", "seats__order").values_list(
        "played_on", "location", "source", "status", "seats__player__name", "seats__result__total"))
    counts = row_counts()

    Game.objects.all().delete()
    outcomes = import_many(parse_documents(body))
    assert [o.status for o in outcomes] == [Outcome.IMPORTED] * 3
    after = list(Game.objects.order_by("played_on", "id", "seats__order").values_list(
        "played_on", "location", "source", "status", "seats__player__name", "seats__result__total"))
    # A recorded game comes back as imported; everything else as it was.
    assert [row[:2] + row[3:] for row in after] == [row[:2] + row[3:] for row in before]
    assert row_counts() == counts


def test_ndjson_export_imported_again_is_all_duplicates(client):
    import_record(random_record(45))
    import_board(duel_board())
    body = b"".join(client.get("/games/export.ndjson").streaming_content).decode()
    assert [o.status for o in import_many(parse_documents(body))] == [Outcome.DUPLICATE] * 2


def read_csv(client, url="/games/results.csv") -> tuple[bytes, list[dict]]:
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    raw = b"".join(response.streaming_content)
    return raw, list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


def test_results_csv_has_bom_header_iso_dates_and_one_row_per_seat(client):
    game = import_board(duel_board(("Zoë", "Ben"), first={"obelisk": 4}, played_on=datetime.date(2025, 4, 5))).game
    raw, rows = read_csv(client)
    assert raw.startswith(b"\xef\xbb\xbfgame_id,played_on,")
    assert len(rows) == 2
    zoe, ben = rows
    assert zoe["game_id"] == str(game.pk)
    assert zoe["played_on"] == "2025-04-05"
    assert (zoe["player"], zoe["seat"], zoe["total"], zoe["winner"], zoe["obelisk"]) == ("Zoë", "1", "10", "yes", "10")
    assert (ben["player"], ben["rank"], ben["winner"], ben["started"]) == ("Ben", "2", "no", "no")


def test_results_csv_quotes_commas_and_leaves_unfinished_games_blank(client):
    import_board({**duel_board(("Smith, Ann", "Ben")), "history": {"location": 'The "Sphinx", Cairo'}})
    import_record(random_record(46, moves=5))
    _, rows = read_csv(client)
    assert len(rows) == 4
    named = [r for r in rows if r["player"] == "Smith, Ann"]
    assert named and named[0]["location"] == 'The "Sphinx", Cairo'
    unfinished = [r for r in rows if r["status"] == "in_progress"]
    assert len(unfinished) == 2 and all(r["total"] == "" for r in unfinished)


def test_results_csv_follows_the_list_filters(client):
    import_board(duel_board(("Ana", "Ben"), played_on=datetime.date(2025, 1, 1)))
    import_board(duel_board(("Cleo", "Dan"), played_on=datetime.date(2025, 6, 1)))
    _, rows = read_csv(client, "/games/results.csv?date_from=2025-05-01")
    assert {r["player"] for r in rows} == {"Cleo", "Dan"}
