"""Duel end-game boards (formats.md F1): what a person reads off the table for the score
calculator, as the immutable `DuelBoard` and its two `PlayerBoard`s.

`parse_board` turns an F1 JSON dict into a `DuelBoard` or raises `BoardError` listing every
problem as ``(field_path, message)`` (`board_validation`, `board_limits`: the physical limits of
the box, duel.md D1). A `DuelBoard` built directly (e.g. by a replay) is checked the same way on
construction, so `scoring.score` can trust any board it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.duel.board_limits import MONUMENTS
from rules_engine.duel.board_validation import validate_board
from rules_engine.errors import BoardError


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """One player's monuments and extras at the end (F1 ``players[i]``)."""

    name: str | None
    obelisk: int
    obelisk_first_to_five: bool
    temple: tuple[int, ...]  # one entry per temple token: its value 1–4 (kept sorted)
    pyramid_light: int
    pyramid_dark: int
    tomb: tuple[int, ...]  # the tomb numbers held, 1–12 (kept sorted)
    action_tokens: int
    meeples_on_harbor: int

    def __post_init__(self) -> None:
        # Keep the board immutable and order-free (callers often pass unsorted lists), so two
        # boards holding the same tokens compare equal.
        for key in ("temple", "tomb"):
            value = getattr(self, key)
            if isinstance(value, list | tuple):
                try:
                    object.__setattr__(self, key, tuple(sorted(value)))
                except TypeError:  # junk entries: leave them for DuelBoard's validation to name
                    object.__setattr__(self, key, tuple(value))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "obelisk": self.obelisk,
            "obelisk_first_to_five": self.obelisk_first_to_five,
            "temple": sorted(self.temple),
            "pyramid": {"light": self.pyramid_light, "dark": self.pyramid_dark},
            "tomb": sorted(self.tomb),
            "action_tokens": self.action_tokens,
            "meeples_on_harbor": self.meeples_on_harbor,
        }


@dataclass(frozen=True, slots=True)
class DuelBoard:
    """A whole F1 board. ``sides`` always names every monument (missing ones are "A").

    Construction validates (raises `BoardError`), and copies ``sides`` so the board owns it;
    treat ``sides`` as read-only.
    """

    sides: dict[str, str]
    starting_player: int
    players: tuple[PlayerBoard, PlayerBoard]

    def __post_init__(self) -> None:
        sides = self.sides
        if isinstance(sides, Mapping):
            # Fill omitted monuments with "A" (F1) and take our own copy.
            sides = {m: sides.get(m, "A") for m in MONUMENTS} | {
                k: v for k, v in sides.items() if k not in MONUMENTS
            }
            object.__setattr__(self, "sides", sides)
        if isinstance(self.players, list):
            object.__setattr__(self, "players", tuple(self.players))
        errors = validate_board(self._raw())
        if errors:
            raise BoardError(errors)

    def _raw(self) -> dict[str, Any]:
        """The board as F1-shaped data *without* coercion, for validation of direct builds."""
        players = self.players
        raw_players: object = players
        if isinstance(players, tuple) and all(isinstance(p, PlayerBoard) for p in players):
            raw_players = [
                {
                    "name": p.name,
                    "obelisk": p.obelisk,
                    "obelisk_first_to_five": p.obelisk_first_to_five,
                    "temple": p.temple,
                    "pyramid": {"light": p.pyramid_light, "dark": p.pyramid_dark},
                    "tomb": p.tomb,
                    "action_tokens": p.action_tokens,
                    "meeples_on_harbor": p.meeples_on_harbor,
                }
                for p in players
            ]
        elif isinstance(players, tuple):
            raw_players = list(players)
        return {"sides": self.sides, "starting_player": self.starting_player, "players": raw_players}

    def to_json(self) -> dict[str, Any]:
        """The canonical F1 dict: every field present, temple and tomb sorted."""
        return {
            "game": "duel",
            "sides": {m: self.sides[m] for m in MONUMENTS},
            "starting_player": self.starting_player,
            "players": [p.to_json() for p in self.players],
        }


def parse_board(data: object) -> DuelBoard:
    """Validate an F1 dict (formats.md F1) and build the board.

    Raises `BoardError` listing every problem found; never TypeError/KeyError for bad input.
    """
    errors = validate_board(data)
    if errors:
        raise BoardError(errors)
    assert isinstance(data, Mapping)
    given_sides = data.get("sides") or {}
    players = tuple(
        PlayerBoard(
            name=p.get("name"),
            obelisk=p["obelisk"],
            obelisk_first_to_five=p.get("obelisk_first_to_five", False),
            temple=tuple(p["temple"]),
            pyramid_light=p["pyramid"]["light"],
            pyramid_dark=p["pyramid"]["dark"],
            tomb=tuple(p["tomb"]),
            action_tokens=p["action_tokens"],
            meeples_on_harbor=p["meeples_on_harbor"],
        )
        for p in data["players"]
    )
    # Already validated above: skip DuelBoard.__post_init__'s second check (this runs on
    # every keystroke of the calculator).
    board = object.__new__(DuelBoard)
    object.__setattr__(board, "sides", {m: given_sides.get(m, "A") for m in MONUMENTS})
    object.__setattr__(board, "starting_player", data.get("starting_player", 0))
    object.__setattr__(board, "players", players)
    return board
