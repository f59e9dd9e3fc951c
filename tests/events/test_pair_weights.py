"""The 2025 edition's pair weights computed once per kind of pair (games/events/pairing/pair_weights.py)
pair every round as py4swiss's own weights do."""

from __future__ import annotations

import random

import pytest
from py4swiss.engines.common import Float, PairingError
from py4swiss.engines.dutch.bracket import bracket_pairer
from py4swiss.engines.dutch.bracket.bracket_matcher import BracketMatcher
from py4swiss.engines.dutch.player import PlayerRole

from games.events.pairing import pair_weights
from games.events.pairing.swiss_dutch import DUTCH_2025, _py4swiss_2025, swiss_round
from games.events.pairing.types import Entrants, History
from tests.events.dutch_differential import _results, random_state


def _open(rng: random.Random) -> tuple[Entrants, History, int]:
    """An open of 20–70 players (odd ones too) played 0–5 rounds by the 2025 edition."""
    n = rng.randint(20, 70)
    total = rng.randint(5, 9)
    entrants = Entrants.drawn(list(range(1, n + 1)), rng.randrange(10**6))
    history = History()
    for _ in range(rng.randint(0, 5)):
        history = History((*history.rounds, _results(swiss_round(entrants, history, total, DUTCH_2025), rng)))
    return entrants, history, total


def _pairing(state):
    """The library's pairing, or the text of the error it gave up with (some random rounds
    have no legal pairing)."""
    try:
        return _py4swiss_2025(*state)
    except PairingError as error:
        return str(error)


def _both_ways(states, monkeypatch):
    """Each state paired with weights per kind, then with every pair weighed (py4swiss's
    matcher with the v5 final-brackets bye preference, `FinalBracketsMatcher`)."""
    memoized = [_pairing(state) for state in states]
    real = pair_weights.memoized
    monkeypatch.setattr(pair_weights, "memoized", lambda: real(kinds=False))
    return memoized, [_pairing(state) for state in states]


@pytest.mark.parametrize("seed", range(3))
def test_c04_3_the_2025_edition_pairs_small_events_the_same_with_weights_per_kind(seed, monkeypatch):
    rng = random.Random(seed)
    memoized, library = _both_ways([random_state(rng) for _ in range(30)], monkeypatch)
    assert memoized == library


@pytest.mark.parametrize("seed", range(3))
def test_c04_3_the_2025_edition_pairs_opens_the_same_with_weights_per_kind(seed, monkeypatch):
    rng = random.Random(100 + seed)
    memoized, library = _both_ways([_open(rng) for _ in range(3)], monkeypatch)
    assert memoized == library


def test_the_library_pairs_with_its_own_matcher_again_after_the_block():
    with pair_weights.memoized():
        assert bracket_pairer.BracketMatcher is pair_weights.KindBracketMatcher
    assert bracket_pairer.BracketMatcher is not pair_weights.KindBracketMatcher


def _each_bracket(rng: random.Random, check) -> int:
    """``check(matcher)`` on each bracket matcher py4swiss sets up for the last round of an open,
    as it is set up (the library moves the players' roles on to the next bracket afterwards);
    its last brackets weigh the bye, its final round the top scorers. How many it checked."""
    entrants, history, _ = _open(rng)
    built = pair_weights.KindBracketMatcher.__init__
    count = []

    def checked(self, bracket, validity_matcher):
        built(self, bracket, validity_matcher)
        check(self)
        count.append(1)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pair_weights.KindBracketMatcher, "__init__", checked)
        _pairing((entrants, history, len(history.rounds) + 1))
    return len(count)


def _variants(player, others) -> list:
    """The player with one field of its kind changed to another value it could take."""
    out = []
    for other in others:
        out += [player.model_copy(update={"points_with_acceleration": other.points_with_acceleration}),
                player.model_copy(update={"color_preference": other.color_preference})]
    for role in PlayerRole:
        out.append(player.model_copy(update={"role": role}))
    for value in (-2, -1, 0, 1, 2):
        out.append(player.model_copy(update={"color_difference": value}))
    for drift in Float:
        out += [player.model_copy(update={"float_1": drift}), player.model_copy(update={"float_2": drift})]
    for flag in ("color_double", "top_scorer", "bye_received"):
        out.append(player.model_copy(update={flag: not getattr(player, flag)}))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_a_change_that_changes_the_librarys_weight_changes_the_kind(seed):
    """Whatever a player's weight depends on is part of its kind: a player changed in any one
    field whose weight with a partner differs by py4swiss's own `_get_weight` has another kind."""
    rng = random.Random(200 + seed)

    def check(matcher) -> None:
        players = matcher._player_list
        if len(players) < 2:  # a bracket of one has no pair to weigh
            return
        for _ in range(8):
            # The library weighs a pair in its list's order (the criteria are not symmetric).
            i, j = sorted(rng.sample(range(len(players)), 2))
            weight = BracketMatcher._get_weight(matcher, players[i], players[j])
            for side in (0, 1):
                player = (players[i], players[j])[side]
                for changed in _variants(player, rng.sample(players, min(3, len(players)))):
                    pair = (changed, players[j]) if side == 0 else (players[i], changed)
                    try:
                        other = BracketMatcher._get_weight(matcher, *pair)
                    except KeyError:  # a score the bracket has no bits for: not a player it could hold
                        continue
                    if other != weight:
                        assert pair_weights.kind(changed) != pair_weights.kind(player)

    assert _each_bracket(rng, check) > 0
