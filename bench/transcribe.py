"""Server time of transcribing one move with a tap: the move POST (htmx) plus the re-rendered
board, on a 60-ply Duel recorded at the table and on a 90-ply 4-player base game recorded at
the table; figures as p50/p95 in ms and as a ratio to GET /healthz measured in the same run.

    .venv/bin/python bench/transcribe.py [--repeat 40]
    .venv/bin/python bench/transcribe.py --taps   # taps to transcribe both whole games, before -> now

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


def board_keys(move: dict) -> list[list[str]] | None:
    """The steps of an action-token move on the harbor, as static/js/board-pick.js `steps`."""
    def slot(boat, n):
        return f"s:{boat}:{n}"
    kind = move["type"]
    if kind == "take-token":
        return [[slot(move["boat"], move["slot"])]]
    if kind == "place-meeples":
        return [[f"c:{c}" for c in move["cells"]]]
    if kind == "place-unload":
        return [[f"c:{move['cell']}"], *([f"b:{b}"] for b in move["boats"])]
    if kind == "swap-unload":
        return [[slot(move["boat"], move["slots"][0]), slot(move["boat"], move["slots"][1])], [f"b:{move['unload']}"]]
    return None


def follow(groups: list[list[str]], chosen: list[str]) -> list[str] | None:
    """board-pick.js `follow`: None when ``chosen`` does not lead to the move, else its next keys."""
    k = 0
    for group in groups:
        taken = chosen[k:k + len(group)]
        if any(key not in group or taken.index(key) != i for i, key in enumerate(taken)):
            return None
        k += len(taken)
        if len(taken) < len(group):
            return [key for key in group if key not in taken]
    return [] if k == len(chosen) else None


def pick_taps(wanted: list[list[str]], options: list[list[list[str]]], *, implied: bool) -> int:
    """Taps to pick the move of steps ``wanted`` on the board among the legal moves of the same
    bar button (their steps ``options``), as static/js/board-pick.js does: the bar button, each
    target tapped, "Done" when a longer move could continue; ``implied``: a step with a single
    legal target is taken by the page (no tap)."""
    keys = [key for group in wanted for key in group]
    chosen: list[str] = []
    taps = 1  # the action token / card / "Sail a ship"
    while True:
        targets: set[str] = set()
        done = False
        for groups in options:
            nxt = follow(groups, chosen)
            if nxt is None:
                continue
            done = done or not nxt
            targets.update(nxt)
        if done and not targets:
            return taps  # the only finished move is posted
        if done and len(chosen) == len(keys):
            return taps + 1  # "Done"
        if implied and not done and len(targets) == 1:
            chosen.append(targets.pop())
            continue
        left = list(keys)
        for key in chosen:
            left.remove(key)
        chosen.append(left[0])
        taps += 1


def board_pick_taps(move: dict, legal: list[dict], *, implied: bool) -> int:
    """A Duel action token's move picked on the harbor (`pick_taps`)."""
    options = [g for g in (board_keys(m) for m in legal if m["type"] == move["type"]) if g]
    return pick_taps(board_keys(move) or [], options, implied=implied)


def duel_taps(record: dict) -> dict[str, int]:
    """Taps to transcribe a Duel's moves on the play page (the setup form aside), counted on
    the engine's legal moves at each position (a model of the page, not a browser run): a
    place, an unload or a pass is one tap; an action token from its list two (open the token's
    list, pick the line; scrolling not counted), on the board as `board_pick_taps`; every token
    drawn at the table is one palette tap. "before" is the page before the implied steps
    (a prompt also needed "Record the move", the board asked for every target); "after" is
    now: the palette's last needed token records the move, and a step with one legal target
    is taken by the page."""
    from rules_engine.registry import default_registry

    game = default_registry().game("duel")
    replay = default_registry().replay(record)
    taps = dict.fromkeys(("list before", "board before", "best before", "list", "board", "best"), 0)
    for ply, move in enumerate(record["moves"]):
        refills = [t for t in move.get("refills") or () if t]
        drawn = len(move.get("refill") or ()) + sum(map(len, refills)) + (1 if move.get("reveal") else 0)
        for when, prompt in (("before", drawn + (1 if drawn else 0)), ("", drawn)):
            suffix = f" {when}" if when else ""
            if move["type"] in ("place", "unload", "pass"):
                for way in ("list", "board", "best"):
                    taps[way + suffix] += 1 + prompt
                continue
            shown = {k: v for k, v in move.items() if k not in ("refill", "refills", "reveal")}
            legal = [game.move_to_json(m) for m in game.legal_moves(replay.states[ply]) if m is not None]
            on_board = board_pick_taps(shown, legal, implied=not when)
            taps["list" + suffix] += 2 + prompt
            taps["board" + suffix] += on_board + prompt
            taps["best" + suffix] += min(2, on_board) + prompt
    return taps


def classic_taps(record: dict) -> dict[str, int]:
    """Taps to transcribe a base game's moves on the play page (the setup form aside), a model
    on the engine's legal moves as `duel_taps`: getting stones, a stone placed (a slot of the
    board) or a pass is one tap; a sail from the open "Sail a ship" list one tap when its ship
    and site have one way, else two (open the ship's line, pick); a blue card from its list
    three (the card, the ship's line, the choice); on the board the bar button, then the ship,
    slots, site and cards (`pick_taps`, games/ui/classic/board_pick.py). Each prompt for the
    cards the table turned up (a transcribed game): before, a list to pick from was two taps
    (open, pick) for the round card and for each market card, then "Record the move"; now one
    tap each on the prompt's buttons (js/card-palette.js), the last one recording the move."""
    from games.ui.classic.board_pick import pick_kind, pick_steps
    from games.ui.classic.menu import legal_menu
    from rules_engine.classic.transcription import in_use
    from rules_engine.registry import default_registry

    game = default_registry().game(record["game"])
    replay = default_registry().replay(record)
    taps = dict.fromkeys(("list", "board", "best", "prompts", "prompts before"), 0)
    for ply, move in enumerate(record["moves"]):
        (cards, draws), (cards_after, draws_after) = in_use(replay.states[ply]), in_use(replay.states[ply + 1])
        market, round_card = draws_after - draws, cards_after > max(1, cards)
        if market or round_card:
            taps["prompts before"] += 2 * market + 2 * round_card + 1
            taps["prompts"] += market + round_card  # js/card-palette.js: one tap each, the last records
        kind = pick_kind(move)
        if kind is None:
            for way in ("list", "board", "best"):
                taps[way] += 1
            continue
        legal = [game.move_to_json(m) for m in game.legal_moves(replay.states[ply]) if m is not None]
        if move["type"] == "sail":
            menu = legal_menu(legal)
            group = next(g for g in menu.sail if any(c.move == move for c in g.choices))
            in_list = 1 if len(group.choices) == 1 else 2
        else:
            in_list = 3
        wanted = pick_steps(move)
        options = [g for g in (pick_steps(m) for m in legal if pick_kind(m) == kind) if g]
        on_board = pick_taps(wanted, options, implied=True) if wanted else in_list
        taps["list"] += in_list
        taps["board"] += on_board
        taps["best"] += min(in_list, on_board)
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

    def classic_game_record() -> dict:
        """The first random 4-player base game of at least 90 moves."""
        return next(r for r in (classic_record(random.Random(s), players=4) for s in range(200))
                    if len(r["moves"]) >= 90)

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
        print(f"Duel transcribed at the table, {len(duel['moves'])} moves (setup form aside), taps before -> now:")
        for way, said in (("list", "action tokens from their lists"), ("board", "action tokens on the board"),
                          ("best", "each by the shorter way")):
            print(f"  {said:34} {taps[way + ' before']:4} -> {taps[way]}")
        classic = classic_game_record()
        taps = classic_taps(classic)
        print(f"Base game, 4 players, transcribed at the table, {len(classic['moves'])} moves (setup form aside), "
              "taps before -> now:")
        before = taps["list"] + taps["prompts before"]
        for way, said in (("list", "sails and blue cards from their lists"),
                          ("board", "sails and blue cards on the board"), ("best", "each by the shorter way")):
            print(f"  {said:38} {before:4} -> {taps[way] + taps['prompts']}")
        print(f"  (of which the cards turned up: {taps['prompts before']} -> {taps['prompts']})")
        return

    # A 4-player base game at the table, ply 90: its setup lists the cards turned up so far.
    classic = classic_game_record()
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
