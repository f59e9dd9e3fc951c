"""import_all when the engine of the restoring server sees a game otherwise than the backup
(an engine fix since the export, docs/operations.md): by default every game is restored with
its results as backed up and each difference is a warning; --strict refuses such lines;
--recompute stores the engine's results. An engine change is simulated by tampering with the
file: a result edited, a move made illegal, a board made invalid."""

import pytest

from games.models import Game, Move, Result, Seat
from games.services.backup.restore import restore
from tests.backup.club import dump, game_lines, import_all, replace_line, wipe

pytestmark = pytest.mark.django_db


def finished_recorded(lines) -> tuple[int, dict]:
    return next((n, g) for n, g in game_lines(lines) if g["source"] != "score" and g["seats"][0]["result"])


def score_only(lines) -> tuple[int, dict]:
    return next((n, g) for n, g in game_lines(lines) if g["source"] == "score")


def stored_totals(game_id: int) -> list[int]:
    return list(Result.objects.filter(seat__game_id=game_id).order_by("seat__order").values_list("total", flat=True))


def tamper_total(path, lines) -> tuple[int, dict]:
    """Add a point to seat 1's total: the engine now derives another result than the file."""
    n, game = finished_recorded(lines)
    game["seats"][0]["result"]["total"] += 1
    replace_line(path, lines, n, game)
    return n, game


def make_move_illegal(path, lines) -> tuple[int, dict]:
    """Move 3 becomes one the engine rejects: a record that no longer replays."""
    n, game = finished_recorded(lines)
    game["moves"][3] = {"type": "unload", "boat": "nowhere"}
    replace_line(path, lines, n, game)
    return n, game


def swap_winner(path, lines) -> tuple[int, dict]:
    """The loser is stored as the winner: the ratings follow whichever results are stored."""
    n, game = finished_recorded(lines)
    first, second = (s["result"] for s in game["seats"])
    for field in ("rank", "winner"):
        first[field], second[field] = second[field], first[field]
    replace_line(path, lines, n, game)
    return n, game


# --------------------------------------------------------------------------- default: keep the backup's


def test_default_keeps_a_tampered_result_and_warns_with_the_line(club):
    before, path, lines = club
    n, game = tamper_total(path, lines)
    wipe()
    out, error = import_all(path)
    assert error is None, out
    assert f"warning: line {n}: game {game['id']}: seat 1: replaying its" in out
    assert "the backup says" in out and "kept the backup's results" in out
    assert stored_totals(game["id"]) == [s["result"]["total"] for s in game["seats"]]
    assert Game.objects.count() == len(before["games"])


def test_default_summary_counts_the_games_that_differ(club):
    _, path, lines = club
    tamper_total(path, lines)
    wipe()
    out, _ = import_all(path)
    assert "1 game(s) differ from what the engine derives now: 1 kept with the backup's results" in out


def test_default_keeps_a_record_that_no_longer_replays_with_its_moves_and_results(club):
    before, path, lines = club
    n, game = make_move_illegal(path, lines)
    wipe()
    out, error = import_all(path)
    assert error is None, out
    assert f"warning: line {n}: game {game['id']}: the engine rejects the record at move 3" in out
    assert Move.objects.get(game_id=game["id"], ply=3).data == {"type": "unload", "boat": "nowhere"}
    assert stored_totals(game["id"]) == [s["result"]["total"] for s in game["seats"]]
    assert dump()["ratings"] == before["ratings"]


def test_default_keeps_a_board_the_engine_now_rejects(club):
    _, path, lines = club
    n, game = score_only(lines)
    game["board"]["sides"]["obelisk"] = "Z"
    replace_line(path, lines, n, game)
    wipe()
    out, error = import_all(path)
    assert error is None, out
    assert f"warning: line {n}: game {game['id']}: the engine rejects the game:" in out
    assert Game.objects.get(pk=game["id"]).board["sides"]["obelisk"] == "Z"
    assert stored_totals(game["id"]) == [s["result"]["total"] for s in game["seats"]]


def test_default_rates_from_the_backup_results(club):
    before, path, lines = club
    _, game = swap_winner(path, lines)
    wipe()
    import_all(path)
    won = dict(Seat.objects.filter(game_id=game["id"]).values_list("player_id", "result__winner"))
    assert won == {s["player"]: s["result"]["winner"] for s in game["seats"]}
    assert dump()["ratings"] != before["ratings"]


def test_warnings_do_not_roll_back_an_atomic_restore(club):
    before, path, lines = club
    tamper_total(path, lines)
    wipe()
    out, error = import_all(path, "--atomic")
    assert error is None, out
    assert Game.objects.count() == len(before["games"])


def test_malformed_backup_results_are_refused_in_every_mode(club):
    _, path, lines = club
    n, game = finished_recorded(lines)
    del game["seats"][1]["result"]["rank"]
    replace_line(path, lines, n, game)
    wipe()
    out, error = import_all(path)
    assert error is not None and error.returncode == 1
    assert f"line {n}: game {game['id']}: seats[1].result.rank is missing" in out
    assert not Game.objects.filter(pk=game["id"]).exists()


# --------------------------------------------------------------------------- --strict: refuse


def test_strict_refuses_results_the_engine_does_not_derive(club):
    _, path, lines = club
    n, game = tamper_total(path, lines)
    wipe()
    out, error = import_all(path, "--strict")
    assert error is not None and error.returncode == 1
    assert f"line {n}: game {game['id']}: seat 1:" in out and "the backup says" in out
    assert not Game.objects.filter(pk=game["id"]).exists()
    assert not Seat.objects.filter(game_id=game["id"]).exists()


def test_strict_refuses_a_record_the_engine_rejects_with_the_move(club):
    _, path, lines = club
    n, game = make_move_illegal(path, lines)
    wipe()
    out, _ = import_all(path, "--strict")
    assert f"line {n}: game {game['id']}: the engine rejects the record at move 3" in out
    assert not Move.objects.filter(game_id=game["id"]).exists()


def test_strict_and_recompute_cannot_be_combined(club):
    _, path, _ = club
    wipe()
    _, error = import_all(path, "--strict", "--recompute")
    assert error is not None and "not allowed with argument" in str(error)
    assert not Game.objects.exists()


def test_restore_refuses_an_unknown_mode():
    with pytest.raises(ValueError, match="results must be one of"):
        restore([], results="lenient")


# --------------------------------------------------------------------------- --recompute: the engine's


def test_recompute_stores_the_engine_results_and_warns(club):
    before, path, lines = club
    n, game = tamper_total(path, lines)
    wipe()
    out, error = import_all(path, "--recompute")
    assert error is None, out
    assert f"warning: line {n}: game {game['id']}: seat 1:" in out and "stored the engine's results" in out
    assert "1 stored with the engine's results" in out
    assert dump() == before


def test_recompute_rebuilds_the_ratings_from_the_engine_results(club):
    before, path, lines = club
    swap_winner(path, lines)
    wipe()
    out, error = import_all(path, "--recompute")
    assert error is None, out
    assert dump()["ratings"] == before["ratings"]


def test_recompute_finishes_a_game_the_engine_now_sees_ended(club):
    before, path, lines = club
    n, game = finished_recorded(lines)
    game["status"] = "in_progress"
    for seat in game["seats"]:
        seat["result"] = None
    replace_line(path, lines, n, game)
    wipe()
    out, error = import_all(path, "--recompute")
    assert error is None, out
    assert "reaches the end of the game but the backup has no results" in out
    assert Game.objects.get(pk=game["id"]).status == "finished"
    assert dump()["results"] == before["results"]


def test_recompute_keeps_a_record_that_no_longer_replays_with_the_backup_results(club):
    _, path, lines = club
    n, game = make_move_illegal(path, lines)
    wipe()
    out, error = import_all(path, "--recompute")
    assert error is None, out
    assert f"warning: line {n}: game {game['id']}: the engine rejects the record at move 3" in out
    assert "kept the backup's results" in out and "1 kept with the backup's results" in out
    assert stored_totals(game["id"]) == [s["result"]["total"] for s in game["seats"]]


def test_a_game_whose_plugin_is_not_installed_is_refused_in_every_mode(club):
    _, path, lines = club
    n, game = finished_recorded(lines)
    game["game_type"] = "senet"
    replace_line(path, lines, n, game)
    wipe()
    out, error = import_all(path, "--recompute")
    assert error is not None and error.returncode == 1
    assert f"line {n}: game {game['id']}: the game 'senet' is not available" in out
    assert not Game.objects.filter(pk=game["id"]).exists()
