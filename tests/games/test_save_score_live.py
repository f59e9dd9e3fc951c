"""POST /games/save-score from the calculator page with htmx (scoring/_save.html): the board saved
is the calculator's fields as posted at the tap, never the board the page was last rendered with."""

import json

import pytest

from games.models import Game
from tests.games.conftest import duel_board

HTMX = {"HTTP_HX_REQUEST": "true"}
FIELDS = {"calculator": "duel", "p0_name": "Ana", "p0_obelisk": "3", "p1_name": "Ben", "p1_obelisk": "1"}

pytestmark = pytest.mark.django_db


def save(client, fields, board=None):
    stale = board if board is not None else duel_board(["Ana", "Ben"])  # the page's board: all zero
    return client.post("/games/save-score", {"board": json.dumps(stale), **fields}, **HTMX)


def test_htmx_save_stores_the_fields_as_typed_not_the_board_rendered_before_them(client, alice):
    client.force_login(alice)
    save(client, FIELDS)
    game = Game.objects.get()
    assert [p["obelisk"] for p in game.board["players"]] == [3, 1]


def test_htmx_save_is_answered_with_a_redirect_htmx_follows_to_the_game(client, alice):
    client.force_login(alice)
    response = save(client, FIELDS)
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/games/{Game.objects.get().pk}/"


def test_htmx_save_of_an_impossible_board_names_the_field_and_saves_nothing(client, alice):
    client.force_login(alice)
    response = save(client, {**FIELDS, "p0_obelisk": "13"})
    body = response.content.decode()
    assert response.status_code == 200  # htmx swaps only 2xx answers: the reason shows under the button
    assert "The game was not saved" in body and "Ana, obelisk tokens" in body
    assert Game.objects.count() == 0


def test_a_save_without_htmx_stores_the_board_its_page_was_rendered_with(client, alice):
    client.force_login(alice)
    client.post("/games/save-score", {"board": json.dumps(duel_board(["Ana", "Ben"], first={"obelisk": 2})), **FIELDS})
    assert [p["obelisk"] for p in Game.objects.get().board["players"]] == [2, 0]


def test_htmx_save_of_an_unknown_calculator_saves_the_board_posted(client, alice):
    client.force_login(alice)
    save(client, {"calculator": "chess"}, board=duel_board(["Ana", "Ben"], first={"obelisk": 2}))
    assert [p["obelisk"] for p in Game.objects.get().board["players"]] == [2, 0]
