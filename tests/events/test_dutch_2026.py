"""caissify-pairings' Dutch engine run with the compiled round loop and fixed colours
(games/events/pairing/dutch_2026.py) pairs every round as the library's engine as it ships."""

from __future__ import annotations

import contextlib
import itertools
import random

import networkx as nx
import pytest
from caissify_pairings.engines import dutch as library

from games.events.pairing import dutch_2026, matching
from games.events.pairing.swiss_dutch import _caissify_2026
from tests.events.dutch_differential import random_state


@pytest.fixture
def library_engine(monkeypatch):
    """The 2026 edition paired by caissify-pairings alone: its engine, networkx's matching."""

    def use():
        monkeypatch.setattr(dutch_2026, "ENGINE", library.DutchEngine)
        monkeypatch.setattr(matching, "compiled", contextlib.nullcontext)

    return use


def test_the_pinned_librarys_loop_runs_compiled():
    assert dutch_2026.ENGINE is dutch_2026.FastDutchEngine


@pytest.mark.parametrize(("seed", "sizes", "count"), [(0, (4, 10), 40), (1, (4, 10), 40), (2, (11, 40), 6)])
def test_c04_3_the_2026_edition_pairs_the_same_rounds_as_caissifys_own_engine(seed, sizes, count, library_engine):
    rng = random.Random(seed)
    states = [random_state(rng, sizes) for _ in range(count)]
    ours = [_caissify_2026(*state) for state in states]
    library_engine()
    assert [_caissify_2026(*state) for state in states] == ours


def _histories():
    for length in range(6):
        yield from (list(h) for h in itertools.product(("white", "black"), repeat=length))


@pytest.mark.parametrize("history", list(_histories()), ids=lambda h: "".join(c[0] for c in h) or "none")
def test_a_players_fixed_colours_are_the_librarys(history):
    def player():
        return library.DutchPlayer(id=1, name="", score=0.0, rating=0, pairing_number=1, starting_number=1,
                                   color_hist=list(history))

    theirs, ours = player(), dutch_2026._fixed_colours(player(), dutch_2026.FastDutchEngine.colours)
    for name in ("color_diff", "color_preference", "preference_strength"):
        assert getattr(ours, name) == getattr(theirs, name), name
    for colour in ("white", "black"):
        assert ours.would_violate_absolute_color(colour) == theirs.would_violate_absolute_color(colour), colour


def _size_and_weight(weights, mate):
    pairs = [(i, j) for i, j in enumerate(mate) if i < j]
    return len(pairs), sum(weights[(i, j)] for i, j in pairs)


def _networkx(weights, n):
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((i, j, w) for (i, j), w in weights.items() if w > 0)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    return len(matched), sum(graph[u][v]["weight"] for u, v in matched)


@pytest.mark.parametrize("seed", range(10))
def test_the_loops_changed_pairs_are_matched_as_networkx_matches_the_whole(seed):
    """The loop's weights changed pair by pair, some to nothing, some wider than any before."""
    rng = random.Random(seed)
    n = rng.randint(3, 13)
    weights = {(i, j): rng.choice([0, rng.randint(1, 9)]) for i, j in itertools.combinations(range(n), 2)}
    with dutch_2026._LOCK:
        try:
            for step in range(20):
                assert _size_and_weight(weights, dutch_2026._matched(weights, n)) == _networkx(weights, n), step
                for key in rng.sample(sorted(weights), k=rng.randint(1, len(weights))):
                    weights[key] = rng.choice([0, rng.randint(1, 9), rng.getrandbits(12 * step + 1)])
                    dutch_2026._TOUCHED.add(key)  # as the loop's _set_w notes it
        finally:
            dutch_2026._RUN.weights = dutch_2026._RUN.matcher = None
            dutch_2026._TOUCHED.clear()


@pytest.mark.parametrize("seed", range(6))
def test_the_loops_preliminary_graph_is_matched_as_networkx_matches_it(seed):
    rng = random.Random(seed)
    ours, theirs = dutch_2026._Graph(), nx.Graph()
    for graph in (ours, theirs):
        for v in range(rng.randint(3, 15)):
            graph.add_node(v)
    for i, j in itertools.combinations(range(len(ours.nodes)), 2):
        if rng.random() < 0.5:
            w = rng.choice([rng.randint(1, 9), rng.getrandbits(90) + 1])
            ours.add_edge(i, j, weight=w)
            theirs.add_edge(i, j, weight=w)
    got = dutch_2026._max_weight_matching(ours, maxcardinality=True)
    want = nx.max_weight_matching(theirs, maxcardinality=True)
    assert (len(got), sum(theirs[u][v]["weight"] for u, v in got)) == (
        len(want), sum(theirs[u][v]["weight"] for u, v in want))


def test_a_round_lets_its_matcher_go():
    rng = random.Random(5)
    state = random_state(rng, (12, 12))
    while not state[1].rounds:
        state = random_state(rng, (12, 12))
    _caissify_2026(*state)
    run = dutch_2026._RUN
    assert run.matcher is None and run.weights is None and not run.sent and not dutch_2026._TOUCHED


def test_a_library_player_of_another_shape_pairs_by_the_library_as_it_ships(monkeypatch):
    monkeypatch.delattr(library.DutchPlayer, "preference_strength")
    assert dutch_2026.fast_engine() is library.DutchEngine


def test_a_library_loop_of_another_shape_runs_as_it_ships(monkeypatch):
    def _pair_iterative_mwm(self, all_players, bye_candidates=None):
        import networkx as nx

        def _run_mwm():  # another version's inner function: other free variables
            return nx, all_players

        return _run_mwm

    monkeypatch.setattr(library.DutchEngine, "_pair_iterative_mwm", _pair_iterative_mwm)
    assert dutch_2026._loop() is None and dutch_2026.fast_engine() is library.DutchEngine
