"""Choosers (classic.md C5.1, C6.1–C6.3): who answers the choices that arise while a move is
carried out — market picks, Pyramids B pyramid and bonus places, Temple B point or stones.

`MoveChoices` answers from the lists a move carries (see `moves`) and rejects leftovers;
`Scripted` answers from a fixed sequence (the legal-move search and the playout) and raises
`NeedChoice` when it runs out, so that the search can branch on the options.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, cast

from rules_engine.classic.movefields import PAIR
from rules_engine.classic.moves import Move
from rules_engine.classic.words import Context, refusal
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import Message, msg, plural

TAKE, PYRAMID, BONUS_PLACE, TEMPLE_CHOICE = "take", "pyramids", "bonus_places", "temple"
_T = TypeVar("_T")
#: The choices made while one move is carried out, in order: (choice kind, the option chosen).
Leaf = tuple[tuple[str, object], ...]
CHOICE_KINDS = (TAKE, PYRAMID, BONUS_PLACE, TEMPLE_CHOICE)
_CHOICE_RULE = {TAKE: "C5.1", PYRAMID: "C6.2", BONUS_PLACE: "C6.2", TEMPLE_CHOICE: "C6.3"}
_CHOICE_HELP = {
    # Translators: what a move's "take" list holds (market cards taken, C5.1).
    TAKE: msg("one entry per stone unloaded at the market, in unload order"),
    # Translators: what a move's "pyramids" list holds (C6.2).
    PYRAMID: msg("one pyramid (1-3) per stone put on Pyramids B"),
    # Translators: what a move's "bonus_places" list holds (C6.2); {spot} is JSON, kept as it is.
    BONUS_PLACE: msg("one {spot} or null per 'place a stone' bonus of Pyramids B", spot="{ship, slot}"),
    TEMPLE_CHOICE: msg(
        # Translators: what a move's "temple" list holds (C6.3); {point} and {stones} are JSON values, kept as is.
        "one {point} or {stones} per visible stone on a '1 point or 2 stones' space of Temple B",
        point='"point"',
        stones='"stones"',
    ),
}


class Chooser(Protocol):
    """Who answers the choices a move meets: `MoveChoices` (the move's own lists) or `Scripted`
    (the legal-move search)."""

    def ask(self, kind: str, options: list[_T], what: Context) -> _T: ...


class NeedChoice(Exception):
    """Raised by `Scripted` when the script runs out: the search branches on ``options``."""

    def __init__(self, kind: str, options: Sequence[object]) -> None:
        self.kind = kind
        self.options = options


class MoveChoices:
    """Answers from the choice lists carried by a move; `finish` rejects leftovers."""

    __slots__ = ("lists", "pos")

    def __init__(self, move: Move | None = None) -> None:
        # Written out (a comprehension of getattr calls cost twice as much per sail, #40).
        self.lists = {TAKE: getattr(move, TAKE, ()), PYRAMID: getattr(move, PYRAMID, ()),
                      BONUS_PLACE: getattr(move, BONUS_PLACE, ()), TEMPLE_CHOICE: getattr(move, TEMPLE_CHOICE, ())}
        self.pos = {TAKE: 0, PYRAMID: 0, BONUS_PLACE: 0, TEMPLE_CHOICE: 0}

    def ask(self, kind: str, options: list[_T], what: Context) -> _T:
        values = self.lists[kind]
        i = self.pos[kind]
        if i >= len(values):
            reason = msg(
                "the move's {kind} list has no entry {i} ({help}); the choices are {choices}",
                kind=kind,
                i=i,
                help=_CHOICE_HELP[kind],
                choices=_show_choices(options),
            )
            raise IllegalMoveError(refusal(what, reason), _CHOICE_RULE[kind])
        value = values[i]
        if value not in options:
            reason = msg(
                "{kind}[{i}] is {value}, but the choices are {choices}",
                kind=kind,
                i=i,
                value=_show_choice(value),
                choices=_show_choices(options),
            )
            raise IllegalMoveError(refusal(what, reason), _CHOICE_RULE[kind])
        self.pos[kind] = i + 1
        return cast(_T, value)  # one of the options, checked above

    def finish(self) -> None:
        for kind in CHOICE_KINDS:
            extra = len(self.lists[kind]) - self.pos[kind]
            if extra > 0:
                reason = msg(
                    "the move's {kind} list has {entries}, but only {arose} ({help})",
                    kind=kind,
                    entries=plural("{n} entry", "{n} entries", n=len(self.lists[kind])),
                    arose=plural("{n} such choice arose", "{n} such choices arose", n=self.pos[kind]),
                    help=_CHOICE_HELP[kind],
                )
                raise IllegalMoveError(reason, _CHOICE_RULE[kind])


class Scripted:
    """Answers from a fixed sequence of (kind, value) decisions; `NeedChoice` when it runs out."""

    __slots__ = ("i", "script")

    def __init__(self, script: Leaf = ()) -> None:
        self.script = script
        self.i = 0

    def ask(self, kind: str, options: list[_T], what: Context) -> _T:
        i = self.i
        if i < len(self.script):
            self.i = i + 1
            return cast(_T, self.script[i][1])  # the script was made of the options offered (`search`)
        raise NeedChoice(kind, options)


def _show_choice(value: object) -> str | Message:
    """A choice as the move's JSON list gives it (ids stay ids); a place in words."""
    if value is None:
        return "null"
    if isinstance(value, tuple) and value and value[0] == PAIR:
        return f'{{"pair": "{value[1]}"}}'
    if isinstance(value, tuple):
        return msg("ship {ship} slot {slot}", ship=value[0], slot=value[1])
    return str(value)


def _show_choices(options: Sequence[object]) -> tuple[str | Message, ...]:
    return tuple(_show_choice(o) for o in options)
