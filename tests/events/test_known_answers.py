"""Known answers: the FIDE Dutch first round as the handbook sets it out, tie-breaks of a small
crosstable worked by the FIDE C.07 definitions, place points."""

from games.events.pairing.duel import swiss_round
from games.events.pairing.standings import duel_standings, place_points
from games.events.pairing.types import Board, Entrants, History


def test_dutch_round_one_pairs_the_top_half_against_the_bottom_half_colours_alternating():
    # FIDE C.04.3 (Dutch), round 1 of 8: S1 = 1–4 meets S2 = 5–8 in order, table 1 white to
    # the top seed, colours alternating by table: 1–5, 6–2, 3–7, 8–4.
    entrants = Entrants(players=tuple(range(1, 9)), seed=0, lots={p: p for p in range(1, 9)})
    tables = swiss_round(entrants, History(), 5)
    assert [t.seats for t in tables] == [(1, 5), (6, 2), (3, 7), (8, 4)]


def _round_robin() -> History:
    # A=1 beats B=2 and C=3 and loses to D=4; B beats C and D; C beats D.
    def won(a, b):
        return Board(seats=(a, b), points=(1.0, 0.0))

    return History(((won(1, 2), won(3, 4)), (won(1, 3), won(2, 4)), (won(4, 1), won(2, 3))))


def test_buchholz_of_the_crosstable():
    rows = {s.player: s for s in duel_standings([1, 2, 3, 4], _round_robin())}
    assert [rows[p].tiebreaks["buchholz"] for p in (1, 2, 3, 4)] == [4.0, 4.0, 5.0, 5.0]


def test_median_buchholz_drops_the_best_and_worst_opponent():
    rows = {s.player: s for s in duel_standings([1, 2, 3, 4], _round_robin())}
    assert [rows[p].tiebreaks["median_buchholz"] for p in (1, 2, 3, 4)] == [1.0, 1.0, 2.0, 2.0]


def test_sonneborn_berger_sums_the_beaten_opponents_points():
    rows = {s.player: s for s in duel_standings([1, 2, 3, 4], _round_robin())}
    assert [rows[p].tiebreaks["sonneborn_berger"] for p in (1, 2, 3, 4)] == [3.0, 2.0, 1.0, 2.0]


def test_direct_encounter_among_players_level_on_points():
    rows = {s.player: s for s in duel_standings([1, 2, 3, 4], _round_robin())}
    assert [rows[p].tiebreaks["direct_encounter"] for p in (1, 2, 3, 4)] == [1.0, 0.0, 1.0, 0.0]


def test_the_order_follows_points_then_the_tiebreaks():
    assert [s.player for s in duel_standings([1, 2, 3, 4], _round_robin())] == [1, 2, 4, 3]


def test_place_points_of_a_full_table():
    assert place_points([2, 1, 4, 3]) == (4.0, 6.0, 0.0, 2.0)


def test_shared_places_share_their_points():
    assert place_points([1, 1, 3]) == (5.0, 5.0, 2.0)
