"""The compiled matching (games/events/pairing/matching.py) answers what networkx's answers (the
2026 edition's pairings with it: test_dutch_2026.py)."""

from __future__ import annotations

import itertools
import random
import threading

import networkx as nx
import pytest

from games.events.pairing import matching
from games.events.pairing.matching import max_weight_matching


def _graph(seed: int) -> nx.Graph:
    rng = random.Random(seed)
    n = rng.randint(2, 14)
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v in itertools.combinations(range(n), 2):
        if rng.random() < 0.6:  # weights as wide as the Dutch engine's (~250 bits) and tiny ones
            graph.add_edge(u, v, weight=rng.choice([rng.randint(1, 5), rng.getrandbits(250) + 1]))
    return graph


def _size_and_weight(graph: nx.Graph, matching: set) -> tuple[int, int]:
    return len(matching), sum(graph[u][v]["weight"] for u, v in matching)


@pytest.mark.parametrize("seed", range(60))
def test_the_compiled_matching_is_as_large_and_as_heavy_as_networkxs(seed):
    graph = _graph(seed)
    ours = max_weight_matching(graph, maxcardinality=True)
    theirs = nx.max_weight_matching(graph, maxcardinality=True)
    assert _size_and_weight(graph, ours) == _size_and_weight(graph, theirs)


def _changed(graph: nx.Graph, rng: random.Random) -> nx.Graph:
    """The graph with some weights changed, some edges gone and some new, as caissify's next
    graph of a round differs from its last."""
    out = nx.Graph()
    out.add_nodes_from(graph)
    for u, v, d in graph.edges(data=True):
        roll = rng.random()
        if roll < 0.15:
            continue
        out.add_edge(u, v, weight=rng.getrandbits(rng.choice([3, 200])) + 1 if roll < 0.4 else d["weight"])
    for u, v in itertools.combinations(list(graph), 2):
        if not out.has_edge(u, v) and rng.random() < 0.1:
            out.add_edge(u, v, weight=rng.getrandbits(200) + 1)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_a_graph_changed_since_the_last_in_one_block_is_matched_as_networkx_matches_it(seed):
    rng = random.Random(seed)
    graph = _graph(1000 + seed)
    with matching.compiled():
        for step in range(25):
            cardinality = step % 3 != 2
            ours = _size_and_weight(graph, nx.max_weight_matching(graph, maxcardinality=cardinality))
            theirs = _size_and_weight(graph, matching._NETWORKX(graph, maxcardinality=cardinality))
            # Without maximum cardinality only the weight is fixed: tied matchings may differ in size.
            assert ours == theirs if cardinality else ours[1] == theirs[1], step
            graph = _changed(graph, rng)


def test_another_threads_call_during_a_block_leaves_the_blocks_matcher_alone():
    path = nx.Graph([(0, 1, {"weight": 5}), (1, 2, {"weight": 9}), (2, 3, {"weight": 5})])
    other = nx.Graph([(0, 1, {"weight": 1}), (1, 2, {"weight": 7})])
    got = {}
    with matching.compiled():
        max_weight_matching(path, maxcardinality=True)
        kept = matching._local.matcher
        thread = threading.Thread(target=lambda: got.update(other=max_weight_matching(other)))
        thread.start()
        thread.join()
        assert matching._local.matcher is kept
        again = max_weight_matching(path, maxcardinality=True)
    assert {frozenset(e) for e in got["other"]} == {frozenset((1, 2))}
    assert {frozenset(e) for e in again} == {frozenset((0, 1)), frozenset((2, 3))}


def test_a_graph_of_other_players_in_the_same_block_is_matched_afresh():
    with matching.compiled():
        first = max_weight_matching(nx.Graph([(0, 1, {"weight": 5}), (1, 2, {"weight": 9})]), maxcardinality=True)
        other = nx.Graph([("a", "b", {"weight": 1}), ("b", "c", {"weight": 2}), ("c", "d", {"weight": 1})])
        second = max_weight_matching(other, maxcardinality=True)
    assert {frozenset(e) for e in first} == {frozenset((1, 2))}
    assert {frozenset(e) for e in second} == {frozenset(("a", "b")), frozenset(("c", "d"))}


def test_a_wider_weight_later_in_the_block_is_matched_afresh():
    with matching.compiled():
        max_weight_matching(nx.Graph([(0, 1, {"weight": 3}), (1, 2, {"weight": 2}), (2, 3, {"weight": 3})]))
        wide = nx.Graph([(0, 1, {"weight": 1}), (1, 2, {"weight": 1 << 300}), (2, 3, {"weight": 1})])
        assert {frozenset(e) for e in max_weight_matching(wide)} == {frozenset((1, 2))}


def test_without_maxcardinality_a_heavier_single_edge_beats_two_light_ones():
    graph = nx.Graph([(0, 1, {"weight": 1}), (1, 2, {"weight": 10}), (2, 3, {"weight": 1})])
    assert {frozenset(e) for e in max_weight_matching(graph)} == {frozenset((1, 2))}
    assert len(max_weight_matching(graph, maxcardinality=True)) == 2


def test_a_graph_with_fractional_weights_is_matched_by_networkx_itself():
    graph = nx.Graph([(0, 1, {"weight": 0.5}), (1, 2, {"weight": 2.5}), (2, 3, {"weight": 0.5})])
    assert len(max_weight_matching(graph, maxcardinality=True)) == 2


def test_a_graph_with_a_zero_weight_edge_is_matched_by_networkx_itself():
    graph = nx.Graph([(0, 1, {"weight": 0}), (1, 2, {"weight": 3}), (2, 3, {"weight": 0})])
    assert len(max_weight_matching(graph, maxcardinality=True)) == 2


def test_networkx_is_itself_again_after_the_block():
    with matching.compiled():
        assert nx.max_weight_matching is max_weight_matching
    assert nx.max_weight_matching is not max_weight_matching
