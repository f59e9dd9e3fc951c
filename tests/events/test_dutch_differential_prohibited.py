"""Pairs kept apart, against bbpPairings (v6.0.0: the 2026 rules, v5.0.1: the 2025 rules), an
independent implementation, on its stored answers (tests/data/pairing/<edition>-forbidden/,
README.md there): 120 random rounds per edition, each event keeping two random pairs apart
from its first round (XXP lines) and the round one more, two players the service would
otherwise have seated together. The service must pair each round as bbpPairings did: the same
games, the same bye, the same player with white; and never a pair kept apart."""

from dataclasses import replace
from pathlib import Path

import pytest

from games.events.pairing.swiss_dutch import DUTCH_2025, DUTCH_2026
from tests.events.dutch_differential import GOLDEN, read_case, read_pairs, service

CASES = [(edition, path) for edition in (DUTCH_2026, DUTCH_2025)
         for path in sorted((GOLDEN / f"{edition}-forbidden").glob("*.trf"))]


def _ids() -> list[str]:
    return [f"{edition}-forbidden-{path.stem}" for edition, path in CASES]


@pytest.mark.parametrize(("edition", "path"), CASES, ids=_ids())
def test_the_round_with_pairs_kept_apart_is_paired_as_bbppairings_pairs_it(edition: str, path: Path):
    case = read_case(path.read_text(), edition)
    theirs = read_pairs(path.with_suffix(".pairs").read_text())
    ours = service(case)
    assert sorted(ours) == sorted(theirs)


@pytest.mark.parametrize(("edition", "path"), CASES, ids=_ids())
def test_no_pair_kept_apart_is_seated_together(edition: str, path: Path):
    case = read_case(path.read_text(), edition)
    assert not {frozenset(s) for s in service(case)} & case.entrants.prohibited


@pytest.mark.parametrize("edition", [DUTCH_2026, DUTCH_2025])
def test_in_most_stored_rounds_a_pair_kept_apart_would_otherwise_have_met(edition: str):
    # What the prohibition has to change: paired without it, the service seats one of the pairs.
    cases = [read_case(path.read_text(), edition) for e, path in CASES if e == edition]
    free = [replace(c, entrants=replace(c.entrants, prohibited=frozenset())) for c in cases]
    moved = sum(1 for c, f in zip(cases, free, strict=True)
                if {frozenset(s) for s in service(f)} & c.entrants.prohibited)
    assert len(cases) >= 100 and moved >= 0.9 * len(cases)
