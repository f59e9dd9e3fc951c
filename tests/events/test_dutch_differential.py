"""The 2026 Dutch pairing events use against pairing-core's dutch-2026 on random small rounds
(tests/events/dutch_differential.py; the 1,000-round figures: bench/dutch_differential.py)."""

import pytest

pytest.importorskip("pairing_core", reason="pairing-core is a requirements-dev pin")

from tests.events.dutch_differential import run

ROUNDS = 120


@pytest.fixture(scope="module")
def counts():
    return run(ROUNDS, seed=7)


def test_the_service_never_pairs_illegally_while_a_legal_pairing_exists(counts):
    assert counts["illegal from the service"] == 0


def test_the_service_never_gives_the_bye_above_a_lower_score_that_could_take_it(counts):
    assert counts["bye above the lowest legal score from the service"] == 0


def test_the_service_never_refuses_a_round(counts):
    assert counts["refused by the service"] == 0


def test_the_service_and_pairing_core_agree_on_most_rounds_both_pair(counts):
    # Of 1,000 rounds pairing-core paired 804 (it refuses the rest) and 783 of those (97 %)
    # alike; a drop below 90 % here means one of them changed.
    both = counts["rounds"] - counts["refused by pairing-core"]
    assert counts["same pairing"] >= 0.9 * both
