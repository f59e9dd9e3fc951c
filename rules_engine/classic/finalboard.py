"""A base-game position read off as an F3 board (formats.md F3): `final_board`, ready for
`scoring.score_board` (C8), and the parts of it the replay viewer shows on their own (the
burial chamber's columns, C5.4; the building sites a player reached; the stones per site).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_engine.classic.components import BUILDING_SITES, GAME_ID
from rules_engine.classic.shapes import Board, BoardPlayer
from rules_engine.classic.state import SITE_INDEX, ClassicState


def temple_count(state: ClassicState) -> int:
    return len(state._temple)


def pyramid_count(state: ClassicState) -> int:
    return len(state._pyr) + sum(len(p) for p in state._pyrb)


def burial_columns(state: ClassicState) -> list[list[str | None]]:
    """C5.4: the burial chamber's columns left to right, each 3 entries top to bottom."""
    stones: list[str | None] = [state.colours[p] for p in state._burial]
    cols = [stones[i : i + 3] for i in range(0, len(stones), 3)]
    if cols and len(cols[-1]) < 3:
        cols[-1] = cols[-1] + [None] * (3 - len(cols[-1]))
    return cols


def reached(state: ClassicState, p: int) -> list[str]:
    bits = state._reached[p]
    return [s for s in BUILDING_SITES if bits >> SITE_INDEX[s] & 1]


def final_board(state: ClassicState, record: Mapping[str, object] | None = None) -> Board:
    """The position as an F3 board (formats.md), ready for `scoring.score_board`: the score
    track as it stands, sleds, obelisks, cards held, the burial chamber grid and the stone
    counts. Mid-game it is the board "if the game ended now"."""
    record = record or {}
    listed = record.get("players")
    names = listed if isinstance(listed, list | tuple) and listed else [f"Player {i + 1}" for i in range(state.players)]
    variants = record.get("variants")
    players: list[BoardPlayer] = []
    for i in range(state.players):
        players.append(
            {
                "name": names[i],
                "colour": state.colours[i],
                "track": state._track[i],
                "sled": state._sled[i],
                "obelisk_stones": state._obel[i],
                "statues": state._purple[i],
                "decorations": list(state._green[i]),
                "blue_cards": len(state._blue[i]),
                "reached": reached(state, i),
            }
        )
    return {
        "game": GAME_ID,
        "sides": state.sides,
        "variants": list(variants) if isinstance(variants, list | tuple) else [],
        "players": players,
        "burial_chamber": burial_columns(state),
        "site_stones": site_stones(state),
    }


def site_stones(state: ClassicState) -> dict[str, int]:
    """F3 ``site_stones``: pyramids and temple always; on Obelisks B also the obelisks (loose
    stones plus 3 per tower), which the F3 ``obelisk_stones`` do not show (C6.5)."""
    out = {"pyramids": pyramid_count(state), "temple": temple_count(state)}
    if state._sides[4] == "B":
        out["obelisks"] = sum(state._obel) + 3 * len(state._towers)
    return out
