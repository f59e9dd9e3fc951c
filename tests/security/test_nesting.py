"""The nesting limit (imhotep_lib/nesting.py, issue 38): JSON nested 1,000 levels deep, sent to
any entry point that reads JSON, is answered 400 naming the problem, never a 500
(RecursionError), and nothing is stored."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from games.import_models import ImportJob
from games.models import BoardData, Game
from imhotep_lib import nesting
from rules_engine.duel.apidocs import D9_1_BOARD
from tests.kit import random_record
from tests.security.conftest import signed_in, token_client

DEEP = "[" * 1000 + "]" * 1000
SAID = "nested too deeply"


def deep_record() -> str:
    return json.dumps({**random_record(11), "players": ["Ana", "Ben"]})[:-1] + ', "deep": ' + DEEP + "}"


# --------------------------------------------------------------------------- the helper


@pytest.mark.parametrize(("text", "levels"), [
    ("3", 0), ('"[[["', 0), ("[]", 1), ('{"a": [{"b": []}]}', 4), ("[[1], [2, [3]]]", 3),
    ('["\\"[[[", ["\\\\"]]', 2),  # brackets inside strings, escaped quotes and backslashes
    ('{"a": 1}\n[[2]]\n', 2),  # ndjson: the deepest line
])
def test_depth_counts_arrays_and_objects_outside_strings(text, levels):
    assert nesting.depth(text) == levels
    assert nesting.depth(text.encode()) == levels


@pytest.mark.parametrize(("text", "levels"), [
    ("3", 0), ("[]", 1), ('{"a": [{"b": []}]}', 4), ('["[", "", ["]"], {"k": "{["}]', 2),
    ('["\\"[[[", ["\\\\"]]', 2), ("[" * nesting.MAX_DEPTH + "]" * nesting.MAX_DEPTH, nesting.MAX_DEPTH),
])
def test_the_check_answers_the_depth_it_took(text, levels):
    assert nesting.check(text) == levels


def test_the_limit_itself_is_taken_and_one_more_level_is_refused():
    nesting.check("[" * nesting.MAX_DEPTH + "]" * nesting.MAX_DEPTH)
    with pytest.raises(nesting.TooDeep, match=f"more than {nesting.MAX_DEPTH} levels"):
        nesting.check("[" * (nesting.MAX_DEPTH + 1) + "]" * (nesting.MAX_DEPTH + 1))


def test_a_real_record_and_board_are_far_below_the_limit():
    assert nesting.depth(json.dumps(random_record(11))) < nesting.MAX_DEPTH // 4
    assert nesting.depth(json.dumps(D9_1_BOARD)) < nesting.MAX_DEPTH // 4


# --------------------------------------------------------------------------- the API


@pytest.mark.django_db
def test_the_scoring_api_refuses_a_deep_board(api_client):
    response = api_client.generic("POST", "/api/v1/score", '{"board": ' + DEEP + "}", content_type="application/json")
    assert response.status_code == 400
    assert SAID in response.content.decode()


@pytest.mark.django_db
def test_the_games_api_refuses_a_deep_record(alice):
    response = token_client(alice).generic("POST", "/api/v1/games", deep_record(), content_type="application/json")
    assert response.status_code == 400
    assert SAID in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_imports_api_refuses_a_deep_upload(alice):
    body = "[" + deep_record() + "]"
    response = token_client(alice).generic("POST", "/api/v1/imports", body, content_type="application/json")
    assert response.status_code == 400
    assert SAID in response.content.decode()
    assert not ImportJob.objects.exists()


@pytest.mark.django_db
def test_the_live_moves_api_refuses_a_deep_move(alice, live_game):
    body = '{"ply": 10, "move": {"type": ' + DEEP + "}}"
    response = token_client(alice).generic("POST", f"/api/v1/games/{live_game.pk}/moves", body,
                                           content_type="application/json")
    assert response.status_code == 400
    assert SAID in response.content.decode()
    assert live_game.moves.count() == 10


# --------------------------------------------------------------------------- the pages


@pytest.mark.django_db
def test_the_import_page_refuses_a_deep_upload(alice):
    upload = SimpleUploadedFile("records.json", ("[" + deep_record() + "]").encode())
    response = signed_in(alice).post("/games/import", {"file": upload})
    assert response.status_code == 400
    assert SAID in response.content.decode()
    assert not ImportJob.objects.exists()


@pytest.mark.django_db
def test_the_board_data_import_refuses_a_deep_file_for_an_admin(staff):
    upload = SimpleUploadedFile("board.json", ('{"format": "imhotep-board-data", "game": "classic", "data": '
                                               + DEEP + "}").encode())
    response = signed_in(staff).post(reverse("games:board-data", args=["classic"]),
                                     {"action": "import", "file": upload})
    assert response.status_code == 400
    assert SAID in response.content.decode()
    assert not BoardData.objects.exists()


@pytest.mark.django_db
def test_the_live_play_page_refuses_a_deep_move(alice, live_game):
    response = signed_in(alice).post(f"/games/{live_game.pk}/play", {"ply": 10, "move": '{"type": ' + DEEP + "}"})
    assert response.status_code == 400
    assert SAID in response.content.decode()
    assert live_game.moves.count() == 10


@pytest.mark.django_db
def test_saving_a_deep_board_from_the_calculator_is_refused(alice):
    response = signed_in(alice).post("/games/save-score", {"board": '{"players": ' + DEEP + "}"})
    assert response.status_code == 400
    assert SAID in response.content.decode()
    assert not Game.objects.exists()


# --------------------------------------------------------------------------- the commands


@pytest.mark.django_db
def test_import_records_refuses_a_deep_file(tmp_path):
    path = tmp_path / "records.json"
    path.write_text("[" + deep_record() + "]")
    with pytest.raises(CommandError, match=SAID):
        call_command("import_records", str(path))
    assert not Game.objects.exists()
