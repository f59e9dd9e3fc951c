"""`GameType.random_record(rng, *, players=None, sides=None)` (docs/plugins.md): players and sides
as given, else drawn among what the game can play with its board data in force, so random games
made through the registry reach every player count and side (issue 42)."""

import json
import random
from collections import defaultdict
from pathlib import Path

import pytest

from rules_engine.classic.components import SITES
from rules_engine.classic.plugin import CLASSIC
from rules_engine.duel.plugin import DUEL
from rules_engine.errors import RecordError
from rules_engine.randomgames import players_and_sides
from rules_engine.testing import check_random_games

TEST_SET = json.loads((Path(__file__).parents[1] / "data" / "board_data_test_set.json").read_text())["data"]
WITH_DATA = CLASSIC.with_board_data(TEST_SET)  # TEST DATA: invented numbers, every B side playable


def drawn(game, seeds=range(60)):
    """What the game draws over ``seeds``: player counts, and the sides seen per part."""
    counts, sides = set(), defaultdict(set)
    for seed in seeds:
        n, chosen = players_and_sides(game, random.Random(seed), None, None)
        counts.add(n)
        for part, side in chosen.items():
            sides[part].add(side)
    return counts, dict(sides)


def test_c6_base_game_with_board_data_draws_every_player_count_and_side():
    counts, sides = drawn(WITH_DATA)
    assert counts == {2, 3, 4}
    assert sides == {site: {"A", "B"} for site in SITES}


def test_c6_base_game_without_board_data_draws_no_unplayable_b_side():
    counts, sides = drawn(CLASSIC)
    assert counts == {2, 3, 4}
    assert sides == {**{site: {"A"} for site in SITES}, "market": {"A", "B"}}  # Market B needs no data (C6.1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c6_base_game_random_records_play_with_the_data_in_force(players):
    record = WITH_DATA.random_record(random.Random(players), players=players, sides=dict.fromkeys(SITES, "B"))
    assert len(record["players"]) == players and set(record["sides"].values()) == {"B"}
    assert WITH_DATA.replay(record).finished


def test_c6_base_game_random_records_pass_the_plugin_kit_across_counts_and_sides():
    check_random_games(WITH_DATA, games=4, seed=3)  # seeds 3-6: the contract draws count and sides


def test_random_record_keeps_given_players_and_fills_left_out_sides_with_a():
    record = CLASSIC.random_record(random.Random(1), players=3, sides={"market": "B"})
    assert len(record["players"]) == 3
    assert record["sides"] == {**dict.fromkeys(SITES, "A"), "market": "B"}


def test_c6_random_record_refuses_a_b_side_the_data_cannot_play():
    with pytest.raises(RecordError, match=r"sides\.temple"):
        CLASSIC.random_record(random.Random(1), sides={"temple": "B"})


@pytest.mark.parametrize(("game", "players", "sides", "problem"), [
    (CLASSIC, 5, None, "played by 2-4 players, not 5"),
    (DUEL, 3, None, "played by 2-2 players, not 3"),
    (DUEL, None, {"obelisk": "C"}, "no such side: obelisk: 'C'"),
    (CLASSIC, None, {"harbour": "A"}, "no such side: harbour: 'A'"),
])
def test_random_record_refuses_a_count_or_side_the_game_does_not_have(game, players, sides, problem):
    with pytest.raises(ValueError, match=problem):
        game.random_record(random.Random(1), players=players, sides=sides)


def test_duel_draws_its_sides_without_changing_its_moves():
    a = DUEL.random_record(random.Random(5))
    b = DUEL.random_record(random.Random(5), sides={"obelisk": "B"})
    assert a["moves"] == b["moves"] and b["sides"]["obelisk"] == "B"
    assert {side for s in range(20) for side in DUEL.random_record(random.Random(s))["sides"].values()} == {"A", "B"}
