"""Turn a Duel state into what `templates/games/replay.html` draws.

The harbor is a 4×4 grid (duel.md D2): cells a1 … c3, the row boats on the right of each
row, the column boats below each column. Removed boats (D4.2 step 4) are drawn as gone.
Highlights come from the story of the move that led here (`describe.MoveStory`). Words are
``Message`` values the templates say (``|say``), or lazily said where a template prints them
as they are (`games.ui.gameui.drawn`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.ui.duel.describe import MoveStory, player_name, token_name
from games.ui.duel.geometry import COLUMN_BOATS, COLUMNS, ROW_BOATS, ROWS, line_name
from games.ui.duel.token_labels import label
from games.ui.gameui import drawn

DEFAULT_COLOURS = ("black", "white")  # F2: colours default to black, white


@dataclass(frozen=True)
class TokenView:
    id: str
    kind: str  # obelisk, pyramid-light, pyramid-dark, temple, tomb, action
    label: str  # the short label typed at the table (D1) in the reader's language: Ob, PL, T2, #7, Take …
    name: str  # the board's words, a Message: "tomb 7", "light pyramid", "take 1 token"


def token_view(token: str | None) -> TokenView | None:
    if token is None:
        return None
    if token.startswith("temple-"):
        kind = "temple"
    elif token.startswith("tomb-"):
        kind = "tomb"
    elif token in ("obelisk", "pyramid-light", "pyramid-dark"):
        kind = token
    else:
        kind = "action"
    return TokenView(token, kind, label(token), token_name(token))


def _colour(colours: Sequence[str], player: int) -> str:
    return colours[player] if player < len(colours) else DEFAULT_COLOURS[player % 2]


def harbor_rows(state, story: MoveStory | None, colours: Sequence[str]) -> list[list[dict]]:
    """Four rows of four squares: kind "cell", "boat", "corner"."""
    cells = state.harbor
    boats = state.boats
    story = story or MoveStory(text="")

    def cell(name: str) -> dict:
        owner = cells.get(name)
        return {"kind": "cell", "name": name, "owner": owner,
                "colour": _colour(colours, owner) if owner is not None else "",
                "placed": name in story.placed and owner is not None,
                "emptied": name in story.emptied and owner is None}

    def boat(name: str, side: str) -> dict:
        slots = boats.get(name)
        # The label is drawn inside the template's sentences ("row 3 boat") without |say.
        return {"kind": "boat", "name": name, "label": drawn(line_name(name)), "side": side,
                "gone": slots is None, "unloaded": name in story.boats,
                "slots": [] if slots is None else [
                    {"n": n, "token": token_view(t), "changed": (name, n) in story.slots}
                    for n, t in enumerate(slots, start=1)]}

    rows = [[*(cell(f"{c}{r}") for c in COLUMNS), boat(ROW_BOATS[i], "right")] for i, r in enumerate(ROWS)]
    rows.append([*(boat(b, "below") for b in COLUMN_BOATS), {"kind": "corner"}])
    return rows


def player_panels(state, score: dict, names: Sequence[str], colours: Sequence[str]) -> list[dict]:
    """Each player's monuments (D5/D6) with the score they would have now (D7)."""
    panels = []
    for i, p in enumerate(state.players):
        result = score["players"][i]
        tomb = set(p.tomb)
        panels.append({
            "index": i,
            "name": names[i] if i < len(names) else drawn(player_name(names, i)),
            "colour": _colour(colours, i),
            "to_move": state.to_move == i and not state.over,
            "obelisk": p.obelisk,
            "obelisk_stack": range(p.obelisk),
            "first_to_five": state.first_to_five == i,
            "temple": list(p.temple),
            "light": p.pyramid_light,
            "dark": p.pyramid_dark,
            "tomb": [{"n": n, "held": n in tomb} for n in range(1, 13)],
            "actions": [token_view(t) for t in p.action_tokens],
            "meeples_home": p.meeples_in_supply,
            "meeples_out": p.meeples_on_harbor,
            "total": result["total"],
            "breakdown": result.get("breakdown", {}),
            "lines": result.get("lines", []),
        })
    return panels
