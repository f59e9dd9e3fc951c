"""C.07 Art. 16 for the results a club enters (issue 51): a forfeit, a double forfeit and a
half-point bye the player asked for, each worked by hand from the articles (2026 edition:
16.4.1 caps a forfeit's dummy at the scheduled opponent's score, 16.4.2 the others at ½ × the
rounds) and computed through `pair_standings` from the event's boards."""

from games.events.pairing.types import FORFEIT, HALF_BYE, PLAYED, Board, History
from games.events.standings import pair_standings

WIN, LOSS = (1.0, 0.0), (0.0, 1.0)
CRITERIA = ("buchholz", "buchholz_cut1", "sonneborn_berger")


def _rows(history: History, players) -> dict:
    return {r.player: r for r in pair_standings(players, history, CRITERIA, rounds=3)}


def _forfeit_night(round_one: str) -> History:
    """Round 1: 2 wins against 1, who does not come (a forfeit) or, as the service counted it
    before, a game won. Then 1 beats 4, 3 beats 2; 1 beats 3, 4 beats 2. Points 1: 2, 2: 1,
    3: 2, 4: 1."""
    return History((
        (Board(seats=(1, 2), points=LOSS, kind=round_one), Board(seats=(3, 4), points=WIN)),
        (Board(seats=(1, 4), points=WIN), Board(seats=(3, 2), points=WIN)),
        (Board(seats=(1, 3), points=WIN), Board(seats=(2, 4), points=LOSS)),
    ))


def test_a_forfeit_win_counts_a_dummy_capped_at_the_absent_opponents_score_art_16_4_1():
    """Player 2's Buchholz and Cut-1, by hand. Art. 16.3: every opponent's score counts as
    awarded (no 16.2.5 round): 1: 2, 3: 2, 4: 1.

    Counted as played (before): opponents 1, 3, 4 → 2 + 2 + 1 = **5**; Cut-1 drops the least
    (1) → **4**; Sonneborn-Berger 2 (the win over 1).
    C.07: round 1 is a forfeit win, category 16.2.2, an unplayed round: a dummy opponent whose
    score is min(own 1, the scheduled opponent's 2) = 1 (16.4.1, 2026). Buchholz 1 + 2 + 1 =
    **4**; a forfeit win is not voluntarily unplayed (16.1.2), so Cut-1 drops the least (1,
    14.1.1) → **3**; Sonneborn-Berger 1 × 1 = **1**."""
    row = _rows(_forfeit_night(FORFEIT), [1, 2, 3, 4])[2]
    assert row.tiebreaks == {"buchholz": 4.0, "buchholz_cut1": 3.0, "sonneborn_berger": 1.0}


def test_the_same_round_counted_as_played_gives_what_the_service_gave_before():
    row = _rows(_forfeit_night(PLAYED), [1, 2, 3, 4])[2]
    assert row.tiebreaks == {"buchholz": 5.0, "buchholz_cut1": 4.0, "sonneborn_berger": 2.0}


def test_the_forfeit_puts_the_forfeit_winner_below_the_player_level_with_them_on_points():
    # 2 and 4 have 1 point each: 4's Buchholz 5 (opponents 3, 1, 2: 2 + 2 + 1) now beats 2's 4;
    # counted as played they were level on 5 and Cut-1 4, and 2 came first on Sonneborn-Berger.
    ranked = [r.player for r in pair_standings([1, 2, 3, 4], _forfeit_night(FORFEIT), CRITERIA, rounds=3)]
    assert ranked.index(4) < ranked.index(2)


def test_a_forfeit_is_no_game_played():
    rows = _rows(_forfeit_night(FORFEIT), [1, 2, 3, 4])
    assert (rows[1].games, rows[2].games, rows[3].games) == (2, 2, 3)


def _double_forfeit_night() -> History:
    """Round 1: neither 1 nor 2 comes (a double forfeit, 0–0); 3 beats 4. Then 1 beats 3, 2
    beats 4; 1 beats 4, 3 beats 2. Points 1: 2, 2: 1, 3: 2, 4: 0."""
    return History((
        (Board(seats=(1, 2), points=(0.0, 0.0), kind=FORFEIT), Board(seats=(3, 4), points=WIN)),
        (Board(seats=(1, 3), points=WIN), Board(seats=(2, 4), points=WIN)),
        (Board(seats=(1, 4), points=WIN), Board(seats=(2, 3), points=LOSS)),
    ))


def test_a_double_forfeit_is_a_forfeit_loss_for_both_and_its_dummy_is_cut_first_art_16_5():
    """Both lost round 1 by forfeit (16.2.4, voluntarily unplayed: 16.1.2). Player 1: the
    dummy is min(own 2, scheduled opponent 2's 1) = 1 (16.4.1); opponents 3 (2) and 4 (0):
    Buchholz 1 + 2 + 0 = **3**; Cut-1 removes the voluntarily unplayed round's dummy first
    (16.5.1), not the least (0): **2**. Player 2: dummy min(1, 1's 2) = 1, opponents 4 (0)
    and 3 (2): Buchholz **3**, Cut-1 **2**."""
    rows = _rows(_double_forfeit_night(), [1, 2, 3, 4])
    assert (rows[1].points, rows[2].points) == (2.0, 1.0)
    assert (rows[1].tiebreaks["buchholz"], rows[1].tiebreaks["buchholz_cut1"]) == (3.0, 2.0)
    assert (rows[2].tiebreaks["buchholz"], rows[2].tiebreaks["buchholz_cut1"]) == (3.0, 2.0)


def _half_bye_night() -> History:
    """Five players. Round 1: 1 beats 2, 3 beats 4, 5 has the pairing-allocated bye (1 point).
    Round 2: 5 asked for a half-point bye (½); 1 beats 3, 2 beats 4. Round 3: 5 beats 1, 3
    beats 2, 4 has the pairing-allocated bye. Points 1: 2, 2: 1, 3: 2, 4: 1, 5: 2½."""
    return History((
        (Board(seats=(1, 2), points=WIN), Board(seats=(3, 4), points=WIN),
         Board(seats=(5,), points=(1.0,), bye=True)),
        (Board(seats=(1, 3), points=WIN), Board(seats=(2, 4), points=WIN),
         Board(seats=(5,), points=(0.5,), bye=True, kind=HALF_BYE)),
        (Board(seats=(1, 5), points=LOSS), Board(seats=(2, 3), points=LOSS),
         Board(seats=(4,), points=(1.0,), bye=True)),
    ))


def test_a_half_point_bye_is_a_dummy_capped_at_half_the_rounds_and_cut_first():
    """Player 5: round 1 a pairing-allocated bye (16.2.1) and round 2 the half-point bye asked
    for (16.2.3: 5 plays again in round 3), each a dummy of min(own 2½, ½ × 3 rounds) = 1½
    (16.4.2); round 3 against 1 (2). Buchholz 1½ + 1½ + 2 = **5**; Cut-1 removes the
    requested bye's dummy first (16.5.1: voluntarily unplayed) → **3½**."""
    row = _rows(_half_bye_night(), [1, 2, 3, 4, 5])[5]
    assert row.points == 2.5
    assert (row.tiebreaks["buchholz"], row.tiebreaks["buchholz_cut1"]) == (5.0, 3.5)


def test_a_half_point_bye_counts_its_half_point_in_the_opponents_buchholz():
    # Art. 16.3: 16.2.3 counts the points awarded, so player 1 (opponents 2, 3, 5) has
    # 1 + 2 + 2½ = 5½.
    assert _rows(_half_bye_night(), [1, 2, 3, 4, 5])[1].tiebreaks["buchholz"] == 5.5
