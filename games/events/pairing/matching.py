"""Maximum-weight matching for the 2026 Dutch edition at compiled speed.

caissify-pairings' Dutch engine (swiss_dutch.py) calls networkx's `max_weight_matching`, pure
Python, about a hundred times a round over the whole field: 94 % of a 200-player round. While
it pairs, `compiled()` has that call answered by py4swiss's compiled blossom
(`ComputerDutchOptimality`, C++ with weights of any size: the bbpPairings matcher py4swiss pairs
the 2025 edition with), about ten times faster a round (docs/decisions.md, "Club-event pairing").

Maximum cardinality, as networkx's ``maxcardinality=True``: every edge gets a bonus larger than
any matching's total weight, so a matching with more edges always weighs more. The matched size
and weight equal networkx's (tests/events/test_compiled_matching.py); where several matchings
weigh the same the choice could differ, and the pairings are checked equal to networkx's on
random rounds (the same test file). A graph with a weight that is not a positive whole number
goes to networkx itself."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
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


_NETWORKX = nx.max_weight_matching
_SWAP = threading.Lock()


def max_weight_matching(graph: Any, maxcardinality: bool = False, weight: str = "weight") -> set[tuple[Any, Any]]:
    """As networkx's `max_weight_matching` (pairs of nodes), computed by the compiled matcher."""
    nodes = list(graph)
    index = {node: i for i, node in enumerate(nodes)}
    edges = [(index[u], index[v], d.get(weight, 1)) for u, v, d in graph.edges(data=True) if u != v]
    # The compiled matcher takes whole positive weights (0 is "no edge" to it): anything else,
    # which caissify never builds, goes to networkx itself.
    if any(type(w) is not int or w <= 0 for _, _, w in edges):
        return _NETWORKX(graph, maxcardinality=maxcardinality, weight=weight)
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


@contextmanager
def compiled() -> Iterator[None]:
    """networkx's `max_weight_matching` answered by the compiled matcher while the block runs
    (caissify imports networkx inside its functions: its module has no name of ours to bind).
    One block at a time; a call from elsewhere meanwhile gets the same matching's size and
    weight, or networkx's own for a graph it cannot take."""
    with _SWAP:
        nx.max_weight_matching = max_weight_matching
        try:
            yield
        finally:
            nx.max_weight_matching = _NETWORKX
