"""Builders of base-game F3 boards (formats.md F3) for the scoring tests, and a fictional set
of B-side board data."""

from __future__ import annotations

from rules_engine.classic.components import COLOURS, SITES

# FICTIONAL board data, made up for the tests only: the real B-side numbers are unknown
# (classic.md C6 ⚠) and must never be shipped or guessed. The values are deliberately
# implausible (multiples of 10, towers worth 90+) so nobody mistakes them for the real ones,
# except where classic.md fixes the number (a bonus space scores 1, C6.2; 8/4/2 for the first
# three of four players in the burial chamber, C6.4), which `from_mapping` enforces.
FICTIONAL_DATA = {
    "pyramids_b": {
        "pyramids": [
            [{"level": 1, "value": 1, "bonus": "card"}, {"level": 1, "value": 20}, {"level": 2, "value": 4}],
            [{"level": 1, "value": 1, "bonus": "stones"}, {"level": 2, "value": 4}],
            [{"level": 1, "value": 1, "bonus": "place"}],
        ],
        "overflow": 1,
    },
    "temple_b": {
        "spaces": {
            "2": ["card", "two-points", "point-or-stones", "card"],
            "3": ["card", "two-points", "point-or-stones", "card", "two-points"],
            "4": ["card", "two-points", "point-or-stones", "card", "two-points"],
        }
    },
    "burial_chamber_b": {"points": {"2": [50, 5], "3": [70, 30, 10], "4": [8, 4, 2, 0]}},
    "obelisks_b": {"towers": [99, 98, 97, 96]},
}


def player(colour: str = "black", **fields) -> dict:
    """One F3 player with nothing scored; ``fields`` override."""
    p = {
        "name": colour.title(),
        "colour": colour,
        "track": 0,
        "sled": 0,
        "obelisk_stones": 0,
        "statues": 0,
        "decorations": [],
        "blue_cards": 0,
    }
    p.update(fields)
    return p


def board(*players: dict, chamber=None, sides=None, site_stones=None, **extra) -> dict:
    """An F3 board; two empty players (black, white) by default."""
    b = {
        "game": "classic",
        "sides": dict.fromkeys(SITES, "A") | (sides or {}),
        "players": list(players) or [player(COLOURS[0]), player(COLOURS[1])],
        "burial_chamber": chamber if chamber is not None else [],
        "site_stones": site_stones if site_stones is not None else {"pyramids": 0, "temple": 0},
    }
    b.update(extra)
    return b


def players(n: int, **fields) -> list[dict]:
    """``n`` players in seat order, each with ``fields``."""
    return [player(colour, **fields) for colour in COLOURS[:n]]
