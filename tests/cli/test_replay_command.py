"""``manage.py replay PATH [--ndjson]``: one JSON line per record (formats.md F2)."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from rules_engine.duel.apidocs import ILLEGAL_RECORD_ERROR
from rules_engine.errors import RecordError
from rules_engine.registry import default_registry
from rules_engine.validation import MAX_DEPTH
from tests.cli.conftest import run_manage, write_json


def replay(*args, expect_exit=None):
    out = io.StringIO()
    if expect_exit is None:
        call_command("replay", *args, stdout=out, stderr=io.StringIO())
    else:
        with pytest.raises(SystemExit) as exit_info:
            call_command("replay", *args, stdout=out, stderr=io.StringIO())
        assert exit_info.value.code == expect_exit
    return [json.loads(line) for line in out.getvalue().splitlines()]


def ndjson(tmp_path, documents):
    path = tmp_path / "records.ndjson"
    path.write_text("\n".join(d if isinstance(d, str) else json.dumps(d) for d in documents) + "\n")
    return path


def test_f2_replay_prints_finished_plies_and_score(tmp_path, records):
    [line] = replay(str(write_json(tmp_path / "game.json", records[0])))
    assert set(line) == {"finished", "plies", "score"}
    assert line["finished"] is True
    assert line["plies"] == len(records[0]["moves"])


def test_f2_replay_of_a_rejected_record_prints_the_error_and_exits_1(tmp_path, illegal_record):
    lines = replay(str(write_json(tmp_path / "game.json", illegal_record)), expect_exit=1)
    assert lines == [ILLEGAL_RECORD_ERROR]


def test_f2_ndjson_prints_one_line_per_record_in_order(tmp_path, records):
    lines = replay(str(ndjson(tmp_path, records)), "--ndjson")
    assert [line["plies"] for line in lines] == [len(r["moves"]) for r in records]


def test_f2_ndjson_skips_blank_lines(tmp_path, records):
    lines = replay(str(ndjson(tmp_path, [records[0], "", "   ", records[1]])), "--ndjson")
    assert len(lines) == 2


def test_f2_ndjson_with_one_rejected_record_replays_the_others_and_exits_1(tmp_path, records, illegal_record):
    path = ndjson(tmp_path, [records[0], illegal_record, "{not json", records[1]])
    lines = replay(str(path), "--ndjson", expect_exit=1)
    assert lines[0]["finished"] is True and lines[3]["finished"] is True
    assert lines[1] == ILLEGAL_RECORD_ERROR
    assert lines[2]["error"]["move"] is None
    assert "line 3 is not valid JSON" in lines[2]["error"]["reason"]


def test_f2_replay_reads_standard_input_for_dash(records):
    out = io.StringIO()
    call_command("replay", "-", "--ndjson", stdin=io.StringIO(json.dumps(records[2]) + "\n"), stdout=out)
    assert json.loads(out.getvalue())["plies"] == len(records[2]["moves"])


def test_f2_missing_file_is_a_clear_command_error(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        replay(str(tmp_path / "nope.json"))


# --------------------------------------------------------------------------- real processes


def test_f2_replay_process_exits_0_when_every_record_replayed(tmp_path, records):
    result = run_manage("replay", str(ndjson(tmp_path, records)), "--ndjson")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 3


def test_f2_replay_process_exits_1_when_any_record_was_rejected(tmp_path, records, illegal_record):
    result = run_manage("replay", str(ndjson(tmp_path, [records[0], illegal_record])), "--ndjson")
    assert result.returncode == 1
    assert json.loads(result.stdout.splitlines()[1]) == ILLEGAL_RECORD_ERROR


def test_f2_replay_process_exits_1_for_a_missing_file(tmp_path):
    result = run_manage("replay", str(tmp_path / "nope.json"))
    assert result.returncode == 1
    assert "no such file" in result.stderr


def test_a_move_field_past_64_bits_is_refused_as_the_whole_number_it_is(tmp_path, records):
    record = {**records[0], "moves": [{"type": "place", "cell": 10**20}]}
    [line] = replay(str(write_json(tmp_path / "game.json", record)), expect_exit=1)
    with pytest.raises(RecordError) as refused:
        default_registry().replay(record)
    assert line == refused.value.to_json()


def test_a_record_nested_past_the_engines_limit_is_refused_by_the_engine(tmp_path, records):
    deep = nested = []
    for _ in range(MAX_DEPTH):
        nested.append([])
        nested = nested[0]
    [line] = replay(str(write_json(tmp_path / "game.json", {**records[0], "deep": deep})), expect_exit=1)
    assert line["error"]["reason"] == f"the record is nested more than {MAX_DEPTH} levels deep"
