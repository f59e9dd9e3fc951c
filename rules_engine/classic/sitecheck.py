"""The checks of board data for the base game's B sides (classic.md C6 ⚠), whoever supplies it
(a plugin through ``imhotep_board_data``, a club admin's page or import: docs/board-data.md).
`check` lists every problem with its JSON path and its place on the board in words ("pyramid 2,
second row, third space"); `from_mapping` refuses a plugin's first."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ParamSpec, TypeVar

from rules_engine.classic.components import TEMPLE_WIDTH
from rules_engine.classic.sitedata import (
    BURIAL_B_KNOWN,
    FIELD,
    PLAYER_COUNTS,
    PYRAMID_BONUSES,
    PYRAMIDS_B_BONUS_VALUE,
    PYRAMIDS_B_COUNT,
    PYRAMIDS_B_UPPER_VALUE,
    TEMPLE_BONUSES,
    SiteData,
)
from rules_engine.classic.words import site_name
from rules_engine.errors import PluginError
from rules_engine.messages import Message, msg

# --------------------------------------------------------------------------- validation
#
# One set of checks for both sources of board data (a plugin's hook answer, a club admin's page
# or import): `check` lists every problem with its JSON path and its place in board words
# ("pyramid 2, second row, third space"); `from_mapping` refuses the first for a plugin.

ROW_WORDS: tuple[Message, ...] = (
    # Translators: a row of spaces on a pyramid of the pyramids board B, counted from the bottom.
    msg("first row"),
    # Translators: a row of spaces on a pyramid of the pyramids board B, counted from the bottom.
    msg("second row"),
    # Translators: a row of spaces on a pyramid of the pyramids board B, counted from the bottom.
    msg("third row"),
)
SPACE_WORDS: tuple[Message, ...] = (
    # Translators: a space in a row of a board (pyramids B, temple B), counted from the left.
    msg("first space"),
    # Translators: a space in a row of a board (pyramids B, temple B), counted from the left.
    msg("second space"),
    # Translators: a space in a row of a board (pyramids B, temple B), counted from the left.
    msg("third space"),
    # Translators: a space in a row of a board (pyramids B, temple B), counted from the left.
    msg("fourth space"),
    # Translators: a space in a row of a board (pyramids B, temple B), counted from the left.
    msg("fifth space"),
    # Translators: a space in a row of a board (pyramids B, temple B), counted from the left.
    msg("sixth space"),
)


def row_word(row: int) -> Message:
    """"second row" for ``row`` 2 (1-based); "row 7" past the table."""
    # Translators: a row of a pyramid beyond the third, e.g. "row 4".
    return ROW_WORDS[row - 1] if 1 <= row <= len(ROW_WORDS) else msg("row {row}", row=row)


def space_word(space: int) -> Message:
    """"third space" for ``space`` 3 (1-based); "space 9" past the table."""
    # Translators: a space of a row beyond the sixth, e.g. "space 9".
    return SPACE_WORDS[space - 1] if 1 <= space <= len(SPACE_WORDS) else msg("space {space}", space=space)


def pyramid_place(pyramid: int, row: int | None = None, space: int | None = None) -> Message:
    """"pyramid 2", "pyramid 2, second row, third space" (1-based)."""
    # Translators: one of the three pyramids of the pyramids board B.
    where = msg("pyramid {pyramid}", pyramid=pyramid)
    if row is None:
        return where
    # Translators: a space of a pyramid, e.g. "pyramid 2, second row, third space".
    return msg("{pyramid}, {row}, {space}", pyramid=where, row=row_word(row), space=space_word(space or 1))


def temple_place(players: int, space: int | None = None) -> Message:
    # Translators: the temple board B as laid out for a number of players.
    where = msg("temple with {players} players", players=players)
    # Translators: a space of the temple board B, e.g. "temple with 4 players, third space".
    return where if space is None else msg("{where}, {space}", where=where, space=space_word(space))


def chamber_place(players: int, place: int | None = None) -> Message:
    # Translators: the ranking points of the burial chamber board B for a number of players.
    where = msg("burial chamber with {players} players", players=players)
    # Translators: the points of one place in a row of the burial chamber B, e.g. "…, place 2".
    return where if place is None else msg("{where}, place {place}", where=where, place=place)


def tower_place(tower: int | None = None) -> Message:
    # Translators: one tower space of the obelisks board B, e.g. "obelisks, tower 3".
    return site_name("obelisks") if tower is None else msg("obelisks, tower {tower}", tower=tower)


# Translators: the points for a stone delivered to the pyramids B when no pyramid space is free.
P = ParamSpec("P")
T = TypeVar("T")

OVERFLOW_PLACE = msg("pyramids, a stone with no free space")
# Translators: the board data as a whole (a problem with the entry itself, not one board).
WHOLE_PLACE = msg("board data")


@dataclass(frozen=True)
class Problem:
    """One problem of board data: ``path`` in the JSON (``temple_b.spaces.4[2]``), ``place`` on
    the board in words, ``what`` is wrong (both `Message`)."""

    path: str
    place: Message
    what: Message

    def text(self) -> Message:
        # Translators: a problem of board data after the board place it is about,
        # e.g. "pyramid 2, first row, second space: …".
        return msg("{place}: {problem}", place=self.place, problem=self.what)


class _Bad(Exception):
    def __init__(self, path: str, place: Message, what: Message):
        super().__init__(what)
        self.problem = Problem(path, place, what)


def check(raw: object) -> list[Problem]:
    """Every problem of board data (plugin- or page-supplied), each with its board place."""
    if not isinstance(raw, Mapping):
        return [Problem("", WHOLE_PLACE, msg("must be a mapping, got {kind}", kind=type(raw).__name__))]
    out: list[Problem] = []
    for key in raw:
        if key not in FIELD.values():
            out.append(
                Problem(
                    str(key),
                    WHOLE_PLACE,
                    msg("unknown key {key} (known: {known})", key=repr(key), known=tuple(FIELD.values())),
                )
            )
    checkers = {"pyramids_b": _pyramids, "temple_b": _temple, "burial_chamber_b": _burial_chamber,
                "obelisks_b": _obelisks}
    for key, checker in checkers.items():
        if raw.get(key) is not None:
            checker(raw[key], key, out)
    return out


def _int(value: object, path: str, place: Message, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise _Bad(path, place, msg("must be a whole number of at least {minimum}, got {got}", minimum=minimum,
                                    got=repr(value)))
    return value


def _mapping(value: object, path: str, place: Message, keys: tuple[str, ...], required: tuple[str, ...]
             ) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise _Bad(path, place, msg("must be a mapping, got {kind}", kind=type(value).__name__))
    for key in value:
        if key not in keys:
            raise _Bad(f"{path}.{key}", place, msg("{key} is not a known key (known: {known})", key=repr(key),
                                                   known=keys))
    for key in required:
        if key not in value:
            raise _Bad(f"{path}.{key}", place, msg("{key} is required", key=repr(key)))
    return value


def _list(value: object, path: str, place: Message) -> list[object]:
    if not isinstance(value, list | tuple) or not value:
        raise _Bad(path, place, msg("must be a non-empty list, got {got}", got=repr(value)))
    return list(value)


def _per_count(value: object, path: str, place: Message) -> dict[int, object]:
    """A mapping player count → value; counts may be ints or their digits as text (JSON)."""
    if not isinstance(value, Mapping) or not value:
        raise _Bad(path, place, msg("must be a non-empty mapping from player counts (2, 3, 4) to lists"))
    out = {}
    for key, item in value.items():
        count = int(key) if isinstance(key, str) and key.isdigit() else key
        if count not in PLAYER_COUNTS:
            raise _Bad(f"{path}.{key}", place, msg("{count} is not a player count (2, 3 or 4)", count=repr(key)))
        out[count] = item
    return out


def _guarded(out: list[Problem], fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | None:
    """Run one check, keeping its problem: the checks go on to the next field."""
    try:
        return fn(*args, **kwargs)
    except _Bad as bad:
        out.append(bad.problem)
        return None


def _pyramids(value: object, path: str, out: list[Problem]) -> None:
    site = site_name("pyramids")
    given = _guarded(out, _mapping, value, path, site, ("pyramids", "overflow"), ("pyramids",))
    if given is None:
        return
    _guarded(out, _int, given.get("overflow", 1), f"{path}.overflow", OVERFLOW_PLACE)
    pyramids = _guarded(out, _list, given["pyramids"], f"{path}.pyramids", site)
    if pyramids is None:
        return
    if len(pyramids) != PYRAMIDS_B_COUNT:
        out.append(Problem(f"{path}.pyramids", site, msg("must list {count} pyramids, got {got}",
                                                         count=PYRAMIDS_B_COUNT, got=len(pyramids))))
        return
    for p, listed in enumerate(pyramids):
        if isinstance(listed, list | tuple) and not listed:
            # Translators: a pyramid of the pyramids board B was given without any space.
            out.append(Problem(f"{path}.pyramids[{p}]", pyramid_place(p + 1), msg("has no spaces")))
            continue
        spaces = _guarded(out, _list, listed, f"{path}.pyramids[{p}]", pyramid_place(p + 1)) or []
        for s, space in enumerate(spaces):
            _pyramid_space(space, f"{path}.pyramids[{p}][{s}]", p, spaces[:s], out)


def _pyramid_space(space: object, where: str, p: int, before: list[object], out: list[Problem]) -> None:
    level = space.get("level") if isinstance(space, Mapping) else None
    row = level if isinstance(level, int) and not isinstance(level, bool) and level >= 1 else 1
    # The space's number within its row: the earlier spaces of the same level.
    number = 1 + sum(1 for b in before if isinstance(b, Mapping) and b.get("level") == row)
    place = pyramid_place(p + 1, row, number)
    given = _guarded(out, _mapping, space, where, place, ("level", "value", "bonus"), ("level", "value"))
    if given is None or _guarded(out, _int, given["level"], f"{where}.level", place, 1) is None:
        return
    points = _guarded(out, _int, given["value"], f"{where}.value", place)
    bonus = given.get("bonus")
    if bonus is not None and bonus not in PYRAMID_BONUSES:
        out.append(Problem(f"{where}.bonus", place, msg("the bonus must be one of {known} or none, got {got}",
                                                        known=PYRAMID_BONUSES, got=repr(bonus))))
    elif row > 1 and bonus is not None:
        out.append(Problem(f"{where}.bonus", place, msg("only spaces of the first row carry a bonus")))
    elif bonus is not None and points is not None and points != PYRAMIDS_B_BONUS_VALUE:
        out.append(Problem(f"{where}.value", place, msg(
            "a base space carrying a bonus scores {value} (1 point + the bonus), got {got}",
            value=PYRAMIDS_B_BONUS_VALUE, got=points)))
    if row == 2 and points is not None and points != PYRAMIDS_B_UPPER_VALUE:
        out.append(Problem(f"{where}.value", place, msg("a second-level space scores {value}, got {got}",
                                                        value=PYRAMIDS_B_UPPER_VALUE, got=points)))


def _temple(value: object, path: str, out: list[Problem]) -> None:
    site = site_name("temple")
    given = _guarded(out, _mapping, value, path, site, ("spaces",), ("spaces",))
    counts = given and _guarded(out, _per_count, given["spaces"], f"{path}.spaces", site)
    for count, listed in (counts or {}).items():
        where = f"{path}.spaces.{count}"
        bonuses = _guarded(out, _list, listed, where, temple_place(count))
        if bonuses is None:
            continue
        if len(bonuses) != TEMPLE_WIDTH[count]:
            out.append(Problem(where, temple_place(count), msg(
                "must list {width} spaces with {count} players, got {got}",
                width=TEMPLE_WIDTH[count], count=count, got=len(bonuses))))
            continue
        for i, bonus in enumerate(bonuses):
            if bonus not in TEMPLE_BONUSES:
                out.append(Problem(f"{where}[{i}]", temple_place(count, i + 1), msg(
                    "the bonus must be one of {known}, got {got}", known=TEMPLE_BONUSES, got=repr(bonus))))


def _burial_chamber(value: object, path: str, out: list[Problem]) -> None:
    site = site_name("burial-chamber")
    given = _guarded(out, _mapping, value, path, site, ("points",), ("points",))
    counts = given and _guarded(out, _per_count, given["points"], f"{path}.points", site)
    for count, listed in (counts or {}).items():
        where = f"{path}.points.{count}"
        row = _guarded(out, _list, listed, where, chamber_place(count))
        if row is None:
            continue
        if len(row) != count:
            out.append(Problem(where, chamber_place(count), msg(
                "must give the points of the {count} places with {count} players, got {got}", count=count,
                got=len(row))))
            continue
        parsed = [_guarded(out, _int, points, f"{where}[{i}]", chamber_place(count, i + 1))
                  for i, points in enumerate(row)]
        known = BURIAL_B_KNOWN.get(count, ())
        for i, fixed in enumerate(known):
            if parsed[i] is not None and parsed[i] != fixed:
                out.append(Problem(f"{where}[{i}]", chamber_place(count, i + 1), msg(
                    "is fixed by the rules: with {count} players the first {first} places score {points}, got {got}",
                    count=count, first=len(known), points="/".join(map(str, known)), got=parsed[i])))
        numbers = [p for p in parsed if p is not None]
        if len(numbers) == len(parsed) and numbers != sorted(numbers, reverse=True):
            out.append(Problem(where, chamber_place(count), msg(
                "must not give a later place more points than an earlier one")))


def _obelisks(value: object, path: str, out: list[Problem]) -> None:
    site = site_name("obelisks")
    given = _guarded(out, _mapping, value, path, site, ("towers",), ("towers",))
    towers = given and _guarded(out, _list, given["towers"], f"{path}.towers", site)
    for i, v in enumerate(towers or ()):
        _guarded(out, _int, v, f"{path}.towers[{i}]", tower_place(i + 1), 1)


# -- building (on data `check` passed)

def _build_pyramids(value: Mapping[str, Any]) -> Mapping[str, Any]:
    shapes = tuple(
        tuple(MappingProxyType({"level": s["level"], "value": s["value"], "bonus": s.get("bonus")}) for s in spaces)
        for spaces in value["pyramids"]
    )
    return MappingProxyType({"pyramids": shapes, "overflow": value.get("overflow", 1)})


def _counts(value: Mapping[Any, Any]) -> Mapping[int, tuple[Any, ...]]:
    return MappingProxyType({int(k): tuple(v) for k, v in value.items()})


_BUILD: dict[str, Callable[[Any], Mapping[str, object]]] = {
    "pyramids_b": _build_pyramids,
    "temple_b": lambda v: MappingProxyType({"spaces": _counts(v["spaces"])}),
    "burial_chamber_b": lambda v: MappingProxyType({"points": _counts(v["points"])}),
    "obelisks_b": lambda v: MappingProxyType({"towers": tuple(v["towers"])}),
}


def build(raw: Mapping[str, object]) -> SiteData:
    """A read-only `SiteData` of board data `check` passed."""
    return SiteData(**{key: _BUILD[key](value) for key, value in raw.items() if value is not None})


def from_mapping(raw: Mapping[str, object]) -> SiteData:
    """Check plugin-supplied board data and build a `SiteData`; a `PluginError` names the
    first bad key (e.g. ``temple_b.spaces.4[2]``), with the checks above."""
    problems = check(raw)
    if problems:
        first = problems[0]
        raise PluginError(f"classic board data: {first.path} {first.what}")
    return build(raw)
