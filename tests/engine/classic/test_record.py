"""F4 records: golden files replay to their frozen expectations; errors name the move index and
the reason; the rare situations the golden files hold (deadlock, red card with an empty quarry)."""

import json
from pathlib import Path

import pytest

from rules_engine.classic.record import replay
from rules_engine.errors import RecordError

from .classic_helpers import play, record, start

RECORDS = Path(__file__).resolve().parents[2] / "data" / "classic" / "records"
FILES = sorted(RECORDS.glob("*.json"))
VALID = [f for f in FILES if "error" not in json.loads(f.read_text())["expected"]]
INVALID = [f for f in FILES if f not in VALID]


def load(name):
    data = json.loads((RECORDS / name).read_text())
    return data["record"], data["expected"]


def test_record_golden_files_exist():
    assert len(VALID) >= 4 and len(INVALID) >= 2


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_record_golden_replays_to_the_expected_board_and_score(path):
    rec, expected = load(path.name)
    rep = replay(rec)
    assert rep.plies == expected["plies"] == len(rep.states) - 1
    assert rep.finished == expected["finished"]
    assert rep.final_board() == expected["final_board"]
    score = rep.score().to_json()
    assert [p["total"] for p in score["players"]] == expected["totals"]
    assert score["winners"] == expected["winners"]


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_record_golden_invalid_record_names_move_and_reason(path):
    rec, expected = load(path.name)
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.to_json() == expected


def test_c3_deadlock_all_players_passing_in_succession_ends_the_round():
    rec, _ = load("deadlock_two_players.json")
    rep = replay(rec)
    kinds = [m.kind for m in rep.moves]
    k = next(i for i in range(len(kinds) - 1) if kinds[i] == kinds[i + 1] == "pass")
    before, after_first, after = rep.states[k], rep.states[k + 1], rep.states[k + 2]
    assert after_first.round == before.round and after_first._passes == 1
    assert after.round == before.round + 1 or after.over
    # stones on the ships that did not sail go back to their owners' quarries
    on_ships = [sum(1 for p in after_first._slots if p == i) for i in range(2)]
    assert any(on_ships)
    assert [after._quarry[i] for i in range(2)] == [after_first._quarry[i] + on_ships[i] for i in range(2)]
    # each pass was forced: nothing else was legal
    assert before._sled[before.to_move] == 0 and before._quarry[before.to_move] == 0


def test_c7_a_red_card_taken_with_an_empty_quarry_is_discarded_without_effect():
    rec, expected = load("red_card_empty_quarry.json")
    rep = replay(rec)
    k = expected["red_card_move"]
    move, before, after = rep.moves[k], rep.states[k], rep.states[k + 1]
    ship = move.ship - 1
    owners = [p for p in before._slots[ship * 4 : ship * 4 + 4] if p is not None]

    def on_sites(s, p):
        return s._pyr.count(p) + s._burial.count(p) + s._obel[p]

    def reds_of(p):
        return [
            t
            for q, t in zip(owners, move.take, strict=True)
            if q == p and t in ("entrance", "sarcophagus", "paved-path")
        ]

    (p,) = {q for q in owners if on_sites(after, q) - on_sites(before, q) < len(reds_of(q))}
    assert before._quarry[p] == 0
    reds = reds_of(p)
    # the owner's first stone took a red card while the quarry was empty: no stone placed;
    # (a later red card of the same owner may use the stone that came home, C5.1 ruling)
    assert after._quarry[p] + on_sites(after, p) - on_sites(before, p) == owners.count(p)
    assert after.discard_count >= before.discard_count + len(reds)


def test_f4_an_illegal_move_is_reported_with_its_index_and_reason():
    rec = record(4, moves=["place 1 1", "place 1 2", {"type": "sail", "ship": 1, "site": "temple"}])
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move == 2 and err.value.rule == "C4.3"
    assert str(err.value).startswith("move 3: sail: ship 1 (capacity 4) holds 2 stones")


def test_f4_a_malformed_move_is_reported_with_its_index():
    rec = record(2, moves=["get", {"type": "place", "ship": 9, "slot": 1}])
    with pytest.raises(RecordError) as err:
        replay(rec)
    assert err.value.move == 1 and "ship must be a whole number 1–4" in err.value.reason


def test_f4_running_out_of_market_draws_is_an_error_at_the_move_that_needed_them():
    s = start(4)
    moves = [
        "place 4 1",
        "place 3 1",
        "sail 4 obelisks",
        "sail 3 burial-chamber",
        "place 2 1",
        "place 2 2",
        "place 1 1",
        "sail 2 temple",
        "get",
        "place 1 2",
        "place 1 3",
        "place 1 4",
        "sail 1 pyramids",
    ]
    assert play(s, *moves).round == 2
    with pytest.raises(RecordError) as err:
        replay(record(4, draws=["statue"] * 6, moves=moves))
    assert err.value.move == 12 and "needs market card 7, but setup.market_draws lists only 6 cards" in err.value.reason


def test_f4_a_record_in_progress_replays_and_scores_as_if_ended_now():
    rep = replay(record(4, moves=["place 4 1", "sail 4 obelisks"]))
    assert not rep.finished and rep.plies == 2
    board = rep.final_board()
    assert board["players"][0]["obelisk_stones"] == 1
    assert rep.score().to_json()["players"][0]["breakdown"]["obelisks"] == 15
    assert rep.final_board(0)["players"][0]["obelisk_stones"] == 0
