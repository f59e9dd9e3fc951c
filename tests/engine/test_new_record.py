"""`GameType.new_record`: the record of a new game as the service deals it (F2 for the Duel, F4
for the base game, the example plugin's Obelisk race), checked per game type: deterministic
for a seeded generator, accepted by the game's own `setup`, seats, colours and sides as asked,
and bad arguments refused with a sentence naming the field (issue 37)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules_engine.classic.components import PHARAOHS_WRATH
from rules_engine.classic.plugin import CLASSIC
from rules_engine.duel.plugin import DUEL
from rules_engine.duel.tokens import TOKEN_COUNTS
from rules_engine.errors import RecordError
from rules_engine.gametype import GameType

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")


def _race() -> GameType:
    return pytest.importorskip("imhotep_house_rules.race", reason="the example plugin (make test)").RACE


@pytest.fixture(params=["duel", "classic", "obelisk-race"])
def game(request) -> GameType:
    return {"duel": lambda: DUEL, "classic": lambda: CLASSIC, "obelisk-race": _race}[request.param]()


def _players(game: GameType) -> list[str]:
    return list(NAMES[: game.max_players if game.max_players < 4 else 3])


def test_new_record_seats_the_players_in_order_without_moves(game):
    record = game.new_record(_players(game), random.Random(1))
    assert (record["game"], record["players"], record["moves"]) == (game.id, _players(game), [])


def test_new_record_is_the_same_for_the_same_seed(game):
    assert game.new_record(_players(game), random.Random(7)) == game.new_record(_players(game), random.Random(7))


@pytest.mark.parametrize("shuffled", [DUEL, CLASSIC], ids=["duel", "classic"])
def test_new_record_deals_another_setup_for_another_seed(shuffled):
    seven, eight = (shuffled.new_record(_players(shuffled), random.Random(seed)) for seed in (7, 8))
    assert seven["setup"] != eight["setup"]


def test_the_games_setup_accepts_the_new_record(game):
    state = game.setup(game.new_record(_players(game), random.Random(3)))
    assert not game.is_over(state) and game.legal_moves(state)


def test_d3_the_duel_deals_the_60_tokens_as_the_supply():
    supply = DUEL.new_record(["Ana", "Ben"], random.Random(2))["setup"]["supply"]
    assert Counter(supply) == Counter(TOKEN_COUNTS)


def test_c2_the_base_game_deals_from_a_seed_it_stores():
    record = CLASSIC.new_record(["Ana", "Ben", "Cleo"], random.Random(2))
    assert isinstance(record["setup"]["seed"], int) and len(record["setup"]["market_draws"]) == 34


def test_colours_default_to_the_games_in_seat_order(game):
    players = _players(game)
    assert game.new_record(players, random.Random(1))["colours"] == list(game.colours[: len(players)])


def test_colours_are_as_asked(game):
    colours = list(reversed(game.colours[: len(_players(game))]))
    assert game.new_record(_players(game), random.Random(1), colours=colours)["colours"] == colours


@pytest.mark.parametrize("shuffled", [DUEL, CLASSIC], ids=["duel", "classic"])
def test_sides_are_as_asked_and_the_rest_a(shuffled):
    part, *rest = shuffled.sides
    record = shuffled.new_record(_players(shuffled), random.Random(1), sides={part: "B"})
    assert record["sides"] == {part: "B", **dict.fromkeys(rest, "A")}


def test_a_duel_with_b_sides_sets_up():
    record = DUEL.new_record(["Ana", "Ben"], random.Random(1), sides=dict.fromkeys(DUEL.sides, "B"))
    assert DUEL.setup(record) is not None


def test_c9_the_base_game_records_its_variants():
    record = CLASSIC.new_record(["Ana", "Ben"], random.Random(1), variants=[PHARAOHS_WRATH])
    assert record["variants"] == [PHARAOHS_WRATH] and CLASSIC.setup(record) is not None


@pytest.mark.parametrize(
    ("players", "message"),
    [(["Ana"], "is played by"), (list(NAMES), "is played by"), ([], "non-empty list of player names"),
     (["Ana", " "], "players[1] must be a player's name")],
    ids=["one", "five", "none", "blank"],
)
def test_a_wrong_table_is_refused(game, players, message):
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        game.new_record(players, random.Random(1))


def test_the_player_count_refusal_names_the_game_and_the_counts():
    with pytest.raises(RecordError) as caught:
        CLASSIC.new_record(list(NAMES), random.Random(1))
    assert caught.value.reason == "Imhotep: Builder of Egypt is played by 2 to 4 players, got 5"


def test_an_unknown_part_is_refused(game):
    with pytest.raises(RecordError, match="sides: unknown part 'moon'"):
        game.new_record(_players(game), random.Random(1), sides={"moon": "A"})


@pytest.mark.parametrize("shuffled", [DUEL, CLASSIC], ids=["duel", "classic"])
def test_an_unknown_side_is_refused(shuffled):
    part = next(iter(shuffled.sides))
    with pytest.raises(RecordError, match=rf"sides\.{part} must be one of A, B, got 'C'"):
        shuffled.new_record(_players(shuffled), random.Random(1), sides={part: "C"})


@pytest.mark.parametrize(
    ("colours", "message"),
    [(["pink", "white"], r"colours\[0\] must be one of"), (["white", "white"], "colours must be distinct"),
     (["black"], r"one colour per player \(2\)")],
    ids=["not-the-games", "twice", "too-few"],
)
def test_bad_colours_are_refused(game, colours, message):
    with pytest.raises(RecordError, match=message):
        game.new_record(["Ana", "Ben"], random.Random(1), colours=colours)
