"""caissify-pairings' Dutch engine (C.04.3 as amended from 1 February 2026), run with two
changes for speed and none to the rules (docs/decisions.md, "Club-event pairing"):

- **Its round loop's matchings.** `DutchEngine._pair_iterative_mwm` keeps a dict of the weight of
  every pair and, about a hundred times a round, builds a networkx graph of it to match. Here
  each matching goes to the compiled matcher (matching.py) as the pairs the loop changed since
  the last one (200 players: about 20,000 pairs, a few hundred changed), and the preliminary
  graph an odd field's bye is found with is kept as the matcher takes it (`_Graph`).
- **A player's colours.** Colour difference, preference and its strength, and whether a colour
  would break an absolute criterion are worked out once per pairing, not at each of the
  ~250,000 times the loop asks (a player's colour history does not change while it pairs).

Pairs the organiser keeps apart (`Entrants.prohibited`) the library has no input for: each
player's previous opponents answer ``in`` for them too (`_Opponents`), and round 1 takes the
bracket matching (`generate_pairings`). Checked against bbpPairings v6's XXP lines
(tests/events/test_dutch_differential.py).

The loop (900 lines of the library) is not copied. Its own compiled code runs with the code of
two of its inner functions replaced (`_set_w` also notes the changed pair, `_run_mwm` hands the
dict to the matcher) and its `import networkx` answered by a module of ours whose
`max_weight_matching` is the compiled one. That leans on the library's code, so
caissify-pairings is pinned (requirements.txt) and the loop's and the player's shapes are
checked on import: anything unexpected, and the library's engine runs as it ships, logged once
(`fast_engine`). The pairings are checked equal to the library's own engine's
(tests/events/test_dutch_2026.py; `bench/pairing.py --check engine` for more)."""

from __future__ import annotations

import builtins
import logging
import threading
import types
from collections.abc import Iterable
from functools import cached_property
from typing import Any

import caissify_pairings  # type: ignore[import-untyped]
import networkx as nx  # type: ignore[import-untyped]
from caissify_pairings.engines import dutch as library  # type: ignore[import-untyped]

from games.events.pairing import matching

log = logging.getLogger(__name__)

#: One round loop at a time (`FastDutchEngine.generate_pairings`): the running loop's changed
#: pairs are noted in one set, with no lookup of whose loop it is on each of its ~70,000 notes.
_LOCK = threading.Lock()
_TOUCHED: set[tuple[int, int]] = set()  # the pairs the loop set since its last matching


class _Run:
    """The running loop's dict of weights, the matcher holding its last matching, and the weights
    the matcher was told."""

    weights: dict[tuple[int, int], int] | None = None
    matcher: matching._Matcher | None = None
    sent: dict[tuple[int, int], int] = {}  # one run at a time (_LOCK)


_RUN = _Run()


def _matched(weights: dict[tuple[int, int], int], n: int) -> list[int]:
    """What the loop's `_run_mwm` returns: each player's partner by index, itself when unmatched,
    in a maximum-cardinality maximum-weight matching of the pairs of positive weight."""
    matcher, sent = _RUN.matcher, _RUN.sent
    if _RUN.weights is weights and matcher is not None:
        # A third of the pairs the loop sets keep their weight: those the matcher is not told.
        changed = [(key, weights[key]) for key in _TOUCHED if sent.get(key, 0) != weights[key]]
        _TOUCHED.clear()
        if matcher.fits(matcher.nodes, max((w for _, w in changed), default=0)):
            sent.update(changed)
            return matcher.update(changed)
    # The loop's first matching, or a weight wider than the matcher was built for: every pair.
    _TOUCHED.clear()
    matcher = _RUN.matcher = matching._Matcher(list(range(n)), max(weights.values(), default=0))
    matcher.cardinality = True  # the loop matches for maximum cardinality (networkx's maxcardinality=True)
    _RUN.weights, _RUN.sent = weights, dict(weights)
    return matcher.update([(key, w) for key, w in weights.items() if w])


class _Graph:
    """What the loop's preliminary bye graph uses of networkx's `Graph`: nodes and weighted
    edges, kept by node index as the compiled matcher takes them (20,000 edges at 200 players,
    added a third faster than to networkx's)."""

    def __init__(self) -> None:
        self.nodes: list[Any] = []
        self.index: dict[Any, int] = {}
        self.edges: dict[tuple[int, int], Any] = {}

    def add_node(self, node: Any) -> None:
        if node not in self.index:
            self.index[node] = len(self.nodes)
            self.nodes.append(node)

    def add_edge(self, u: Any, v: Any, weight: Any = 1) -> None:
        self.add_node(u)
        self.add_node(v)
        i, j = self.index[u], self.index[v]
        if i != j:  # a loop matches nothing (networkx ignores it too)
            self.edges[(i, j) if i < j else (j, i)] = weight

    def networkx(self) -> Any:
        graph = nx.Graph()
        graph.add_nodes_from(self.nodes)
        graph.add_weighted_edges_from((self.nodes[i], self.nodes[j], w) for (i, j), w in self.edges.items())
        return graph


def _max_weight_matching(graph: Any, maxcardinality: bool = False) -> set[tuple[Any, Any]]:
    """networkx's `max_weight_matching` for the loop: compiled, networkx's own for a weight the
    compiled matcher does not take (matching.py)."""
    if isinstance(graph, _Graph):
        if all(type(w) is int and w > 0 for w in graph.edges.values()):
            return matching.matched_pairs(graph.nodes, graph.edges, maxcardinality)
        graph = graph.networkx()
    return matching.max_weight_matching(graph, maxcardinality)


def _template() -> Any:
    """The replacement inner functions, with the free variables of the library's own (the
    loop passes them in this order: the names sorted)."""
    _ek = edge_weights = n = nx = None

    def _set_w(i: int, j: int, w: int) -> None:
        _ek  # noqa: B018  the loop's key function, written out below (a call less, 70,000 times a round)
        key = (i, j) if i < j else (j, i)
        edge_weights[key] = w  # type: ignore[index]
        _TOUCHED.add(key)

    def _run_mwm() -> list[int]:
        nx  # noqa: B018  the loop's networkx, unused: the matching is compiled
        return _matched(edge_weights, n)  # type: ignore[arg-type]

    return _set_w, _run_mwm


#: What the loop's `import networkx` gets: a light graph, the compiled matching.
_NETWORKX = types.SimpleNamespace(Graph=_Graph, max_weight_matching=_max_weight_matching)


def _import(name: str, *args: Any, **kwargs: Any) -> Any:
    return _NETWORKX if name == "networkx" else builtins.__import__(name, *args, **kwargs)


def _loop() -> Any:
    """The library's round loop with the inner functions replaced, or None if its code is not
    the shape this module knows (another version of caissify-pairings)."""
    original = library.DutchEngine._pair_iterative_mwm
    ours = {f.__code__.co_name: f.__code__ for f in _template()}
    consts = []
    for const in original.__code__.co_consts:
        if isinstance(const, types.CodeType) and const.co_name in ours:
            mine = ours.pop(const.co_name)
            if mine.co_freevars != const.co_freevars:
                return None
            const = mine.replace(co_qualname=const.co_qualname)  # its lines stay ours, in this file
        consts.append(const)
    if ours or "networkx" not in original.__code__.co_names:
        return None
    scope = dict(vars(library))
    scope.update(__builtins__={**vars(builtins), "__import__": _import}, _TOUCHED=_TOUCHED, _matched=_matched)
    loop = types.FunctionType(original.__code__.replace(co_consts=tuple(consts)), scope, original.__name__,
                              original.__defaults__, original.__closure__)
    loop.__kwdefaults__ = original.__kwdefaults__
    return loop


_COLOURS = ("color_diff", "color_preference", "preference_strength")


def _colours_class() -> type | None:
    """A player class whose colour properties are the library's own, each computed once (a
    player's colour history is fixed while it pairs); None if the library's player has not
    these properties (another version)."""
    base = library.DutchPlayer
    try:
        properties = {name: cached_property(getattr(base, name).fget) for name in _COLOURS}
        base.would_violate_absolute_color  # noqa: B018  asked for each colour in `_fixed_colours`
    except AttributeError:
        return None
    return type("KnownColours", (base,), {"__module__": __name__, "__doc__": _colours_class.__doc__, **properties})


def _fixed_colours(player: Any, colours: type) -> Any:
    violates = {c: library.DutchPlayer.would_violate_absolute_color(player, c) for c in ("white", "black")}
    player.__class__ = colours
    player.would_violate_absolute_color = violates.__getitem__
    return player


class FastDutchEngine(library.DutchEngine):
    """caissify-pairings' Dutch engine with the compiled round loop and fixed colours
    (`fast_engine` sets both up)."""

    colours: type

    def _build_players(self, raw: list[dict[str, Any]]) -> list[Any]:
        return [_fixed_colours(p, self.colours) for p in super()._build_players(raw)]

    def generate_pairings(self) -> list[dict[str, Any]]:
        with _LOCK:
            try:
                return super().generate_pairings()
            finally:
                _RUN.weights = _RUN.matcher = None  # the round's weights and matcher go with it
                _RUN.sent = {}
                _TOUCHED.clear()


def fast_engine() -> type:
    """`FastDutchEngine`, set up; the library's engine as it ships (slower, the same pairings),
    logged, where the library's loop or player is not the shape this module knows."""
    loop, colours = _loop(), _colours_class()
    if loop is None or colours is None:
        log.warning("caissify-pairings' Dutch engine is not the shape dutch_2026.py knows: pairing the "
                    "2026 edition with the library's engine as it ships (slower, the same pairings)")
        return library.DutchEngine
    FastDutchEngine._pair_iterative_mwm = loop
    FastDutchEngine.colours = colours
    return FastDutchEngine


ENGINE: type = fast_engine()


class _Opponents(set):
    """A player's previous opponents as the library reads them: ``in`` also answers True for a
    prohibited partner (the library's absolute check, B1), while the size stays the games
    played (C9 ranks the bye's candidates by it; bbpPairings too counts a forbidden pair as no
    game)."""

    def __init__(self, played: Iterable[int] = (), prohibited: Iterable[int] = ()) -> None:
        super().__init__(played)
        self.prohibited = set(prohibited)

    def __contains__(self, other: object) -> bool:
        return other in self.prohibited or super().__contains__(other)


def generate_pairings(players: list[dict[str, Any]], previous: set[tuple[int, ...]], round_number: int,
                      total_rounds: int, prohibited: frozenset[frozenset[int]] = frozenset()) -> list[dict[str, Any]]:
    """As `caissify_pairings.generate_pairings("dutch", ...)`, by `ENGINE`; ``prohibited``:
    pairs never to be paired (the library has no input for them: `_Opponents`)."""
    warn = getattr(caissify_pairings, "_warn_if_floats_missing", None)  # the library's own call's warning
    if warn is not None:
        warn("dutch", players, previous, round_number)
    engine = ENGINE(players=players, previous_pairings=previous, round_number=round_number, total_rounds=total_rounds)
    if prohibited:
        for player in engine._players:
            apart = {other for pair in prohibited if player.id in pair for other in pair if other != player.id}
            player.opponents = _Opponents(player.opponents, apart)
        # Round 1's shortcut reads no opponents: the top half against the bottom half, an odd
        # field's bye to the last player chosen first. The bracket matching of every later round
        # does, and chooses the bye with the pairing (bbpPairings v6 gives it to another player
        # when the last one's pairing is prohibited). The flag only picks that path: the
        # accelerated scores were set (or not) when the engine was made.
        engine.accelerated = True
        engine._select_bye_player = lambda players: None
    return engine.generate_pairings()
