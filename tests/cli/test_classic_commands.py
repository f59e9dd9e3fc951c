"""``manage.py score`` and ``manage.py replay`` with base-game files (formats.md F3, F4)."""

import copy
import io
import json
import random

import pytest
from django.core.management import call_command

from rules_engine.classic.apidocs import (
    CLASSIC_BOARD,
    CLASSIC_ILLEGAL_RECORD,
    CLASSIC_ILLEGAL_RECORD_ERROR,
    CLASSIC_RESULT,
)
from rules_engine.classic.playout import random_record
from tests.cli.conftest import run_manage, write_json


@pytest.fixture
def classic_board_file(tmp_path):
    return write_json(tmp_path / "classic-board.json", CLASSIC_BOARD)


@pytest.fixture
def classic_records():
    """Three whole random base games (F4) of 2, 3 and 4 players, the same on every run."""
    return [random_record(random.Random(seed), players=n) for seed, n in ((1, 2), (2, 3), (3, 4))]


def score(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("score", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def replay(*args, expect_exit=None):
    out = io.StringIO()
    if expect_exit is None:
        call_command("replay", *args, stdout=out, stderr=io.StringIO())
    else:
        with pytest.raises(SystemExit) as exit_info:
            call_command("replay", *args, stdout=out, stderr=io.StringIO())
        assert exit_info.value.code == expect_exit
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_f3_score_prints_the_result_as_one_json_line(classic_board_file):
    out, err = score(str(classic_board_file))
    assert out.count("\n") == 1
    assert json.loads(out) == CLASSIC_RESULT
    assert err == ""


def test_f3_impossible_board_prints_field_and_message_per_line_and_exits_1(tmp_path):
    board = copy.deepcopy(CLASSIC_BOARD)
    board["players"][1]["colour"] = "black"
    board["players"][2]["sled"] = 6
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("score", str(write_json(tmp_path / "bad.json", board)), stdout=io.StringIO(), stderr=err)
    assert exit_info.value.code == 1
    lines = err.getvalue().splitlines()
    assert "players[1].colour: black is already another player's colour" in lines
    assert "players[2].sled: must be between 0 and 5, got 6" in lines


def test_c6_b_side_without_data_is_refused_on_the_command_line(tmp_path):
    board = {**copy.deepcopy(CLASSIC_BOARD), "sides": {"burial-chamber": "B"}}
    err = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("score", str(write_json(tmp_path / "b.json", board)), stdout=io.StringIO(), stderr=err)
    assert err.getvalue().startswith("sides.burial-chamber: burial chamber side B cannot be played or scored yet")


def test_f4_replay_prints_finished_plies_and_score(tmp_path, classic_records):
    [line] = replay(str(write_json(tmp_path / "game.json", classic_records[1])))
    assert (line["finished"], line["plies"]) == (True, len(classic_records[1]["moves"]))
    assert line["score"]["game"] == "classic" and len(line["score"]["players"]) == 3


def test_f4_ndjson_mixes_games_and_reports_each_record(tmp_path, classic_records):
    path = tmp_path / "records.ndjson"
    docs = [*classic_records, CLASSIC_ILLEGAL_RECORD]
    path.write_text("\n".join(json.dumps(d) for d in docs) + "\n")
    lines = replay(str(path), "--ndjson", expect_exit=1)
    assert [len(line["score"]["players"]) for line in lines[:3]] == [2, 3, 4]
    assert lines[3] == CLASSIC_ILLEGAL_RECORD_ERROR


def test_f3_score_process_exits_0_with_one_line(classic_board_file):
    result = run_manage("score", str(classic_board_file))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["players"][0]["total"] == 68


def test_f4_replay_process_reads_standard_input(classic_records):
    result = run_manage("replay", "-", stdin=json.dumps(classic_records[2]))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["plies"] == len(classic_records[2]["moves"])
