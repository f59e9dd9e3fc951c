"""``manage.py score PATH``: one F1 board in, one JSON line out (formats.md F1)."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from rules_engine.duel.apidocs import D9_1_RESULT
from tests.cli.conftest import run_manage


def score(*args, stdin=None):
    out, err = io.StringIO(), io.StringIO()
    kwargs = {"stdin": io.StringIO(stdin)} if stdin is not None else {}
    call_command("score", *args, stdout=out, stderr=err, **kwargs)
    return out.getvalue(), err.getvalue()


def test_f1_score_prints_the_result_as_one_json_line(board_file):
    out, err = score(str(board_file))
    assert out.count("\n") == 1 and out.endswith("\n")
    assert json.loads(out) == D9_1_RESULT
    assert err == ""


def test_f1_score_reads_standard_input_for_dash(board_file):
    out, _ = score("-", stdin=board_file.read_text())
    assert json.loads(out)["players"][0]["total"] == 69


def test_f1_invalid_board_prints_field_and_message_per_line_and_exits_1(bad_board_file):
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("score", str(bad_board_file), stdout=io.StringIO(), stderr=err)
    assert exit_info.value.code == 1
    assert sorted(err.getvalue().splitlines()) == [
        "players[1].meeples_on_harbor: must be between 0 and 4, got 5",
        "players[1].tomb: tomb 11 is held by both players",
    ]


@pytest.mark.parametrize(
    ("content", "words"),
    [('{"players": [', "is not valid JSON"), ("", "is empty"), ('{"a": NaN}', "NaN is not a JSON number")],
    ids=["truncated", "empty", "nan"],
)
def test_f1_invalid_json_is_a_clear_command_error(tmp_path, content, words):
    path = tmp_path / "board.json"
    path.write_text(content)
    with pytest.raises(CommandError, match=words):
        score(str(path))


def test_f1_missing_file_is_a_clear_command_error(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        score(str(tmp_path / "nope.json"))


def test_f1_non_object_board_is_a_validation_error(tmp_path):
    path = tmp_path / "board.json"
    path.write_text("[1, 2]")
    with pytest.raises(SystemExit):
        score(str(path))


# --------------------------------------------------------------------------- real processes


def test_f1_score_process_exits_0_with_one_line(board_file):
    result = run_manage("score", str(board_file))
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 1
    assert json.loads(result.stdout)["players"][0]["total"] == 69


def test_f1_score_process_exits_1_for_an_impossible_board(bad_board_file):
    result = run_manage("score", str(bad_board_file))
    assert result.returncode == 1
    assert result.stdout == ""
    assert "players[1].tomb: tomb 11 is held by both players" in result.stderr.splitlines()


def test_f1_score_process_exits_1_for_invalid_json_from_stdin():
    result = run_manage("score", "-", stdin="not json")
    assert result.returncode == 1
    assert "standard input is not valid JSON" in result.stderr
