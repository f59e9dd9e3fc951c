"""One base-game position as JSON, for the replay viewer and the replay API.

The shape is documented in docs/state-json.md ("Classic state JSON"); keep the two in step.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules_engine.classic.components import MIN_LOAD, SITES, TEMPLE_WIDTH
from rules_engine.classic.deliveries import tower_values
from rules_engine.classic.finalboard import burial_columns, final_board, reached
from rules_engine.classic.sitedata import EMPTY, SiteData
from rules_engine.classic.state import MARKET, NO_SITE, OBELISKS, PYRAMIDS, TEMPLE, ClassicState, temple_tops
from rules_engine.scores import Json


def _docked(state: ClassicState, site: int) -> int | None:
    return state._sailed.index(site) + 1 if site in state._sailed else None


def _sites(state: ClassicState) -> dict[str, Json]:
    col = state.colours
    sides = state._sides
    market: dict[str, Json] = {
        "side": sides[MARKET],
        "ship": _docked(state, MARKET),
        "face_up": list(state._market),
        "pair": len(state._pair),
    }
    if sides[PYRAMIDS] == "A":
        pyramids: dict[str, Json] = {
            "side": "A",
            "ship": _docked(state, PYRAMIDS),
            "stones": [col[p] for p in state._pyr],
        }
    else:
        pyramids = {
            "side": "B",
            "ship": _docked(state, PYRAMIDS),
            "pyramids": [[col[p] for p in pyr] for pyr in state._pyrb],
            "overflow": [col[p] for p in state._pyr],
        }
    width = TEMPLE_WIDTH[state.players]
    temple: dict[str, Json] = {
        "side": sides[TEMPLE],
        "ship": _docked(state, TEMPLE),
        "width": width,
        "stones": [col[p] for p in state._temple],
        "top": [None if p is None else col[p] for p in temple_tops(list(state._temple), width)],
    }
    columns: list[Json] = [[*column] for column in burial_columns(state)]
    burial: dict[str, Json] = {"side": sides[3], "ship": _docked(state, 3), "columns": columns}
    obelisks: dict[str, Json] = {
        "side": sides[OBELISKS],
        "ship": _docked(state, OBELISKS),
        "heights": {col[p]: state._obel[p] for p in range(state.players)},
    }
    if sides[OBELISKS] == "B":
        values = tower_values(state)
        obelisks["towers"] = [{"colour": col[p], "value": values[k]} for k, p in enumerate(state._towers)]
    return {"market": market, "pyramids": pyramids, "temple": temple, "burial-chamber": burial, "obelisks": obelisks}


def _ships(state: ClassicState) -> list[Json]:
    out: list[Json] = []
    for s, cap in enumerate(state._caps):
        site = state._sailed[s]
        out.append(
            {
                "ship": s + 1,
                "capacity": cap,
                "min_load": MIN_LOAD[cap],
                "slots": [None if p is None else state.colours[p] for p in state._slots[s * 4 : s * 4 + cap]],
                "sailed_to": None if site == NO_SITE else SITES[site],
            }
        )
    return out


def state_to_json(
    state: ClassicState, record: Mapping[str, object] | None = None, data: SiteData = EMPTY
) -> dict[str, Json]:
    """The documented JSON of ``state``. ``record`` (its F4 header) gives the names and the
    variants of the running score; ``data`` the B-side board data (default: the state's)."""
    from rules_engine.classic.scoring import score_board

    board = final_board(state, record)
    result = score_board(board, state.data if data is EMPTY else data)
    players: list[Json] = []
    for i in range(state.players):
        s = result.players[i]
        players.append(
            {
                "name": board["players"][i]["name"],
                "colour": state.colours[i],
                "quarry": state._quarry[i],
                "sled": state._sled[i],
                "track": state._track[i],
                "cards": {
                    "blue": list(state._blue[i]),
                    "green": [f"decoration-{site}" for site in state._green[i]],
                    "purple": state._purple[i],
                },
                "reached": [*reached(state, i)],
                "score": {"total": s.total, "breakdown": {**s.breakdown}},
            }
        )
    return {
        "game": "classic",
        "ply": state.ply,
        "round": state.round,
        "rounds": 6,
        "to_move": state.to_move,
        "over": state.over,
        "round_first": state._first,
        "passes": state._passes,
        "ships": _ships(state),
        "sites": _sites(state),
        "deck_count": state._ndeck,
        "discard_count": state._ndiscard,
        "players": players,
        "leaders": list(result.winners),
    }
