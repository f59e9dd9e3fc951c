"""Board data for the B sides whose numbers the rules leave open (classic.md C6, the ⚠ items).

Nobody could confirm these numbers, so the service ships none (`EMPTY`): a B side whose data is
missing cannot be played, and says so plainly (`missing_sides`). Of the end-of-game scoring
(C8) only the burial chamber B needs data (its rows' ranking points): pyramids and temple B
scored on the track during play, and loose obelisk B stones score 1 each, so an end-game board
with those sides is scored without any open number (`missing_sides(..., scoring=True)`). A plugin may
supply the data through the ``imhotep_board_data`` hook; `sitecheck.from_mapping` checks it.

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
from typing import Any

from rules_engine.classic.components import MAX_PLAYERS, MIN_PLAYERS
from rules_engine.classic.words import semicolons, site_name
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
# What is not known of each side B (classic.md C6.2–C6.5 ⚠), in the player's words.
_UNKNOWN = {
    "pyramids": msg("the pyramids' shapes, their spaces' values and which spaces carry which bonus are not known"),
    "temple": msg("which space carries which bonus is not known"),
    "burial-chamber": msg("the rows' ranking points are not known"),
    "obelisks": msg("the tower spaces' values are not known"),
}
# The sites whose end-of-game scoring (C8) reads data; the others score on the track during play.
SCORED_AT_END = ("burial-chamber",)


@dataclass(frozen=True)
class SiteData:
    """B-side numbers (see the module docstring for the shape); ``None`` where not supplied.
    Built by `sitecheck.from_mapping`, which makes the nested data read-only."""

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
    what = _UNKNOWN[site]
    known = data.counts(site)
    if not known:
        return msg(
            "{site} side B cannot be played or scored yet: {what}; "
            "a club admin can enter this board data on the board-data page, or a plugin can supply it",
            site=site_name(site),
            what=what,
        )
    # partial data: name the player counts it lacks
    lacking = [n for n in PLAYER_COUNTS if n not in known] if players is None else [players]
    counts: int | Message = lacking[0]
    for n in lacking[1:]:
        # Translators: player counts, e.g. "2 or 3" (in "with 2 or 3 players").
        counts = msg("{earlier} or {later}", earlier=counts, later=n)
    return msg(
        "{site} side B cannot be played or scored yet with {counts} players: {what}; "
        "a club admin can enter this board data on the board-data page, or a plugin can supply it",
        site=site_name(site),
        counts=counts,
        what=what,
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

