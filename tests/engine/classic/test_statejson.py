"""Classic state JSON (docs/state-json.md, "Classic state JSON")."""

import json
import random

from rules_engine.classic.playout import random_record
from rules_engine.classic.record import replay
from rules_engine.classic.statejson import state_to_json

from .classic_helpers import deck_order, play, record, start
from .test_c6_b_sides import ALL_B, FICTIONAL

TOP_KEYS = {
    "game",
    "ply",
    "round",
    "rounds",
    "to_move",
    "over",
    "round_first",
    "passes",
    "ships",
    "sites",
    "deck_count",
    "discard_count",
    "players",
    "leaders",
}


def test_state_json_has_the_documented_shape():
    s = play(
        start(4, draws=deck_order("lever", "statue", "hammer", "chisel")),
        "place 1 1",
        "place 1 3",
        "place 4 1",
        "sail 4 market take=hammer",
    )
    js = state_to_json(s, record(4))
    assert set(js) == TOP_KEYS
    assert js["ships"][0] == {
        "ship": 1,
        "capacity": 4,
        "min_load": 3,
        "slots": ["black", None, "white", None],
        "sailed_to": None,
    }
    assert js["ships"][3]["sailed_to"] == "market" and js["sites"]["market"]["ship"] == 4
    assert js["sites"]["market"] == {"side": "A", "ship": 4, "face_up": ["lever", "statue", "chisel"], "pair": 0}
    assert js["players"][1]["cards"] == {"blue": [], "green": [], "purple": 0}
    assert js["players"][2]["cards"]["blue"] == ["hammer"]
    assert js["players"][0]["name"] == "Ana" and js["players"][0]["sled"] == 1
    assert js["players"][2]["score"]["breakdown"]["blue_cards"] == 1
    assert js["leaders"] == [2]
    json.dumps(js)


def test_state_json_of_every_state_of_random_games_serialises():
    for players in (2, 3, 4):
        rec = random_record(random.Random(players), players)
        for s in replay(rec).states[::10]:
            js = state_to_json(s, rec)
            assert set(js) == TOP_KEYS
            assert len(js["players"]) == players
            json.loads(json.dumps(js))


def test_state_json_b_sides_show_the_three_pyramids_and_the_towers():
    rec = random_record(random.Random(5), 4, sides=ALL_B, data=FICTIONAL)
    last = replay(rec, FICTIONAL).state
    js = state_to_json(last, rec, FICTIONAL)
    assert len(js["sites"]["pyramids"]["pyramids"]) == 3 and "overflow" in js["sites"]["pyramids"]
    assert "towers" in js["sites"]["obelisks"]
    assert js["over"] and js["ships"] == []


def test_state_json_green_cards_are_card_ids():
    s = play(
        start(4, draws=deck_order("decoration-temple", "statue", "statue", "statue")),
        "place 4 1",
        "sail 4 market take=decoration-temple",
    )
    assert state_to_json(s)["players"][0]["cards"] == {"blue": [], "green": ["decoration-temple"], "purple": 0}
