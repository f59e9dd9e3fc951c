"""What the explorer counts of a finished game, as the engine works it out
(`GameType.explorer_facts`): a pure function of the record."""

import random

import pytest

from rules_engine.classic.components import BUILDING_SITES
from rules_engine.classic.facts import site_points
from rules_engine.registry import default_registry

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_duel_facts_are_the_first_three_moves_and_who_held_five_obelisks_first(seed):
    game = default_registry().game("duel")
    record = game.random_record(random.Random(seed))
    facts = game.explorer_facts(record)
    assert facts["opening"] == record["moves"][:3]
    final = game.replay(record).state
    assert facts["first_to_five"] == final.first_to_five
    if facts["first_to_five"] is not None:  # D7.1 B: obelisk tokens are never lost
        assert final.players[facts["first_to_five"]].obelisk >= 5


def test_a_game_without_five_obelisks_has_nobody_first():
    game = default_registry().game("duel")
    for seed in range(40):
        record = game.random_record(random.Random(seed))
        final = game.replay(record).state
        if max(p.obelisk for p in final.players) < 5:
            assert game.explorer_facts(record)["first_to_five"] is None
            return
    pytest.skip("every game had five obelisks")


@pytest.mark.parametrize("seed", SEEDS)
def test_base_game_first_card_is_the_first_card_taken_at_the_market(seed):
    game = default_registry().game("classic")
    record = game.random_record(random.Random(seed))
    first = next(m for m in record["moves"] if m.get("site") == "market" and m.get("take"))
    taken = game.explorer_facts(record)["first_card"]
    assert taken["card"] == (first["take"][0]["pair"] if isinstance(first["take"][0], dict) else first["take"][0])
    assert 0 <= taken["seat"] < len(record["players"])


@pytest.mark.parametrize("seed", SEEDS)
def test_base_game_site_points_add_up_to_the_score(seed):
    """C8: the total is the track, the burial chamber, the obelisks, the cards and the wrath; the
    sites' points are the track's and the sites' part of it."""
    game = default_registry().game("classic")
    replay = game.replay(game.random_record(random.Random(seed)))
    for i, player in enumerate(replay.score().to_json()["players"]):
        points = site_points(replay.state, player["breakdown"], i)
        cards = sum(player["breakdown"].get(k, 0) for k in ("decorations", "statues", "blue_cards", "pharaohs_wrath"))
        assert sum(points[s] for s in BUILDING_SITES) + cards == player["total"]
        assert min(points.values()) >= 0


def test_base_game_top_site_is_the_site_that_brought_most_points():
    game = default_registry().game("classic")
    replay = game.replay(game.random_record(random.Random(3)))
    tops = game.explorer_facts(game.random_record(random.Random(3)))["top_site"]
    for i, player in enumerate(replay.score().to_json()["players"]):
        points = site_points(replay.state, player["breakdown"], i)
        best = max(points.values())
        if tops[i] is None:
            assert list(points.values()).count(best) > 1 or best == 0
        else:
            assert points[tops[i]] == best and list(points.values()).count(best) == 1


def test_a_game_without_facts_of_its_own_gives_none():
    from rules_engine.gametype import GameType

    assert GameType.explorer_facts(default_registry().game("duel"), {}) == {}


KEPT = {"lever": "_blue", "hammer": "_blue", "sail": "_blue", "chisel": "_blue", "statue": "_purple"}


def _holds(state, seat, card):
    if card.startswith("decoration-"):
        return len(state._green[seat])
    where = getattr(state, KEPT[card])[seat]
    return where if isinstance(where, int) else where.count(card)


@pytest.mark.parametrize("seed", range(40))
def test_base_game_first_card_goes_to_the_seat_named(seed):
    """The seat named gained the card with that move (red cards act at once and are not kept: C5.1)."""
    game = default_registry().game("classic")
    record = game.random_record(random.Random(seed))
    taken = game.explorer_facts(record)["first_card"]
    if not (taken["card"] in KEPT or taken["card"].startswith("decoration-")):
        pytest.skip("a red card: nothing kept to check")
    replay = game.replay(record)
    k = next(i for i, m in enumerate(record["moves"]) if m.get("site") == "market" and m.get("take"))
    seat, card = taken["seat"], taken["card"]
    assert _holds(replay.states[k + 1], seat, card) > _holds(replay.states[k], seat, card)
