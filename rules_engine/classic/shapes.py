"""The base game's JSON documents as the engine holds them once checked (formats.md F3): typed
so the scoring reads fields, not ``Any``. A board a person sends is checked by
`board.validate_board` before it has this shape; `finalboard.final_board` makes it directly."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class BoardPlayer(TypedDict):
    """One player of an F3 board."""

    name: str | None
    colour: str
    track: int
    sled: int
    obelisk_stones: int  # the height on Obelisks A, the loose stones on B
    statues: int
    decorations: list[str]  # by building site; a site may appear twice
    blue_cards: int
    reached: NotRequired[list[str]]  # the building sites reached (C9), only for Pharaoh's wrath


class Board(TypedDict):
    """An F3 end-game board."""

    game: str
    sides: dict[str, str]
    variants: NotRequired[list[str]]
    players: list[BoardPlayer]
    burial_chamber: list[list[str | None]]  # columns, each 3 entries top to bottom
    site_stones: dict[str, int]


class WrathLine(TypedDict):
    """A Pharaoh's wrath line as the hook ``imhotep_variant_score`` answers it (C9)."""

    key: str
    points: int
    text: str
    rule: str
