"""The Dutch pairing of both editions against bbpPairings (v6.0.0: the 2026 rules, v5.0.1: the
2025 rules), an independent implementation, on its stored answers (tests/data/pairing/,
README.md there): 120 random rounds per edition of 5–60 players with forfeits (double ones
too), ½- and 0-point byes players asked for, and a pairing-allocated bye worth 1, ½ or 0. The
service must pair each round as bbpPairings did: the same games, the same bye, and the same
player with white (who starts, in the Duel: C.04.3 E). Live runs over more rounds:
bench/pairing_reference.py."""

from pathlib import Path

import pytest

from games.events.pairing.swiss_dutch import DUTCH_2025, DUTCH_2026
from games.events.pairing.types import FORFEIT, HALF_BYE, ZERO_BYE
from tests.events.dutch_differential import GOLDEN, read_case, read_pairs, service

CASES = [(edition, path) for edition in (DUTCH_2026, DUTCH_2025) for path in sorted((GOLDEN / edition).glob("*.trf"))]


def _ids() -> list[str]:
    return [f"{edition}-{path.stem}" for edition, path in CASES]


@pytest.mark.parametrize(("edition", "path"), CASES, ids=_ids())
def test_c04_3_the_round_is_paired_as_bbppairings_pairs_it_players_bye_and_colours(edition: str, path: Path):
    case = read_case(path.read_text(), edition)
    theirs = read_pairs(path.with_suffix(".pairs").read_text())
    ours = service(case)
    assert sorted(ours) == sorted(theirs)


@pytest.mark.parametrize("edition", [DUTCH_2026, DUTCH_2025])
def test_the_stored_rounds_cover_what_the_differential_is_for(edition: str):
    # At least 100 rounds an edition, with each kind of unplayed round and each bye value in them.
    cases = [read_case(path.read_text(), edition) for e, path in CASES if e == edition]
    kinds = {b.result_kind for c in cases for r in c.history.rounds for b in r}
    assert len(cases) >= 100
    assert {FORFEIT, HALF_BYE, ZERO_BYE, "pab"} <= kinds
    assert {c.bye_points for c in cases} == {1.0, 0.5, 0.0}
    assert any(c.requested for c in cases)
