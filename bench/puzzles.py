"""Puzzles verified at depth (issue #54, rules_engine/analysis/puzzles.py): every puzzle of the
demo club (games/services/demo.py and the club night of demo_event.py, the `load_demo` command's
games) and of generated games, found as the luck analysis finds them (cheap screen, then the
re-check), re-searched at 4 times the re-check's budget, on one core:

    .venv/bin/python bench/puzzles.py [--demo 48] [--generated 20] [--generated-game duel]
                                      [--only duel|classic] [--no-tree] [--factor 4]

Prints the load average first, then the baseline (one full win-chance analysis of the first
Duel, every position at 200 playouts, as games/analysis/service.py computes it), then per game
its candidates and kept puzzles and the re-check's CPU seconds, and per puzzle the re-check's
chances and the deeper re-searches': flat Monte-Carlo over every legal move (``--factor`` times
`RECHECK_PLAYOUTS` shared evenly) and the tree search (rules_engine/analysis/mcts.py) at the
same number of playouts. A puzzle keeps its best move when the re-search ranks it first, and
its margin when its chance there beats every other move's by `MIN_GAP`. Then the totals and
the load average again. ``--demo 6 --generated 2 --no-tree`` takes about a minute."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imhotep_site.settings")

import django

django.setup()

from games.services.demo import SEED, demo_documents, other_documents  # noqa: E402
from games.services.demo_event import PLAYED_ROUNDS  # noqa: E402
from rules_engine.analysis import estimate, search_result  # noqa: E402
from rules_engine.analysis.luck import luck_and_skill  # noqa: E402
from rules_engine.analysis.mcts import RANKED_VISITS  # noqa: E402
from rules_engine.analysis.puzzles import (  # noqa: E402
    MIN_GAP,
    RECHECK_PLAYOUTS,
    candidates,
    flat_chances,
    position_rng,
    verified,
)
from rules_engine.registry import DEFAULT_GAME, default_registry  # noqa: E402

EVENT_TABLES = 4  # the demo club night: 8 players, 4 tables a round


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def demo_records() -> list[tuple[str, dict]]:
    """The demo club's games recorded move by move: its Duels, the other games', the club night's."""
    out = [(f"demo {n}", doc) for n, (kind, doc, _) in enumerate(demo_documents(), 1) if kind == "record"]
    out += [(f"demo other {n}", doc) for n, (_, doc, _) in enumerate(other_documents(), 1)]
    duel = default_registry().game(DEFAULT_GAME)
    rng = random.Random(f"demo-event-{SEED}")  # as demo_event.load_demo_event deals them
    for n in range(PLAYED_ROUNDS * EVENT_TABLES):
        record = duel.random_record(random.Random(rng.getrandbits(64)))
        record["players"] = [f"Event {n} A", f"Event {n} B"]
        out.append((f"demo night {n + 1}", record))
    return out


def generated_records(count: int, which: str) -> list[tuple[str, dict]]:
    registry = default_registry()
    out = []
    for n in range(count):
        game_id = which if which != "both" else ("duel", "classic")[n % 2]
        record = registry.game(game_id).random_record(random.Random(f"bench-puzzles-{n}"))
        record["players"] = [f"P{i}" for i in range(len(record["players"]))]
        out.append((f"generated {n + 1}", record))
    return out


def margin_of(best: dict, chances: list[tuple[dict, float]]) -> tuple[bool, float]:
    """Whether ``best`` ranks first among ``chances`` (move, chance), and its lead over the others."""
    mine = next((w for m, w in chances if m == best), None)
    others = [w for m, w in chances if m != best]
    if mine is None or not others:
        return False, float("nan")
    return mine >= max(others), mine - max(others)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--demo", type=int, default=10_000, help="the demo club's first N recorded games")
    parser.add_argument("--generated", type=int, default=20)
    parser.add_argument("--generated-game", choices=("duel", "classic", "both"), default="duel")
    parser.add_argument("--only", choices=("duel", "classic"), help="only the games of this game")
    parser.add_argument("--factor", type=int, default=4, help="the re-search's budget over the re-check's")
    parser.add_argument("--no-tree", action="store_true", help="skip the tree-search re-search")
    args = parser.parse_args()
    print(load())
    registry = default_registry()
    games = [*demo_records()[: args.demo], *generated_records(args.generated, args.generated_game)]
    games = [(name, doc) for name, doc in games if args.only in (None, doc.get("game") or DEFAULT_GAME)]
    duel = registry.game(DEFAULT_GAME)
    first = demo_records()[0][1]  # the demo club's first Duel, whichever games are searched
    cpu = time.process_time()
    for ply, state in enumerate(duel.replay(first).states):
        estimate(duel, state, first, playouts=200, rng=random.Random(ply))
    print("baseline: win chances of the demo's first Duel at 200 playouts a position: "
          f"CPU {time.process_time() - cpu:.1f} s")
    deep = args.factor * RECHECK_PLAYOUTS
    print(f"re-check: at most {RECHECK_PLAYOUTS} playouts a candidate; re-search: {deep} playouts a puzzle")
    rows, per_game = [], []
    for name, record in games:
        game = registry.game(record.get("game") or DEFAULT_GAME)
        cpu = time.process_time()
        split = luck_and_skill(game, record)
        screen = time.process_time() - cpu
        states = list(game.replay(record).states)
        cpu = time.process_time()
        found = verified(game, record, split, states=states)
        check = time.process_time() - cpu
        per_game.append((game.id, check))
        print(f"{name:15s} {game.id:7s} {len(record['players'])}p {len(record['moves']):3d} plies: "
              f"{len(candidates(split))} candidates, {len(found)} kept; screen CPU {screen:5.1f} s, "
              f"re-check CPU {check:5.2f} s", flush=True)
        for p in found:
            state = states[p.move]
            flat = flat_chances(game, state, record, playouts=deep, rng=position_rng(game, state, record, "bench"))
            kept_flat = margin_of(p.best, [(m.move, m.win) for m in flat])
            line = (f"    move {p.move + 1:3d}: re-check {p.best_win:.3f} vs {p.second_win:.3f} "
                    f"({p.playouts} playouts); flat {flat[0].win:.3f} lead {kept_flat[1]:+.3f}")
            kept_tree = None
            if not args.no_tree:
                tree = search_result(game, state, record, playouts=deep, early_stop=False,
                                     rng=position_rng(game, state, record, "bench-tree"))
                ranked = [(game.move_to_json(m.move), m.win) for m in tree.moves if m.playouts >= RANKED_VISITS]
                kept_tree = margin_of(p.best, ranked)
                line += f"; tree {tree.moves[0].win:.3f} lead {kept_tree[1]:+.3f}"
            print(line, flush=True)
            rows.append((kept_flat, kept_tree))
    n = len(rows)
    print(f"games: {len(games)}, puzzles kept: {n}")
    if n:
        for label, col in (("flat", 0), ("tree", 1)):
            got = [r[col] for r in rows if r[col] is not None]
            if got:
                best = sum(ok for ok, _ in got)
                margin = sum(ok and lead >= MIN_GAP for ok, lead in got)
                print(f"{label} re-search at {deep} playouts: best move kept {best}/{len(got)}, "
                      f"margin {MIN_GAP} kept {margin}/{len(got)} ({100 * margin / len(got):.0f} %)")
    for game_id in sorted({g for g, _ in per_game}):
        costs = [c for g, c in per_game if g == game_id]
        print(f"re-check CPU per {game_id} game: mean {sum(costs) / len(costs):.2f} s, "
              f"max {max(costs):.2f} s over {len(costs)} games")
    print(load())


if __name__ == "__main__":
    main()
