"""Golden F2 records in tests/data/duel/records/ replay to their expected boards, scores or
errors (see the README there for where each expectation comes from)."""

import json
from pathlib import Path

import pytest

from rules_engine.duel.record import replay
from rules_engine.errors import RecordError

RECORDS = Path(__file__).resolve().parents[1] / "data" / "duel" / "records"
FILES = sorted(RECORDS.glob("*.json"))
VALID = [f for f in FILES if "error" not in json.loads(f.read_text())["expected"]]
INVALID = [f for f in FILES if f not in VALID]


def load(path):
    data = json.loads(path.read_text())
    return data["record"], data["expected"]


def test_record_golden_files_exist():
    assert len(VALID) >= 5 and len(INVALID) >= 2


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_record_golden_replays_to_the_expected_board_and_score(path):
    record, expected = load(path)
    rep = replay(record)
    score = rep.score().to_json()
    assert rep.plies == expected["plies"] == len(rep.states) - 1
    assert rep.finished == expected["finished"]
    assert rep.state.end_reason == expected["end_reason"]
    assert rep.final_board() == expected["final_board"]
    assert [p["total"] for p in score["players"]] == expected["totals"]
    assert (score["winner"], score["tie_broken"]) == (expected["winner"], expected["tie_broken"])
    if "box" in expected:
        assert list(rep.state.box) == expected["box"]


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_record_golden_invalid_record_names_move_and_reason(path):
    record, expected = load(path)
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.to_json() == expected


def test_record_golden_transcript_equals_the_supply_form():
    plain, _ = load(RECORDS / "random_a_sides.json")
    transcribed, _ = load(RECORDS / "random_a_sides_transcribed.json")
    a, b = replay(plain), replay(transcribed)
    assert [s.players for s in a.states] == [s.players for s in b.states]
    assert [s.boats for s in a.states] == [s.boats for s in b.states]
    assert a.score().to_json() == b.score().to_json()
