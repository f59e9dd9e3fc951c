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

from collections.abc import Mapping
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
            "a plugin must supply this board data",
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
        "a plugin must supply this board data",
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


def from_mapping(raw: Mapping[str, Any]) -> SiteData:
    """Check plugin-supplied board data and build a `SiteData`; a `PluginError` names the
    first bad key (e.g. ``temple_b.spaces.4[2]``)."""
    if not isinstance(raw, Mapping):
        raise PluginError(f"classic board data must be a mapping, got {type(raw).__name__}")
    for key in raw:
        if key not in FIELD.values():
            raise PluginError(f"classic board data: unknown key {key!r} (known: {', '.join(FIELD.values())})")
    parsers = {
        "pyramids_b": _pyramids,
        "temple_b": _temple,
        "burial_chamber_b": _burial_chamber,
        "obelisks_b": _obelisks,
    }
    return SiteData(**{key: parsers[key](value, key) for key, value in raw.items() if value is not None})


def _bad(path: str, message: str) -> PluginError:
    return PluginError(f"classic board data: {path} {message}")


def _int(value: object, path: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise _bad(path, f"must be a whole number ≥ {minimum}, got {value!r}")
    return value


def _mapping(value: object, path: str, keys: tuple[str, ...], required: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _bad(path, f"must be a mapping, got {type(value).__name__}")
    for key in value:
        if key not in keys:
            raise _bad(f"{path}.{key}", f"is not a known key (known: {', '.join(keys)})")
    for key in required:
        if key not in value:
            raise _bad(f"{path}.{key}", "is required")
    return value


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list | tuple) or not value:
        raise _bad(path, f"must be a non-empty list, got {value!r}")
    return list(value)


def _per_count(value: object, path: str) -> dict[int, object]:
    """A mapping player count → value; counts may be ints or their digits as text (JSON)."""
    if not isinstance(value, Mapping) or not value:
        raise _bad(path, "must be a non-empty mapping from player counts (2, 3, 4) to lists")
    out = {}
    for key, item in value.items():
        count = int(key) if isinstance(key, str) and key.isdigit() else key
        if count not in PLAYER_COUNTS:
            raise _bad(f"{path}.{key}", "is not a player count (2, 3 or 4)")
        out[count] = item
    return out


def _pyramids(value: object, path: str) -> Mapping[str, Any]:
    value = _mapping(value, path, ("pyramids", "overflow"), ("pyramids",))
    pyramids = _list(value["pyramids"], f"{path}.pyramids")
    if len(pyramids) != PYRAMIDS_B_COUNT:
        raise _bad(f"{path}.pyramids", f"must list {PYRAMIDS_B_COUNT} pyramids (C6.2), got {len(pyramids)}")
    shapes = []
    for p, spaces in enumerate(pyramids):
        parsed = []
        for s, space in enumerate(_list(spaces, f"{path}.pyramids[{p}]")):
            where = f"{path}.pyramids[{p}][{s}]"
            space = _mapping(space, where, ("level", "value", "bonus"), ("level", "value"))
            level = _int(space["level"], f"{where}.level", 1)
            points = _int(space["value"], f"{where}.value")
            bonus = space.get("bonus")
            if bonus is not None and bonus not in PYRAMID_BONUSES:
                raise _bad(f"{where}.bonus", f"must be one of {', '.join(PYRAMID_BONUSES)} or null, got {bonus!r}")
            if level > 1 and bonus is not None:
                raise _bad(f"{where}.bonus", "only base spaces carry a bonus (C6.2)")
            if bonus is not None and points != PYRAMIDS_B_BONUS_VALUE:
                raise _bad(
                    f"{where}.value",
                    f"a base space carrying a bonus scores {PYRAMIDS_B_BONUS_VALUE} (C6.2: 1 point + the bonus), "
                    f"got {points}",
                )
            if level == 2 and points != PYRAMIDS_B_UPPER_VALUE:
                raise _bad(f"{where}.value", f"a second-level space scores {PYRAMIDS_B_UPPER_VALUE} (C6.2)")
            parsed.append(MappingProxyType({"level": level, "value": points, "bonus": bonus}))
        shapes.append(tuple(parsed))
    overflow = _int(value.get("overflow", 1), f"{path}.overflow")
    return MappingProxyType({"pyramids": tuple(shapes), "overflow": overflow})


def _temple(value: object, path: str) -> Mapping[str, Any]:
    value = _mapping(value, path, ("spaces",), ("spaces",))
    spaces = {}
    for count, bonuses in _per_count(value["spaces"], f"{path}.spaces").items():
        where = f"{path}.spaces.{count}"
        bonuses = _list(bonuses, where)
        if len(bonuses) != TEMPLE_WIDTH[count]:
            raise _bad(where, f"must list {TEMPLE_WIDTH[count]} spaces with {count} players (C5.3)")
        for i, bonus in enumerate(bonuses):
            if bonus not in TEMPLE_BONUSES:
                raise _bad(f"{where}[{i}]", f"must be one of {', '.join(TEMPLE_BONUSES)}, got {bonus!r}")
        spaces[count] = tuple(bonuses)
    return MappingProxyType({"spaces": MappingProxyType(spaces)})


def _burial_chamber(value: object, path: str) -> Mapping[str, Any]:
    value = _mapping(value, path, ("points",), ("points",))
    points = {}
    for count, row in _per_count(value["points"], f"{path}.points").items():
        where = f"{path}.points.{count}"
        row = _list(row, where)
        if len(row) != count:
            raise _bad(where, f"must give the points of the {count} places with {count} players")
        parsed = tuple(_int(p, f"{where}[{i}]") for i, p in enumerate(row))
        known = BURIAL_B_KNOWN.get(count, ())
        for i, fixed in enumerate(known):
            if parsed[i] != fixed:
                raise _bad(
                    f"{where}[{i}]",
                    f"is fixed by the rules: with {count} players the first {len(known)} places score "
                    f"{'/'.join(map(str, known))} (C6.4), got {parsed[i]}",
                )
        if list(parsed) != sorted(parsed, reverse=True):
            raise _bad(where, "must not give a later place more points than an earlier one")
        points[count] = parsed
    return MappingProxyType({"points": MappingProxyType(points)})


def _obelisks(value: object, path: str) -> Mapping[str, Any]:
    value = _mapping(value, path, ("towers",), ("towers",))
    towers = tuple(_int(v, f"{path}.towers[{i}]", 1) for i, v in enumerate(_list(value["towers"], f"{path}.towers")))
    return MappingProxyType({"towers": towers})
