"""The explorer's facts of each finished game (games/services/explorer.py counts them): worked
out once by the engine and kept in `GameFacts`, refreshed by the services that derive results,
filled for games stored by bulk paths (a restore, generated games: they call `fill` when done).

Filling is single flight (issue 38): one process at a time works out the missing facts (a slot
of the shared cache, and on PostgreSQL a transaction-level advisory lock, so two nodes that do
not share a cache still take turns); a reader that finds the fill taken answers what is known
instead of replaying the same games. Rows are written with INSERT … ON CONFLICT DO NOTHING
(``bulk_create(ignore_conflicts=True)``): a fact a save wrote meanwhile is kept, never a
duplicate key. A fill moves the explorer's own version (`facts_version`), not the history's:
the games list, standings and ratings check keep their cached tables.

Each game's facts are worked out with what its replay depends on (issue #52): the engine and
plugins (the plugins' registry's fingerprint) and the game's own pinned board-data version
(`Game.board_data`, games/boarddata.py), both kept on the row. A new board-data version is
pinned by no stored game, so it marks nothing out of date; a rescored game (pinned anew) is
worked out again. Readers never work out a backlog: they queue `fill` in the background
(`bring_up_to_date`, the task `games.tasks.fill_explorer_facts`) and count what is known."""

from __future__ import annotations

import json
import logging
import zlib
from collections.abc import Mapping
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Value
from django.db.models.functions import Coalesce

from games import boarddata, task_queue
from games.models import Game, GameFacts
from games.services import cache_versions
from games.services.records import record_of
from imhotep_lib.slots import slot
from rules_engine.errors import RulesError
from rules_engine.registry import base_registry, default_registry

log = logging.getLogger(__name__)

#: How deep the first-moves tree goes.
TREE_DEPTH = 3
#: Seconds the fill's slot is held at most: only a dead worker's slot expires.
FILL_HOLD_SECONDS = 300
#: Seconds a queued fill is not queued again by readers (the task clears it when done; a worker
#: that died with it queued leaves it to expire).
QUEUED_SECONDS = 600
QUEUED_KEY = "imhotep:explorer:fill-queued:{game_type}"
# The advisory lock's key on PostgreSQL (any 64-bit number the service uses for nothing else).
_ADVISORY_KEY = zlib.crc32(b"imhotep:explorer:fill")


def engine_facts(game: Game) -> dict[str, Any]:
    """The engine's facts of a finished recorded game (`GameType.explorer_facts`); {} for a
    score-only game, and for a game the current engine cannot replay (it is counted by seat
    and sides only)."""
    if not game.has_moves:
        return {}
    record = record_of(game)
    try:
        with boarddata.pinned(game):  # the board data the game was played with, not the newest
            return default_registry().game(game.game_type).explorer_facts(record)
    except RulesError as exc:
        log.warning("explorer: game %s not replayed: %s", game.pk, exc)
        return {}


def outcome_of(game: Game) -> dict[str, Any]:
    """How ``game`` ended, as the explorer counts it: ``won``, per place in play order (0
    started) 1 if that player won (a shared win counts for each); ``starter``, the seat (record
    order) that started, to put the engine's seats in play order; ``sides``."""
    seats = sorted(game.seats.all(), key=lambda seat: seat.order)  # prefetched by `fill`
    n = len(seats)
    starter = next((k for k, seat in enumerate(seats) if seat.started), 0)
    in_play_order = [seats[(starter + k) % n] for k in range(n)]
    won = [int(bool(getattr(seat, "result", None) and seat.result.winner)) for seat in in_play_order]
    return {"won": won, "starter": starter, "sides": dict(game.sides or {})}


def facts_of(game: Game) -> dict[str, Any]:
    """Everything the explorer knows of a finished game: `outcome_of` and ``engine``, the
    engine's facts."""
    return {**outcome_of(game), "engine": engine_facts(game)}


def counted_lines(facts: Mapping[str, Any]) -> list[str]:
    """What a game adds to each row of the explorer, one line each, tab-separated: the row
    (``seat``, ``side``, ``open`` with the moves so far, ``five``, ``card``, ``site``, then its
    key fields) and last 1 or 0, whether the player the row counts won. An answer counts
    these lines (`count`: one text column read per game, counted in C by `Counter`) instead
    of reading and walking every game's JSON."""
    won, starter = list(facts.get("won") or ()), int(facts.get("starter") or 0)
    n = len(won)
    if not n:
        return []
    first = won[0]
    lines = [f"seat\t{n}\t{k + 1}\t{won[k]}" for k in range(n)]
    sides = facts.get("sides") or {}
    lines += [f"side\t{_field(part)}\t{_field(side)}\t{first}" for part, side in sides.items()]
    engine = facts.get("engine") or {}

    def won_by(seat: object) -> int | None:  # a fact's seat is the record's order; ``won`` is in play order
        return won[(seat - starter) % n] if isinstance(seat, int) and 0 <= seat < n else None

    path: list[str] = []
    for move in (engine.get("opening") or [])[:TREE_DEPTH]:
        path.append(move_key(move))
        lines.append("\t".join(["open", *path, str(first)]))
    five = won_by(engine.get("first_to_five"))
    if five is not None:
        lines.append(f"five\t{_field(sides.get('obelisk', 'A'))}\t{five}")
    taken = engine.get("first_card")
    if isinstance(taken, Mapping) and won_by(taken.get("seat")) is not None:
        lines.append(f"card\t{_field(taken.get('card'))}\t{won_by(taken.get('seat'))}")
    for seat, best in enumerate(engine.get("top_site") or ()):
        if best is not None and won_by(seat) is not None:
            lines.append(f"site\t{_field(best)}\t{won_by(seat)}")
    return lines


def _field(value: object) -> str:
    return str(value).replace("\t", " ").replace("\n", " ")


def fingerprint() -> str:
    """What facts depend on besides the game's own board data: the engine's and the plugins'
    versions (the plugins' registry, without any club's board data laid over it)."""
    return base_registry().fingerprint


def _facts_row(game: Game, fingerprint: str) -> dict[str, Any]:
    facts = facts_of(game)
    return {"fingerprint": fingerprint, "board_data_id": game.board_data_id, "facts": facts,
            "counted": "\n".join(counted_lines(facts))}


def refresh(game: Game) -> None:
    """Keep ``game``'s facts right after its record, results or status changed (the services
    that derive results call it): worked out for a finished game, dropped otherwise."""
    if game.status == Game.Status.FINISHED:
        GameFacts.objects.update_or_create(game=game, defaults=_facts_row(game, fingerprint()))
    else:
        GameFacts.objects.filter(game=game).delete()


def uncounted(game_type: str | None = None):
    """Finished games whose facts are missing, or were worked out by another engine or with
    other board data than the game's own pinned version."""
    games = Game.objects.filter(status=Game.Status.FINISHED)
    if game_type is not None:
        games = games.filter(game_type=game_type)
    # 0: no version (the plugins' data only); versions are numbered from 1.
    fresh = (GameFacts.objects.filter(game=OuterRef("pk"), fingerprint=fingerprint())
             .annotate(pinned=Coalesce("board_data_id", Value(0)))
             .filter(pinned=Coalesce(OuterRef("board_data_id"), Value(0))))
    return games.filter(~Exists(fresh))


def facts_version() -> int:
    """The number the explorer's answers are kept under besides the history's version: in the
    database (games/services/cache_versions.py), moved with the facts' own writes."""
    return cache_versions.read(cache_versions.EXPLORER_FACTS)


def facts_changed(**_signal_kwargs) -> None:
    """Move `facts_version` on (a fill, and a save or delete of a `GameFacts` row), in the
    write's transaction."""
    cache_versions.move(cache_versions.EXPLORER_FACTS)


def bring_up_to_date(game_type: str | None, left: int) -> None:
    """A reader found ``left`` games of ``game_type`` uncounted: queue one background fill
    (`games.tasks.fill_explorer_facts`) instead of replaying them inside the request. Queued
    once per `QUEUED_SECONDS` while the cache answers (with the cache out, once per reader:
    the fill is single flight, and one that finds nothing left ends at once)."""
    key = QUEUED_KEY.format(game_type=game_type)
    if not left or not cache.add(key, 1, QUEUED_SECONDS):
        return
    def queue() -> None:
        try:
            task_queue.enqueue("games.tasks.fill_explorer_facts", game_type)
        except Exception:  # a queue that is out (RQ's Redis): the answer stands, the next reader queues
            log.exception("explorer: the facts' fill could not be queued")
            cache.delete(key)

    transaction.on_commit(queue)


def fill_queued(game_type: str | None) -> int:
    """The queued fill (the task): every uncounted game of ``game_type``; then readers may
    queue again."""
    try:
        return fill(game_type)
    finally:
        cache.delete(QUEUED_KEY.format(game_type=game_type))


def fill(game_type: str | None = None, limit: int | None = None, batch: int = 500, *, wait: bool = True) -> int:
    """Work out the facts `uncounted` games lack (at most ``limit``); how many were. Single
    flight: with ``wait`` False (a reader) nothing is done, 0 returned, while another process
    fills; with ``wait`` True (the command, a restore) it takes its turn after the other."""
    with slot("explorer-fill", 1, hold=FILL_HOLD_SECONDS) as free:
        if not free and not wait:
            return 0
        return _fill(game_type, limit, batch, wait=wait)


def _fill(game_type: str | None, limit: int | None, batch: int, *, wait: bool) -> int:
    engine = fingerprint()
    done = 0
    while limit is None or done < limit:
        size = batch if limit is None else min(batch, limit - done)
        with transaction.atomic():
            if not _advisory_lock(wait):
                break
            games = list(uncounted(game_type).order_by("pk")
                         .prefetch_related("moves", "seats__player", "seats__result")[:size])
            if not games:
                break
            # Facts out of date go (`uncounted` chose them); a row a save wrote meanwhile stays.
            GameFacts.objects.filter(game__in=games).filter(game__in=uncounted(game_type).values("pk")).delete()
            GameFacts.objects.bulk_create([GameFacts(game=game, **_facts_row(game, engine)) for game in games],
                                          ignore_conflicts=True)
            # Answers kept before lack these games; moved in this batch's transaction, so a cache
            # out meanwhile cannot keep them (the history's tables are unchanged).
            facts_changed()
        done += len(games)
    return done


def _advisory_lock(wait: bool) -> bool:
    """Take PostgreSQL's transaction-level lock of the fill (released at commit); True
    elsewhere, where the cache's slot is the only turn (SQLite has one writer at a time)."""
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        if wait:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_ADVISORY_KEY])
            return True
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [_ADVISORY_KEY])
        return bool(cursor.fetchone()[0])


def move_key(move: Mapping[str, Any]) -> str:
    """A move as the explorer counts it: its compact JSON, keys sorted."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))
