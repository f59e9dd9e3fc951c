"""Server time of transcribing one move with a tap: the move POST (htmx) plus the re-rendered
board, on a 60-ply Duel recorded at the table and on a 90-ply 4-player base game recorded at
the table; figures as p50/p95 in ms and as a ratio to GET /healthz measured in the same run.

    .venv/bin/python bench/transcribe.py [--repeat 40]

Runs in-process (Django's test client) against a throwaway SQLite file, never a real database.
Each sample empties the replay caches and loads the page (as a player sees the position before
tapping), posts the move (timed), then undoes it, so every sample sees the same game."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WORK = tempfile.mkdtemp()
os.environ["DATABASE_URL"] = f"sqlite:///{WORK}/bench.sqlite3"
os.environ["IMHOTEP_CACHE_DIR"] = f"{WORK}/cache"  # the run's own shared cache
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imhotep_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "1")


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def board_steps(move: dict) -> int:
    """Taps on the harbor after the action token (static/js/board-pick.js)."""
    kind = move["type"]
    if kind == "take-token":
        return 1
    if kind == "place-meeples":
        return len(move["cells"])
    if kind == "place-unload":
        return 1 + len(move["boats"])
    return 3  # swap-unload: two slots, then the boat to unload


def _continues(longer: dict, move: dict) -> bool:
    """``longer`` is ``move`` picked further (a third cell, a second boat): "Done" is needed."""
    if longer["type"] != move["type"]:
        return False
    if move["type"] == "place-meeples":
        return set(move["cells"]) < set(longer["cells"])
    if move["type"] == "place-unload":
        return longer["cell"] == move["cell"] and len(longer["boats"]) > len(move["boats"]) \
            and longer["boats"][:len(move["boats"])] == move["boats"]
    return False


def duel_taps(record: dict) -> dict[str, int]:
    """Taps to transcribe a Duel's moves on the play page (the setup form aside): a place, an
    unload or a pass is one tap; an action token from its list is two (open the token's list,
    pick the line; scrolling not counted); on the board, the token, each target, and "Done" when
    a longer legal move of that token continues the pick; every token drawn at the table is one
    palette tap, and each draw prompt one "Record the move". Counted on the engine's legal
    moves at each position (a model of the page, not a browser run)."""
    from rules_engine.registry import default_registry

    game = default_registry().game("duel")
    replay = default_registry().replay(record)
    taps = {"list": 0, "board": 0, "best": 0}
    for ply, move in enumerate(record["moves"]):
        refills = [t for t in move.get("refills") or () if t]
        drawn = len(move.get("refill") or ()) + sum(map(len, refills)) + (1 if move.get("reveal") else 0)
        prompt = drawn + (1 if drawn else 0)
        if move["type"] in ("place", "unload", "pass"):
            for key in taps:
                taps[key] += 1 + prompt
            continue
        shown = {k: v for k, v in move.items() if k not in ("refill", "refills", "reveal")}
        legal = [game.move_to_json(m) for m in game.legal_moves(replay.states[ply]) if m is not None]
        longer = any(_continues(m, shown) for m in legal)
        on_board = 1 + board_steps(shown) + (1 if longer else 0)
        taps["list"] += 2 + prompt
        taps["board"] += on_board + prompt
        taps["best"] += min(2, on_board) + prompt
    return taps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--taps", action="store_true", help="count the taps of the transcribed Duel's moves and stop")
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from games.models import Game
    from games.services.recording import import_record
    from rules_engine.classic.playout import random_record as classic_record
    from rules_engine.classic.transcription import trimmed_setup
    from rules_engine.duel.playout import random_record as duel_record
    from rules_engine.duel.record import to_transcription

    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("bench", password="bench-only")
    client = Client(HTTP_HOST="localhost")  # a host the settings allow
    client.force_login(user)
    htmx = {"HX-Request": "true"}

    def timed(fn) -> list[float]:
        out = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            fn()
            out.append((time.perf_counter() - start) * 1000)
        return out

    def game_at(record: dict, ply: int) -> tuple[Game, dict]:
        outcome = import_record({**record, "moves": record["moves"][:ply]}, user=user, source=Game.Source.RECORDED)
        assert outcome.status == "imported", outcome.describe()
        return outcome.game, record["moves"][ply]

    # A Duel at the table: ply 60 (or the last move of a shorter game), its draws tapped in.
    duel = next(r for r in (to_transcription(duel_record(random.Random(s))) for s in range(200))
                if len(r["moves"]) >= 60)
    duel["players"] = ["Ana", "Ben"]
    duel_game, duel_move = game_at(duel, 59)
    shown = {k: v for k, v in duel_move.items() if k not in ("refill", "refills", "reveal")}
    draws = {}
    if "refill" in duel_move:
        draws["refill"] = " ".join(duel_move["refill"])
    for k, tokens in enumerate(duel_move.get("refills") or []):
        if tokens:
            draws[f"refills-{k}"] = " ".join(tokens)
    if "reveal" in duel_move:
        draws["reveal"] = duel_move["reveal"]

    if args.taps:
        taps = duel_taps(duel)
        print(f"Duel transcribed at the table, {len(duel['moves'])} moves (setup form aside): "
              f"action tokens from their lists {taps['list']} taps, on the board {taps['board']}, "
              f"each by the shorter way {taps['best']}")
        return

    # A 4-player base game at the table, ply 90: its setup lists the cards turned up so far.
    classic = next(r for r in (classic_record(random.Random(s), players=4) for s in range(200))
                   if len(r["moves"]) >= 90)
    classic["setup"] = {**trimmed_setup({**classic, "moves": classic["moves"][:90]}), "transcribed": True}
    classic["players"] = ["Ana", "Ben", "Cy", "Dee"]
    classic_game, classic_move = game_at(classic, 89)

    def tap(game: Game, move: dict, extra: dict):
        def once():
            response = client.post(f"/games/{game.pk}/play", {"ply": game_ply[game.pk], "move": json.dumps(move),
                                                                **extra}, headers=htmx)
            assert response.status_code == 200 and b'id="play"' in response.content, response.status_code
            undo = client.post(f"/games/{game.pk}/play/undo", {"ply": game_ply[game.pk] + 1})
            assert undo.status_code == 302, undo.content[:200]
        return once

    game_ply = {duel_game.pk: 59, classic_game.pk: 89}

    def post_only(game, move, extra):
        # Time the POST alone. Outside the timer, as at the table: the replay caches are
        # emptied (a new move makes a record no cache has seen), the page showing the position
        # is loaded, and after the sample the move is undone, so every sample sees the same game.
        from django.core.cache import cache

        from games.ui import timeline

        out = []
        for _ in range(args.repeat):
            cache.clear()
            timeline.forget()
            assert client.get(f"/games/{game.pk}/play").status_code == 200
            start = time.perf_counter()
            response = client.post(f"/games/{game.pk}/play", {"ply": game_ply[game.pk], "move": json.dumps(move),
                                                                **extra}, headers=htmx)
            out.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200 and b'id="play"' in response.content, response.content[:300]
            assert game.moves.count() == game_ply[game.pk] + 1, "the move was not stored"
            client.post(f"/games/{game.pk}/play/undo", {"ply": game_ply[game.pk] + 1})
        return out

    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    assert client.get("/healthz").status_code == 200
    healthz = timed(lambda: client.get("/healthz"))
    rows = [
        ("GET /healthz (baseline)", healthz),
        ("Duel, tap move 60 (POST + re-render)", post_only(duel_game, shown, draws)),
        ("base game 4p, tap move 90 (POST + re-render)", post_only(classic_game, classic_move, {})),
    ]
    base = statistics.median(healthz)
    print(f"{'':46} {'p50 ms':>8} {'p95 ms':>8} {'p50 / healthz':>14}")
    for name, samples in rows:
        p50, p95 = statistics.median(samples), percentile(samples, 95)
        print(f"{name:46} {p50:8.2f} {p95:8.2f} {p50 / base:13.1f}x")
    print(f"({args.repeat} samples each; target: p95 ≤ 30 ms for the tap moves)")


if __name__ == "__main__":
    main()
