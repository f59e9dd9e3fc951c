"""Storing games through games.services.recording: results always come from the engine."""

import copy
import datetime

import pytest
from django.db import IntegrityError

from games.models import Game, Move, Player, Result, Seat
from games.services.documents import record_hash
from games.services.recording import Outcome, import_board, import_record
from games.services.results import recompute_results, result_rows
from rules_engine import ENGINE_VERSION
from rules_engine.registry import default_registry
from tests.games.conftest import duel_board, row_counts
from tests.kit import random_record

pytestmark = pytest.mark.django_db


def illegal_at(record: dict, start: int = 10) -> tuple[dict, int]:
    """The record with one move made illegal: a meeple placed on the cell the previous move
    just filled (D4.1: one meeple per cell). Returns the record and that move's index."""
    bad = copy.deepcopy(record)
    moves = bad["moves"]
    k = next(i for i in range(start, len(moves)) if moves[i - 1]["type"] == "place")
    moves[k] = {"type": "place", "cell": moves[k - 1]["cell"]}
    return bad, k


def test_f2_import_stores_game_seats_and_every_move():
    record = random_record(1)
    outcome = import_record(record)
    assert outcome.status == Outcome.IMPORTED
    game = outcome.game
    assert game.source == Game.Source.IMPORTED
    assert game.status == Game.Status.FINISHED
    assert Move.objects.filter(game=game).count() == len(record["moves"])
    assert list(game.moves.values_list("data", flat=True)) == record["moves"]
    assert [s.player.name for s in game.seats.order_by("order")] == ["Ana", "Ben"]
    assert game.header["setup"] == record["setup"]
    assert "moves" not in game.header and "players" not in game.header


def test_f2_results_are_the_engines_replay_score():
    record = random_record(2)
    expected = default_registry().replay(record).score().to_json()
    game = import_record(record).game
    results = [s.result for s in game.seats.order_by("order")]
    assert [r.total for r in results] == [p["total"] for p in expected["players"]]
    assert [r.breakdown for r in results] == [p["breakdown"] for p in expected["players"]]
    assert [r.winner for r in results] == [i == expected["winner"] for i in range(2)]
    assert [r.tie_broken for r in results] == [expected["tie_broken"]] * 2


def test_f2_players_0_starts_and_colours_default_black_white():
    game = import_record(random_record(3)).game
    seats = list(game.seats.order_by("order"))
    assert [s.started for s in seats] == [True, False]
    assert [s.colour for s in seats] == ["black", "white"]


def test_stored_game_pins_engine_and_plugin_versions():
    game = import_record(random_record(4)).game
    assert game.engine_version == ENGINE_VERSION
    assert game.plugin_versions == default_registry().versions("duel", [])


def test_d4_1_f2_illegal_move_is_rejected_with_index_and_stores_nothing():
    Player.objects.create(name="Ana")
    before = row_counts()
    record, k = illegal_at(random_record(5))
    outcome = import_record(record)
    assert outcome.status == Outcome.REJECTED
    assert outcome.move == k
    assert "already holds a meeple" in outcome.reason and "D4.1" in outcome.reason
    assert row_counts() == before


@pytest.mark.parametrize(
    ("document", "words"),
    [
        ([1, 2], "JSON object"),
        ({"game": "duel", "moves": []}, "players"),
        ({**random_record(6), "players": ["Ana", "ana"]}, "plays once per game"),
        ({**random_record(6), "players": ["Ana", "  "]}, "players[1]"),
        ({**random_record(6), "moves": "not a list"}, "moves"),
        ({**random_record(6), "game": "chess"}, "unknown game"),
        ({**random_record(6), "history": {"played_on": "14/03/2025"}}, "history.played_on"),
        ({**random_record(6), "setup": {}}, "setup"),
    ],
)
def test_f2_malformed_record_is_rejected_and_stores_nothing(document, words):
    before = row_counts()
    outcome = import_record(document)
    assert outcome.status == Outcome.REJECTED
    assert words in outcome.reason
    assert row_counts() == before


def test_f2_same_record_twice_is_a_duplicate():
    record = random_record(7)
    first = import_record(record)
    before = row_counts()
    second = import_record(copy.deepcopy(record))
    assert second.status == Outcome.DUPLICATE
    assert second.game == first.game
    assert row_counts() == before


def test_f2_duplicate_ignores_name_case_and_history():
    record = random_record(8)
    import_record(record)
    again = {**record, "players": ["ANA", "ben"], "history": {"played_on": "2020-01-01", "location": "Elsewhere"}}
    assert import_record(again).status == Outcome.DUPLICATE
    assert record_hash(record) == record_hash(again)


def test_f2_record_without_game_hashes_as_duel():
    record = random_record(9)
    without = {k: v for k, v in record.items() if k != "game"}
    assert record_hash(without) == record_hash(record)


def test_f2_players_are_matched_by_name_case_insensitively():
    ana = Player.objects.create(name="Ana")
    game = import_record(random_record(10, players=("  ana ", "Ben"))).game
    assert game.seats.get(order=0).player == ana
    assert Player.objects.count() == 2


def test_f2_record_stopping_mid_game_is_in_progress_without_results():
    game = import_record(random_record(11, moves=12)).game
    assert game.status == Game.Status.IN_PROGRESS
    assert game.moves.count() == 12
    assert not Result.objects.filter(seat__game=game).exists()
    assert not game.ratings.exists()


def test_f2_history_sets_date_location_and_notes():
    record = {**random_record(12), "history": {"played_on": "2024-11-02", "location": "Café", "notes": "Final"}}
    game = import_record(record).game
    assert (game.played_on, game.location, game.notes) == (datetime.date(2024, 11, 2), "Café", "Final")
    assert "history" not in game.header


def test_recompute_results_derives_the_same_results_again():
    game = import_record(random_record(13)).game
    before = list(Result.objects.filter(seat__game=game).values_list("total", "breakdown", "rank", "winner"))
    Result.objects.filter(seat__game=game).update(total=0)
    recompute_results(game)
    after = list(Result.objects.filter(seat__game=game).values_list("total", "breakdown", "rank", "winner"))
    assert after == before


# --------------------------------------------------------------------------- score-only games (F1)


def test_f1_board_is_stored_score_only_with_the_engines_result():
    board = duel_board(first={"obelisk": 5, "temple": [1, 4, 2]}, second={"obelisk": 2})
    outcome = import_board(board)
    game = outcome.game
    assert outcome.status == Outcome.IMPORTED
    assert game.source == Game.Source.SCORE and game.status == Game.Status.FINISHED
    assert game.board == board
    ana, ben = (s.result for s in game.seats.order_by("order"))
    # D7.1 A: 5 tokens + 6 for strictly more; D7.2 A: 1 + 4 + 2 symbols.
    assert (ana.breakdown["obelisk"], ana.breakdown["temple"], ana.total) == (11, 7, 18)
    assert (ben.total, ana.winner, ben.winner, ana.rank, ben.rank) == (2, True, False, 1, 2)
    assert game.moves.count() == 0


def test_d7_6_tie_is_stored_as_tie_broken_for_the_player_who_did_not_start():
    game = import_board(duel_board(starting_player=0)).game  # both score 0
    ana, ben = (s.result for s in game.seats.order_by("order"))
    assert (ana.total, ben.total) == (0, 0)
    assert (ana.winner, ben.winner) == (False, True)
    assert ana.tie_broken and ben.tie_broken
    assert game.seats.get(order=0).started


def test_f1_sides_omitted_are_stored_as_a():
    board = duel_board()
    board["sides"] = {"temple": "B"}
    game = import_board(board).game
    assert game.sides == {"obelisk": "A", "temple": "B", "pyramid": "A", "tomb": "A"}


def test_f1_board_without_names_is_rejected_naming_the_field():
    board = duel_board()
    del board["players"][1]["name"]
    outcome = import_board(board)
    assert outcome.status == Outcome.REJECTED
    assert outcome.errors == (("players[1].name", "a name is needed to store the game in the club history"),)
    assert Game.objects.count() == 0


def test_f1_invalid_board_is_rejected_with_the_engines_errors_and_stores_nothing():
    board = duel_board(first={"tomb": [7]}, second={"tomb": [7]})
    before = row_counts()
    outcome = import_board(board)
    assert outcome.status == Outcome.REJECTED
    assert any("tomb" in field for field, _ in outcome.errors)
    assert row_counts() == before


def test_f1_same_board_same_day_is_a_duplicate_another_day_is_not():
    day = datetime.date(2025, 2, 1)
    first = import_board(duel_board(played_on=day))
    assert import_board(duel_board(played_on=day)).status == Outcome.DUPLICATE
    other = import_board(duel_board(played_on=day + datetime.timedelta(days=1)))
    assert other.status == Outcome.IMPORTED and other.game != first.game


def test_player_names_are_unique_case_insensitively_in_the_database():
    Player.objects.create(name="Émile")
    with pytest.raises(IntegrityError):
        Player.objects.create(name="ÉMILE")


def test_seat_a_player_sits_once_per_game(db):
    game = import_board(duel_board()).game
    with pytest.raises(IntegrityError):
        Seat.objects.create(game=game, player=game.seats.get(order=0).player, order=2)


@pytest.mark.parametrize(
    ("score", "expected"),
    [
        # Duel (F1): one winner; the loser ranks 2.
        ({"winner": 1, "tie_broken": False, "players": [{"total": 30, "breakdown": {}},
                                                         {"total": 40, "breakdown": {}}]},
         [(2, False, False), (1, True, False)]),
        # Duel tie decided by D7.6.
        ({"winner": 1, "tie_broken": True, "players": [{"total": 40, "breakdown": {}},
                                                        {"total": 40, "breakdown": {}}]},
         [(2, False, True), (1, True, True)]),
        # Base game (F3): ranks given, a shared win.
        ({"winners": [0, 2], "tie_broken_by_sled": False,
          "players": [{"total": 50, "rank": 1, "breakdown": {}}, {"total": 44, "rank": 3, "breakdown": {}},
                      {"total": 50, "rank": 1, "breakdown": {}}]},
         [(1, True, False), (3, False, False), (1, True, False)]),
        # No ranks given, three players: the others rank by total after the winner.
        ({"winner": 2, "players": [{"total": 30, "breakdown": {}}, {"total": 35, "breakdown": {}},
                                   {"total": 60, "breakdown": {}}]},
         [(3, False, False), (2, False, False), (1, True, False)]),
    ],
)
def test_result_rows_rank_winner_and_tie_break(score, expected):
    rows = result_rows(score)
    assert [(r["rank"], r["winner"], r["tie_broken"]) for r in rows] == expected
