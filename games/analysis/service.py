"""Starting, running and reading a game's analysis. The heavy part runs in a background task
(games/analysis/tasks.py); this module is what both the pages and the API call."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from games import leases, task_queue
from games.analysis import quotas, review
from games.analysis.models import GameAnalysis
from games.boarddata import registry_for
from games.models import Game
from games.services.records import record_of
from rules_engine import ENGINE_VERSION
from rules_engine.analysis import ANALYSIS_VERSION, estimate, search
from rules_engine.messages import msg

PROGRESS_EVERY = 5  # plies between progress writes


def analysis_digest(record: dict) -> str:
    """What an analysis is stored under besides the engine: the moves, names, sides… it was of
    (every key, history included; not the import de-duplication hash of
    ``games.services.documents.record_hash``)."""
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


def current(game: Game, playouts: int | None = None, digest: str | None = None) -> GameAnalysis | None:
    """The analysis of the game as it stands (same moves, same engine), if one was asked for;
    ``digest``: the game's ``analysis_digest`` when the caller has it (the replay page keeps it
    with the game's replay).

    One of this analysis version first; else one finished by an older analysis version, which
    still shows its chances to win (the playouts, hence the chances, are the same; it lacks the
    later figures, e.g. the margins: `has_margins`) until the game is analysed again."""
    playouts = playouts or settings.IMHOTEP_ANALYSIS_PLAYOUTS
    digest = digest or analysis_digest(record_of(game))
    return GameAnalysis.objects.filter(
        Q(analysis_version=ANALYSIS_VERSION)
        | Q(analysis_version__lt=ANALYSIS_VERSION, status=GameAnalysis.Status.DONE),
        game=game, engine_version=ENGINE_VERSION, record_hash=digest, playouts=playouts,
    ).order_by("-analysis_version").first()


def is_outdated(analysis: GameAnalysis) -> bool:
    """Made by an older analysis version: analysing again adds what it lacks."""
    return analysis.analysis_version < ANALYSIS_VERSION


def has_margins(analysis: GameAnalysis) -> bool:
    """Whether a finished analysis holds the expected score margins (not one made before they
    were kept, nor one of a game that does not give its final totals)."""
    return analysis.status == GameAnalysis.Status.DONE and bool(analysis.margins)


def request_analysis(game: Game, playouts: int | None = None, *, user=None) -> tuple[GameAnalysis, bool]:
    """The game's analysis, queued if there is none yet (or the last one failed); True when a
    task was queued. An analysis already done for these moves and this engine is reused.
    ``user``: the member asking, whose queue is limited (games/analysis/quotas.py: `Busy`,
    nothing queued)."""
    playouts = playouts or settings.IMHOTEP_ANALYSIS_PLAYOUTS
    if not game.has_moves:
        raise ValueError(msg("game {game} was not recorded move by move; there is nothing to analyse", game=game.pk))
    record = record_of(game)
    with transaction.atomic():
        quotas.lock_member(user)
        analysis, created = GameAnalysis.objects.get_or_create(
            game=game, engine_version=ENGINE_VERSION, analysis_version=ANALYSIS_VERSION,
            record_hash=analysis_digest(record), playouts=playouts,
            defaults={"plies_total": len(record["moves"]) + 1},
        )
        queued = leases.queue(analysis, created, task_queue.enqueuer("games.analysis.tasks.analyse_game"))
        if queued:  # refused over the quota: the transaction, and the task it would enqueue, undone
            quotas.check(GameAnalysis, user, analysis)
            quotas.mark(analysis, user)
    return analysis, queued


def requeue_stale() -> int:
    """Queue again the analyses whose worker died (a worker calls this when it starts and every
    lease period while it runs); how many."""
    queued = leases.requeue_stale(GameAnalysis)
    for pk in queued:
        task_queue.enqueue("games.analysis.tasks.analyse_game", int(str(pk)))
    return len(queued)


def run_analysis(analysis_id: int) -> None:
    """Compute one analysis (a worker calls this). A second worker given the same analysis
    finds it claimed and does nothing, so each analysis is computed once. The worker holds a
    lease on it meanwhile (games/leases.py): if it dies, the analysis is queued again."""
    leases.run(GameAnalysis, analysis_id, _compute)


def _compute(analysis: GameAnalysis, lease: leases.Renewal) -> None:
    record = record_of(analysis.game)
    game_type = registry_for(analysis.game).game(analysis.game.game_type)
    states = game_type.replay(record).states
    probabilities: list[list[float]] = []
    # Expected final score margins (rules_engine/analysis `margins`), in points; none at
    # all for a game that does not give its final totals.
    margins: list[list[float]] = []
    scored = True
    for ply, state in enumerate(states):
        # One seed per ply: the same record always gives the same figures.
        result = estimate(game_type, state, record, playouts=analysis.playouts, rng=random.Random(ply))
        probabilities.append([round(p, 4) for p in result.wins])
        scored = scored and result.margins is not None
        if scored:
            margins.append([round(m, 2) for m in result.margins or ()])
        # Progress every few plies; the lease renewed when due, whatever the progress.
        lease.update(**({"plies_done": ply + 1} if ply % PROGRESS_EVERY == 0 else {}))
    # The review (games/analysis/review.py): each player's biggest mistakes, each with the
    # best move its mover had at the position before it (determinized tree search,
    # rules_engine/analysis/mcts.py; the chances above stay plain playouts from each position,
    # which a game's batch playout runs at once).
    movers = [game_type.to_move(state) for state in states[:-1]]
    turning = []
    for point in review.worst_by_player(review.mistakes(probabilities, movers)):
        best = search(game_type, states[point.before], record, playouts=analysis.playouts,
                      rng=random.Random(point.move), top=1)
        turning.append({"move": point.move, "seat": point.seat, "drop": point.cost,
                        "best": game_type.move_to_json(best[0].move) if best else None,
                        "best_win": round(best[0].win, 4) if best else None})
    done = {"plies_done": len(states), "plies_total": len(states), "probabilities": probabilities,
            "margins": margins if scored else [], "turning": turning}
    lease.update(status=GameAnalysis.Status.DONE, lease_until=None, **done)


def hint(game: Game, ply: int, playouts: int | None = None, *, record: dict | None = None,
         states: Sequence | None = None) -> list[dict]:
    """The best moves at ``ply`` for the player to move, with their estimated chance to win and
    the playouts each got (determinized tree search, rules_engine/analysis/mcts.py: at most
    ``playouts``, fewer once the best move is clear). ``record`` and its ``states``: the game's,
    when the caller has replayed it (the replay page)."""
    playouts = playouts or settings.IMHOTEP_HINT_PLAYOUTS
    game_type = registry_for(game).game(game.game_type)
    if record is None or states is None:
        record = record_of(game)
        states = game_type.replay(record).states
    if not 0 <= ply < len(states):
        raise ValueError(msg("ply must be between 0 and {last}, got {ply}", last=len(states) - 1, ply=ply))
    state = states[ply]
    if game_type.is_over(state):
        return []
    ranked = search(game_type, state, record, playouts=playouts, rng=random.Random(ply))
    return [{"move": game_type.move_to_json(v.move), "win": round(v.win, 4), "playouts": v.playouts} for v in ranked]
