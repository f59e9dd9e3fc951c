"""Maximum-weight matching for the 2026 Dutch edition at compiled speed.

caissify-pairings' Dutch engine (swiss_dutch.py) matches the whole field about a hundred times
a round; in networkx's pure Python that was 94 % of a 200-player round. Here those matchings
are computed by py4swiss's compiled blossom (`ComputerDutchOptimality`, C++ with weights of any
size: the bbpPairings matcher py4swiss pairs the 2025 edition with), one matcher kept through
the round and told only what changed since the last graph (docs/decisions.md, "Club-event
pairing"). The round loop hands its changed pairs to `_Matcher.update` itself (dutch_2026.py);
`max_weight_matching` takes a networkx graph, for the loop's preliminary bye graph and, while
`compiled()` runs, for any other networkx matching the library makes.

Maximum cardinality, as networkx's ``maxcardinality=True``: every edge gets a bonus larger than
any matching's total weight, so a matching with more edges always weighs more. The matched size
and weight equal networkx's (tests/events/test_compiled_matching.py, test_dutch_2026.py), for a
graph matched afresh and for one changed since the last; where several matchings weigh the
same the choice could differ, and the pairings are checked equal to the library's own on
random rounds (test_dutch_2026.py; `bench/pairing.py --check engine` for more). A graph with a
weight that is not a positive whole number goes to networkx itself."""

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


class _Matcher:
    """One compiled matcher kept over a pairing's successive graphs. caissify's Dutch matches
    the same players ~100 times a round, each time with a few bracket's weights changed; the
    matcher is told only the edges that changed and updates its last matching (bbpPairings'
    incremental matching, as py4swiss's own Dutch uses it), instead of matching ~7,000 edges
    afresh each time. A graph of other nodes, or with a weight wider than the matcher was
    built for, starts a new one."""

    def __init__(self, nodes: list[Any], top: int) -> None:
        self.nodes = nodes
        # Room above the first graph's widest weight for later graphs' (caissify's layout is
        # fixed for a round, but its preliminary bye graph is narrower than the main one).
        self.bits = top.bit_length() + 8
        # Maximum cardinality: the bonus outweighs any matching's total of plain weights.
        self.bonus = 1 << (self.bits + len(nodes).bit_length() + 1)
        widest = DynamicUint(1)
        widest.shift_grow(self.bonus.bit_length() + len(nodes).bit_length() + 1)
        widest.shift_grow(2)  # the matching routine's margin, as py4swiss sizes it
        widest >>= 1
        widest -= (widest & 0) | 1
        self.zero = widest & 0
        self.computer = ComputerDutchOptimality(len(nodes), widest)
        for _ in nodes:
            self.computer.add_vertex()
        self.weights: dict[tuple[int, int], int] = {}  # as the last graph gave them, bonus not added
        self.cardinality = False  # whether the matcher's weights carry the bonus
        self.converted: dict[int, Any] = {0: self.zero}  # a round's edges carry ~1,000 distinct weights

    def fits(self, nodes: list[Any], top: int) -> bool:
        return top.bit_length() <= self.bits and nodes == self.nodes

    def match(self, edges: dict[tuple[int, int], int], maxcardinality: bool) -> list[int]:
        """Each vertex's partner (itself when unmatched) in a maximum-weight matching of
        ``edges``, told to the matcher as what changed since the last graph."""
        old = self.weights
        if maxcardinality == self.cardinality:
            changed = [(key, w) for key, w in edges.items() if old.get(key) != w]
        else:  # the bonus comes or goes: every edge changes
            changed, self.cardinality = list(edges.items()), maxcardinality
        changed += [(key, 0) for key in old.keys() - edges.keys()]
        self.weights = edges
        return self.update(changed)

    def update(self, changed: list[tuple[tuple[int, int], int]]) -> list[int]:
        """Each vertex's partner (itself when unmatched) once the ``changed`` edges have their new
        weights (0: no edge), the bonus added when matching for cardinality."""
        converted, computer = self.converted, self.computer
        bonus = self.bonus if self.cardinality else 0
        # The matcher updates the vertices an edge change is marked on (its first vertex), at a
        # cost per vertex: each change is marked on the endpoint with more changes, so a pair
        # caissify fixes (every edge of two players cleared) marks those two, not all their
        # neighbours (200 players: about half the vertices marked, a tenth less time).
        changes: dict[int, int] = {}
        for (i, j), _ in changed:
            changes[i] = changes.get(i, 0) + 1
            changes[j] = changes.get(j, 0) + 1
        for (i, j), w in changed:
            w = w + bonus if w else 0  # a removed edge stays 0 ("no edge")
            if w not in converted:
                converted[w] = _dynamic(w, self.zero)
            if changes[i] >= changes[j]:
                computer.set_edge_weight(i, j, converted[w])
            else:
                computer.set_edge_weight(j, i, converted[w])
        computer.compute_matching()
        return computer.get_matching()


_local = threading.local()  # in_block, matcher: the block this thread runs, if any


def _matcher(nodes: list[Any], top: int) -> _Matcher:
    """The block's matcher if it fits the graph (a new one kept if not); a call from another
    thread than the block's gets a matcher of its own."""
    if not getattr(_local, "in_block", False):
        return _Matcher(nodes, top)
    kept: _Matcher | None = _local.matcher
    if kept is None or not kept.fits(nodes, top):
        kept = _local.matcher = _Matcher(nodes, top)
    return kept


def max_weight_matching(graph: Any, maxcardinality: bool = False, weight: str = "weight") -> set[tuple[Any, Any]]:
    """As networkx's `max_weight_matching` (pairs of nodes), computed by the compiled matcher."""
    nodes = list(graph)
    index = {node: i for i, node in enumerate(nodes)}
    edges: dict[tuple[int, int], Any] = {}
    for u, v, d in graph.edges(data=True):
        if u != v:
            i, j = index[u], index[v]
            edges[(i, j) if i < j else (j, i)] = d.get(weight, 1)
    # The compiled matcher takes whole positive weights (0 is "no edge" to it): anything else,
    # which caissify never builds, goes to networkx itself.
    if any(type(w) is not int or w <= 0 for w in edges.values()):
        return _NETWORKX(graph, maxcardinality=maxcardinality, weight=weight)
    return matched_pairs(nodes, edges, maxcardinality)


def matched_pairs(nodes: list[Any], edges: dict[tuple[int, int], int], maxcardinality: bool) -> set[tuple[Any, Any]]:
    """The pairs of ``nodes`` in a maximum-weight matching of ``edges`` (by node index, the lower
    first; whole positive weights), computed by the compiled matcher."""
    if not edges:
        return set()
    matcher = _matcher(nodes, max(edges.values()))
    mate = matcher.match(edges, maxcardinality)
    return {(nodes[i], nodes[j]) for i, j in enumerate(mate) if i < j}


@contextmanager
def compiled() -> Iterator[None]:
    """networkx's `max_weight_matching` answered by the compiled matcher while the block runs,
    one matcher kept from graph to graph within the block. dutch_2026.py's round loop needs no
    swap (its `import networkx` gets ours); the swap covers the library's engine as it ships,
    which dutch_2026.py falls back to on another version of caissify-pairings, and the bench's
    checks. One block at a time; a call from another thread meanwhile gets the same matching's
    size and weight from a matcher of its own, or networkx's own for a graph it cannot take."""
    with _SWAP:
        nx.max_weight_matching = max_weight_matching
        _local.in_block, _local.matcher = True, None
        try:
            yield
        finally:
            nx.max_weight_matching = _NETWORKX
            _local.in_block, _local.matcher = False, None
