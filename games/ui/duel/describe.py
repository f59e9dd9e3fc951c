"""A Duel move in words, e.g. "Ana unloads row 3: tomb-12 to Ana, temple-1 to Ben,
pyramid-dark to the box".

Worked out from the position *before* the move and the F2 move itself, following D4.2:
the meeples of the unloaded line, nearest the boat first, take slot 3, 2, 1; whatever is
left on the boat goes to the box. Besides the sentence, the story says what the viewer
should highlight (placed cells, unloaded boats, taken or swapped slots).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from games.ui.duel.geometry import line_cells, line_name


@dataclass
class MoveStory:
    text: str
    placed: set[str] = field(default_factory=set)  # cells a meeple was put on
    emptied: set[str] = field(default_factory=set)  # cells whose meeple went home
    boats: set[str] = field(default_factory=set)  # boats unloaded
    slots: set[tuple[str, int]] = field(default_factory=set)  # (boat, slot 1-3) taken or swapped


class _Table:
    """The little of a position the describer needs, as plain mutable dicts."""

    def __init__(self, state):
        self.cells: dict[str, int | None] = dict(state.harbor)
        self.boats: dict[str, list | None] = {b: (list(s) if s is not None else None)
                                              for b, s in state.boats.items()}
        self.mover: int = state.to_move


def _unload(table: _Table, boat: str, names: Sequence[str], story: MoveStory) -> str:
    """D4.2 steps 1–3 on the table; the words for who got what."""
    slots = table.boats.get(boat) or [None, None, None]
    meeples = [c for c in line_cells(boat) if table.cells.get(c) is not None]
    parts = []
    for k, cell in enumerate(meeples[:3]):
        slot = 3 - k  # D4.2.1: the nearest meeple takes slot 3
        owner = table.cells[cell]
        token = slots[slot - 1]
        if token is not None:
            parts.append(f"{token} to {names[owner]}")
        slots[slot - 1] = None
        table.cells[cell] = None
        story.emptied.add(cell)
    leftovers = [t for t in slots if t is not None]
    parts += [f"{t} to the box" for t in leftovers]  # D4.2.3
    story.boats.add(boat)
    return f"{line_name(boat)}: {', '.join(parts) if parts else 'nothing to take'}"


def _place(table: _Table, cell: str, story: MoveStory) -> None:
    table.cells[cell] = table.mover
    story.placed.add(cell)


def describe_move(before, move: Mapping, names: Sequence[str]) -> MoveStory:
    """The story of ``move`` (an F2 dict) played in the position ``before`` (a Duel state)."""
    table = _Table(before)
    who = names[table.mover]
    kind = move.get("type")
    story = MoveStory(text="")
    if kind == "place":
        _place(table, move["cell"], story)
        story.text = f"{who} places a meeple on {move['cell']}"
    elif kind == "unload":
        story.text = f"{who} unloads {_unload(table, move['boat'], names, story)}"
    elif kind == "take-token":
        boat, slot = move["boat"], int(move["slot"])
        token = (table.boats.get(boat) or [None] * 3)[slot - 1]
        story.slots.add((boat, slot))
        story.text = (f"{who} plays take-token: {token or 'nothing'} from {line_name(boat)} slot {slot}, "
                      f"the reserve's top token fills the slot")
    elif kind == "place-meeples":
        for cell in move["cells"]:
            _place(table, cell, story)
        story.text = f"{who} plays place-meeples: meeples on {', '.join(move['cells'])}"
    elif kind == "place-unload":
        _place(table, move["cell"], story)
        unloads = [_unload(table, b, names, story) for b in move["boats"]]
        story.text = (f"{who} plays place-unload: a meeple on {move['cell']}, "
                      f"then unloads {'; then '.join(unloads)}")
    elif kind == "swap-unload":
        boat, (a, b) = move["boat"], (int(s) for s in move["slots"])
        slots = table.boats.get(boat)
        if slots is not None:
            slots[a - 1], slots[b - 1] = slots[b - 1], slots[a - 1]
        story.slots |= {(boat, a), (boat, b)}
        story.text = (f"{who} plays swap-unload: swaps slots {a} and {b} of {line_name(boat)}, then unloads "
                      f"{_unload(table, move['unload'], names, story)}")
    elif kind == "pass":
        story.text = f"{who} passes (no legal action, D4.4)"
    else:
        story.text = f"{who}: {kind}"
    return story
