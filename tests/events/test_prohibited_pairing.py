"""Pairs kept apart in the Swiss pairing (games/events/pairing: `Entrants.prohibited`): never
seated together by either edition, nor by the fallback; a round no pairing can pair with
them apart names them (`ProhibitedPairing`)."""

import pytest

from games.events.pairing import trf
from games.events.pairing.swiss_dutch import DUTCH_2025, DUTCH_2026, ProhibitedPairing, fallback_round, swiss_round
from games.events.pairing.types import Board, Entrants, History

EDITIONS = [DUTCH_2026, DUTCH_2025]


def _entrants(n: int, prohibited=()) -> Entrants:
    players = tuple(range(1, n + 1))
    return Entrants(players=players, seed=0, lots={p: p for p in players},
                    prohibited=frozenset(frozenset(pair) for pair in prohibited))


def _games(tables) -> set[frozenset[int]]:
    return {frozenset(t.seats) for t in tables if not t.bye}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_pair_the_pairing_would_seat_together_is_kept_apart(edition):
    # Round 1 of six: 1–4, 2–5, 3–6 (the top half against the bottom half, C.04.3).
    free = swiss_round(_entrants(6), History(), 5, edition)
    assert frozenset((1, 4)) in _games(free)
    kept = swiss_round(_entrants(6, [(4, 1)]), History(), 5, edition)
    assert frozenset((1, 4)) not in _games(kept)
    assert sorted(p for t in kept for p in t.seats) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_pair_is_kept_apart_in_a_later_round_too(edition):
    # After 1–4, 2–5, 3–6 with the first seats winning, round 2 pairs the winners' group 1–2.
    first = (Board(seats=(1, 4), points=(1.0, 0.0)), Board(seats=(5, 2), points=(0.0, 1.0)),
             Board(seats=(3, 6), points=(1.0, 0.0)))
    history = History((first,))
    free = swiss_round(_entrants(6), history, 5, edition)
    pair = next(g for g in _games(free) if g <= {1, 2, 3})
    kept = swiss_round(_entrants(6, [tuple(pair)]), history, 5, edition)
    assert pair not in _games(kept)
    assert not _games(kept) & {frozenset((1, 4)), frozenset((2, 5)), frozenset((3, 6))}


def test_the_fallback_never_seats_a_prohibited_pair_even_to_spare_a_repeat():
    # Four players who all met: a repeat is unavoidable, a prohibited pair is not.
    history = History(tuple((Board(seats=a, points=(1.0, 0.0)), Board(seats=b, points=(1.0, 0.0)))
                            for a, b in [((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3))]))
    tables = fallback_round(_entrants(4, [(1, 2), (3, 4)]), history)
    assert _games(tables) & {frozenset((1, 2)), frozenset((3, 4))} == set()


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_round_no_pairing_can_pair_with_the_pair_apart_names_it(edition):
    with pytest.raises(ProhibitedPairing) as refused:
        swiss_round(_entrants(2, [(2, 1)]), History(), 3, edition)
    assert refused.value.pairs == [(1, 2)]


def test_every_pair_whose_lifting_alone_would_let_the_round_pair_is_named():
    # 1 may meet nobody: lifting any one of its three pairs lets the round pair.
    with pytest.raises(ProhibitedPairing) as refused:
        swiss_round(_entrants(4, [(1, 2), (1, 3), (1, 4)]), History(), 3)
    assert refused.value.pairs == [(1, 2), (1, 3), (1, 4)]


def test_a_pair_whose_lifting_alone_would_not_help_is_not_named():
    # With 2–3 apart too, letting 1 meet 4 still leaves 2 and 3 together: 1–4 is not named.
    with pytest.raises(ProhibitedPairing) as refused:
        swiss_round(_entrants(4, [(1, 2), (1, 3), (1, 4), (2, 3)]), History(), 3)
    assert refused.value.pairs == [(1, 2), (1, 3)]


def test_the_trf_has_an_xxp_line_per_prohibited_pair_by_starting_number():
    entrants = Entrants.drawn([10, 20, 30, 40], 5)
    apart = frozenset({frozenset((10, 40))})
    parsed, numbers = trf.build([10, 20, 30, 40], History(), 3, lots=entrants, prohibited=apart)
    lines = [line for line in trf.text(parsed).splitlines() if line.startswith("XXP")]
    assert lines == [f"XXP {min(numbers[10], numbers[40])} {max(numbers[10], numbers[40])}"]
