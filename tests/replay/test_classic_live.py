"""Live entry of a base game: /games/new?game=classic deals a server-shuffled setup (C2) and
/games/<id>/play offers only the legal moves (C4), grouped by action; the live API appends
only legal moves and answers an illegal one with its index and the engine's reason."""

import html
import json
import random
import re
import types

import pytest
from django.test import Client

from games.models import Game, Move, Player, Rating
from games.services.results import record_of
from rules_engine import hookimpl, registry
from rules_engine.classic.game import new_record
from rules_engine.registry import default_registry
from tests.engine.classic.test_c6_b_sides import FICTIONAL_RAW
from tests.games.conftest import token_client
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


def _gt():
    return default_registry().game("classic")


def _state(game):
    return default_registry().replay(record_of(game)).states[-1]


def _legal(game) -> list[dict]:
    return [_gt().move_to_json(m) for m in _gt().legal_moves(_state(game))]


def _dealt(players: int, seed: int) -> dict:
    """The F4 setup the server deals for ``seed`` (the engine's `new_record`)."""
    return new_record(["Ana", "Ben", "Cleo", "Dan"][:players], seed)["setup"]


def _post(client, game, ply, move, headers=None):
    return client.post(f"/games/{game.pk}/play", {"ply": ply, "move": json.dumps(move)}, headers=headers or {})


def _form(**over) -> dict:
    data = {
        "game": "classic",
        "player_1": "Ana",
        "colour_1": "black",
        "player_2": "Ben",
        "colour_2": "white",
        "player_3": "Cleo",
        "colour_3": "brown",
        "player_4": "",
        "colour_4": "grey",
        "seed": "42",
    }
    data.update({f"side_{s}": "A" for s in ("market", "pyramids", "temple", "burial-chamber", "obelisks")})
    data.update(over)
    return data


@pytest.fixture
def live(alice):
    """A 3-player base game after 6 random legal moves."""
    return store(random_record(21, players=3, moves=6, game="classic"), alice)


# --------------------------------------------------------------------------- /games/new?game=classic


def test_new_classic_page_offers_four_seats_and_five_sides(alice):
    body = _client(alice).get("/games/new?game=classic").content.decode()
    for n in range(1, 5):
        assert f'name="player_{n}"' in body
    for site in ("market", "pyramids", "temple", "burial-chamber", "obelisks"):
        assert f'name="side_{site}"' in body
    assert 'value="table"' in body  # or the cards as the table turns them up (F4 setup.transcribed)


def test_duel_page_links_to_the_classic_form(alice):
    assert "/games/new?game=classic" in _client(alice).get("/games/new").content.decode()


def test_c2_new_game_stores_the_shuffled_setup_and_seats(alice):
    response = _client(alice).post("/games/new?game=classic", _form())
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/play"
    assert (game.game_type, game.status, game.created_by) == ("classic", "in_progress", alice)
    # the typed shuffle seed 42 is the deal's seed (GameType.new_record's seed keyword), so typing it
    # again deals the same game
    assert game.header["setup"] == _gt().new_record(["Ana", "Ben", "Cleo"], random.Random(), seed=42)["setup"]
    assert game.header["setup"]["seed"] == 42
    assert [(s.player.name, s.colour, s.started) for s in game.seats.all()] == [
        ("Ana", "black", True),
        ("Ben", "white", False),
        ("Cleo", "brown", False),
    ]


def test_new_game_without_a_seed_picks_one_and_stores_it(alice):
    _client(alice).post("/games/new?game=classic", _form(seed=""))
    setup = Game.objects.get().header["setup"]
    assert isinstance(setup["seed"], int) and setup == _dealt(3, setup["seed"])


@pytest.mark.parametrize(
    ("over", "message"),
    [
        ({"player_2": "", "player_3": ""}, "needs 2 to 4 players"),
        ({"player_2": "", "player_4": "Dan"}, "fill the seats in order"),
        ({"player_3": "ana"}, "already sits at seat 1"),
        ({"colour_2": "black"}, "already taken"),
        ({"side_temple": "B"}, "Side B of the temple can't be played yet"),
    ],
)
def test_new_classic_form_refuses(alice, over, message):
    response = _client(alice).post("/games/new?game=classic", _form(**over))
    assert response.status_code == 400 and message in html.unescape(response.content.decode())
    assert not Game.objects.exists()


def test_c6_sides_without_board_data_are_shown_disabled_with_a_plain_reason(alice):
    body = html.unescape(_client(alice).get("/games/new?game=classic").content.decode())
    b_radios = re.findall(r'<input type="radio" name="side_\S+" value="B"[^>]*>', body)
    assert len(b_radios) == 5 and sum("disabled" in r for r in b_radios) == 4  # market B needs no data (C6.1)
    assert "Side B of the burial chamber can't be played yet: we don't know how many points each row gives." in body
    assert "classic.md" not in body


def test_lookalike_seat_name_asks_before_creating_a_player(alice):
    Player.objects.create(name="Cleo")
    response = _client(alice).post("/games/new?game=classic", _form(player_3="Clea"))
    assert "Did you mean Cleo?" in html.unescape(response.content.decode())
    assert not Player.objects.filter(name="Clea").exists()


# --------------------------------------------------------------------------- /games/<id>/play


def test_c4_page_offers_exactly_the_legal_moves(live, alice):
    response = _client(alice).get(f"/games/{live.pk}/play")
    assert response.status_code == 200
    assert sorted(map(json.dumps, _offered(response))) == sorted(map(json.dumps, _legal(live)))


def test_c4_2_placements_are_the_empty_slots(live, alice):
    body = _client(alice).get(f"/games/{live.pk}/play").content.decode()
    places = {(m["ship"], m["slot"]) for m in _legal(live) if m["type"] == "place"}
    drawn = {(int(a), int(b)) for a, b in re.findall(r'class="slot is-legal" data-ship="(\d)" data-slot="(\d)"', body)}
    assert drawn == places


def test_legal_move_is_appended(live, alice):
    move = _legal(live)[0]
    response = _post(_client(alice), live, 6, move)
    assert response.status_code == 302
    assert Move.objects.get(game=live, ply=6).data == move


def test_htmx_post_answers_the_play_partial(live, alice):
    response = _post(_client(alice), live, 6, _legal(live)[-1], headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="play"') and 'data-ply="7"' in body


def test_c4_2_place_on_an_occupied_slot_is_refused_with_the_engines_reason(live, alice):
    ships = _gt().state_to_json(_state(live), record_of(live))["ships"]
    ship, slot = next((s["ship"], n) for s in ships for n, c in enumerate(s["slots"], start=1) if c)
    move = {"type": "place", "ship": ship, "slot": slot}
    assert move not in _legal(live)
    response = _post(_client(alice), live, 6, move)
    assert response.status_code == 400
    assert "That move was not recorded:" in html.unescape(response.content.decode())
    assert live.moves.count() == 6


def test_api_rejects_an_illegal_move_with_index_and_reason(live, alice):
    response = token_client(alice).post(
        f"/api/v1/games/{live.pk}/moves",
        {"ply": 6, "move": {"type": "sail", "ship": 9, "site": "market"}},
        format="json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["move"] == 6 and "ship" in error["reason"]
    assert live.moves.count() == 6


def test_api_legal_moves_are_the_engines(live, api_client):
    body = api_client.get(f"/api/v1/games/{live.pk}/legal-moves").json()
    assert body["ply"] == 6 and body["moves"] == _legal(live)


def test_undo_takes_the_last_move_back(live, alice):
    response = _client(alice).post(f"/games/{live.pk}/play/undo", {"ply": 6})
    assert response.status_code == 302 and live.moves.count() == 5


def test_c8_playing_to_the_end_finishes_into_results_and_ratings(alice):
    """Random legal moves from the page's own offer until the game is over (C8)."""
    client = _client(alice)
    client.post("/games/new?game=classic", _form(player_4="Dan", seed="5"))
    game = Game.objects.get()
    rng = random.Random(1)
    ply = 0
    while True:
        response = client.get(f"/games/{game.pk}/play")
        offered = _offered(response)
        if not offered:
            break
        assert _post(client, game, ply, rng.choice(offered)).status_code == 302
        ply += 1
    game.refresh_from_db()
    assert game.status == "finished" and ply > 40
    results = sorted(s.result.rank for s in game.seats.all())
    assert results[0] == 1 and len(results) == 4
    assert Rating.objects.filter(game=game, game_type="classic").count() == 4
    assert "Game over" in client.get(f"/games/{game.pk}/play").content.decode()


@pytest.fixture
def fictional_b_sides():
    """The default registry with a plugin supplying the FICTIONAL B-side data of the engine
    tests (Pyramids B and Temple B with card bonuses; never the game's real data)."""

    @hookimpl
    def imhotep_board_data(game_id):
        return FICTIONAL_RAW if game_id == "classic" else None

    plugin = types.ModuleType("fictional_board_data")
    plugin.imhotep_board_data = imhotep_board_data
    registry.configure(load_entry_points=False, extra_plugins={"fictional": plugin})
    yield
    registry.configure(load_entry_points=False)


def test_c7_a_b_side_game_drawing_beyond_the_34_cards_never_gets_stuck(alice, fictional_b_sides):
    """Market B and card bonuses draw more than the 34 shuffled cards (C7 reshuffle); the seed
    deals the rest, so every move the page offers is accepted until the game is over."""
    client = _client(alice)
    sides = {f"side_{s}": "B" for s in ("market", "pyramids", "temple", "burial-chamber", "obelisks")}
    assert client.post("/games/new?game=classic", _form(player_4="Dan", seed="5", **sides)).status_code == 302
    game = Game.objects.get()
    rng = random.Random(2)
    ply = 0
    while offered := _offered(client.get(f"/games/{game.pk}/play")):
        response = _post(client, game, ply, rng.choice(offered))
        assert response.status_code == 302, response.content.decode()[:2000]
        ply += 1
    game.refresh_from_db()
    assert game.status == "finished"
    assert _state(game).draws_used > 34 and len(game.header["setup"]["market_draws"]) == 34


def test_record_of_a_live_game_replays_to_the_same_setup(alice):
    record = new_record(["Ana", "Ben"], 3)
    game = store(record, alice)
    assert record_of(game)["setup"] == record["setup"]


def test_other_member_may_not_record(live, bob):
    other = _client(bob)
    assert other.get(f"/games/{live.pk}/play").status_code == 403


def test_c9_variant_is_stored_and_the_running_score_applies_it(alice):
    client = _client(alice)
    response = client.post("/games/new?game=classic", _form(variants="pharaohs-wrath"))
    game = Game.objects.get()
    assert response.status_code == 302 and game.variants == ["pharaohs-wrath"]
    body = client.get(f"/games/{game.pk}/play").content.decode()
    # C9: nobody has reached any site yet, so everyone would lose 5 points now.
    assert re.findall(r'data-total="(-?\d+)"', body) == ["-5", "-5", "-5"]
    assert client.get(f"/games/{game.pk}/replay").status_code == 200


# --------------------------------------------------------------------------- cards turned up at the table


def _table_dealt(seed: int = 3) -> dict:
    from rules_engine.classic.playout import random_record

    return random_record(random.Random(seed), players=2)


def _table_form(dealt: dict, **over) -> dict:
    market = dealt["setup"]["market_draws"]
    data = _form(player_3="", setup="table", round_card="-".join(map(str, dealt["setup"]["round_cards"][0])),
                 **{f"market_{k}": market[k - 1] for k in range(1, 5)})
    data.update(over)
    return data


def test_f4_a_game_set_up_from_the_table_stores_round_ones_cards_only(alice):
    dealt = _table_dealt()
    _client(alice).post("/games/new?game=classic", _table_form(dealt))
    setup = Game.objects.get().header["setup"]
    assert setup == {"round_cards": dealt["setup"]["round_cards"][:1],
                     "market_draws": dealt["setup"]["market_draws"][:4], "transcribed": True}


def test_f4_a_round_card_of_another_player_count_is_refused(alice):
    response = _client(alice).post("/games/new?game=classic", _table_form(_table_dealt(), round_card="4-3-3-3"))
    assert "one of the 2-player round cards" in html.unescape(response.content.decode())


def _to_round_two(client, dealt: dict):
    """Start a game from the table and post its moves until one asks for cards; that game,
    the move's ply and the move (not stored yet)."""
    client.post("/games/new?game=classic", _table_form(dealt))
    game = Game.objects.get()
    for ply, move in enumerate(dealt["moves"]):
        if 'id="draw-form"' in _post(client, game, ply, move).content.decode():
            return game, ply, move
    pytest.fail("no move asked for cards")


def _round_two_cards(dealt: dict) -> dict:
    return {"round_card": "-".join(map(str, dealt["setup"]["round_cards"][1])),
            **{f"market_{k}": dealt["setup"]["market_draws"][3 + k] for k in range(1, 5)}}


def test_f4_the_move_ending_a_round_asks_for_the_next_cards_and_stores_them_with_it(alice):
    dealt, client = _table_dealt(), _client(alice)
    game, ply, move = _to_round_two(client, dealt)
    assert game.moves.count() == ply  # nothing stored until the cards are given
    client.post(f"/games/{game.pk}/play", {"ply": ply, "move": json.dumps(move), **_round_two_cards(dealt)})
    game.refresh_from_db()
    assert game.moves.count() == ply + 1
    assert game.header["setup"]["round_cards"] == dealt["setup"]["round_cards"][:2]
    assert game.header["setup"]["market_draws"] == dealt["setup"]["market_draws"][:8]


def test_f4_undo_forgets_the_cards_turned_up_with_the_undone_move(alice):
    dealt, client = _table_dealt(), _client(alice)
    game, ply, move = _to_round_two(client, dealt)
    client.post(f"/games/{game.pk}/play", {"ply": ply, "move": json.dumps(move), **_round_two_cards(dealt)})
    response = client.post(f"/games/{game.pk}/play/undo", {"ply": ply + 1})
    assert response.status_code == 302, response.content.decode()[:300]
    game.refresh_from_db()
    assert game.header["setup"]["round_cards"] == dealt["setup"]["round_cards"][:1]
    assert len(game.header["setup"]["market_draws"]) == 4
