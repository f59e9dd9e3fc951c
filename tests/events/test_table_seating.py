"""Base-game tables over random events: sizes, standing order, no avoidable repeat meeting."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.events.pairing.tables import fewest_repeats, table_sizes
from tests.events.sim import play

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _repeats(tables, met):
    return sum(1 for t in tables for i, a in enumerate(t.seats) for b in t.seats[i + 1:] if frozenset((a, b)) in met)


@FAST
@given(n=st.integers(5, 12), seed=st.integers(0, 10**6))
def test_no_avoidable_repeat_meeting_checked_against_every_seating(n, seed):
    def check(tables, history):
        met = history.met()
        sizes = [len(t.seats) for t in tables if not t.bye]
        assert _repeats(tables, met) == fewest_repeats(sorted(p for t in tables for p in t.seats), sizes, met)

    play(n, 6, seed, duel=False, check=check)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(13, 40), seed=st.integers(0, 10**6))
def test_larger_events_seat_everyone_at_tables_of_three_or_four(n, seed):
    def check(tables, history):
        assert sorted(p for t in tables for p in t.seats) == list(range(1, n + 1))
        assert all(len(t.seats) in (3, 4) for t in tables)

    play(n, 6, seed, duel=False, check=check)


@settings(max_examples=10, deadline=None)
@given(n=st.integers(5, 40), seed=st.integers(0, 10**6))
def test_seatings_are_a_function_of_the_seed_and_the_results(n, seed):
    assert play(n, 3, seed, duel=False) == play(n, 3, seed, duel=False)


def test_nine_players_sit_at_three_tables_of_three():
    assert table_sizes(9) == [3, 3, 3]


def test_five_players_make_one_short_table_rather_than_byes():
    assert table_sizes(5) == [3, 2]


def test_the_leaders_sit_at_table_one_in_round_two():
    rounds = play(8, 2, 3, duel=False)
    assert [t.number for t in rounds[1]] == [1, 2]
