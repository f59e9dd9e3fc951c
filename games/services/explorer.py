"""The club's explorer: win rates of the finished games of one game type, by seat and by what
the engine found in each game (first moves, first to five obelisks, first market card, each
player's best site), with their sample sizes and Wilson score intervals.

Built from the stored records by the engine: each finished game's facts are worked out once
(`GameType.explorer_facts`, a pure function of the record, and who won in play order) and
kept in a `GameFacts` row, written by the services that derive results (`recording`,
`results.recompute_results`, `editing.game_edited`: every finished game passes one of them)
and, for games stored by bulk paths (a restore, generated games) or facts of an older engine,
by `fill` (the bulk paths call it when done; ``manage.py explorer_facts``). An answer counts the
rows' `counted_lines`, nothing is replayed; it is kept in the shared cache under the history's
version and the facts' (docs/operations.md, "Caching"), as the standings are, so any change of
the history is seen at once.

Bounded like hints (issue 38, docs/security.md "Expensive reads"): an answer not kept yet is
worked out only while a slot is free (`games.read_limits`), else `Busy` (429). Where facts are
still missing or out of date (an engine upgrade), the answer queues their fill in the background
(`explorer_facts.bring_up_to_date`, issue #52: a request never replays a backlog), counts what
is known and says how many games are left.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache

from games import read_limits
from games.models import Game, GameFacts
from games.services import history_version
from games.services.explorer_facts import (  # noqa: F401  (the services call them here)
    TREE_DEPTH,
    bring_up_to_date,
    counted_lines,
    engine_facts,
    facts_of,
    facts_version,
    fill,
    move_key,
    outcome_of,
    refresh,
    uncounted,
)

#: Below this many games a rate is shown greyed and not ranked.
SMALL_SAMPLE = 10
CACHE_SECONDS = 86400
#: Seconds an answer that left games uncounted is kept: the next reader may count them.
PARTIAL_SECONDS = 30
Z_95 = 1.959963984540054  # the standard normal's 97.5 % quantile: a 95 % interval


def wilson(wins: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``n`` trials (95 % by default):
    (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n), p = wins/n (E. B. Wilson, "Probable
    inference, the law of succession, and statistical inference", JASA 22 (1927) 209–212).
    Unlike p ± z·√(p(1−p)/n) it stays within [0, 1] and is not zero wide at 0/n or n/n, so
    "2 wins of 2" reads as "somewhere between 34 % and 100 %". (0, 1) for n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


# --------------------------------------------------------------------------- answers


@dataclass(frozen=True)
class Filters:
    """Which games an answer counts: one game type; games where all ``players`` (ids) sat;
    played within ``date_from``…``date_to``; played with these ``sides`` ((part, side) pairs)."""

    game_type: str
    players: tuple[int, ...] = ()
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    sides: tuple[tuple[str, str], ...] = ()

    def key(self) -> str:
        text = json.dumps([self.game_type, sorted(self.players), str(self.date_from), str(self.date_to),
                           sorted(self.sides)])
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    def facts(self):
        """The facts of the games selected (variations and games against the
        bot are not counted, as they are not rated)."""
        rows = GameFacts.objects.filter(game__game_type=self.game_type, game__status=Game.Status.FINISHED,
                                        game__parent__isnull=True, game__bot_level__isnull=True)
        if self.date_from:
            rows = rows.filter(game__played_on__gte=self.date_from)
        if self.date_to:
            rows = rows.filter(game__played_on__lte=self.date_to)
        for part, side in self.sides:
            rows = rows.filter(**{f"game__sides__{part}": side})
        for player in self.players:
            rows = rows.filter(game__seats__player_id=player)
        return rows


@dataclass
class Rate:
    """Wins in ``games`` games of whoever a row is about (a seat, the player who took a card…)."""

    key: str  # what the row is about (a seat number, a side, a card id…): worded by games.ui.explorer_words
    games: int = 0
    wins: int = 0
    rank: int | None = None  # 1 = the best rate among the rows with enough games; None: too few

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += won

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def small(self) -> bool:
        return self.games < SMALL_SAMPLE

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"key": self.key, "games": self.games, "wins": self.wins,
                "rate": self.rate, "low": low, "high": high, "small": self.small, "rank": self.rank}


@dataclass
class Section:
    """One table of the explorer: its id (``seats``, ``sides``, ``first_move``,
    ``first_to_five``, ``first_card``, ``top_site``; its title and whose wins it counts are the
    page's words) and its rows: those with enough games ranked by rate, then the small ones."""

    id: str
    rows: list[Rate]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "rows": [r.to_json() for r in self.rows]}


@dataclass
class Node:
    """A move of the first-moves tree, after the moves of its parents: how often it was
    played, and how those games ended (``rate``: the first player's wins)."""

    move: dict[str, Any]
    rate: Rate  # its key is the move's (compact JSON)
    children: list[Node] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, **{k: v for k, v in self.rate.to_json().items() if k not in ("key", "rank")},
                "children": [c.to_json() for c in self.children]}


@dataclass
class Exploration:
    filters: Filters
    games: int  # games counted
    uncounted: int  # finished recorded games whose facts are not worked out yet
    sections: list[Section]
    tree: list[Node]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.filters.game_type, "games": self.games, "uncounted": self.uncounted,
                "small_sample": SMALL_SAMPLE, "confidence": 0.95,
                "sections": [s.to_json() for s in self.sections], "tree": [n.to_json() for n in self.tree]}


def answer_key(filters: Filters) -> str:
    """What an answer is kept under: the history's version, the facts', the filters."""
    return f"{history_version.current()}:{facts_version()}:{filters.key()}"


def explore(filters: Filters, caller: read_limits.Caller | None = None) -> Exploration:
    """The explorer's answer for ``filters``: kept in the shared cache under `answer_key`
    (worked out again after any change of the history or fill of the facts). One not kept is
    worked out within ``caller``'s limits (`read_limits.computing`: raises `Busy`); ``caller``
    None: a caller of our own, limited by the service-wide pool only."""
    answer = cache.get(f"imhotep:explorer:{answer_key(filters)}")
    if answer is not None:
        return answer
    with read_limits.computing("explorer", caller):
        answer = cache.get(f"imhotep:explorer:{answer_key(filters)}")  # worked out meanwhile
        if answer is not None:
            return answer
        left = uncounted(filters.game_type).count()
        bring_up_to_date(filters.game_type, left)  # in the background: a reader replays nothing
        answer = count(filters, left)  # ids and numbers: the pages word them (games.ui.explorer_words)
    cache.set(f"imhotep:explorer:{answer_key(filters)}", answer, PARTIAL_SECONDS if left else CACHE_SECONDS)
    return answer


def count(filters: Filters, not_counted: int = 0) -> Exploration:
    """Count the games ``filters`` select: their `counted_lines`, one query."""
    texts = list(filters.facts().values_list("counted", flat=True))
    lines = Counter("\n".join(texts).split("\n")) if texts else Counter()
    rows: dict[tuple[str, ...], list[int]] = {}
    for line, times in lines.items():
        *fields, won = line.split("\t")
        if len(fields) < 2:
            continue
        pair = rows.setdefault(tuple(fields), [0, 0])
        pair[0] += times
        pair[1] += times if won == "1" else 0

    by_section: dict[str, list[tuple[tuple[str, ...], list[int]]]] = {}
    for row_key, counts in rows.items():
        by_section.setdefault(row_key[0], []).append((row_key[1:], counts))
    seats = sorted(((int(n), int(k)), counts) for (n, k), counts in by_section.get("seat", ()))
    sections = [
        Section("seats", [_rate(f"{n}-{k}", counts) for (n, k), counts in seats]),
        Section("sides", _ranked(_rate(f"{part}-{side}", counts)
                                 for (part, side), counts in by_section.get("side", ()))),
    ]
    opening = by_section.get("open", [])
    if opening:
        sections.append(Section("first_move", _ranked(_rate(path[0], counts)
                                                      for path, counts in opening if len(path) == 1)))
    for kind, section_id in (("five", "first_to_five"), ("card", "first_card"), ("site", "top_site")):
        if kind in by_section:
            sections.append(Section(section_id, _ranked(_rate(key, counts) for (key,), counts in by_section[kind])))
    games = sum(counts[0] for (_, k), counts in seats if k == 1)
    return Exploration(filters, games, not_counted, sections, _tree(dict(opening)))


def _rate(key: str, counts: list[int]) -> Rate:
    return Rate(key, counts[0], counts[1])


def _ranked(rows: Iterable[Rate], rank: bool = True) -> list[Rate]:
    """Rows with enough games first, best rate first and ranked; the small samples after them,
    most played first, unranked (a rate from 2 games says little)."""
    rows = list(rows)
    if not rank:
        return rows
    big = sorted((r for r in rows if not r.small), key=lambda r: (-(r.rate or 0), -r.games, r.key))
    for place, row in enumerate(big, start=1):
        row.rank = place
    return big + sorted((r for r in rows if r.small), key=lambda r: (-r.games, r.key))


def _tree(paths: dict[tuple[str, ...], list[int]]) -> list[Node]:
    """The first-moves tree from the counts of each path of move keys: every level most played
    first."""
    replies: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for path in paths:
        replies.setdefault(path[:-1], []).append(path)

    def level(above: tuple[str, ...]) -> list[Node]:
        nodes = []
        for path in replies.get(above, ()):
            games, wins = paths[path]
            nodes.append(Node(json.loads(path[-1]), Rate(path[-1], games, wins), level(path)))
        return sorted(nodes, key=lambda node: (-node.rate.games, node.rate.key))

    return level(())

