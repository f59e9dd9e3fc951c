"""The base game's "table wins" tie-break (docs/events.md "Standings and tie-breaks"): a table's
top event points are a win for each seat that has them, a shared top score a win for each, a bye
or a table without a result nobody's. Standings worked by hand from the boards, the event
scored by game score (its points are the scores: the sum of scores cannot part what the
points do not, so table wins decide)."""

from games.events.pairing.types import Board, History
from games.events.standings import table_standings

P, P2, Q, R, S, T = 1, 2, 3, 4, 5, 6
ORDER = ("score_sum", "wins")


def _table(seats, scores) -> Board:
    return Board(seats=seats, points=tuple(float(s) for s in scores), scores=tuple(scores))


def _two_rounds() -> History:
    """Round 1: P and P2 share the top score of their table (30, 30, Q 25); R wins his
    clearly (35, S 30, T 20). Round 2: T wins (30, P 20, R 15); S wins (30, Q 25, P2 20).
    Points (= score sums): S 60; P, P2, Q, R, T 50 each. Table wins: P 1 (shared), P2 1
    (shared), R 1, S 1, T 1, Q none."""
    return History((
        (_table((P, P2, Q), (30, 30, 25)), _table((R, S, T), (35, 30, 20))),
        (_table((T, P, R), (30, 20, 15)), _table((S, Q, P2), (30, 25, 20))),
    ))


def _by_player(history: History, players=(P, P2, Q, R, S, T)) -> dict:
    return {s.player: s for s in table_standings(list(players), history, ORDER)}


def test_a_shared_top_score_is_a_table_win_for_each_who_shares_it():
    rows = _by_player(_two_rounds())
    assert (rows[P].tiebreaks["wins"], rows[P2].tiebreaks["wins"]) == (1.0, 1.0)


def test_a_clear_top_score_is_a_table_win_for_its_player_only():
    rows = _by_player(_two_rounds())
    assert {p: rows[p].tiebreaks["wins"] for p in (R, S, Q)} == {R: 1.0, S: 1.0, Q: 0.0}


def test_table_wins_part_players_level_on_points_and_scores():
    # S first on points (60). P, P2, R and T (50, one win each) share 2nd; Q (50, no win) is 6th.
    ranks = {s.player: s.rank for s in table_standings([P, P2, Q, R, S, T], _two_rounds(), ORDER)}
    assert ranks == {S: 1, P: 2, P2: 2, R: 2, T: 2, Q: 6}


def test_a_bye_and_a_table_without_a_result_are_nobodys_win():
    # Round 3: P, P2 and Q's table has no result yet; S sits out with a bye (1 point).
    history = History((*_two_rounds().rounds, (
        Board(seats=(P, P2, Q)), _table((R, T), (40, 10)), Board(seats=(S,), points=(1.0,), bye=True))))
    rows = _by_player(history)
    assert {p: rows[p].tiebreaks["wins"] for p in (P, P2, Q, S, R, T)} == {P: 1.0, P2: 1.0, Q: 0.0, S: 1.0,
                                                                            R: 2.0, T: 1.0}
