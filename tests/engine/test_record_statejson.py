"""The state JSON of docs/state-json.md (replay viewer, POST /api/v1/replay?states=1)."""

import json
import random

from rules_engine.duel.game import final_board
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import replay
from rules_engine.duel.scoring import score_json
from rules_engine.duel.statejson import state_to_json

from .duel_helpers import cycle, drain, start

TOP_KEYS = {"ply", "to_move", "over", "end_reason", "boats", "harbor", "reserve_count",
            "supply_count", "unloads", "box", "first_to_five", "players", "leader"}
PLAYER_KEYS = {"obelisk", "temple", "pyramid", "tomb", "action_tokens", "meeples_in_supply",
               "meeples_on_harbor", "score"}


def test_state_json_has_the_documented_fields_and_is_plain_json():
    rep = replay(random_record(random.Random(41)))
    for state in rep.states[::7]:
        data = state_to_json(state)
        assert set(data) == TOP_KEYS
        assert all(set(p) == PLAYER_KEYS for p in data["players"])
        assert json.loads(json.dumps(data)) == data


def test_state_json_setup_position():
    data = state_to_json(start(boats={"row-1": ["tomb-1", "tomb-2", "tomb-3"]}))
    assert data["boats"]["row-1"] == ["tomb-1", "tomb-2", "tomb-3"]
    assert data["harbor"] == dict.fromkeys(["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"])
    assert (data["supply_count"], data["reserve_count"], data["ply"], data["to_move"]) == (39, 3, 0, 0)


def test_state_json_removed_boat_is_null():
    state = cycle(drain(start(), ["row-1"] * 13), "row-1")
    assert state_to_json(state)["boats"]["row-1"] is None


def test_state_json_running_score_is_the_calculators_score():
    rep = replay(random_record(random.Random(42)))
    sides = {"obelisk": "B", "temple": "B"}
    state = rep.states[30]
    data = state_to_json(state, sides=sides)
    expected = score_json(final_board(state, sides=sides))
    assert [p["score"]["total"] for p in data["players"]] == [p["total"] for p in expected["players"]]
    assert data["players"][1]["score"]["breakdown"] == expected["players"][1]["breakdown"]
    assert data["leader"] == expected["winner"]
