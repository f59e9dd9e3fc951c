"""Season standings (docs/seasons.md, "Seasons") from a hand-worked season: best N of M results
by the place scale, shared places, and the tie-breaks in order."""

import pytest

from games.seasons.standings import EVENT_POINTS, Placing, SeasonRuleError, season_standings

A, B, C, D = 1, 2, 3, 4
# Three club nights, places by the events' own standings; in night 3 A and B share 3rd.
NIGHTS = [
    Placing(1, A, 1, 3.0), Placing(1, B, 2, 2.0), Placing(1, C, 3, 1.0), Placing(1, D, 4, 0.0),
    Placing(2, B, 1, 3.0), Placing(2, A, 2, 2.0), Placing(2, D, 3, 1.0), Placing(2, C, 4, 0.0),
    Placing(3, C, 1, 3.0), Placing(3, D, 2, 2.0), Placing(3, A, 3, 1.0), Placing(3, B, 3, 1.0),
]


def _table(rows):
    return [(r.player, r.rank, r.points) for r in rows]


def test_the_best_two_of_three_nights_count_by_the_default_place_scale():
    # A: 10, 8, 5.5 (3rd shared: (6 + 5) / 2) → 18; B 8, 10, 5.5 → 18; C 6, 5, 10 → 16; D 5, 6, 8 → 14.
    rows = season_standings(NIGHTS, best_of=2)
    assert _table(rows) == [(A, 1, 18.0), (B, 1, 18.0), (C, 3, 16.0), (D, 4, 14.0)]


def test_a_dropped_result_is_listed_apart_from_the_counted_ones():
    a = season_standings(NIGHTS, best_of=2)[0]
    assert a.counted == ((1, 10.0), (2, 8.0)) and a.dropped == ((3, 5.5),)


def test_every_result_counts_when_best_of_is_the_number_of_nights():
    rows = season_standings(NIGHTS, best_of=3)
    assert _table(rows) == [(A, 1, 23.5), (B, 1, 23.5), (C, 3, 21.0), (D, 4, 19.0)]


def test_the_event_points_scale_adds_the_events_own_points():
    rows = season_standings(NIGHTS, best_of=2, scale=EVENT_POINTS)
    assert _table(rows) == [(A, 1, 5.0), (B, 1, 5.0), (C, 3, 4.0), (D, 4, 3.0)]


def test_a_tie_on_points_and_wins_goes_to_the_sum_of_all_results():
    # E and F each win a night and are 2nd in another (18, one win); a third night's 2nd place
    # (8, not counted) puts E ahead on all results: 26 to 18.
    placings = [Placing(1, 5, 1, 0), Placing(1, 6, 2, 0), Placing(2, 6, 1, 0), Placing(2, 5, 2, 0)]
    rows = season_standings(placings, best_of=2, place_scale=(10, 8))
    assert _table(rows) == [(5, 1, 18.0), (6, 1, 18.0)]  # one win each: still tied, sharing 1st
    rows = season_standings([*placings, Placing(3, 7, 1, 0), Placing(3, 5, 2, 0)], best_of=2, place_scale=(10, 8))
    assert [r.player for r in rows][:2] == [5, 6] and rows[0].tiebreaks["all_results"] == 26.0


def test_wins_split_a_tie_before_the_countback():
    # G: 7 + 7 = 14 with a win (a 7-point win in a small night); H: 8 + 6 = 14 without one.
    placings = [Placing(1, 8, 2, 0), Placing(1, 9, 1, 0), Placing(2, 7, 1, 0), Placing(3, 7, 1, 0),
                Placing(3, 8, 3, 0)]
    rows = season_standings(placings, best_of=2, place_scale=(10, 8, 6), tiebreaks=("wins", "countback"))
    assert [r.player for r in rows] == [7, 8, 9]


def test_the_countback_prefers_the_better_best_result():
    # Equal totals, no wins: I counts 8 + 4, J 6 + 6; I's best (8) is better.
    placings = [Placing(1, 10, 2, 0), Placing(1, 11, 3, 0), Placing(2, 11, 3, 0), Placing(2, 10, 5, 0)]
    rows = season_standings(placings, best_of=2, place_scale=(10, 8, 6, 5, 4), tiebreaks=("countback",))
    assert _table(rows) == [(10, 1, 12.0), (11, 2, 12.0)]


def test_an_unknown_tiebreak_is_refused_by_name():
    with pytest.raises(SeasonRuleError, match="'luck'"):
        season_standings(NIGHTS, best_of=2, tiebreaks=("luck",))
