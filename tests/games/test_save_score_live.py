"""POST /games/save-score from the calculator page with htmx (scoring/_save.html): the board saved
is the calculator's fields as posted at the tap, never the board the page was last rendered with; a
name one letter from a member's is asked about before it makes a new player."""

import json

import pytest

from games.models import Game, Player
from tests.factories import PlayerFactory
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


def test_a_name_one_letter_from_a_members_asks_before_saving_and_saves_nothing(client, alice):
    PlayerFactory(name="Ben")
    client.force_login(alice)
    response = save(client, {**FIELDS, "p1_name": "Benn"})
    body = response.content.decode()
    assert "Benn is not in the club yet, but Ben is. Did you mean Ben?" in body
    assert 'name="new_players"' in body and 'hx-post="/games/save-score"' in body
    assert Game.objects.count() == 0
    assert not Player.objects.filter(name="Benn").exists()


def test_ticking_these_are_new_players_saves_the_new_name(client, alice):
    PlayerFactory(name="Ben")
    client.force_login(alice)
    save(client, {**FIELDS, "p1_name": "Benn", "new_players": "on"})
    assert [s.player.name for s in Game.objects.get().seats.order_by("order")] == ["Ana", "Benn"]


def test_a_members_name_in_another_case_is_that_member_and_asks_nothing(client, alice):
    ben = PlayerFactory(name="Ben")
    client.force_login(alice)
    save(client, {**FIELDS, "p1_name": "ben"})
    assert Game.objects.get().seats.get(order=1).player == ben


def test_without_htmx_a_lookalike_name_gets_the_page_with_a_plain_form_to_save_again(client, alice):
    PlayerFactory(name="Ben")
    client.force_login(alice)
    board = json.dumps(duel_board(["Ana", "Benn"], first={"obelisk": 2}))
    response = client.post("/games/save-score", {"board": board})
    body = response.content.decode()
    assert response.status_code == 400
    assert "Did you mean Ben?" in body and 'name="new_players"' in body and "hx-post" not in body
    assert Game.objects.count() == 0
    client.post("/games/save-score", {"board": board, "new_players": "on"})
    assert Game.objects.get().seats.get(order=1).player.name == "Benn"
