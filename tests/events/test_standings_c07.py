"""Two-seat standings by FIDE C.07 as in force (2026 edition, tiebreak-core's fide-2026
engine), through `pair_standings` and the event's History: the Arbiters' Manual 2026 worked
example of an unplayed round (Laxman), Art. 16 for a pairing-allocated bye and a withdrawal
worked by hand from the articles, and the direct encounter among those still tied (Art. 6)."""

import pytest

from games.events.pairing.types import Board, History
from games.events.standings import pair_standings

WIN, LOSS, DRAW = (1.0, 0.0), (0.0, 1.0), (0.5, 0.5)


def _laxman() -> History:
    """FIDE Arbiters' Manual 2026, C.07 worked examples (pp. 258–259; tiebreak-core's corpus
    case LAXMAN-2026-DUMMY-CAP, MIT): Laxman (1) scores 7/10 and misses round 4 (a zero-point
    bye, he plays again after it). His opponent each round and that opponent's final score:"""
    laxman = {1: (11, 1.0, 5.0), 2: (12, 1.0, 5.0), 3: (13, 0.0, 6.5), 5: (15, 1.0, 4.5), 6: (16, 0.5, 6.0),
              7: (17, 1.0, 5.0), 8: (18, 0.5, 6.5), 9: (19, 1.0, 5.5), 10: (20, 1.0, 6.0)}
    # Each opponent plays every other round against a stand-in of its own (ids 1000 on), so
    # its score is as printed and it has no unplayed round of its own (Art. 16.3 leaves it).
    left = {opp: final - (1.0 - mine) for opp, mine, final in laxman.values()}
    rounds = []
    for r in range(1, 11):
        boards = []
        if r in laxman:
            opp, mine, _final = laxman[r]
            boards.append(Board(seats=(1, opp), points=(mine, 1.0 - mine)))
        for opp in sorted(left):
            if r in laxman and laxman[r][0] == opp:
                continue
            scored = 1.0 if left[opp] >= 1 else left[opp]
            left[opp] -= scored
            boards.append(Board(seats=(opp, 1000 + 20 * opp + r), points=(scored, 1.0 - scored)))
        rounds.append(tuple(boards))
    return History(tuple(rounds))


def _laxman_row():
    history = _laxman()
    assert history.points()[1] == 7.0
    assert {p: history.points()[p] for p in (13, 15, 19)} == {13: 6.5, 15: 4.5, 19: 5.5}
    rows = pair_standings([1], history, ("buchholz", "buchholz_cut1", "sonneborn_berger"), rounds=10)
    return rows[0]


def test_laxman_buchholz_counts_the_missed_round_as_a_dummy_capped_at_half_the_rounds():
    # C.07 16.4.2 (2026): the dummy is min(own 7.0, 0.5 × 10) = 5.0: 50 + 5 = 55.
    assert _laxman_row().tiebreaks["buchholz"] == 55.0


def test_laxman_buchholz_cut_one_cuts_the_missed_round_first():
    # C.07 16.5.1: the dummy of the voluntarily unplayed round (5.0) is cut, not the least (4.5).
    assert _laxman_row().tiebreaks["buchholz_cut1"] == 50.0


def test_laxman_sonneborn_berger_is_as_printed():
    assert _laxman_row().tiebreaks["sonneborn_berger"] == 37.25


def _withdrawal() -> History:
    # 1 beats 4 and 2/3 draw; 1/2 draw and 4 beats 3; 1 beats 3, 2 has the pairing-allocated
    # bye (1 point), 4 has withdrawn (not paired). Points 1: 2.5, 2: 2, 3: 0.5, 4: 1.
    return History((
        (Board(seats=(1, 4), points=WIN), Board(seats=(2, 3), points=DRAW)),
        (Board(seats=(1, 2), points=DRAW), Board(seats=(4, 3), points=WIN)),
        (Board(seats=(1, 3), points=WIN), Board(seats=(2,), points=(1.0,), bye=True)),
    ))


def _values(history: History, player: int, criterion: str) -> float | None:
    rows = pair_standings([1, 2, 3, 4], history, ("buchholz", "buchholz_cut1"), rounds=3)
    return next(r.tiebreaks[criterion] for r in rows if r.player == player)


def test_a_round_missed_after_a_withdrawal_counts_as_a_draw_in_the_opponents_buchholz():
    # C.07 16.3: 4's score for its opponents is 1 + ½ (round 3, 16.2.5) = 1.5; 2 has 2 (the
    # bye's point, 16.2.1), 3 has ½: 1's Buchholz 1.5 + 2 + 0.5.
    assert _values(_withdrawal(), 1, "buchholz") == 4.0


def test_the_withdrawn_players_missed_round_is_a_dummy_with_their_own_score():
    # C.07 16.4 (2026): 4's round 3 is a dummy of min(own 1, ½ × 3) = 1: 2.5 + 0.5 + 1.
    assert _values(_withdrawal(), 4, "buchholz") == 4.0


def test_the_withdrawn_players_missed_round_is_cut_first():
    # C.07 16.5.1: the dummy (1) is cut rather than the least opponent (3's ½).
    assert _values(_withdrawal(), 4, "buchholz_cut1") == 3.0


def test_a_pairing_allocated_bye_is_a_dummy_of_the_players_own_score_capped():
    # C.07 16.4.2 (2026): 2's bye round is a dummy of min(own 2, ½ × 3) = 1.5, not the own
    # score minus the bye point (1): 0.5 + 2.5 + 1.5.
    assert _values(_withdrawal(), 2, "buchholz") == 4.5


def _three_level() -> History:
    # 3, 6 and 1 end on 1½; 3's Buchholz is higher; 6 and 1 are level on Buchholz and 6 beat 1
    # in round 3; 3 never met 6.
    return History((
        (Board(seats=(4, 6), points=WIN), Board(seats=(1, 2), points=WIN), Board(seats=(3, 5), points=LOSS)),
        (Board(seats=(5, 1), points=DRAW), Board(seats=(4, 3), points=DRAW), Board(seats=(6, 2), points=DRAW)),
        (Board(seats=(1, 6), points=LOSS), Board(seats=(5, 4), points=DRAW), Board(seats=(3, 2), points=WIN)),
    ))


def test_the_direct_encounter_decides_among_those_still_tied_when_it_is_reached():
    # C.07 6: after Buchholz only 6 and 1 are tied, and they met: 6 won. (Applied to all three
    # level on points it would not apply, as 3 and 6 never met.)
    rows = pair_standings(list(range(1, 7)), _three_level(), ("buchholz", "direct_encounter"), rounds=3)
    order = [r.player for r in rows if r.player in (1, 3, 6)]
    ranks = {r.player: r.rank for r in rows}
    assert order == [3, 6, 1] and ranks[3] < ranks[6] < ranks[1]


def test_the_direct_encounter_shows_the_points_among_the_tied_and_nothing_for_the_rest():
    # After Buchholz only 6 and 1 are tied: 6 scored 1 against 1, 1 scored 0 against 6. The
    # others were parted before it was reached, so it has no value for them (not a 0).
    rows = pair_standings(list(range(1, 7)), _three_level(), ("buchholz", "direct_encounter"), rounds=3)
    encounter = {r.player: r.tiebreaks["direct_encounter"] for r in rows}
    assert (encounter[6], encounter[1]) == (1.0, 0.0)
    assert encounter[3] is None


def test_players_nothing_parts_share_a_rank():
    # 4 and 5 both end on 2 and drew their game: the direct encounter does not part them.
    rows = pair_standings(list(range(1, 7)), _three_level(), ("direct_encounter",), rounds=3)
    ranks = {r.player: r.rank for r in rows}
    assert ranks[4] == ranks[5] == 1


@pytest.mark.parametrize("criterion", ["buchholz_cut1", "median_buchholz"])
def test_cut_one_and_median_one_are_both_offered(criterion):
    rows = pair_standings([1, 2, 3, 4], _withdrawal(), (criterion,), rounds=3)
    assert all(isinstance(r.tiebreaks[criterion], float) for r in rows)
