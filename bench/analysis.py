"""Monte-Carlo analysis speed (rules_engine/analysis), on one core:

    .venv/bin/python bench/analysis.py [--playouts 200] [--calibration] [--policies]
                                       [--strength] [--hints] [--mcts] [--no-timings]

Prints the load average first, then: a full analysis of a 58-ply Duel (every position, N
playouts each: win chances and score margins; wall-clock and CPU seconds), a hint at one ply
(the legal moves ranked, 400 playouts), and a full analysis
of a ~90-ply 4-player base game; with random playouts per second as the baseline figure.
--calibration adds the Brier scores of the calibration tests; --policies compares the Duel's
weighted playout policy with uniform random, on random games and on games of players who
prefer to unload; --strength plays each game's playout policy against uniform random players;
--hints compares flat Monte-Carlo with UCB1 at the root (UCT one level deep) at the same
number of playouts, against a 200-playouts-a-move ranking of the same positions; --mcts compares
flat Monte-Carlo with the determinized tree search (rules_engine/analysis/mcts.py) at the same
budget, with and without its early stop, against the same long flat ranking, and says how many
playouts the early stop saved."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_engine.analysis import estimate, rank_moves, rank_moves_ucb, search_result
from rules_engine.classic.playout import random_record as classic_record
from rules_engine.duel.game import new_game, shuffled_supply
from rules_engine.duel.playout import random_step, weighted_step
from rules_engine.duel.plugin import DuelGame
from rules_engine.registry import default_registry


class Seconds(float):
    """Wall-clock seconds, printed with the process's CPU seconds beside them: on a machine
    shared with other work the wall clock waits for the CPU, the CPU time much less."""

    cpu: float

    def __format__(self, spec: str) -> str:
        return f"{float(self):{spec}} s (CPU {self.cpu:{spec}} s)"


def full(game_type, record, playouts: int) -> Seconds:
    """A whole analysis's estimates (win chances and, from the same playouts, score margins)."""
    replay = game_type.replay(record)
    rng = random.Random(1)
    start, cpu = time.perf_counter(), time.process_time()
    for state in replay.states:
        estimate(game_type, state, record, playouts=playouts, rng=rng)
    seconds = Seconds(time.perf_counter() - start)
    seconds.cpu = time.process_time() - cpu
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--strength", action="store_true",
                        help="also how often each game's playout policy beats uniform random play")
    parser.add_argument("--hints", action="store_true",
                        help="also flat Monte-Carlo against UCB1 for hints (30 positions per game)")
    parser.add_argument("--mcts", action="store_true",
                        help="also flat Monte-Carlo against the tree search (30 positions per game)")
    parser.add_argument("--no-timings", action="store_true",
                        help="skip the whole-analysis and hint timings (the baseline is still printed)")
    parser.add_argument("--policies", action="store_true",
                        help="also the Duel's Brier score with the weighted playout policy and with uniform random")
    parser.add_argument("--calibration", action="store_true",
                        help="also the Brier scores over 2,000 positions (tests/engine/test_analysis.py)")
    args = parser.parse_args()
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    registry = default_registry()
    duel, classic = registry.game("duel"), registry.game("classic")
    record = next(r for r in (duel.random_record(random.Random(s)) for s in range(500)) if len(r["moves"]) == 58)
    record["players"] = ["Ana", "Ben"]
    opening = duel.replay(record).states[0]
    start = time.perf_counter()
    estimate(duel, opening, record, playouts=500, rng=random.Random(2))
    rate = 500 / (time.perf_counter() - start)
    print(f"baseline: {rate:,.0f} Duel playouts/s from the opening (policy + determinizing)")
    if not args.no_timings:
        timings(duel, classic, record, args.playouts)
    if args.calibration:
        from tests.engine.test_analysis import brier, duel_game

        duel_games = (duel_game(1000 + g)[0] for g in range(400))
        est, lead, n = brier(duel, duel_games, 2, playouts=4, step=3, limit=2000)
        print(f"calibration, Duel: Brier {est:.4f} vs current leader {lead:.4f} over {n} positions")
        base_games = (classic_record(random.Random(2000 + g), players=3) for g in range(400))
        est, lead, n = brier(classic, base_games, 3, playouts=4, step=5, limit=2000)
        print(f"calibration, base game 3p: Brier {est:.4f} vs current leader {lead:.4f} over {n} positions")
    if args.strength:
        strength(duel)
        from tests.engine.test_analysis import classic_greedy_share

        for players in (2, 3, 4):
            share = classic_greedy_share(players, 1000, random.Random(1))
            print(f"base-game playout policy against {players - 1} uniform random player(s): wins {share:.1%} "
                  f"of 1,000 games (a fair share: {1 / players:.1%})")
    if args.hints:
        hints(duel, classic)
    if args.mcts:
        tree_search(duel, classic)
    if args.policies:
        policies(duel)


def timings(duel, classic, record, playouts: int) -> None:
    """Whole analyses and a hint, each game, as played and as transcribed at a table."""
    seconds = full(duel, record, playouts)
    print(f"Duel, 58 plies, {playouts} playouts per ply: {seconds:.1f}  (target ≤ 3 s)")
    state = duel.replay(record).states[20]
    start = time.perf_counter()
    spent = search_result(duel, state, record, playouts=400, rng=random.Random(3)).playouts
    print(f"Duel hint at ply 20 (tree search, at most 400 playouts, {spent} spent): "
          f"{(time.perf_counter() - start) * 1000:.0f} ms  (target ≤ 300 ms)")
    games = (classic_record(random.Random(s), players=4) for s in range(500))
    big = next(r for r in games if 85 <= len(r["moves"]) <= 95)
    print(f"base game 4p, {len(big['moves'])} plies, {playouts} playouts per ply: "
          f"{full(classic, big, playouts):.1f}  (target ≤ 20 s)")
    transcribed(duel, classic, record, big, playouts)


def transcribed(duel, classic, record, big, playouts: int) -> None:
    """The same games as recorded at a table (F2 transcription form, F4 setup.transcribed):
    the engine knows no draw before the table turns it up, so every playout and every move
    tried deals what is unseen at its position."""
    from rules_engine.classic.transcription import trimmed_setup
    from rules_engine.duel.record import to_transcription

    table_duel = to_transcription(record)
    print(f"transcribed Duel, {len(table_duel['moves'])} plies, {playouts} playouts per ply: "
          f"{full(duel, table_duel, playouts):.1f}  (target ≤ 3 s)")
    state = duel.replay(table_duel).states[20]
    start = time.perf_counter()
    search_result(duel, state, table_duel, playouts=400, rng=random.Random(3))
    print(f"transcribed Duel hint at ply 20 (tree search, at most 400 playouts): "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")
    table_big = {**big, "setup": {**trimmed_setup(big), "transcribed": True}}
    print(f"transcribed base game 4p, {len(table_big['moves'])} plies, {playouts} playouts per ply: "
          f"{full(classic, table_big, playouts):.1f}  (target ≤ 20 s)")


def hint_positions(game_type, make, count: int) -> list:
    """``count`` positions (with at least 3 legal moves) from games ``make(seed)`` makes."""
    out, seed = [], 0
    while len(out) < count:
        record = make(500 + seed)
        states = game_type.replay(record).states
        state = states[random.Random(seed).randrange(2, len(states) - 2)]
        if len(game_type.legal_moves(state)) >= 3:
            out.append((record, state))
        seed += 1
    return out


def hints(duel, classic, budget: int = 400) -> None:
    """Mean regret (the reference chance of the best move minus that of the move picked) and
    how often each method's first move is the reference's."""
    makers = (("Duel", duel, lambda s: {**duel.random_record(random.Random(s)), "players": ["A", "B"]}),
              ("base game 3p", classic, lambda s: classic_record(random.Random(s), players=3)))
    for name, game_type, make in makers:
        positions = hint_positions(game_type, make, 30)
        totals = {"flat": [0.0, 0, 0.0], "UCB1": [0.0, 0, 0.0]}
        for record, state in positions:
            n = len(game_type.legal_moves(state))
            reference = rank_moves(game_type, state, record, playouts=200 * n, rng=random.Random(9), top=n)
            value = {repr(v.move): v.win for v in reference}
            for method, rank in (("flat", rank_moves), ("UCB1", rank_moves_ucb)):
                start = time.perf_counter()
                first = rank(game_type, state, record, playouts=budget, rng=random.Random(3))[0]
                totals[method][2] += time.perf_counter() - start
                totals[method][0] += reference[0].win - value[repr(first.move)]
                totals[method][1] += repr(first.move) == repr(reference[0].move)
        for method, (regret, same, seconds) in totals.items():
            print(f"hints, {name}, {method} at {budget} playouts: mean regret {regret / len(positions):.4f}, "
                  f"best move found {same}/{len(positions)}, {seconds / len(positions) * 1000:.0f} ms a hint")


def tree_search(duel, classic, budget: int = 400) -> None:
    """Flat Monte-Carlo (`rank_moves`) against the tree search (`search_result`) at ``budget``
    playouts, with its early stop and without: how often each one's first move is the long flat
    ranking's best (200 playouts a move), the mean regret by that ranking, the time per hint and,
    for the early stop, the playouts it spent."""
    makers = (("Duel", duel, lambda s: {**duel.random_record(random.Random(s)), "players": ["A", "B"]}),
              ("base game 3p", classic, lambda s: classic_record(random.Random(s), players=3)))
    for name, game_type, make in makers:
        positions = hint_positions(game_type, make, 30)
        totals = {m: [0.0, 0, 0.0, 0] for m in ("flat", "MCTS", "MCTS early stop")}
        for record, state in positions:
            n = len(game_type.legal_moves(state))
            reference = rank_moves(game_type, state, record, playouts=200 * n, rng=random.Random(9), top=n)
            value = {repr(v.move): v.win for v in reference}
            for method in totals:
                start = time.process_time()
                if method == "flat":
                    flat = rank_moves(game_type, state, record, playouts=budget, rng=random.Random(3), top=n)
                    first, spent = flat[0], sum(v.playouts for v in flat)  # at least 8 a move
                else:
                    result = search_result(game_type, state, record, playouts=budget, rng=random.Random(3),
                                           early_stop=method != "MCTS")
                    first, spent = result.moves[0], result.playouts
                totals[method][2] += time.process_time() - start
                totals[method][0] += reference[0].win - value.get(repr(first.move), 0.0)
                totals[method][1] += repr(first.move) == repr(reference[0].move)
                totals[method][3] += spent
        for method, (regret, same, seconds, spent) in totals.items():
            print(f"{name}, {method} at {budget} playouts: best move found {same}/{len(positions)}, mean regret "
                  f"{regret / len(positions):.4f}, {spent / len(positions):.0f} playouts and "
                  f"{seconds / len(positions) * 1000:.0f} CPU ms a hint")
    print(f"load average after the comparison: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


class UniformDuel(DuelGame):
    """The Duel with uniform random playouts (the same re-deal of hidden tokens), to measure
    what the weighted policy gains."""

    def fast_playout(self, state, rng: random.Random):
        w = state.thaw()
        while not w.over:
            random_step(w, rng)
        return w.freeze()


def weighted_game(seed: int) -> dict:
    """A Duel whose players both play the weighted policy (they unload more than chance)."""
    rng = random.Random(seed)
    supply = shuffled_supply(rng)
    w = new_game(supply=supply).thaw()
    moves = []
    while not w.over:
        moves.append(dict(weighted_step(w, rng)))
    return {"game": "duel", "players": ["Ana", "Ben"], "setup": {"supply": supply}, "moves": moves}


def strength(duel, games: int = 4000) -> None:
    """The playout policy against uniform random moves, seats alternating."""
    from rules_engine.duel.game import new_game, shuffled_supply

    rng, wins = random.Random(1), 0.0
    for g in range(games):
        w = new_game(supply=shuffled_supply(rng)).thaw()
        greedy = g % 2
        while not w.over:
            (weighted_step if w.to_move == greedy else random_step)(w, rng)
        won = duel.final_winners(w.freeze(), {"players": ["A", "B"]})
        wins += (greedy in won) / len(won)
    print(f"playout policy against uniform random: wins {wins / games:.1%} of {games} Duel games")


def policies(duel) -> None:
    """Brier score of each playout policy over 1,000 positions of games played at random and
    of games played by players who prefer to unload."""
    from tests.engine.test_analysis import brier, duel_game

    for games_name, make in (("random", lambda g: duel_game(g)[0]), ("unloading", weighted_game)):
        for name, game_type in (("weighted", duel), ("uniform", UniformDuel())):
            for playouts in (4, 32):
                games = (make(3000 + g) for g in range(400))
                est, lead, n = brier(game_type, games, 2, playouts=playouts, step=3, limit=1000)
                print(f"{games_name} games, {name} playouts, {playouts} per position: Brier {est:.4f} "
                      f"(leader {lead:.4f}) over {n} positions")


if __name__ == "__main__":
    main()
