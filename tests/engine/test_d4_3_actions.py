"""duel.md D4.3: playing action tokens (and docs/rulings.md "D4.3 — when an action token
can be played")."""

import pytest

from rules_engine.duel.game import apply_move, legal_moves
from rules_engine.duel.moves import PlaceMeeples, PlaceUnload, SwapUnload, TakeToken
from rules_engine.errors import IllegalMoveError

from .duel_helpers import cycle, find_state, mv, play, start

COL_C = ["obelisk", "tomb-5", "temple-4"]
COL_B = ["swap-unload", "pyramid-light", "tomb-9"]
ROW_3 = ["pyramid-dark", "temple-1", "tomb-12"]
RESERVE = ["tomb-1", "tomb-2", "tomb-3"]  # tomb-3 on top


def holding(token: str, other: str = "obelisk"):
    """Player 0 holds ``token`` (player 1 got ``other``); player 1 to move, harbor empty."""
    state = start(boats={"row-1": ["obelisk", other, token], "col-b": COL_B, "col-c": COL_C,
                         "row-3": ROW_3}, reserve=RESERVE)
    state = cycle(state, "row-1")
    assert state.players[0].action_tokens == (token,)
    return state


def illegal(state, move) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as err:
        apply_move(state, mv(move) if isinstance(move, str) else move)
    return err.value


# ---- take-token

def test_d4_3_take_token_puts_the_token_on_your_monument():
    state = play(holding("take-token"), "place a3", "take col-c 2")
    assert state.players[0].tomb == (5,)


def test_d4_3_take_token_refills_the_slot_from_the_reserve_top():
    state = play(holding("take-token"), "place a3", "take col-c 2")
    assert state.boats["col-c"] == ("obelisk", "tomb-3", "temple-4")
    assert state.reserve == ("tomb-1", "tomb-2")


def test_d4_3_played_token_leaves_the_game():
    state = play(holding("take-token"), "place a3", "take col-c 2")
    assert state.players[0].action_tokens == ()
    assert state.box[-1] == "take-token"


def test_d4_3_take_token_cannot_take_an_action_token():
    err = illegal(play(holding("take-token"), "place a3"), "take col-b 1")
    assert err.rule == "D4.3"
    assert err.reason == ("take 1 token: column b slot 1 holds the action token swap 2 tokens and unload; "
                          "take 1 token may take any token except an action token (D4.3)")


def test_d4_3_take_token_menu_lists_every_non_action_token_on_the_boats():
    state = play(holding("take-token"), "place a3")
    takes = {(m.boat, m.slot) for m in legal_moves(state) if isinstance(m, TakeToken)}
    assert ("col-b", 1) not in takes and ("col-c", 2) in takes
    action_slots = sum(t in ("take-token", "place-meeples", "place-unload", "swap-unload")
                       for boat in state.boats.values() for t in boat)
    assert len(takes) == 18 - action_slots


def test_d4_3_only_the_owner_can_play_an_action_token():
    err = illegal(holding("take-token"), "take col-c 2")  # player 1 to move, holds none
    assert err.reason == "take 1 token: player 2 has no such action token to play (D4.3)"


def test_d4_3_take_token_reveal_must_match_the_reserve_in_supply_form():
    state = play(holding("take-token"), "place a3")
    err = illegal(state, TakeToken("col-c", 2, reveal="tomb-1"))
    assert err.reason == ("take 1 token: column c slot 2: reveal tomb 1 disagrees with the reserve, whose "
                          "top token is tomb 3 (F2)")
    assert play(state, TakeToken("col-c", 2, reveal="tomb-3")).boats["col-c"][1] == "tomb-3"


def test_d4_3_take_token_from_a_removed_boat_is_illegal():
    state = find_state(lambda s: not s.over and "take-token" in s.players[s.to_move].action_tokens
                       and None in s.boats.values())
    gone = next(b for b, cargo in state.boats.items() if cargo is None)
    err = illegal(state, TakeToken(gone, 1))
    assert "has been removed from the game" in err.reason
    assert all(m.boat != gone for m in legal_moves(state) if isinstance(m, TakeToken))


# ---- place-meeples

@pytest.mark.parametrize("cells", [("a1", "b2"), ("a1", "b2", "c3")])
def test_d4_3_place_meeples_places_two_or_three(cells):
    state = play(holding("place-meeples"), "place c1", PlaceMeeples(cells))
    assert all(state.harbor[c] == 0 for c in cells)
    assert state.players[0].meeples_in_supply == 4 - len(cells)


def test_d4_3_place_meeples_every_placement_must_be_legal():
    err = illegal(play(holding("place-meeples"), "place c1"), "pm a1 c1")
    assert err.reason.startswith("place 2–3 meeples: place c1: cell c1 already holds a meeple")


def test_d4_3_place_meeples_needs_enough_meeples_in_supply():
    state = play(holding("place-meeples"), "place a2", "place a1", "place b3", "place b1",
                 "place c3")
    assert state.players[0].meeples_in_supply == 2 and state.to_move == 0
    err = illegal(state, "pm c1 c2 b2")
    assert err.reason == ("place 2–3 meeples: placing 3 meeples, but player 1 has only 2 off the "
                          "harbor (D4.3)")
    assert not any(isinstance(m, PlaceMeeples) and len(m.cells) == 3 for m in legal_moves(state))


def test_d4_3_place_meeples_lists_each_set_of_cells_once():
    state = play(holding("place-meeples"), "place c1")
    sets = [m.cells for m in legal_moves(state) if isinstance(m, PlaceMeeples)]
    assert len(sets) == 28 + 56  # 8 empty cells: pairs + triples
    assert len({frozenset(c) for c in sets}) == len(sets)


# ---- place-unload

def pu_position():
    # a2 (player 1), a3 (player 0), b3 (player 1); player 0 holds place-unload, to move.
    return play(holding("place-unload"), "place a2", "place a3", "place b3")


def test_d4_3_place_unload_places_then_unloads_once():
    state = play(pu_position(), "pu c3 row-3")
    assert state.players[0].pyramid_dark == 1  # a3: slot 1
    assert state.players[0].tomb == (12,)  # c3 nearest: slot 3
    assert state.players[1].temple == (1,)
    assert state.harbor["a2"] == 1  # column a was not unloaded


def test_d4_3_place_unload_second_unload_after_the_first():
    state = play(pu_position(), "pu c3 col-a row-3")
    # col-a: a3 (player 0) nearest → slot 3, a2 (player 1) → slot 2; then row 3: c3, b3.
    assert set(state.harbor.values()) == {None}
    assert state.players[0].tomb == (12,)


def test_d4_3_place_unload_second_unload_must_be_legal_after_the_first():
    # Unloading row 3 first takes a3 away, leaving column a with 1 meeple.
    err = illegal(pu_position(), "pu c3 row-3 col-a")
    assert err.reason == ("place 1 meeple and unload 1–2×: unload column a needs at least 2 meeples in "
                          "column a, it has 1 (D4.2)")
    moves = legal_moves(pu_position())
    assert PlaceUnload("c3", ("col-a", "row-3")) in moves
    assert PlaceUnload("c3", ("row-3", "col-a")) not in moves


def test_d4_3_place_unload_needs_a_legal_unload():
    state = play(holding("place-unload"), "place b2")  # player 0 to move; no line has 2 meeples
    err = illegal(state, "pu a1 row-3")
    assert err.reason == ("place 1 meeple and unload 1–2×: unload row 3 needs at least 2 meeples in row 3, "
                          "it has 0 (D4.2)")
    # Placing on a1 makes no line hold 2, placing on b1/b3/a2/c2 does (with b2).
    cells = {m.cell for m in legal_moves(state) if isinstance(m, PlaceUnload)}
    assert cells == {"b1", "b3", "a2", "c2"}


# ---- swap-unload

def swap_position():
    # a3 (player 1), c3 (player 0), a1 (player 1); player 0 holds swap-unload, to move.
    return play(holding("swap-unload"), "place a3", "place c3", "place a1")


def test_d4_3_swap_unload_swaps_then_unloads_the_same_boat():
    state = play(swap_position(), "swap row-3 1 3 row-3")
    # row-3 becomes tomb-12, temple-1, pyramid-dark: c3 takes slot 3 now.
    assert state.players[0].pyramid_dark == 1
    assert state.players[1].temple == (1,)
    assert state.box[-2:] == ("swap-unload", "tomb-12")


def test_d4_3_swap_unload_may_swap_one_boat_and_unload_another():
    state = play(swap_position(), "swap col-c 1 3 row-3")
    assert state.players[0].tomb == (12,)
    assert state.boats["col-c"] == ("temple-4", "tomb-5", "obelisk")


def test_d4_3_swap_unload_is_illegal_when_the_unload_is():
    before = swap_position()
    err = illegal(before, "swap row-3 1 3 col-b")
    assert err.reason == ("swap 2 tokens and unload: unload column b needs at least 2 meeples in column b, "
                          "it has 0 (D4.2)")
    assert before.players[0].action_tokens == ("swap-unload",)  # nothing changed
    assert before.boats["row-3"] == tuple(ROW_3)


def test_d4_3_swap_needs_two_different_slots():
    with pytest.raises(IllegalMoveError, match="swapping slot 2 with itself"):
        SwapUnload("row-1", (2, 2), "row-3")


def test_d4_3_swap_unload_menu_is_every_boat_pair_and_unload():
    state = swap_position()
    swaps = [m for m in legal_moves(state) if isinstance(m, SwapUnload)]
    # 6 boats x 3 slot pairs x 2 unloadable boats (row 3: a3, c3; column a: a1, a3)
    assert len(swaps) == 6 * 3 * 2
    assert {m.unload for m in swaps} == {"row-3", "col-a"}


def test_d4_3_no_action_moves_without_the_token():
    state = play(holding("swap-unload"), "place a3")  # player 0 to move, holds swap-unload only
    kinds = {m.kind for m in legal_moves(state)}
    assert kinds == {"place"}  # no line has 2 meeples, so no unload and no swap-unload
