"""Base-game tables at the scale of issue 31's "Done when": 1,000 random events of 5–40
players over 6 rounds, no avoidable repeat meeting. Up to 12 players every round is checked
against an exhaustive search over all seatings; above that (where trying every seating is out
of reach) against every exchange of two players between tables: none may remove a repeat."""

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.events.pairing.tables import fewest_repeats
from tests.events.sim import play

EXHAUSTIVE_UP_TO = 12


def _repeats(seats, met) -> int:
    return sum(1 for a, b in combinations(seats, 2) if frozenset((a, b)) in met)


def _no_exchange_removes_a_repeat(tables, met) -> bool:
    seatings = [list(t.seats) for t in tables if not t.bye]
    for i, j in combinations(range(len(seatings)), 2):
        before = _repeats(seatings[i], met) + _repeats(seatings[j], met)
        if before == 0:
            continue
        for a in seatings[i]:
            for b in seatings[j]:
                one = [b if p == a else p for p in seatings[i]]
                two = [a if p == b else p for p in seatings[j]]
                if _repeats(one, met) + _repeats(two, met) < before:
                    return False
    return True


def _check(tables, history):
    met = history.met()
    seated = sorted(p for t in tables for p in t.seats)
    if len(seated) <= EXHAUSTIVE_UP_TO:
        sizes = [len(t.seats) for t in tables if not t.bye]
        found = sum(_repeats(t.seats, met) for t in tables if not t.bye)
        assert found == fewest_repeats(seated, sizes, met)
    else:
        assert _no_exchange_removes_a_repeat(tables, met)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
@given(n=st.integers(5, 40), seed=st.integers(0, 10**6))
def test_a_thousand_events_of_5_to_40_players_have_no_avoidable_repeat_meeting_over_6_rounds(n, seed):
    play(n, 6, seed, duel=False, check=_check)
