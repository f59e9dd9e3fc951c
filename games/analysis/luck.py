"""What decided a game (issue #41): starting, running and reading a game's luck-and-skill
analysis (rules_engine/analysis/luck.py). The heavy part runs in a background task
(games/analysis/tasks.py `luck_of_game`), leased like the analysis (games/leases.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import leases, task_queue
from games.analysis import quotas
from games.analysis.models import GameAnalysis, GameLuck
from games.analysis.puzzle_queue import store_puzzles
from games.analysis.service import analysis_digest
from games.boarddata import registry_for
from games.models import Game
from games.services.records import record_of
from rules_engine import ENGINE_VERSION
from rules_engine.analysis.luck import LUCK_VERSION, LuckSkill, luck_and_skill
from rules_engine.analysis.puzzles import Puzzle, verified
from rules_engine.messages import msg

DIGITS = 4  # a term's figures are kept to 4 decimals: 200 of them still add up within 0.01


def current(game: Game, digest: str | None = None) -> GameLuck | None:
    """The game's luck analysis as it stands (same moves, same engine and playouts), if asked for."""
    return GameLuck.objects.filter(
        game=game, engine_version=ENGINE_VERSION, luck_version=LUCK_VERSION,
        record_hash=digest or analysis_digest(record_of(game)), playouts=settings.IMHOTEP_ANALYSIS_PLAYOUTS,
    ).first()


def request_luck(game: Game, *, user=None) -> tuple[GameLuck, bool]:
    """The game's luck analysis, queued if there is none yet (or the last one failed or its worker
    died); True when a task was queued. ``user``: the member asking, whose queue is limited
    (games/analysis/quotas.py: `Busy`, nothing queued)."""
    if not game.has_moves:
        raise ValueError(msg("game {game} was not recorded move by move; there is nothing to analyse", game=game.pk))
    record = record_of(game)
    with transaction.atomic():
        quotas.lock_member(user)
        luck, created = GameLuck.objects.get_or_create(
            game=game, engine_version=ENGINE_VERSION, luck_version=LUCK_VERSION,
            record_hash=analysis_digest(record), playouts=settings.IMHOTEP_ANALYSIS_PLAYOUTS,
            defaults={"moves_total": len(record["moves"])},
        )
        queued = leases.queue(luck, created, task_queue.enqueuer("games.analysis.tasks.luck_of_game"))
        if queued:  # refused over the quota: the transaction, and the task it would enqueue, undone
            quotas.check(GameLuck, user, luck)
            quotas.mark(luck, user)
    return luck, queued


def requeue_stale() -> int:
    """Queue again the luck analyses whose worker died; how many."""
    queued = leases.requeue_stale(GameLuck)
    for pk in queued:
        task_queue.enqueue("games.analysis.tasks.luck_of_game", int(str(pk)))
    return len(queued)


def run_luck(luck_id: int) -> None:
    """Compute one luck analysis (a worker calls this), once, under a lease."""
    leases.run(GameLuck, luck_id, _compute)


def analysed_chances(luck: GameLuck, positions: int) -> list[list[float]] | None:
    """The win chances per position of the game's finished analysis of the same record and
    playouts (games/analysis/service.py), if there is one: the luck analysis need not estimate
    them again (any estimate telescopes; the last position of a finished game is its result)."""
    analysis = GameAnalysis.objects.filter(
        game=luck.game_id, engine_version=luck.engine_version, record_hash=luck.record_hash,
        playouts=luck.playouts, status=GameAnalysis.Status.DONE,
    ).order_by("-analysis_version").first()
    if analysis is None or len(analysis.probabilities) != positions:
        return None
    return analysis.probabilities


def _compute(luck: GameLuck, lease: leases.Renewal) -> None:
    record = record_of(luck.game)
    game_type = registry_for(luck.game).game(luck.game.game_type)
    split = luck_and_skill(
        game_type, record, playouts=luck.playouts, move_playouts=settings.IMHOTEP_LUCK_MOVE_PLAYOUTS,
        deep_playouts=settings.IMHOTEP_LUCK_DEEP_PLAYOUTS,
        chances=analysed_chances(luck, len(record["moves"]) + 1),
        progress=lambda done, total: lease.update(**({"moves_done": done} if done % 5 == 0 else {})),
    )
    kept = stored(split, verified(game_type, record, split))
    lease.update(status=GameLuck.Status.DONE, lease_until=None, moves_done=luck.moves_total, **kept)
    luck.puzzles = kept["puzzles"]
    store_puzzles(luck, timezone.localdate())


def _r(x: float) -> float:
    return round(x, DIGITS)


def stored(split: LuckSkill, found: list[Puzzle]) -> dict:
    """What a row keeps of a `LuckSkill`: per seat the sums, every term (without its ranking),
    and the puzzles ``found`` (`rules_engine.analysis.puzzles.verified`: the re-check's chances)."""
    terms = [{"move": t.move, "kind": t.kind, "seat": t.seat, "change": [_r(c) for c in t.change],
              "cost": None if t.cost is None else _r(t.cost), "turned_up": dict(t.turned_up)}
             for t in split.terms]
    players = [{"seat": seat, "start": _r(split.start[seat]), "result": _r(split.result[seat]),
                "luck": _r(split.luck(seat)), "skill": _r(split.skill(seat)), "own": _r(split.own(seat))}
               for seat in range(len(split.start))]
    puzzles = [{"move": p.move, "seat": p.seat, "win": _r(p.win), "best": p.best, "best_win": _r(p.best_win),
                "second_win": _r(p.second_win), "played_win": None if p.played_win is None else _r(p.played_win)}
               for p in found]
    return {"players": players, "terms": terms, "puzzles": puzzles}
