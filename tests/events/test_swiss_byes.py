"""The pairing-allocated bye in a Swiss, whichever library paired (swiss_dutch.py)."""

import random

import pytest

from games.events.pairing.swiss_dutch import DUTCH_2025, DUTCH_2026, ENGINES, lower_byes, swiss_round
from games.events.pairing.types import Board, Entrants, History
from tests.events.dutch_differential import random_state

WIN, LOSS, DRAW = (1.0, 0.0), (0.0, 1.0), (0.5, 0.5)


def _bye(p: int) -> Board:
    return Board(seats=(p,), points=(1.0,), bye=True)


# Seven players after four rounds (found by bench/dutch_differential.py's random events):
# 1 leads alone on 3; 5, 6 and 7 have 2½; 2, 3, 4 and 5 have had the bye.
ENTRANTS = Entrants(players=(1, 2, 3, 4, 5, 6, 7), seed=0, lots={7: 1, 3: 2, 6: 3, 2: 4, 1: 5, 5: 6, 4: 7})
HISTORY = History((
    (Board(seats=(7, 2), points=WIN), Board(seats=(1, 3), points=DRAW), Board(seats=(6, 5), points=LOSS), _bye(4)),
    (Board(seats=(4, 7), points=LOSS), Board(seats=(5, 1), points=LOSS), Board(seats=(3, 6), points=LOSS), _bye(2)),
    (Board(seats=(7, 1), points=LOSS), Board(seats=(6, 4), points=WIN), Board(seats=(2, 5), points=DRAW), _bye(3)),
    (Board(seats=(1, 6), points=DRAW), Board(seats=(3, 7), points=DRAW), Board(seats=(4, 2), points=DRAW), _bye(5)),
))


def test_the_2025_library_gives_this_rounds_bye_to_the_sole_leader():
    # py4swiss's own pairing of the round, as bbpPairings v5 pairs it.
    assert (1,) in ENGINES[DUTCH_2025](ENTRANTS, HISTORY, 5)


def test_2026_c9_the_bye_goes_to_the_lowest_score_a_legal_pairing_allows_not_the_sole_leader():
    # C.04.3 (2026) C.9 minimises the PAB assignee's score; bbpPairings v6 gives it to 6 (2½).
    tables = swiss_round(ENTRANTS, HISTORY, 5, DUTCH_2026)
    (bye,) = [t.seats[0] for t in tables if t.bye]
    assert HISTORY.points()[bye] == 2.5


def test_2025_the_sole_leader_may_have_the_bye_as_the_2025_rules_pair_it():
    # The 2025 rules have no such criterion: bbpPairings v5 gives this round's bye to 1 (3
    # points), and the 2025 edition pairs as v5 does (no repair).
    tables = swiss_round(ENTRANTS, HISTORY, 5, DUTCH_2025)
    assert [t.seats for t in tables if t.bye] == [(1,)]


def test_the_repaired_round_repeats_no_meeting():
    met = HISTORY.met()
    tables = swiss_round(ENTRANTS, HISTORY, 5, DUTCH_2026)
    assert not [t.seats for t in tables if not t.bye and frozenset(t.seats) in met]


@pytest.mark.parametrize("edition", [DUTCH_2025, DUTCH_2026])
def test_a_second_bye_rather_than_a_repeat_meeting_when_one_must_give(edition):
    # 1, 2 and 3 are left (4 and 5 withdrew); 1 has met 2 and 3 and had the bye. A bye to 2
    # or 3 repeats 1's meeting; the fallback repeats fewest meetings first (docs/events.md),
    # so 2 meets 3 and 1 has a second bye.
    history = History((
        (Board(seats=(1, 2), points=WIN), Board(seats=(3, 4), points=WIN), _bye(5)),
        (Board(seats=(1, 3), points=WIN), Board(seats=(2, 5), points=WIN), _bye(4)),
        (Board(seats=(2, 4), points=WIN), Board(seats=(3, 5), points=WIN), _bye(1)),
    ))
    tables = swiss_round(Entrants.drawn([1, 2, 3], 0), history, 5, edition)
    assert sorted(t.seats for t in tables) == [(1,), (2, 3)] or sorted(t.seats for t in tables) == [(1,), (3, 2)]


@pytest.mark.parametrize("seed", range(8))
def test_the_first_lower_byes_are_those_a_full_search_finds_first(seed):
    rng = random.Random(seed)
    entrants, history, _total = random_state(rng, (7, 15))
    below = max(history.points().values(), default=0.0) + 1  # everyone without a bye is below
    every = lower_byes(entrants, history, below)
    assert lower_byes(entrants, history, below, limit=2) == every[:2]


# --- byes worth what the event says, in the TRF (trf.py) and the 2025 engine that reads it ---

from games.events.pairing import trf  # noqa: E402
from games.events.pairing.types import FORFEIT, HALF_BYE, ZERO_BYE  # noqa: E402

KINDS = History((
    (Board(seats=(1, 2), points=WIN), Board(seats=(3, 4), points=(0.0, 0.0), kind=FORFEIT),
     Board(seats=(5,), points=(0.5,), bye=True)),
    (Board(seats=(2, 5), points=WIN, kind=FORFEIT), Board(seats=(1,), points=(0.5,), bye=True, kind=HALF_BYE),
     Board(seats=(3,), points=(0.0,), bye=True, kind=ZERO_BYE), Board(seats=(4,), points=(0.5,), bye=True)),
))


def _line(text: str, number: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"001 {number:4}"))


def test_trf16_codes_say_how_each_round_was_scored():
    parsed, _numbers = trf.build([1, 2, 3, 4, 5], KINDS, 3, lots=Entrants(players=(1, 2, 3, 4, 5), seed=0,
                                                                         lots={p: p for p in range(1, 6)}),
                                bye_points=0.5)
    text = trf.text(parsed)
    assert _line(text, 1)[91:].split() == ["2", "w", "1", "0000", "-", "H"]
    assert _line(text, 3)[91:].split() == ["4", "w", "-", "0000", "-", "Z"]  # a double forfeit: - for both
    assert _line(text, 4)[91:].split() == ["3", "b", "-", "0000", "-", "U"]
    assert _line(text, 2)[91:].split() == ["1", "b", "0", "5", "w", "+"]


@pytest.mark.parametrize("points", [1.0, 0.5, 0.0])
def test_trf_the_pairing_allocated_bye_is_worth_the_events_bye_points(points):
    history = History(((Board(seats=(1, 2), points=WIN), Board(seats=(3,), points=(points,), bye=True)),))
    parsed, _ = trf.build([1, 2, 3], history, 3, lots=Entrants(players=(1, 2, 3), seed=0, lots={1: 1, 2: 2, 3: 3}),
                          bye_points=points)
    text = trf.text(parsed)
    assert f"PAB={points:.1f}" in text  # XXS, read by py4swiss and JaVaFo
    assert f"BBU {points:4.1f}" in text  # read by bbpPairings
    assert float(_line(text, 3)[80:84]) == points  # the points column adds up


def test_the_2025_engine_scores_a_half_point_bye_as_half_a_point():
    # py4swiss scores a U by the TRF's PAB=: read as 1, player 3 (½ from the bye) would top
    # the 1-point group and meet 1; at ½ it is paired in the ½ group, with 4.
    history = History((
        (Board(seats=(1, 2), points=WIN), Board(seats=(4, 5), points=DRAW), Board(seats=(3,), points=(0.5,), bye=True)),
    ))
    entrants = Entrants(players=(1, 2, 3, 4, 5), seed=0, lots={p: p for p in range(1, 6)})
    pairs = {frozenset(s) for s in ENGINES[DUTCH_2025](entrants, history, 4, 0.5)}
    assert frozenset((1, 3)) not in pairs


@pytest.mark.django_db
def test_the_events_trf_export_scores_its_half_point_byes_as_half_a_point():
    # Seven players, byes worth ½ (the event's bye points): XXS and BBU say ½, and each
    # player's points column is the event's points (bbpPairings' checker refuses a file whose
    # points do not add up).
    from games.events import exports, lifecycle
    from games.events.models import Event
    from games.events.results import history_of
    from tests.events.helpers import play_round

    event = lifecycle.create_event(name="Club night", game_type="duel", kind=Event.Kind.SWISS, rounds=3, seed=7,
                                   bye_points=0.5)
    for name in ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus"]:
        lifecycle.register(event, name, checked_in=True)
    for _ in range(2):
        lifecycle.start_round(event)
        play_round(event)
    text = exports.trf_text(event)
    points = sorted(history_of(event).points().values())
    assert "PAB=0.5" in text and "BBU  0.5" in text
    assert sorted(float(line[80:84]) for line in text.splitlines() if line.startswith("001 ")) == points
    assert 0.5 in {b.points[0] for r in history_of(event).rounds for b in r if b.bye}
