"""Board data for the B sides whose numbers the rules leave open (classic.md C6, the ⚠ items).

Nobody could confirm these numbers, so the service ships none (`EMPTY`): a B side whose data is
missing cannot be played, and says so plainly (`missing_sides`). Of the end-of-game scoring
(C8) only the burial chamber B needs data (its rows' ranking points): pyramids and temple B
scored on the track during play, and loose obelisk B stones score 1 each, so an end-game board
with those sides is scored without any open number (`missing_sides(..., scoring=True)`). A plugin may
supply the data through the ``imhotep_board_data`` hook; `from_mapping` checks it.

Shape (JSON-friendly; player-count keys may be ints or their digits as text)::

    {"pyramids_b": {"pyramids": [[{"level": 1, "value": 1, "bonus": "card"}, ...] × 3], "overflow": 1},
     "temple_b": {"spaces": {"2": [bonus × 4], "3": [bonus × 5], "4": [bonus × 5]}},
     "burial_chamber_b": {"points": {"2": [..2], "3": [..3], "4": [8, 4, 2, x]}},
     "obelisks_b": {"towers": [9, ...]}}

Temple and burial chamber data may cover only some player counts; the side is then missing
for the others.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rules_engine.classic.components import MAX_PLAYERS, MIN_PLAYERS, TEMPLE_WIDTH
from rules_engine.classic.words import semicolons, site_name
from rules_engine.errors import PluginError
from rules_engine.messages import Message, msg

PLAYER_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
PYRAMID_BONUSES = ("card", "stones", "place")  # C6.2
TEMPLE_BONUSES = ("point-or-stones", "two-points", "card")  # C6.3
PYRAMIDS_B_COUNT = 3  # C6.2
PYRAMIDS_B_UPPER_VALUE = 4  # C6.2: every stone on a second level scores 4
PYRAMIDS_B_BONUS_VALUE = 1  # C6.2: a bonus space gives "1 point + …" (rulebook p. 9: «1 очко и …»)
# C6.4: with 4 players the rows' 1st/2nd/3rd places score 8/4/2 (the rulebook's example); only
# 4th place is open.
BURIAL_B_KNOWN = {4: (8, 4, 2)}

# The data key that each site's side B needs, and what is unknown about it (for messages).
FIELD = {
    "pyramids": "pyramids_b",
    "temple": "temple_b",
    "burial-chamber": "burial_chamber_b",
    "obelisks": "obelisks_b",
}
_UNKNOWN = {
    "pyramids": (
        "C6.2",
        msg("the pyramids' shapes, their spaces' values and which spaces carry which bonus are not known"),
    ),
    "temple": ("C6.3", msg("which space carries which bonus is not known")),
    "burial-chamber": ("C6.4", msg("the rows' ranking points are not known")),
    "obelisks": ("C6.5", msg("the tower spaces' values are not known")),
}
# The sites whose end-of-game scoring (C8) reads data; the others score on the track during play.
SCORED_AT_END = ("burial-chamber",)


@dataclass(frozen=True)
class SiteData:
    """B-side numbers (see the module docstring for the shape); ``None`` where not supplied.
    Built by `from_mapping`, which makes the nested data read-only."""

    pyramids_b: Mapping[str, Any] | None = None
    temple_b: Mapping[str, Any] | None = None
    burial_chamber_b: Mapping[str, Any] | None = None
    obelisks_b: Mapping[str, Any] | None = None

    def counts(self, site: str) -> tuple[int, ...]:
        """The player counts side B of ``site`` has data for (all of them for a site whose data
        does not depend on the count, none when missing)."""
        value = getattr(self, FIELD[site])
        if value is None:
            return ()
        per_count = {"temple": "spaces", "burial-chamber": "points"}.get(site)
        return tuple(sorted(value[per_count])) if per_count else PLAYER_COUNTS


EMPTY = SiteData()


def missing_message(site: str, players: int | None = None, data: SiteData = EMPTY) -> Message:
    """The plain sentence saying why side B of ``site`` cannot be used (classic.md C6 ⚠)."""
    rule, what = _UNKNOWN[site]
    known = data.counts(site)
    if not known:
        return msg(
            "{site} side B cannot be played or scored yet: {what} (classic.md {rule} ⚠); "
            "a club admin can enter this board data on the board-data page, or a plugin supply it",
            site=site_name(site),
            what=what,
            rule=rule,
        )
    # partial data: name the player counts it lacks
    lacking = [n for n in PLAYER_COUNTS if n not in known] if players is None else [players]
    counts: int | Message = lacking[0]
    for n in lacking[1:]:
        # Translators: player counts, e.g. "2 or 3" (in "with 2 or 3 players").
        counts = msg("{earlier} or {later}", earlier=counts, later=n)
    return msg(
        "{site} side B cannot be played or scored yet with {counts} players: {what} (classic.md {rule} ⚠); "
        "a club admin can enter this board data on the board-data page, or a plugin supply it",
        site=site_name(site),
        counts=counts,
        what=what,
        rule=rule,
    )


def missing_text(missing: list[tuple[str, Message]]) -> Message:
    """The problems of `missing_sides` in one sentence, each after its path."""
    # Translators: a problem after the name of the field it is about, e.g. "sides.temple: …".
    return semicolons(msg("{path}: {problem}", path=path, problem=problem) for path, problem in missing)


def missing_sides(
    sides: Mapping[str, str], data: SiteData, players: int | None = None, *, scoring: bool = False
) -> list[tuple[str, Message]]:
    """``(path, message)`` for each chosen B side whose ⚠ data is missing (Market B needs none:
    C6.1 is complete). With ``players`` given, data for another player count does not do. With
    ``scoring``, only the sides whose end-of-game scoring needs data (`SCORED_AT_END`)."""
    out = []
    for site in SCORED_AT_END if scoring else FIELD:
        if sides.get(site) != "B":
            continue
        known = data.counts(site)
        if not known or (players is not None and players not in known):
            out.append((f"sides.{site}", missing_message(site, players, data)))
    return out


def unscorable_sides(data: SiteData) -> dict[str, dict[str, Message]]:
    """The sides an end-game board cannot be scored with yet, as ``{site: {"B": message}}``."""
    return {site: why for site, why in unplayable_sides(data).items() if site in SCORED_AT_END}


def unplayable_sides(data: SiteData, players: int | None = None) -> dict[str, dict[str, Message]]:
    """Every side lacking data for some player count (for ``players`` when given), as
    ``{site: {"B": message}}``."""
    wanted = set(PLAYER_COUNTS) if players is None else {players}
    return {
        site: {"B": missing_message(site, players, data)}
        for site in FIELD
        if not wanted <= set(data.counts(site))
    }


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


def from_mapping(raw: Mapping[str, Any]) -> SiteData:
    """Check plugin-supplied board data and build a `SiteData`; a `PluginError` names the
    first bad key (e.g. ``temple_b.spaces.4[2]``)."""
    problems = check(raw)
    if problems:
        first = problems[0]
        raise PluginError(f"classic board data: {first.path} {first.what}".replace(":  ", ": "))
    return SiteData(**{key: _build[key](value) for key, value in raw.items() if value is not None})


def _int(value: object, path: str, place: Message, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise _Bad(path, place, msg("must be a whole number of at least {minimum}, got {got}", minimum=minimum,
                                    got=repr(value)))
    return value


def _mapping(value: object, path: str, place: Message, keys: tuple[str, ...], required: tuple[str, ...]
             ) -> Mapping[str, Any]:
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


def _list(value: object, path: str, place: Message) -> list[Any]:
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


def _guarded(out: list[Problem], fn: Any, *args: Any) -> Any:
    """Run one check, keeping its problem: the checks go on to the next field."""
    try:
        return fn(*args)
    except _Bad as bad:
        out.append(bad.problem)
        return None


def _pyramids(value: object, path: str, out: list[Problem]) -> None:
    site = site_name("pyramids")
    given: Any = _guarded(out, _mapping, value, path, site, ("pyramids", "overflow"), ("pyramids",))
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
        spaces: Any = _guarded(out, _list, listed, f"{path}.pyramids[{p}]", pyramid_place(p + 1))
        for s, space in enumerate(spaces or ()):
            _pyramid_space(space, f"{path}.pyramids[{p}][{s}]", p, spaces[:s], out)


def _pyramid_space(space: object, where: str, p: int, before: list[Any], out: list[Problem]) -> None:
    level = space.get("level") if isinstance(space, Mapping) else None
    row = level if isinstance(level, int) and not isinstance(level, bool) and level >= 1 else 1
    # The space's number within its row: the earlier spaces of the same level.
    number = 1 + sum(1 for b in before if isinstance(b, Mapping) and b.get("level") == row)
    place = pyramid_place(p + 1, row, number)
    given: Any = _guarded(out, _mapping, space, where, place, ("level", "value", "bonus"), ("level", "value"))
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
    given: Any = _guarded(out, _mapping, value, path, site, ("spaces",), ("spaces",))
    counts: Any = given and _guarded(out, _per_count, given["spaces"], f"{path}.spaces", site)
    for count, listed in (counts or {}).items():
        where = f"{path}.spaces.{count}"
        bonuses: Any = _guarded(out, _list, listed, where, temple_place(count))
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
    given: Any = _guarded(out, _mapping, value, path, site, ("points",), ("points",))
    counts: Any = given and _guarded(out, _per_count, given["points"], f"{path}.points", site)
    for count, listed in (counts or {}).items():
        where = f"{path}.points.{count}"
        row: Any = _guarded(out, _list, listed, where, chamber_place(count))
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
    given: Any = _guarded(out, _mapping, value, path, site, ("towers",), ("towers",))
    towers: Any = given and _guarded(out, _list, given["towers"], f"{path}.towers", site)
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


_build: dict[str, Callable[[Any], Mapping[str, Any]]] = {
    "pyramids_b": _build_pyramids,
    "temple_b": lambda v: MappingProxyType({"spaces": _counts(v["spaces"])}),
    "burial_chamber_b": lambda v: MappingProxyType({"points": _counts(v["points"])}),
    "obelisks_b": lambda v: MappingProxyType({"towers": tuple(v["towers"])}),
}
