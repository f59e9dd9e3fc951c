"""Duel harbor geometry as the viewer needs it (duel.md D2).

Kept here rather than imported from ``rules_engine.duel``: Django code reaches the games
only through the plugin registry, and these few names are the fixed D2 convention.
"""

from __future__ import annotations

from rules_engine.messages import Message, msg

COLUMNS = ("a", "b", "c")
ROWS = ("1", "2", "3")
ROW_BOATS = ("row-1", "row-2", "row-3")
COLUMN_BOATS = ("col-a", "col-b", "col-c")
BOATS = ROW_BOATS + COLUMN_BOATS
MONUMENTS = ("obelisk", "temple", "pyramid", "tomb")


def line_cells(boat: str) -> tuple[str, str, str]:
    """The cells of a boat's line, nearest to the boat first (D2, D4.2 step 1): row boats dock
    on the right (column c nearest), column boats below (row 3 nearest)."""
    kind, _, which = boat.partition("-")
    if kind == "row":
        return (f"c{which}", f"b{which}", f"a{which}")
    return (f"{which}3", f"{which}2", f"{which}1")


def line_name(boat: str) -> Message:
    """How people name a boat: "row 3", "column a" (a ``Message``, said in the reader's language)."""
    kind, _, which = boat.partition("-")
    if kind == "row":
        # Translators: a Duel boat by the harbor row it docks at (rows 1–3), e.g. "row 3".
        return msg("row {row}", row=which)
    # Translators: a Duel boat by the harbor column it docks at (columns a–c), e.g. "column a".
    return msg("column {column}", column=which)
