"""An experiment for bench/pairing.py --compiled-matcher: networkx's `max_weight_matching` (pure
Python, what caissify-pairings' Dutch engine calls) answered instead by py4swiss's compiled
blossom (`ComputerDutchOptimality`, C++ with arbitrary-size weights, the bbpPairings matcher),
to measure how much of a 2026-edition round the matching costs. Bench only: the service keeps
networkx (docs/decisions.md, "Club-event pairing").

Maximum cardinality, as networkx's ``maxcardinality=True``: every edge gets a bonus larger than
any matching's total weight, so a matching with more edges always weighs more. Equal-weight
optima may differ from networkx's choice; the matched size and weight are the same."""

from __future__ import annotations

from typing import Any

import networkx as nx  # type: ignore[import-untyped]
from py4swiss.dynamicuint import DynamicUint  # type: ignore[import-untyped]
from py4swiss.matching_computer import ComputerDutchOptimality  # type: ignore[import-untyped]


def _dynamic(value: int, zero: Any) -> Any:
    """``value`` as a DynamicUint as wide as ``zero`` (built 32 bits at a time: the type takes
    only 32-bit Python ints)."""
    out = DynamicUint(zero)
    chunks = []
    while value:
        chunks.append(value & 0xFFFFFFFF)
        value >>= 32
    for chunk in reversed(chunks):
        out <<= 32
        out |= chunk
    return out


def max_weight_matching(graph: Any, maxcardinality: bool = False, weight: str = "weight") -> set[tuple[Any, Any]]:
    nodes = list(graph)
    index = {node: i for i, node in enumerate(nodes)}
    edges = [(index[u], index[v], d.get(weight, 1)) for u, v, d in graph.edges(data=True) if u != v]
    edges = [e for e in edges if e[2] > 0]
    if not edges:
        return set()
    top = max(w for _, _, w in edges)
    if maxcardinality:
        bonus = 1 << (top.bit_length() + len(nodes).bit_length() + 1)
        edges = [(u, v, w + bonus) for u, v, w in edges]
        top += bonus
    widest = DynamicUint(1)
    widest.shift_grow(top.bit_length() + len(nodes).bit_length() + 1)
    widest.shift_grow(2)  # the matching routine's margin, as py4swiss sizes it
    widest >>= 1
    widest -= (widest & 0) | 1
    zero = widest & 0
    computer = ComputerDutchOptimality(len(nodes), widest)
    for _ in nodes:
        computer.add_vertex()
    converted: dict[int, Any] = {}  # a round's ~100,000 edges carry ~1,000 distinct weights
    for u, v, w in edges:
        if w not in converted:
            converted[w] = _dynamic(w, zero)
        computer.set_edge_weight(u, v, converted[w])
    computer.compute_matching()
    mate = computer.get_matching()
    return {(nodes[i], nodes[j]) for i, j in enumerate(mate) if i < j}


def install() -> None:
    nx.max_weight_matching = max_weight_matching
