"""A hand-written classic state JSON (docs/state-json.md, "Classic state JSON"), for the
presenter, describer and menu tests that do not need the engine. The real engine's states are
checked in the same test modules on random records."""

import copy

STATE = {
    "game": "classic",
    "ply": 37,
    "round": 2,
    "rounds": 6,
    "to_move": 1,
    "over": False,
    "round_first": 0,
    "passes": 0,
    "ships": [
        {"ship": 1, "capacity": 4, "min_load": 3, "slots": ["black", None, "white", "brown"], "sailed_to": None},
        {"ship": 2, "capacity": 3, "min_load": 2, "slots": ["white", "black", None], "sailed_to": "pyramids"},
        {"ship": 3, "capacity": 2, "min_load": 1, "slots": [None, None], "sailed_to": None},
        {"ship": 4, "capacity": 1, "min_load": 1, "slots": ["brown"], "sailed_to": None},
    ],
    "sites": {
        "market": {
            "side": "A",
            "ship": None,
            "face_up": ["statue", "lever", "paved-path", "decoration-temple"],
            "pair": 0,
        },
        "pyramids": {
            "side": "A",
            "ship": 2,
            "stones": [
                "black",
                "white",
                "brown",
                "black",
                "white",
                "black",
                "brown",
                "white",
                "black",
                "brown",
                "white",
                "black",
                "white",
                "brown",
                "black",
            ],
        },
        "temple": {
            "side": "A",
            "ship": None,
            "width": 5,
            "stones": ["black", "white", "brown", "black", "white", "brown", "white"],
            "top": ["brown", "white", "brown", "black", "white"],
        },
        "burial-chamber": {"side": "B", "ship": None, "columns": [["black", "white", "black"], ["brown", None, None]]},
        "obelisks": {"side": "A", "ship": None, "heights": {"black": 2, "white": 0, "brown": 5}},
    },
    "deck_count": 20,
    "discard_count": 6,
    "players": [
        {
            "name": "Ana",
            "colour": "black",
            "quarry": 22,
            "sled": 3,
            "track": 14,
            "cards": {"blue": ["lever"], "green": ["decoration-temple"], "purple": 2},
            "reached": ["pyramids"],
            "score": {"total": 30, "breakdown": {"track": 14}},
        },
        {
            "name": "Ben",
            "colour": "white",
            "quarry": 20,
            "sled": 5,
            "track": 9,
            "cards": {"blue": [], "green": [], "purple": 0},
            "reached": ["pyramids", "temple"],
            "score": {"total": 12, "breakdown": {"track": 9}},
        },
        {
            "name": "Cy",
            "colour": "brown",
            "quarry": 18,
            "sled": 0,
            "track": 11,
            "cards": {"blue": ["sail", "chisel"], "green": [], "purple": 1},
            "reached": [],
            "score": {"total": 17, "breakdown": {"track": 11}},
        },
    ],
    "leaders": [0],
}


def state(**changes) -> dict:
    """A deep copy of STATE with top-level keys replaced."""
    out = copy.deepcopy(STATE)
    out.update(copy.deepcopy(changes))
    return out
