"""Two-seat Swiss pairings (FIDE Dutch, both editions) over random events: properties."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.events.pairing.round_robin import berger_round
from games.events.pairing.swiss_dutch import legal_pairing_exists, repeat_free_exists
from games.events.pairing.types import Entrants, History
from tests.events.sim import play

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check_round(n):
    def check(tables, history):
        seated = sorted(p for t in tables for p in t.seats)
        assert seated == list(range(1, n + 1))
        met, byes = history.met(), history.byes()
        if repeat_free_exists(Entrants.drawn(seated, 0), history):
            assert not [t.seats for t in tables if not t.bye and frozenset(t.seats) in met]
        # A second bye only when every pairing without one repeats a meeting (the fallback
        # repeats as few meetings as it can first: docs/events.md).
        if any(byes.get(t.seats[0], 0) for t in tables if t.bye):
            assert not legal_pairing_exists(Entrants.drawn(seated, 0), history), "a second bye"
        assert len([t for t in tables if t.bye]) == n % 2

    return check


@FAST
@given(n=st.integers(4, 64), rounds=st.integers(1, 9), seed=st.integers(0, 10**6))
def test_swiss_never_repeats_a_meeting_while_one_can_be_avoided_nor_gives_a_needless_second_bye(n, rounds, seed):
    rounds = min(rounds, n - 1)  # a Swiss has fewer rounds than players
    play(n, rounds, seed, duel=True, check=_check_round(n))


@settings(max_examples=5, deadline=None)
@given(n=st.integers(4, 20), seed=st.integers(0, 10**6))
def test_swiss_pairings_are_a_function_of_the_seed_and_the_results(n, seed):
    assert play(n, 4, seed, duel=True) == play(n, 4, seed, duel=True)


def test_round_robin_meets_everyone_once_over_the_berger_rounds():
    entrants = Entrants.drawn(list(range(1, 8)), 5)
    pairs = [frozenset(t.seats) for r in range(1, 8) for t in berger_round(entrants, r) if not t.bye]
    assert len(pairs) == len(set(pairs)) == 21


def test_round_robin_gives_each_player_one_bye_when_odd():
    entrants = Entrants.drawn(list(range(1, 8)), 5)
    byes = [t.seats[0] for r in range(1, 8) for t in berger_round(entrants, r) if t.bye]
    assert sorted(byes) == list(range(1, 8))


def test_repeat_free_check_sees_that_three_players_who_all_met_cannot_avoid_a_repeat():
    from games.events.pairing.types import Board

    history = History(((Board(seats=(1, 2), points=(1.0, 0.0)), Board(seats=(3, 4), points=(1.0, 0.0))),
                       (Board(seats=(1, 3), points=(1.0, 0.0)), Board(seats=(2, 4), points=(1.0, 0.0))),
                       (Board(seats=(1, 4), points=(1.0, 0.0)), Board(seats=(2, 3), points=(1.0, 0.0)))))
    assert not repeat_free_exists(Entrants.drawn([1, 2, 3, 4], 0), history)


# --- who starts: C.04.3 E, as bbpPairings allocates it (games/events/pairing/dutch_rules.py) ---

from games.events.pairing import dutch_rules  # noqa: E402
from games.events.pairing.swiss_dutch import DUTCH_2025, DUTCH_2026, swiss_round  # noqa: E402
from games.events.pairing.types import FORFEIT, HALF_BYE, PAIRING_BYE, ZERO_BYE, Board  # noqa: E402

WIN, LOSS, DRAW = (1.0, 0.0), (0.0, 1.0), (0.5, 0.5)
LOTS = Entrants(players=(1, 2, 3, 4), seed=0, lots={1: 1, 2: 2, 3: 3, 4: 4})


def test_c04_3_e4_the_same_preference_goes_to_the_higher_score_not_the_lower_pairing_number():
    # 2 and 3 both played white then black (the same history, white preferred); 3 scored more,
    # so 3 ranks higher (A.2: score first) and gets white, though 2 has the lower number.
    history = History(((Board((2, 1), LOSS), Board((3, 4), WIN)), (Board((1, 2), DRAW), Board((4, 3), LOSS))))
    assert dutch_rules.allocate([(2, 3)], LOTS, history) == [(3, 2)]


def test_c04_3_e5_the_higher_ranked_with_an_odd_number_gets_the_initial_colour():
    # Neither has played: 3 has more points (a forfeit win), so it ranks above 1, and with an
    # odd pairing number it gets the initial colour (white); by pairing number alone 1 would.
    history = History(((Board((3, 4), WIN, kind=FORFEIT), Board((1, 2), (0.0, 0.0), kind=FORFEIT)),))
    assert dutch_rules.allocate([(1, 3)], LOTS, history) == [(3, 1)]


def test_c04_3_a6_a_forfeit_gives_no_colour():
    # 1 "had white" only at a forfeited table: no colour history, no preference.
    history = History(((Board((1, 2), WIN, kind=FORFEIT), Board((3, 4), WIN)),))
    assert dutch_rules.played_colours(history, 1) == []
    assert dutch_rules.played_colours(history, 3) == ["white"]


def test_c04_1_a_forfeit_is_no_meeting_the_two_may_be_paired_again():
    history = History(((Board((1, 2), WIN, kind=FORFEIT), Board((3, 4), WIN)),))
    assert history.met() == {frozenset((3, 4))}


def test_pairing_numbers_skip_a_player_out_of_the_round_who_was_never_paired():
    # 1 asked for a bye in round 1 and again now: it has not joined, so 2 is pairing number 1
    # (bbpPairings numbers only the players who have joined; E.5 reads the parity).
    history = History(((Board((1,), (0.0,), bye=True, kind=ZERO_BYE), Board((2, 3), WIN)),))
    entrants = Entrants(players=(2, 3, 4), seed=0, lots={1: 1, 2: 2, 3: 3, 4: 4})
    assert dutch_rules.pairing_numbers(entrants, history) == {2: 1, 3: 2, 4: 3}


def test_floats_a_half_point_bye_is_a_downfloat_a_zero_point_one_only_under_the_2025_edition():
    history = History(((Board((1,), (0.5,), bye=True, kind=HALF_BYE), Board((2,), (0.0,), bye=True, kind=ZERO_BYE),
                        Board((3, 4), WIN)),))
    assert dutch_rules.floats(history, [1, 2], DUTCH_2026) == {1: ["down"], 2: ["none"]}
    assert dutch_rules.floats(history, [1, 2], DUTCH_2025) == {1: ["down"], 2: ["down"]}


def test_the_bye_is_barred_after_a_pairing_allocated_bye_of_any_value_or_a_forfeit_win():
    history = History(((Board((1,), (0.0,), bye=True, kind=PAIRING_BYE), Board((2,), (0.5,), bye=True, kind=HALF_BYE),
                        Board((3, 4), WIN, kind=FORFEIT), Board((5, 6), WIN)),))
    for edition in (DUTCH_2025, DUTCH_2026):
        assert dutch_rules.bye_barred(history, edition) == {1, 3}


def test_a_swiss_round_starts_the_same_way_whichever_edition_pairs_round_one():
    # Round 1, eight players: table 1 is 1 against 5, pairing number 1 white (XXC white1), and
    # the colours alternate down the boards (C.04.3 E.5).
    entrants = Entrants(players=tuple(range(1, 9)), seed=0, lots={p: p for p in range(1, 9)})
    for edition in (DUTCH_2025, DUTCH_2026):
        tables = swiss_round(entrants, History(), 5, edition)
        assert [t.seats for t in tables] == [(1, 5), (6, 2), (3, 7), (8, 4)]
