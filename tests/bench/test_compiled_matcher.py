"""bench/compiled_matcher.py answers what networkx's matching answers (bench/pairing.py
--compiled-matcher measures a 2026-edition round with it, docs/events.md "Speed")."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from bench.compiled_matcher import max_weight_matching


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


def test_without_maxcardinality_a_heavier_single_edge_beats_two_light_ones():
    graph = nx.Graph([(0, 1, {"weight": 1}), (1, 2, {"weight": 10}), (2, 3, {"weight": 1})])
    assert {frozenset(e) for e in max_weight_matching(graph)} == {frozenset((1, 2))}
    assert len(max_weight_matching(graph, maxcardinality=True)) == 2
