"""Validated replay against a plain reference replay of the same records (#40 "Faster validated replay"):

    .venv/bin/python bench/replay_validation.py [--records 200] [--seed 40] [--repeats 3]

Prints the load average and a baseline (a fixed pure-Python workload, so figures taken at
different loads compare), then for ``--records`` seeded random records (`random_record`) of the
Duel and of the base game with 2, 3 and 4 players, the median CPU milliseconds per record of

- ``replay(rec)``: full validation (header, setup, every move parsed and checked) and the
  position after every ply;
- ``all positions``: ``replay(rec)`` and then every one of its positions looked at;
- ``replay(rec, states=False)``: the same checks, only the last position kept;
- the plain reference replay: the record's moves turned into the playout's index form and
  carried out, without the record checks and without per-ply positions, on one mutable `Work`
  by the playout primitives (what `playout.random_record` plays its moves with); the Duel's
  games also as transcripts (F2 "Recording a physical game": the boats at setup, the tokens each
  move turns up), whose reference hands those tokens to the same primitives, and the 4-player
  base games as transcribed (F4 ``setup.transcribed``: the cards as the table turned them up,
  all of them by the end; the same reference),

and each validated figure's ratio to the reference. Goal: both ratios at most 1.0. Each record
is timed ``--repeats`` times and its fastest run kept (the machine is shared)."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_engine.classic import legal as classic_legal
from rules_engine.classic import playout as classic_playout
from rules_engine.classic import record as classic_record
from rules_engine.classic.actions import end_turn as classic_end_turn
from rules_engine.classic.components import SITES
from rules_engine.classic.game import new_work
from rules_engine.classic.header import Header
from rules_engine.duel import playout as duel_playout
from rules_engine.duel import record as duel_record
from rules_engine.duel.game import new_game
from rules_engine.duel.harbor import BOAT_INDEX, CELL_INDEX
from rules_engine.duel.primitives import end_turn as duel_end_turn
from rules_engine.duel.primitives import place, unload
from rules_engine.duel.turns import pass_turn, place_meeples, place_unload, swap_unload, take_token

_SITE = {s: i for i, s in enumerate(SITES)}


def baseline() -> float:
    """CPU seconds of a fixed pure-Python workload (the same on every run)."""
    start = time.process_time()
    total = 0
    for i in range(3_000_000):
        total += i * i % 7
    return time.process_time() - start


# ---------------------------------------------------------------- plain reference replays


def _tokens(value: Any) -> Any:
    return None if value is None else tuple(value)


def duel_reference(record: dict[str, Any]) -> Any:
    """The Duel record's moves carried out as `playout._play` carries out a drawn move (in
    transcription form with the tokens each move turns up, as the primitives take them)."""
    setup = record["setup"]
    w = new_game(supply=setup.get("supply"), boats=setup.get("boats")).thaw()
    for m in record["moves"]:
        kind = m["type"]
        if kind == "place":
            place(w, CELL_INDEX[m["cell"]])
        elif kind == "unload":
            unload(w, BOAT_INDEX[m["boat"]], _tokens(m.get("refill")))
        elif kind == "take-token":
            take_token(w, BOAT_INDEX[m["boat"]], m["slot"] - 1, m.get("reveal"))
        elif kind == "place-meeples":
            place_meeples(w, tuple(CELL_INDEX[c] for c in m["cells"]))
        elif kind == "place-unload":
            refills = m.get("refills")
            place_unload(w, CELL_INDEX[m["cell"]], tuple(BOAT_INDEX[b] for b in m["boats"]),
                         None if refills is None else tuple(_tokens(r) for r in refills))
        elif kind == "swap-unload":
            swap_unload(w, BOAT_INDEX[m["boat"]], m["slots"][0] - 1, m["slots"][1] - 1, BOAT_INDEX[m["unload"]],
                        _tokens(m.get("refill")))
        else:
            pass_turn(w)
            duel_end_turn(w, True)
            continue
        duel_end_turn(w, False)
    return w


class _Answers:
    """Answers a move's choices from its F4 lists in the order they arise, unchecked."""

    __slots__ = ("lists", "pos")

    def __init__(self, move: dict[str, Any]) -> None:
        self.lists = move
        self.pos: dict[str, int] = {}

    def ask(self, kind: str, options: list[Any], what: Any) -> Any:
        i = self.pos.get(kind, 0)
        self.pos[kind] = i + 1
        value = self.lists[kind][i]
        if kind == "take" and isinstance(value, dict):
            return classic_playout.PAIR, value[classic_playout.PAIR]
        return value


def _classic_base(m: dict[str, Any]) -> tuple[Any, ...]:
    kind = m["type"]
    if kind == "place":
        return classic_legal.PLACE, m["ship"] - 1, m["slot"] - 1
    if kind == "get-stones":
        return (classic_legal.GET,)
    if kind == "sail":
        return classic_legal.SAIL, m["ship"] - 1, _SITE[m["site"]]
    if kind == "pass":
        return (classic_legal.PASS,)
    card = m["card"]
    if card == "lever":
        return classic_legal.LEVER, m["ship"] - 1, _SITE[m["site"]], tuple(k - 1 for k in m["order"])
    if card == "hammer":
        return classic_legal.HAMMER, m["ship"] - 1, m["slot"] - 1
    if card == "sail":
        return classic_legal.SAILC, m["ship"] - 1, m["slot"] - 1, _SITE[m["site"]]
    return classic_legal.CHISEL, tuple((p["ship"] - 1, p["slot"] - 1) for p in m["places"])


def classic_reference(record: dict[str, Any]) -> Any:
    """The base-game record's moves carried out as `playout.random_step` carries out a drawn
    move (`legal.run` + `end_turn`), from a header taken as it stands."""
    setup = record["setup"]
    header = Header(tuple(record["players"]), tuple(record["colours"]), dict(record["sides"]), (),
                    tuple(tuple(c) for c in setup["round_cards"]), tuple(setup["market_draws"]), None,
                    setup.get("transcribed", False))
    w = new_work(header)
    for m in record["moves"]:
        base = _classic_base(m)
        classic_legal.run(w, base, _Answers(m))
        classic_end_turn(w, base[0] == classic_legal.PASS)
    return w


# ---------------------------------------------------------------- timing


def cpu_ms(fn: Callable[[], Any], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best * 1000


def measure(label: str, records: list[dict[str, Any]], full: Callable[[dict[str, Any]], Any],
            batch: Callable[[dict[str, Any]], Any], reference: Callable[[dict[str, Any]], Any],
            repeats: int) -> None:
    rows: dict[str, list[float]] = {"replay": [], "all positions": [], "states=False": [], "reference": []}
    for rec in records:
        rows["replay"].append(cpu_ms(lambda rec=rec: full(rec), repeats))
        rows["all positions"].append(cpu_ms(lambda rec=rec: list(full(rec).states), repeats))
        rows["states=False"].append(cpu_ms(lambda rec=rec: batch(rec), repeats))
        rows["reference"].append(cpu_ms(lambda rec=rec: reference(rec), repeats))
    med = {k: statistics.median(v) for k, v in rows.items()}
    plies = statistics.median(len(r["moves"]) for r in records)
    ref = med["reference"]
    every = med["all positions"]
    print(f"{label:<22} {plies:>5.0f} plies  replay {med['replay']:7.3f} ms ({med['replay'] / ref:4.2f}x)  "
          f"all positions {every:7.3f} ms ({every / ref:4.2f}x)  "
          f"states=False {med['states=False']:7.3f} ms ({med['states=False'] / ref:4.2f}x)  "
          f"reference {ref:7.3f} ms", flush=True)


def check_reference(records: list[dict[str, Any]], replay: Callable[[dict[str, Any]], Any],
                    reference: Callable[[dict[str, Any]], Any]) -> None:
    """The reference ends where the validated replay ends (else the comparison is void)."""
    for rec in records:
        if replay(rec).states[-1] != reference(rec).freeze() \
                or replay(rec, states=False).states[-1] != reference(rec).freeze():
            raise SystemExit("the reference replay disagrees with record.replay")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(f"baseline (3,000,000 additions): {baseline():.3f} CPU s")
    print(f"median CPU ms per record over {args.records} records (fastest of {args.repeats} runs each)")
    rng = random.Random(args.seed)
    duel = [duel_playout.random_record(rng) for _ in range(args.records)]
    check_reference(duel, duel_record.replay, duel_reference)
    measure("Duel", duel, duel_record.replay, lambda r: duel_record.replay(r, states=False), duel_reference,
            args.repeats)
    transcribed = [duel_record.to_transcription(r) for r in duel]
    check_reference(transcribed, duel_record.replay, duel_reference)
    measure("Duel, as transcribed", transcribed, duel_record.replay, lambda r: duel_record.replay(r, states=False),
            duel_reference, args.repeats)
    for players in (2, 3, 4):
        recs = [classic_playout.random_record(rng, players) for _ in range(args.records)]
        check_reference(recs, classic_record.replay, classic_reference)
        measure(f"base game, {players} players", recs, classic_record.replay,
                lambda r: classic_record.replay(r, states=False), classic_reference, args.repeats)
    transcripts = [{**r, "setup": {**r["setup"], "transcribed": True}} for r in recs]
    check_reference(transcripts, classic_record.replay, classic_reference)
    measure("base game, transcribed", transcripts, classic_record.replay,
            lambda r: classic_record.replay(r, states=False), classic_reference, args.repeats)
    print(f"baseline (3,000,000 additions): {baseline():.3f} CPU s")
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
