"""A Duel move in words, e.g. "Ana unloads row 3: tomb 12 to Ana, temple 1 to Ben,
dark pyramid to the box".

Worked out from the position *before* the move and the F2 move itself, following D4.2:
the meeples of the unloaded line, nearest the boat first, take slot 3, 2, 1; whatever is
left on the boat goes to the box. Besides the sentence, the story says what the viewer
should highlight (placed cells, unloaded boats, taken or swapped slots).

The sentence is a ``Message`` (docs/i18n.md): stories are cached with the game's replay and
shared between readers, so they become words in the reader's language only when drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import cast

from games.ui.duel.geometry import line_cells, line_name
from rules_engine.duel.labels import NAMES
from rules_engine.duel.tokens import ACTIONS
from rules_engine.messages import msg


@dataclass
class MoveStory:
    text: str  # a Message
    placed: set[str] = field(default_factory=set)  # cells a meeple was put on
    emptied: set[str] = field(default_factory=set)  # cells whose meeple went home
    boats: set[str] = field(default_factory=set)  # boats unloaded
    slots: set[tuple[str, int]] = field(default_factory=set)  # (boat, slot 1-3) taken or swapped


def token_name(token: str) -> str:
    """The board's words for a token id (D1): "tomb-12" → "tomb 12", "pyramid-dark" →
    "dark pyramid"; an id the Duel does not know stays as it is."""
    return NAMES.get(token, token)


def told_token(token: str) -> str:
    """A token as a story names it: an action token is called one, so its printed words
    ("take 1 token") do not read as an order inside the sentence."""
    if token in ACTIONS:
        # Translators: an action token of the Duel inside a move story, {name} its printed words.
        return msg("action token “{name}”", name=token_name(token))
    return token_name(token)


def player_name(names: Sequence[str], i: int) -> str:
    """Seat ``i``'s name, or "player n" when the record names nobody there."""
    # Translators: a player the record gives no name, by seat: "player 1".
    return names[i] if i < len(names) else msg("player {n}", n=i + 1)


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
        owner = cast(int, table.cells[cell])  # meeples holds the cells with a meeple
        token = slots[slot - 1]
        if token is not None:
            # Translators: a token an unloaded boat gives a player, e.g. "tomb 12 to Ana".
            parts.append(msg("{token} to {player}", token=told_token(token), player=player_name(names, owner)))
        slots[slot - 1] = None
        table.cells[cell] = None
        story.emptied.add(cell)
    # Translators: a token left on an unloaded boat goes back to the box (D4.2.3), e.g. "obelisk to the box".
    parts += [msg("{token} to the box", token=told_token(t)) for t in slots if t is not None]
    story.boats.add(boat)
    if not parts:
        # Translators: a boat unloaded with no token for anyone, e.g. "row 3: nothing to take".
        return msg("{boat}: nothing to take", boat=line_name(boat))
    # Translators: an unloaded boat and where its tokens went, e.g. "row 3: tomb 12 to Ana, obelisk to the box".
    return msg("{boat}: {tokens}", boat=line_name(boat), tokens=tuple(parts))


def _place(table: _Table, cell: str, story: MoveStory) -> None:
    table.cells[cell] = table.mover
    story.placed.add(cell)


def describe_move(before, move: Mapping, names: Sequence[str]) -> MoveStory:
    """The story of ``move`` (an F2 dict) played in the position ``before`` (a Duel state)."""
    table = _Table(before)
    who = player_name(names, table.mover)
    kind = move.get("type")
    story = MoveStory(text="")
    if kind == "place":
        _place(table, move["cell"], story)
        # Translators: {cell} is a harbor cell as printed on the board (a1 … c3).
        story.text = msg("{who} places a meeple on {cell}", who=who, cell=move["cell"])
    elif kind == "unload":
        story.text = msg("{who} unloads {unload}", who=who, unload=_unload(table, move["boat"], names, story))
    elif kind == "take-token":
        boat, slot = move["boat"], int(move["slot"])
        token = (table.boats.get(boat) or [None] * 3)[slot - 1]
        story.slots.add((boat, slot))
        # Translators: what a player takes from an empty boat slot.
        taken = told_token(token) if token else msg("nothing")
        story.text = msg(
            # Translators: the action token "take 1 token" (D4.3), e.g. "Ana plays take 1 token: obelisk
            # from row 2 slot 1, …"; {token} may be "nothing".
            "{who} plays take 1 token: {token} from {boat} slot {slot}, the reserve's top token fills the slot",
            who=who, token=taken, boat=line_name(boat), slot=slot,
        )
    elif kind == "place-meeples":
        for cell in move["cells"]:
            _place(table, cell, story)
        # Translators: the action token "place 2–3 meeples" (D4.3); {cells} lists harbor cells (a1 … c3).
        story.text = msg("{who} plays place 2–3 meeples: meeples on {cells}", who=who, cells=tuple(move["cells"]))
    elif kind == "place-unload":
        _place(table, move["cell"], story)
        first, *more = [_unload(table, b, names, story) for b in move["boats"]]
        if more:
            story.text = msg(
                # Translators: the action token "place 1 meeple and unload 1–2×" (D4.3) unloading two boats.
                "{who} plays place 1 meeple and unload 1–2×: a meeple on {cell}, then unloads {first}; then {then}",
                who=who, cell=move["cell"], first=first, then=more[0],
            )
        else:
            story.text = msg(
                # Translators: the action token "place 1 meeple and unload 1–2×" (D4.3) unloading one boat.
                "{who} plays place 1 meeple and unload 1–2×: a meeple on {cell}, then unloads {first}",
                who=who, cell=move["cell"], first=first,
            )
    elif kind == "swap-unload":
        boat, (a, b) = move["boat"], (int(s) for s in move["slots"])
        slots = table.boats.get(boat)
        if slots is not None:
            slots[a - 1], slots[b - 1] = slots[b - 1], slots[a - 1]
        story.slots |= {(boat, a), (boat, b)}
        story.text = msg(
            # Translators: the action token "swap 2 tokens and unload" (D4.3).
            "{who} plays swap 2 tokens and unload: swaps slots {a} and {b} of {boat}, then unloads {unload}",
            who=who, a=a, b=b, boat=line_name(boat), unload=_unload(table, move["unload"], names, story),
        )
    elif kind == "pass":
        story.text = msg("{who} passes (no legal action, D4.4)", who=who)
    else:
        # Translators: a move of a kind the Duel's pages do not know, shown by its id.
        story.text = msg("{who}: {move}", who=who, move=str(kind))
    return story


def opening_words(move: Mapping, ply: int) -> str | None:
    """A first move of the game (``ply`` 0, 1, 2: the players take turns, D4) in the move
    list's words, without what depends on the game's tokens: "player 1 places a meeple on b2",
    "player 2 unloads row 3" (the explorer's first-moves tree counts moves over many games).
    None for another kind of move."""
    who = player_name((), ply % 2)
    kind = move.get("type")
    if kind == "place":
        return msg("{who} places a meeple on {cell}", who=who, cell=move["cell"])
    if kind == "unload":
        return msg("{who} unloads {unload}", who=who, unload=line_name(move["boat"]))
    return None
