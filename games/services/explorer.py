"""The club's explorer: win rates of the finished games of one game type, by seat and by what
the engine found in each game (first moves, first to five obelisks, first market card, each
player's best site), with their sample sizes and Wilson score intervals.

Built from the stored records by the engine: each finished recorded game's facts are worked
out once (`GameType.explorer_facts`, a pure function of the record) and kept in a
`GameFacts` row, written where the history derives results (`recording.import_record`,
`results.recompute_results`: every finished game passes one of them) and, for games stored by
bulk paths (a restore, an upgrade of the engine), by `fill` (``manage.py explorer_facts``, and
each answer worked out fills up to `FILL_PER_ANSWER` of them first). An answer counts rows
(seats and results, facts), nothing is replayed; it is kept in the shared cache under the
history's version (docs/operations.md, "Caching"), as the standings are, so any change of the
history is seen at once.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import translation

from games.models import Game, GameFacts, Seat
from games.services import history_version
from rules_engine.errors import RulesError
from rules_engine.messages import msg
from rules_engine.registry import default_registry

log = logging.getLogger(__name__)

#: Below this many games a rate is shown greyed and not ranked.
SMALL_SAMPLE = 10
#: Facts an answer works out itself before counting; more wait for ``manage.py explorer_facts``.
FILL_PER_ANSWER = 200
#: How deep the first-moves tree goes.
TREE_DEPTH = 3
CACHE_SECONDS = 86400
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


# --------------------------------------------------------------------------- facts


def facts_of(game: Game) -> dict[str, Any]:
    """The engine's facts of a finished recorded game (`GameType.explorer_facts`); {} for a
    game the current engine cannot replay (it is counted by seat only)."""
    from games.services.results import record_of  # results keeps the facts right: it imports this module

    record = record_of(game)
    try:
        return default_registry().game(game.game_type).explorer_facts(record)
    except RulesError as exc:
        log.warning("explorer: game %s not replayed: %s", game.pk, exc)
        return {}


def refresh(game: Game) -> None:
    """Keep ``game``'s facts right after its record or status changed: worked out for a
    finished recorded game, dropped otherwise."""
    if game.status == Game.Status.FINISHED and game.has_moves:
        GameFacts.objects.update_or_create(
            game=game, defaults={"fingerprint": default_registry().fingerprint, "facts": facts_of(game)}
        )
    else:
        GameFacts.objects.filter(game=game).delete()


def uncounted(game_type: str | None = None):
    """Finished recorded games whose facts are missing or were worked out by another engine."""
    games = Game.objects.filter(status=Game.Status.FINISHED).exclude(source=Game.Source.SCORE)
    if game_type is not None:
        games = games.filter(game_type=game_type)
    return games.exclude(facts__fingerprint=default_registry().fingerprint)


def fill(game_type: str | None = None, limit: int | None = None, batch: int = 500) -> int:
    """Work out the facts `uncounted` games lack (at most ``limit``); how many were."""
    fingerprint = default_registry().fingerprint
    done = 0
    while limit is None or done < limit:
        size = batch if limit is None else min(batch, limit - done)
        games = list(uncounted(game_type).order_by("pk").prefetch_related("moves", "seats__player")[:size])
        if not games:
            break
        rows = [GameFacts(game=game, fingerprint=fingerprint, facts=facts_of(game)) for game in games]
        with transaction.atomic():
            GameFacts.objects.filter(game__in=games).delete()
            GameFacts.objects.bulk_create(rows)
        done += len(rows)
    if done:
        history_version.changed()  # bulk writes send no signals; answers cached before lack these
    return done


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

    def games(self):
        games = Game.objects.filter(game_type=self.game_type, status=Game.Status.FINISHED, parent__isnull=True)
        if self.date_from:
            games = games.filter(played_on__gte=self.date_from)
        if self.date_to:
            games = games.filter(played_on__lte=self.date_to)
        for part, side in self.sides:
            games = games.filter(**{f"sides__{part}": side})
        for player in self.players:
            games = games.filter(seats__player_id=player)
        return games


@dataclass
class Rate:
    """Wins in ``games`` games of whoever a row is about (a seat, the player who took a card…)."""

    key: str  # what the row is about, for the API (a seat number, a side, a card id…)
    label: str  # the words for it (a ``Message``: said in the reader's language when drawn)
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
        return {"key": self.key, "label": self.label, "games": self.games, "wins": self.wins,
                "rate": self.rate, "low": low, "high": high, "small": self.small, "rank": self.rank}


@dataclass
class Section:
    """One table of the explorer: its id (``seats``, ``sides``, ``first_move``,
    ``first_to_five``, ``first_card``, ``top_site``), who its rates are of, and its rows: those
    with enough games ranked by rate, then the small ones."""

    id: str
    title: str  # Messages
    whose: str  # whose wins the rates count, as a sentence
    rows: list[Rate]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "whose": self.whose, "rows": [r.to_json() for r in self.rows]}


@dataclass
class Node:
    """A move of the first-moves tree, after the moves of its parents: how often it was
    played, and how those games ended (``rate``: the first player's wins)."""

    move: dict[str, Any]
    label: str
    rate: Rate
    children: list[Node] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "label": self.label, **{k: v for k, v in self.rate.to_json().items()
                                                          if k not in ("key", "label", "rank")},
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


def explore(filters: Filters) -> Exploration:
    """The explorer's answer for ``filters``: kept in the shared cache under the history's
    version (worked out again after any change of the history)."""
    key = f"imhotep:explorer:{history_version.current()}:{filters.key()}"
    answer = cache.get(key)
    if answer is None:
        left = uncounted(filters.game_type)
        if left.exists():
            fill(filters.game_type, FILL_PER_ANSWER)
        # Words are kept as messages, said in each reader's language when drawn; their English
        # is made in English whoever asked first.
        with translation.override(settings.LANGUAGE_CODE):
            answer = count(filters, uncounted(filters.game_type).count())
        cache.set(f"imhotep:explorer:{history_version.current()}:{filters.key()}", answer, CACHE_SECONDS)
    return answer


def count(filters: Filters, not_counted: int = 0) -> Exploration:
    """Count the games ``filters`` select (two queries: games with their facts, seats with
    their results)."""
    from games.ui import game_ui

    words = game_ui(filters.game_type).board
    games = filters.games()
    facts_of_game = {gid: (sides or {}, facts or {}) for gid, sides, facts in
                     games.values_list("id", "sides", "facts__facts")}
    seats: dict[int, list[tuple[int, bool, bool]]] = defaultdict(list)
    for gid, order, started, winner in (Seat.objects.filter(game__in=games.values("id"))
                                        .values_list("game_id", "order", "started", "result__winner")):
        seats[gid].append((order, started, bool(winner)))

    by_seat: dict[tuple[int, int], Rate] = {}
    by_side: dict[tuple[str, str], Rate] = {}
    first_move: dict[str, Rate] = {}
    five: dict[str, Rate] = {}
    card: dict[str, Rate] = {}
    site: dict[str, Rate] = {}
    tree: dict[str, Node] = {}
    sizes = set()
    counted = 0
    for gid, (sides, facts) in facts_of_game.items():
        table = sorted(seats.get(gid, ()))
        if not table:
            continue
        counted += 1
        n = len(table)
        sizes.add(n)
        starter = next((k for k, (_, started, _) in enumerate(table) if started), 0)
        won = [table[(starter + k) % n][2] for k in range(n)]  # by place in play order: 0 starts

        def seat_won(seat: object, won: list[bool] = won, n: int = n, starter: int = starter) -> bool | None:
            # A fact's seat is the record's order; ``won`` is in play order.
            return won[(seat - starter) % n] if isinstance(seat, int) and 0 <= seat < n else None

        for k in range(n):
            _row(by_seat, (n, k + 1), lambda k=k, n=n: msg("{players} players: seat {seat}", players=n, seat=k + 1)
                 ).add(won[k])
        for part, side in sorted(sides.items()):
            _row(by_side, (part, side), lambda part=part, side=side: msg(
                "{part}: side {side}", part=_term(part), side=side)).add(won[0])
        opening = facts.get("opening") or []
        if opening:
            move = opening[0]
            _row(first_move, _move_key(move), lambda move=move: words.fact_words("opening", move, 0) or _move_key(move)
                 ).add(won[0])
            level = tree
            for ply, move in enumerate(opening[:TREE_DEPTH]):
                node = level.get(_move_key(move))
                if node is None:
                    label = words.fact_words("opening", move, ply) or _move_key(move)
                    node = level[_move_key(move)] = Node(move, label, Rate(_move_key(move), label))
                node.rate.add(won[0])
                level = node.__dict__.setdefault("_next", {})
        first5 = seat_won(facts.get("first_to_five"))
        if "first_to_five" in facts and first5 is not None:
            part = sides.get("obelisk", "A")
            _row(five, part, lambda part=part: msg("{part}: side {side}", part=_term("obelisk"), side=part)
                 ).add(first5)
        taken = facts.get("first_card")
        if isinstance(taken, Mapping) and seat_won(taken.get("seat")) is not None:
            name = str(taken.get("card"))
            _row(card, name, lambda name=name: words.fact_words("first_card", name, None) or _term(name)
                 ).add(bool(seat_won(taken.get("seat"))))
        for seat, best in enumerate(facts.get("top_site") or []):
            if best is not None and seat_won(seat) is not None:
                _row(site, str(best), lambda best=best: words.fact_words("top_site", best, None) or _term(best)
                     ).add(bool(seat_won(seat)))

    seat_rows = [by_seat[k] for k in sorted(by_seat)]
    if len(sizes) == 1:  # one table size (the Duel): "seat 1", not "2 players: seat 1"
        for (_, seat), row in sorted(by_seat.items()):
            row.label = msg("seat {seat}", seat=seat)
    sections = [
        Section("seats", msg("Win rate by seat"), msg("Win rate of the player in that seat (seat 1 starts)."),
                _ranked(seat_rows, rank=False)),
        Section("sides", msg("By sides played"), msg("Win rate of the player who started."), _ranked(by_side.values())),
    ]
    if first_move:
        sections.append(Section("first_move", msg("By first move"), msg("Win rate of the player who started."),
                                _ranked(first_move.values())))
    if five:
        sections.append(Section("first_to_five", msg("First to five obelisks"), msg(
            "Win rate of the player who was first to hold five obelisk tokens, by the obelisk's side."),
            _ranked(five.values())))
    if card:
        sections.append(Section("first_card", msg("By market card taken first"), msg(
            "Win rate of the player who took the game's first market card."), _ranked(card.values())))
    if site:
        sections.append(Section("top_site", msg("By site scoring most"), msg(
            "Win rate of each player by the site that brought them most points (ties left out)."),
            _ranked(site.values())))
    return Exploration(filters, counted, not_counted, sections, _tree(tree))


def _row(rows: dict, key: Any, label) -> Rate:
    row = rows.get(key)
    if row is None:
        row = rows[key] = Rate("-".join(map(str, key)) if isinstance(key, tuple) else str(key), label())
    return row


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


def _tree(level: dict[str, Node]) -> list[Node]:
    """The nodes of a level, most played first, with their children (`count` kept them in
    ``_next``)."""
    nodes = sorted(level.values(), key=lambda node: (-node.rate.games, node.rate.key))
    for node in nodes:
        node.children = _tree(node.__dict__.pop("_next", {}))
    return nodes


def _move_key(move: Mapping[str, Any]) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def _term(key: str) -> str:
    """A part, card or site by the game's own words (``GameUI.terms``), else as it is."""
    from games.ui import ui_registry

    term = ui_registry().terms.get(key)
    return term if term is not None else key
