"""Harbor geometry (duel.md D1, D2) as precomputed tables.

Cells are numbered ``row * 3 + column`` (a1=0, b1=1, c1=2, a2=3 … c3=8); boats 0–5 in the
D3 dealing order row-1, row-2, row-3, col-a, col-b, col-c. Which cells hold a meeple is a
9-bit mask ``occ``; which boats are still in play a 6-bit mask ``live``. Everything the
move generator asks about lines is a table lookup on those masks.
"""

from __future__ import annotations

from itertools import combinations

from rules_engine.messages import Message, msg

CELLS: tuple[str, ...] = tuple(f"{col}{row}" for row in "123" for col in "abc")
CELL_INDEX: dict[str, int] = {name: i for i, name in enumerate(CELLS)}
BOATS: tuple[str, ...] = ("row-1", "row-2", "row-3", "col-a", "col-b", "col-c")
BOAT_INDEX: dict[str, int] = {name: i for i, name in enumerate(BOATS)}
#: How messages name a boat and its line, as the players do: "row 2", "column b" (the boat
#: docked at the end of that row or column). Translatable (docs/i18n.md).
LINE_NAMES: tuple[Message, ...] = (
    # Translators: a row of the Duel harbor (1 to 3), or the boat docked at its end.
    *(msg("row {row}", row=r) for r in (1, 2, 3)),
    # Translators: a column of the Duel harbor (a to c), or the boat docked at its end.
    *(msg("column {column}", column=c) for c in "abc"),
)
ALL_BOATS = 0b111111


def _line_cells(boat: int) -> tuple[int, int, int]:
    # D2: row boats dock on the right (column c nearest), column boats below (row 3 nearest).
    if boat < 3:
        return (boat * 3 + 2, boat * 3 + 1, boat * 3)
    col = boat - 3
    return (6 + col, 3 + col, col)


#: LINE_CELLS[boat]: the cells of its line, nearest to the boat first (D4.2 step 1).
LINE_CELLS: tuple[tuple[int, int, int], ...] = tuple(_line_cells(b) for b in range(6))
LINE_MASK: tuple[int, ...] = tuple(sum(1 << c for c in cells) for cells in LINE_CELLS)
#: CELL_BOATS[cell]: (its row boat, its column boat).
CELL_BOATS: tuple[tuple[int, int], ...] = tuple((c // 3, 3 + c % 3) for c in range(9))

#: BITS[mask]: the set bit positions of a 9-bit mask, ascending.
BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(9) if m >> i & 1) for m in range(512))
#: LINE_COUNT[occ][boat]: meeples in that boat's line.
LINE_COUNT: tuple[tuple[int, ...], ...] = tuple(
    tuple(bin(occ & LINE_MASK[b]).count("1") for b in range(6)) for occ in range(512))
#: UNLOADABLE[occ]: mask of boats whose line holds at least 2 meeples (D4.2), before
#: the "still in play" test (``& live``).
UNLOADABLE: tuple[int, ...] = tuple(
    sum(1 << b for b in range(6) if LINE_COUNT[occ][b] >= 2) for occ in range(512))
#: EMPTY[occ]: the empty cells, ascending.
EMPTY: tuple[tuple[int, ...], ...] = tuple(BITS[511 & ~occ] for occ in range(512))
POPCOUNT: tuple[int, ...] = tuple(bin(m).count("1") for m in range(512))

#: Slot pairs a swap can exchange (D4.3 swap-unload), as 0-based slot offsets.
SLOT_PAIRS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (1, 2))


def place_meeples_menu(occ: int, most: int) -> tuple[tuple[int, ...], ...]:
    """Every place-meeples choice (D4.3): sets of 2, then (if ``most`` is 3) 3 empty cells."""
    empty = EMPTY[occ]
    sizes = (2, 3) if most >= 3 else (2,)
    return tuple(c for k in sizes for c in combinations(empty, k))


def place_unload_menu(occ: int, live: int, first_ends: bool) -> tuple[int, ...]:
    """Every place-unload choice (D4.3) as packed ints ``cell | b1 << 4 | (b2 + 1) << 7``
    (``b2 + 1 == 0`` means a single unload).

    Only meeple positions and the boats in play decide which unloads are legal, so the
    menu depends on nothing else. ``first_ends``: the supply is empty and only two boats are
    in play, so the first unload removes its boat and ends the game (D4.2 step 5) and no
    second unload may follow.
    """
    out = []
    for cell in EMPTY[occ]:
        occ2 = occ | 1 << cell
        for b1 in BITS[UNLOADABLE[occ2] & live]:
            out.append(cell | b1 << 4)
            if first_ends:
                continue
            # The first unload empties b1's line; only the perpendicular lines lose a meeple.
            occ3 = occ2 & ~LINE_MASK[b1]
            for b2 in BITS[UNLOADABLE[occ3] & live & ~(1 << b1)]:
                out.append(cell | b1 << 4 | (b2 + 1) << 7)
    return tuple(out)
