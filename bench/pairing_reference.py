"""The Dutch pairing (both editions) against bbpPairings, run live:

    BBP_V6=/path/to/bbp-6.0.0 BBP_V5=/path/to/bbp-5.0.1 \\
        .venv-test/bin/python bench/pairing_reference.py [--rounds 1000] [--seed 1] [--sizes 5 24]
        [--exports 20] [--golden tests/data/pairing --golden-rounds 120] [--prohibited 2]

bbpPairings (Apache-2.0) is the independent implementation: v6.0.0 pairs by the 2026 rules,
v5.0.1 by the 2025 ones. It is not part of the project: build each release yourself from its
own sources and pass the executables (``--v6`` / ``--v5`` or the environment). An edition whose
binary is not given is skipped.

For each edition, ``--rounds`` random rounds (tests/events/dutch_differential.py: events of
``--sizes`` players with forfeits, ½- and 0-point byes players ask for, a pairing-allocated
bye worth 1, ½ or 0, played to a random round by the service) are paired by the service and by
bbpPairings from the same TRF; it prints how many bbpPairings paired, and of those how many the
service pairs alike: the same games and bye, and the same colours too (by bye value as well).

``--exports N``: N complete events per edition and bye value, exported as the service writes
its TRF (trf.py), read back by bbpPairings' checker (-c), which recomputes every score and
re-pairs every round: how many files it accepted, and in how many rounds its pairing differs
from the event's.

``--golden DIR``: also writes ``--golden-rounds`` rounds per edition (a third for each bye value)
as DIR/<edition>/NNN.trf and bbpPairings' answer NNN.pairs (the last tenth of 25–60 players),
the suite's differential
(tests/events/test_dutch_differential.py; DIR/README.md says how they were made).

``--prohibited N``: every random event keeps up to N random pairs apart from its first round
(games/events/prohibited.py; an XXP line each in the TRF), and the round to pair one more: two
players the service would otherwise seat together there. Golden cases then go to
DIR/<edition>-forbidden/.

Prints the load average before the run and the CPU seconds of the service and of bbpPairings."""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.events.pairing import trf
from games.events.pairing.swiss_dutch import ProhibitedPairing
from tests.events.dutch_differential import (
    BYE_VALUES,
    EDITION_OF,
    case_trf,
    checked,
    compare,
    prohibiting_a_game,
    random_case,
    reference,
    service,
)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _case(rng: random.Random, edition: str, sizes: tuple[int, int], prohibited: int, **options):
    while True:
        try:
            case = random_case(rng, edition, sizes, prohibited=prohibited, **options)
            return prohibiting_a_game(case, rng) if prohibited else case
        except ProhibitedPairing:  # an earlier round (or the round) cannot keep them apart: another event
            continue


def differential(binary: str, edition: str, rounds: int, seed: int, sizes: tuple[int, int],
                 prohibited: int = 0) -> Counter:
    rng = random.Random(seed)
    counts: Counter = Counter()
    for i in range(rounds):
        points = BYE_VALUES[i % len(BYE_VALUES)]
        case = _case(rng, edition, sizes, prohibited, bye_points=points)
        text = case_trf(case)
        start = time.process_time()
        try:
            ours = service(case)
        except ProhibitedPairing:  # no pairing keeps the pairs apart
            counts["service: no pairing keeps the pairs apart"] += 1
            counts["service: no pairing keeps the pairs apart, bbpPairings found none either"] += (
                reference(binary, text) is None)
            continue
        counts["service CPU ms"] += round(1000 * (time.process_time() - start))
        theirs = reference(binary, text)
        verdict = compare(ours, theirs)
        for key in ("all", f"bye {points:g}"):
            counts[f"{key}: rounds"] += 1
            counts[f"{key}: paired by bbpPairings"] += theirs is not None
            counts[f"{key}: same players and bye"] += verdict.same_players
            counts[f"{key}: same players, bye and colours"] += verdict.same_colours
        counts["boards"] += sum(1 for s in ours if len(s) == 2)
        counts["boards with other colours"] += 0 if theirs is None or not verdict.same_players else sum(
            1 for s in ours if len(s) == 2 and s not in set(theirs))
        counts["rounds with a forfeit before"] += any(
            b.result_kind == "forfeit" for r in case.history.rounds for b in r)
        counts["rounds with a requested bye"] += bool(case.requested) or any(
            b.result_kind in ("half-bye", "zero-bye") for r in case.history.rounds for b in r)
    return counts


def exports(binary: str, edition: str, events: int, seed: int, sizes: tuple[int, int]) -> Counter:
    rng = random.Random(seed)
    counts: Counter = Counter()
    for points in BYE_VALUES:
        for _ in range(events):
            case = random_case(rng, edition, sizes, bye_points=points, complete=True)
            everyone = sorted(case.entrants.players)
            history = case.history
            players = sorted({p for r in history.rounds for b in r for p in b.seats} | set(everyone))
            parsed, _ = trf.build(players, history, case.total, lots=case.entrants, bye_points=points)
            done = checked(binary, trf.text(parsed))
            refused = done.returncode != 0 or "does not match" in done.stderr
            counts[f"bye {points:g}: files"] += 1
            counts[f"bye {points:g}: accepted by the checker"] += not refused
            counts[f"bye {points:g}: rounds"] += len(history.rounds)
            counts[f"bye {points:g}: rounds the checker pairs otherwise"] += done.stdout.count("Checker pairings")
            if refused and counts[f"bye {points:g}: shown"] < 2:
                counts[f"bye {points:g}: shown"] += 1
                print(f"  refused ({done.returncode}): {done.stderr.strip()[:200]}")
    return counts


LARGE = (25, 60)


def golden(binary: str, edition: str, folder: Path, rounds: int, seed: int, sizes: tuple[int, int],
           prohibited: int = 0) -> int:
    """Writes ``rounds`` cases bbpPairings pairs (NNN.trf, NNN.pairs), the last tenth of
    LARGE events; returns how many."""
    target = folder / (f"{edition}-forbidden" if prohibited else edition)
    target.mkdir(parents=True, exist_ok=True)
    rng = random.Random(f"{seed}:{edition}:{prohibited}" if prohibited else f"{seed}:{edition}")
    written = 0
    while written < rounds:
        points = BYE_VALUES[written % len(BYE_VALUES)]
        size = sizes if written < rounds - rounds // 10 else LARGE
        case = _case(rng, edition, size, prohibited, bye_points=points, forfeits=0.08, requests=0.08)
        text = case_trf(case)
        theirs = reference(binary, text)
        if theirs is None:
            continue  # no valid pairing: nothing to compare
        written += 1
        (target / f"{written:03}.trf").write_text(text)
        lines = [str(sum(1 for s in theirs if len(s) == 2) + sum(1 for s in theirs if len(s) == 1))]
        lines += [f"{s[0]} {s[1] if len(s) == 2 else 0}" for s in theirs]
        (target / f"{written:03}.pairs").write_text("\n".join(lines) + "\n")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--v6", default=os.environ.get("BBP_V6"), help="bbpPairings 6.0.0 (or BBP_V6)")
    parser.add_argument("--v5", default=os.environ.get("BBP_V5"), help="bbpPairings 5.0.1 (or BBP_V5)")
    parser.add_argument("--rounds", type=int, default=1000, help="random rounds per edition")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", type=int, nargs=2, default=(5, 24), metavar=("MIN", "MAX"))
    parser.add_argument("--exports", type=int, default=0, help="complete events per edition and bye value")
    parser.add_argument("--golden", type=Path, help="write golden cases under this folder")
    parser.add_argument("--golden-rounds", type=int, default=120)
    parser.add_argument("--prohibited", type=int, default=0, help="random pairs kept apart per event")
    args = parser.parse_args()
    binaries = {"v6": args.v6, "v5": args.v5}
    if not any(binaries.values()):
        parser.error("give bbpPairings' executables: --v6 / --v5 or BBP_V6 / BBP_V5")
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    sizes = tuple(args.sizes)
    for version, binary in binaries.items():
        if not binary:
            print(f"{version}: no binary given, skipped")
            continue
        edition = EDITION_OF[version]
        print(f"== {edition} against bbpPairings {version} ({binary})")
        start, child = time.process_time(), _children_cpu()
        if args.rounds:
            counts = differential(binary, edition, args.rounds, args.seed, sizes, args.prohibited)
            for key in sorted(counts):
                print(f"  {key}: {counts[key]}")
        if args.exports:
            counts = exports(binary, edition, args.exports, args.seed, sizes)
            for key in sorted(counts):
                if not key.endswith("shown"):
                    print(f"  export {key}: {counts[key]}")
        if args.golden:
            written = golden(binary, edition, args.golden, args.golden_rounds, args.seed, sizes, args.prohibited)
            folder = args.golden / (f"{edition}-forbidden" if args.prohibited else edition)
            print(f"  golden cases written: {written} ({folder})")
        print(f"  CPU s: this process {time.process_time() - start:.1f}, bbpPairings {_children_cpu() - child:.1f}")


if __name__ == "__main__":
    main()
