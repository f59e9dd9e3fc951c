"""The live-entry pages: /games/new starts a Duel game, /games/<id>/play records it one legal
move at a time (D4), with undo and the F2 transcription form."""

import html
import json
import re

import pytest
from django.test import Client

from games.models import Game, Move, Player, Result
from games.services.records import record_of
from rules_engine.registry import default_registry
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db

MOVE_BUTTON = re.compile(r'name="move" value="([^"]*)"')


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _offered(response) -> list[dict]:
    return [json.loads(html.unescape(v)) for v in MOVE_BUTTON.findall(response.content.decode())]


def _state(game):
    return default_registry().replay(record_of(game)).states[-1]


def _legal(game) -> list[dict]:
    gt = default_registry().game("duel")
    return [gt.move_to_json(m) for m in gt.legal_moves(_state(game))]


def _new_form(**over) -> dict:
    data = {"player_1": "Ana", "colour_1": "black", "player_2": "Ben", "colour_2": "white",
            "starter": "1", "setup": "shuffle", "side_obelisk": "A", "side_temple": "B",
            "side_pyramid": "A", "side_tomb": "A"}
    data.update(over)
    return data


BOATS_ON_TABLE = {  # a legal D3 layout: 18 distinct-enough tokens (D1 counts respected)
    "boat_row_1": "obelisk obelisk temple-1",
    "boat_row_2": "pyramid-light pyramid-dark tomb-1",
    "boat_row_3": "tomb-2 tomb-3 take-token",
    "boat_col_a": "obelisk, temple-2, tomb-4",
    "boat_col_b": "pyramid-light tomb-5 place-meeples",
    "boat_col_c": "temple-3 tomb-6 obelisk",
}


def _post(client, game, ply, move, headers=None, **fields):
    data = {"ply": ply, "move": json.dumps(move), **fields}
    return client.post(f"/games/{game.pk}/play", data, headers=headers or {})


# --------------------------------------------------------------------------- /games/new


def test_new_needs_login():
    response = Client().get("/games/new")
    assert response.status_code == 302 and response["Location"].startswith("/account/login")


def test_new_offers_existing_player_names(alice):
    Player.objects.create(name="Cleo")
    response = _client(alice).get("/games/new")
    assert response.status_code == 200
    assert '<option value="Cleo">' in response.content.decode()


def test_f2_new_game_with_server_shuffle_stores_an_explicit_supply(alice):
    response = _client(alice).post("/games/new", _new_form(starter="2"))
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/play"
    assert (game.status, game.source, game.created_by) == ("in_progress", "recorded", alice)
    assert len(game.header["setup"]["supply"]) == 60  # F2: all 60 in draw order (D3)
    assert game.sides["temple"] == "B"
    # F2: players[0] starts — Ben was chosen to start, so he sits first, with his colour.
    assert [(s.player.name, s.colour) for s in game.seats.all()] == [("Ben", "white"), ("Ana", "black")]
    assert game.moves.count() == 0


def test_f2_new_game_transcribed_stores_the_boats(alice):
    _client(alice).post("/games/new", _new_form(setup="transcribe", **BOATS_ON_TABLE))
    game = Game.objects.get()
    assert game.header["setup"] == {"boats": [
        ["obelisk", "obelisk", "temple-1"], ["pyramid-light", "pyramid-dark", "tomb-1"],
        ["tomb-2", "tomb-3", "take-token"], ["obelisk", "temple-2", "tomb-4"],
        ["pyramid-light", "tomb-5", "place-meeples"], ["temple-3", "tomb-6", "obelisk"]]}


def test_f2_transcribed_setup_takes_the_tables_labels(alice):
    labels = {"boat_row_1": "Ob, Ob, T1", "boat_row_2": "PL PD #1", "boat_row_3": "tomb 2 tomb 3 Take",
              "boat_col_a": "obelisk T2 #4", "boat_col_b": "light pyramid #5 P23", "boat_col_c": "T3 #6 Ob"}
    _client(alice).post("/games/new", _new_form(setup="transcribe", **labels))
    game = Game.objects.get()
    assert game.header["setup"]["boats"][0] == ["obelisk", "obelisk", "temple-1"]
    assert game.header["setup"]["boats"][4] == ["pyramid-light", "tomb-5", "place-meeples"]


def test_f2_a_label_naming_no_token_is_named_on_its_boat(alice):
    response = _client(alice).post("/games/new", _new_form(setup="transcribe", **{**BOATS_ON_TABLE,
                                                                                  "boat_row_2": "PL scarab #1"}))
    assert "row 2: &#x27;scarab&#x27; is not a token" in response.content.decode()
    assert not Game.objects.exists()


def test_d1_transcribed_setup_with_a_second_tomb_1_is_refused_with_the_engines_reason(alice):
    boats = {**BOATS_ON_TABLE, "boat_col_c": "tomb-1 tomb-6 obelisk"}
    response = _client(alice).post("/games/new", _new_form(setup="transcribe", **boats))
    assert response.status_code == 400
    body = html.unescape(response.content.decode())
    assert "the setup holds 2 × tomb 1; the game has only 1" in body  # D1, in the board's words
    assert not Game.objects.exists()


def test_a_name_one_letter_from_a_player_asks_before_creating(alice):
    Player.objects.create(name="Ben")
    response = _client(alice).post("/games/new", _new_form(player_2="Benn"))
    assert response.status_code == 400
    assert "Benn is not in the club yet, but Ben is. Did you mean Ben?" in html.unescape(response.content.decode())
    assert not Game.objects.exists() and not Player.objects.filter(name="Benn").exists()


def test_ticking_new_players_creates_the_lookalike(alice):
    Player.objects.create(name="Ben")
    _client(alice).post("/games/new", _new_form(player_2="Benn", new_players="on"))
    assert Player.objects.filter(name="Benn").exists()


@pytest.mark.parametrize(("over", "message"), [
    ({"player_2": "ana"}, "already sits at seat 1"),
    ({"colour_2": "black"}, "different colours"),
    ({"setup": "transcribe", "boat_row_1": "obelisk"}, "give the 3 tokens"),
])
def test_new_game_form_refuses(alice, over, message):
    response = _client(alice).post("/games/new", _new_form(**over))
    assert response.status_code == 400 and message in response.content.decode()
    assert not Game.objects.exists()


# --------------------------------------------------------------------------- who may record


def test_play_needs_login(live_game):
    response = Client().get(f"/games/{live_game.pk}/play")
    assert response.status_code == 302 and response["Location"].startswith("/account/login")


def test_play_is_403_for_another_member(live_game, bob):
    other = _client(bob)
    assert other.get(f"/games/{live_game.pk}/play").status_code == 403
    move = live_game.full_record["moves"][10]
    assert _post(other, live_game, 10, move).status_code == 403
    assert live_game.moves.count() == 10


def test_staff_may_record_any_game(live_game, staff):
    assert _post(_client(staff), live_game, 10, live_game.full_record["moves"][10]).status_code == 302
    assert live_game.moves.count() == 11


def test_csrf_is_enforced(live_game, alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    response = client.post(f"/games/{live_game.pk}/play",
                           {"ply": 10, "move": json.dumps(live_game.full_record["moves"][10])})
    assert response.status_code == 403
    assert live_game.moves.count() == 10


# --------------------------------------------------------------------------- moves


def test_d4_page_offers_exactly_the_legal_moves(live_game, alice):
    response = _client(alice).get(f"/games/{live_game.pk}/play")
    assert response.status_code == 200
    offered = _offered(response)
    legal = _legal(live_game)
    assert sorted(map(json.dumps, offered)) == sorted(map(json.dumps, legal))


def test_d4_1_occupied_cells_are_not_buttons(live_game, alice):
    body = _client(alice).get(f"/games/{live_game.pk}/play").content.decode()
    legal = _legal(live_game)
    occupied = [c for c, o in _state(live_game).harbor.items() if o is not None]
    assert occupied
    for cell in _state(live_game).harbor:
        is_button = f'class="cell is-legal" data-cell="{cell}"' in body
        assert is_button == ({"type": "place", "cell": cell} in legal), cell
        assert not (is_button and cell in occupied), cell


def test_legal_move_is_stored_and_the_page_redirects(live_game, alice):
    move = live_game.full_record["moves"][10]
    response = _post(_client(alice), live_game, 10, move)
    assert response.status_code == 302 and response["Location"] == f"/games/{live_game.pk}/play"
    assert Move.objects.get(game=live_game, ply=10).data == move


def test_htmx_post_answers_the_play_partial_at_the_next_ply(live_game, alice):
    move = live_game.full_record["moves"][10]
    response = _post(_client(alice), live_game, 10, move, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="play"') and 'data-ply="11"' in body
    assert "<html" not in body


def test_d4_1_crafted_place_on_an_occupied_cell_gets_the_engines_reason(alice):
    game = store(random_record(5, moves=0), alice)
    client = _client(alice)
    assert _post(client, game, 0, {"type": "place", "cell": "b2"}).status_code == 302
    response = _post(client, game, 1, {"type": "place", "cell": "b2"})
    assert response.status_code == 400
    assert "cell b2 already holds a meeple" in html.unescape(response.content.decode())
    assert game.moves.count() == 1


def test_stale_ply_gets_a_clear_message_and_stores_nothing(live_game, alice):
    client = _client(alice)
    move = live_game.full_record["moves"][10]
    assert _post(client, live_game, 10, move).status_code == 302
    response = _post(client, live_game, 10, move)  # the same page sent again
    assert response.status_code == 409
    assert "showed game" in response.content.decode() and "now has 11" in response.content.decode()
    assert live_game.moves.count() == 11


# --------------------------------------------------------------------------- undo


def test_undo_deletes_the_last_move(live_game, alice):
    response = _client(alice).post(f"/games/{live_game.pk}/play/undo", {"ply": 10})
    assert response.status_code == 302
    assert list(live_game.moves.values_list("ply", flat=True)) == list(range(9))


def test_undo_from_a_stale_page_deletes_nothing(live_game, alice):
    response = _client(alice).post(f"/games/{live_game.pk}/play/undo", {"ply": 9})
    assert response.status_code == 409 and live_game.moves.count() == 10


def test_undo_of_a_finished_game_reopens_it_and_removes_its_results(alice):
    record = random_record(3)
    last = record["moves"].pop()
    game = store(record, alice)
    client = _client(alice)
    assert _post(client, game, len(record["moves"]), last).status_code == 302
    game.refresh_from_db()
    assert game.status == "finished" and Result.objects.filter(seat__game=game).count() == 2
    page = client.get(f"/games/{game.pk}/play").content.decode()
    assert f'href="/games/{game.pk}/"' in page and f'href="/games/{game.pk}/replay"' in page
    assert not MOVE_BUTTON.search(page)  # D8: no move after the end

    assert client.post(f"/games/{game.pk}/play/undo", {"ply": len(record["moves"]) + 1}).status_code == 302
    game.refresh_from_db()
    assert game.status == "in_progress" and not Result.objects.filter(seat__game=game).exists()


# --------------------------------------------------------------------------- transcription (F2)


@pytest.fixture
def transcribed(alice):
    """A transcribed game where Ana (to move) may unload row 1: a1 and b1 hold meeples."""
    client = _client(alice)
    client.post("/games/new", _new_form(setup="transcribe", **BOATS_ON_TABLE))
    game = Game.objects.get()
    for ply, cell in enumerate(("a1", "b1")):
        assert _post(client, game, ply, {"type": "place", "cell": cell}).status_code == 302
    return game


def test_f2_unload_in_a_transcribed_game_asks_for_the_refill(transcribed, alice):
    response = _post(_client(alice), transcribed, 2, {"type": "unload", "boat": "row-1"})
    assert response.status_code == 200
    assert 'name="refill"' in response.content.decode()
    assert transcribed.moves.count() == 2


def test_f2_refill_is_stored_with_the_unload(transcribed, alice):
    response = _post(_client(alice), transcribed, 2, {"type": "unload", "boat": "row-1"},
                     refill="tomb-7, tomb-8 temple-4")
    assert response.status_code == 302
    assert Move.objects.get(game=transcribed, ply=2).data == {
        "type": "unload", "boat": "row-1", "refill": ["tomb-7", "tomb-8", "temple-4"]}


@pytest.mark.parametrize(("refill", "reason"), [
    ("tomb-1 tomb-8 temple-4", "tomb-1"),  # D1: the only tomb-1 is already on a boat
    ("tomb-8 temple-4", "give 3 tokens, got 2"),
    ("tomb-8 temple-4 sphinx", "sphinx"),
])
def test_f2_bad_refill_is_refused_with_the_reason(transcribed, alice, refill, reason):
    response = _post(_client(alice), transcribed, 2, {"type": "unload", "boat": "row-1"}, refill=refill)
    assert response.status_code == 400
    assert reason in html.unescape(response.content.decode())
    assert transcribed.moves.count() == 2


def test_f2_take_token_in_a_transcribed_game_asks_for_and_stores_the_reveal(alice):
    client = _client(alice)
    client.post("/games/new", _new_form(setup="transcribe", **BOATS_ON_TABLE))
    game = Game.objects.get()
    moves = [{"type": "place", "cell": "c3"}, {"type": "place", "cell": "b3"},
             # D4.2.1: c3 is nearest row 3's boat, so Ana takes slot 3, the take-token.
             {"type": "unload", "boat": "row-3"}, {"type": "place", "cell": "a1"}]
    for ply, move in enumerate(moves):
        fields = {"refill": "tomb-7 tomb-8 temple-4"} if move["type"] == "unload" else {}
        assert _post(client, game, ply, move, **fields).status_code == 302, ply
    take = {"type": "take-token", "boat": "row-1", "slot": 1}
    assert take in _offered(client.get(f"/games/{game.pk}/play"))
    asked = _post(client, game, 4, take)
    assert asked.status_code == 200 and 'name="reveal"' in asked.content.decode()
    assert _post(client, game, 4, take, reveal="tomb-9").status_code == 302
    assert Move.objects.get(game=game, ply=4).data == {**take, "reveal": "tomb-9"}
