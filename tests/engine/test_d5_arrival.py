"""duel.md D5: where an arriving token goes, and the order of arrival (D4.2 step 2, D7.1 B)."""

import pytest

from rules_engine.duel.game import legal_moves

from .duel_helpers import cycle, drain, play, start


@pytest.mark.parametrize(("token", "field", "expected"), [
    ("obelisk", "obelisk", 1),
    ("pyramid-light", "pyramid_light", 1),
    ("pyramid-dark", "pyramid_dark", 1),
    ("temple-3", "temple", (3,)),
    ("tomb-7", "tomb", (7,)),
    ("place-meeples", "action_tokens", ("place-meeples",)),
])
def test_d5_token_goes_to_its_monument(token, field, expected):
    state = cycle(start(boats={"row-1": ["temple-1", "temple-2", token]}), "row-1")
    assert getattr(state.players[0], field) == expected


def test_d5_pyramid_tokens_build_by_colour():
    state = cycle(start(boats={"row-1": ["temple-1", "pyramid-dark", "pyramid-light"]}), "row-1")
    assert (state.players[0].pyramid_light, state.players[0].pyramid_dark) == (1, 0)
    assert (state.players[1].pyramid_light, state.players[1].pyramid_dark) == (0, 1)


def test_d5_action_token_is_playable_on_the_owners_next_turn():
    state = cycle(start(boats={"row-1": ["temple-1", "temple-2", "place-meeples"]}), "row-1")
    state = play(state, "place a3")  # player 1's turn
    assert any(m.kind == "place-meeples" for m in legal_moves(state))


@pytest.mark.parametrize(("warmup", "first"), [(False, 0), (True, 1)])
def test_d7_1_first_to_five_is_the_nearer_meeple_within_one_unload(warmup, first):
    # Each cycle gives its starting player slot 3 and the other slot 2: one obelisk each.
    # Both reach 5 in the same unload; the nearer meeple (the cycle's starter) is first.
    pairs = [[f"tomb-{i}", "obelisk", "obelisk"] for i in range(1, 6)]  # 5 loads, 10 obelisks
    loads = ([["tomb-6", "temple-1", "temple-2"]] if warmup else []) + pairs
    state = start(boats={"row-1": loads[0]}, then=[t for load in loads[1:] for t in load])
    state = drain(state, ["row-1"] * (len(loads) - 1))
    assert [p.obelisk for p in state.players] == [4, 4] and state.first_to_five is None
    starter = state.to_move
    state = cycle(state, "row-1")
    assert [p.obelisk for p in state.players] == [5, 5]
    assert state.first_to_five == starter == first


def test_d7_1_first_to_five_is_kept_when_the_other_player_catches_up():
    # Only slot 3 holds an obelisk, and cycles alternate starters: players 0, 1, 0, 1 …
    loads = [[f"tomb-{i + 1}", f"temple-{i % 4 + 1}", "obelisk"] for i in range(10)]
    state = start(boats={"row-1": loads[0]}, then=[t for load in loads[1:] for t in load])
    state = drain(state, ["row-1"] * 9)
    assert [p.obelisk for p in state.players] == [5, 4] and state.first_to_five == 0
    state = cycle(state, "row-1")
    assert [p.obelisk for p in state.players] == [5, 5] and state.first_to_five == 0
