"""Fuzzing ``manage.py replay`` and ``manage.py score`` (issue 9): whatever the file holds —
binary junk, text that is not JSON, JSON that is no record, real records and boards with one
part mutated, deep nesting, lone surrogates — the command prints the engine's answer or a clear
error and exits 0, 1 or with a CommandError; never a traceback. Output goes through a real
UTF-8 stream, as on a terminal, so text that cannot be printed fails here too."""

from __future__ import annotations

import io
import json
import random
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.registry import default_registry
from tests.fuzz.conftest import examples
from tests.fuzz.strategies import GAMES, JSON, TEXT, mutate

FUZZ = settings(
    max_examples=examples(40),
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def samples() -> list[dict]:
    return [default_registry().game(g).random_record(random.Random(9)) for g in GAMES]


RECORDS = samples()
BOARDS = [default_registry().replay(r).final_board() for r in RECORDS]

#: Texts that are hard on a JSON reader: nesting at and beyond the parser's depth, numbers too
#: long to convert, constants JSON does not have, a byte-order mark, lone surrogate escapes.
HOSTILE_TEXTS = [
    "",
    "   \n",
    "NaN",
    "[Infinity]",
    "1" * 5000,
    '{"game": 1' + "0" * 5000 + "}",
    "\ufeff{}",
    '{"game": "\\ud800"}',
    '{"players": ["\\udfff", "B"]}',
    *("[" * depth + "]" * depth for depth in (100, 900, 950, 990, 1000, 5000)),
    *('{"game": "duel", "moves": [' + "[" * depth + "]" * depth + "]}" for depth in (900, 950, 990)),
]


def run(command: str, text: bytes | str, tmp_path, *args: str) -> tuple[object, list[str], list[str]]:
    """Run the command on a file holding ``text``: (exit, stdout lines, stderr lines), exit
    being 0, the SystemExit code, or the CommandError's message."""
    path = tmp_path / "input.json"
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    path.write_bytes(text)
    out, err = io.BytesIO(), io.BytesIO()
    # Real UTF-8 streams, as a terminal's: printing a lone surrogate raises here as it would there.
    out_text = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    err_text = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    try:
        call_command(command, str(path), *args, stdout=out_text, stderr=err_text)
        code: object = 0
    except SystemExit as exc:
        code = exc.code
    except CommandError as exc:
        code = str(exc)
    return code, out.getvalue().decode().splitlines(), err.getvalue().decode().splitlines()


def check_replay(code, lines) -> None:
    answers = [json.loads(line) for line in lines]
    if isinstance(code, str):  # the file could not be read at all
        assert answers == [] and code
        return
    assert answers, "nothing printed"
    for answer in answers:
        assert set(answer) in ({"finished", "plies", "score"}, {"error"}), answer
    rejected = any("error" in a for a in answers)
    assert code == (1 if rejected else 0)


def check_score(code, out, err) -> None:
    if isinstance(code, str):  # not JSON / not readable: one clear message
        assert code and out == []
    elif code == 0:
        [line] = out
        assert "players" in json.loads(line)
    else:
        assert code == 1 and err and out == []


DOCUMENTS = st.one_of(
    st.binary(max_size=200),
    TEXT,
    JSON.map(json.dumps),
    st.sampled_from(HOSTILE_TEXTS),
)


@FUZZ
@given(text=DOCUMENTS)
def test_replay_command_on_junk_prints_an_answer_or_a_clear_error(tmp_path, text):
    code, out, _ = run("replay", text, tmp_path)
    check_replay(code, out)


@FUZZ
@given(data=st.data())
def test_replay_command_on_mutated_records_prints_an_answer_per_record(tmp_path, data):
    records = [mutate(data, data.draw(st.sampled_from(RECORDS)), JSON) for _ in range(data.draw(st.integers(1, 3)))]
    lines = [json.dumps(r) for r in records] + [data.draw(st.sampled_from([*HOSTILE_TEXTS[3:], "{not json"]))]
    code, out, _ = run("replay", "\n".join(lines), tmp_path, "--ndjson")
    check_replay(code, out)


@FUZZ
@given(text=DOCUMENTS)
def test_score_command_on_junk_prints_a_score_or_a_clear_error(tmp_path, text):
    code, out, err = run("score", text, tmp_path)
    check_score(code, out, err)


@FUZZ
@given(data=st.data())
def test_score_command_on_mutated_boards_prints_a_score_or_the_problems(tmp_path, data):
    board = mutate(data, data.draw(st.sampled_from(BOARDS)), JSON)
    code, out, err = run("score", json.dumps(board), tmp_path)
    check_score(code, out, err)


@pytest.mark.parametrize("command", ["replay", "score"])
@pytest.mark.parametrize("text", HOSTILE_TEXTS, ids=lambda t: f"{t[:12]!r}…{len(t)}")
def test_hostile_texts_get_a_clear_answer(tmp_path, command, text):
    code, out, err = run(command, text, tmp_path)
    if command == "replay":
        check_replay(code, out)
    else:
        check_score(code, out, err)


@pytest.mark.parametrize("command", ["replay", "score"])
def test_lone_surrogates_in_names_are_refused_not_printed(tmp_path, command):
    document = (
        {**RECORDS[0], "players": ["\ud800", "Ben"]}
        if command == "replay"
        else {**BOARDS[0], "players": [{**BOARDS[0]["players"][0], "name": "\udfff"}, *BOARDS[0]["players"][1:]]}
    )
    code, out, _ = run(command, json.dumps(document), tmp_path)
    if command == "replay":
        check_replay(code, out)
        assert code == 1 and "surrogate" in json.loads(out[0])["error"]["reason"]
    else:
        assert "surrogate" in str(code)
