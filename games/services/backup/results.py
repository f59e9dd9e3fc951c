"""What a restore stores as a game's results: the backup's, re-checked by the engine of this
server (a recorded game replayed, a score-only board scored, through the registry), and what
to do when the engine now sees the game otherwise (an engine fix since the backup): `KEEP`
the backup's results with a warning, `STRICT` refuse the line, or `RECOMPUTE` store the
engine's (package docstring).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games import registered_games
from games.boarddata import registry_for
from games.models import Game, Result
from games.services.backup.fields import LineError, _clean, _get
from games.services.backup.fileformat import RESULT_FIELDS
from games.services.recording import RECORD_HEADER_EXCLUDES
from games.services.results import result_rows
from rules_engine import ENGINE_VERSION
from rules_engine.errors import RecordError, RulesError

# What import does with a game whose results the engine, re-checking it, does not derive.
KEEP = "keep"  # restore the backup's results, warn (the default: the backup is the club's truth)
STRICT = "strict"  # refuse the line
RECOMPUTE = "recompute"  # store the engine's results, warn; keep the backup's if the engine rejects the game
RESULT_MODES = (KEEP, STRICT, RECOMPUTE)


@dataclass(frozen=True)
class _Check:
    """The engine's view of a game now, against the backup's results."""

    derived: list[dict] | None  # the engine's result rows; None when unfinished or rejected
    differs: str | None  # how the engine's view differs from the backup's; None when it agrees
    rejected: bool = False  # the engine rejects the game: there is nothing to recompute


@dataclass(frozen=True)
class Results:
    """What to store for a game line, per the mode."""

    rows: list[dict] | None  # result rows per seat; None: no results (unfinished)
    warning: str | None = None  # how the engine differs, reported once the game is written
    recomputed: bool = False


def results_to_store(game: Game, seats: list[dict], moves: list, *, mode: str, names: Mapping[int, str]) -> Results:
    """The results to store, per ``mode``; LineError when the line is refused. ``names``: the
    database name of each backup player id, for the replayed record. RECOMPUTE sets ``game``'s
    status and versions to the engine's when it stores the engine's results."""
    missing = registry_for(game).missing(game.game_type, game.variants, {})
    if missing:
        # Not an engine change but a plugin this server lacks: install it, then import.
        raise LineError(f"{'; '.join(missing)} (install it, then import again)")
    stored = _stored_results(seats)
    check = _check(game, seats, moves, stored, names)
    if check.differs is None:
        return Results(stored)
    if mode == STRICT:
        raise LineError(f"{check.differs}; restore with the engine version that made the backup, or without --strict")
    if mode == RECOMPUTE and not check.rejected:
        if check.derived is not None:
            game.status = Game.Status.FINISHED
        elif game.status == Game.Status.FINISHED:
            game.status = Game.Status.IN_PROGRESS  # as recompute_results: no end reached, no results
        game.engine_version = ENGINE_VERSION
        game.plugin_versions = registered_games.versions(game.game_type, game.variants)
        return Results(check.derived, f"{check.differs}; stored the engine's results (--recompute)", True)
    advice = "" if mode == RECOMPUTE else " (--recompute stores the engine's, --strict refuses the line)"
    return Results(stored, f"{check.differs}; kept the backup's results{advice}")


def _stored_results(seats: list[dict]) -> list[dict] | None:
    """The backup's result rows, checked as the model holds them: every seat or none."""
    given = [s["result"] for s in seats]
    if all(r is None for r in given):
        return None
    if any(r is None for r in given):
        raise LineError("some seats have a result and others none: every seat has one or none does")
    rows = []
    for i, result in enumerate(given):
        where = f"seats[{i}].result"
        row = {f: _get(result, f, where) for f in RESULT_FIELDS}
        _clean(Result(**row), exclude=["seat"], where=where)
        if not isinstance(row["breakdown"], dict):
            raise LineError(f"{where}.breakdown must be an object")
        if not all(isinstance(row[f], bool) for f in ("winner", "tie_broken")):
            raise LineError(f"{where}: winner and tie_broken must be true or false")
        if not all(isinstance(row[f], int) and not isinstance(row[f], bool) for f in ("total", "rank")):
            raise LineError(f"{where}: total and rank must be whole numbers")
        rows.append(row)
    return rows


def _check(game: Game, seats: list[dict], moves: list, stored: list[dict] | None, names: Mapping[int, str]) -> _Check:
    """Re-check the game with the engine of this server against the backup's results."""
    score: Mapping[str, object] | None
    try:
        if not game.has_moves:
            score = registry_for(game).score(game.board).to_json()
            what = "scoring its board"
        else:
            replay = registry_for(game).replay(_record(game, seats, moves, names), states=False)
            score = replay.score().to_json() if replay.finished else None
            what = f"replaying its {len(moves)} moves"
    except RecordError as exc:
        where = f" at move {exc.move}" if exc.move is not None else ""
        return _Check(None, f"the engine rejects the record{where}: {exc.reason}", rejected=True)
    except RulesError as exc:
        return _Check(None, f"the engine rejects the game: {exc}", rejected=True)
    derived = result_rows(score) if score is not None else None
    if derived is None:
        if stored is not None:
            return _Check(None, f"the backup has results but {what} does not reach the end of the game")
        return _Check(None, None)
    if len(derived) != len(seats):
        return _Check(None, f"the engine scores {len(derived)} players for {len(seats)} seats", rejected=True)
    if stored is None:
        return _Check(derived, f"{what} reaches the end of the game but the backup has no results")
    for i, (mine, theirs) in enumerate(zip(derived, stored, strict=True)):
        if any(theirs[f] != mine[f] for f in RESULT_FIELDS):
            return _Check(derived, f"seat {i + 1}: {what} gives {mine} but the backup says {theirs}")
    return _Check(derived, None)


def _record(game: Game, seats: list[dict], moves: list, names: Mapping[int, str]) -> dict:
    """The F2/F4 record, as `records.record_of` builds it from the stored rows."""
    header = dict(game.header)
    record = {"game": header.pop("game", game.game_type)}
    record.update({k: v for k, v in header.items() if k != "setup" and k not in RECORD_HEADER_EXCLUDES})
    record["players"] = [names[s["player"]] for s in seats]
    if "setup" in header:
        record["setup"] = header["setup"]
    record["moves"] = moves
    return record
