"""Seating a base-game round (3–4 players a table; 2 only when the numbers force it).

The players are ranked by their standing (event points, then score, then lot) and seated in
that order: the leaders at table 1, the next at table 2, … . A meeting that has happened before
is avoided when some seating avoids it: a depth-first branch-and-bound search over the
seatings, in standing order, keeps the one with the fewest repeat meetings and, among those,
the one closest to the standing order (the first one the search meets). The search is exact
while it stays within `NODE_BUDGET` nodes (events of up to 12 players took at most 32,600);
beyond that, exchanges of two players between tables remove what repeats they can (a search
cut short may leave one that a single exchange removes; 9 of 36 random events of 13–40
players had one), then, if a repeat is left, a second search seats the most constrained
players first (those with the fewest opponents left to meet), which finds a seating without
repeats quickly when one exists late in a large event.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from games.events.pairing.types import Entrants, History, Table

NODE_BUDGET = 50_000


def table_sizes(n: int) -> list[int]:
    """Tables of 4 first, then 3; one table of 2 only for 2 or 5 players; a single player
    gets a bye (no table). Never several short tables."""
    if n < 2:
        return []
    if n == 2:
        return [2]
    if n == 5:
        return [3, 2]
    tables = -(-n // 4)  # as few tables as possible
    fours = n - 3 * tables
    return [4] * fours + [3] * (tables - fours)


def ranking(entrants: Entrants, history: History) -> list[int]:
    """The entrants by standing: event points, then the sum of game scores, then the lot."""
    points, scores = history.points(), history.scores()
    return sorted(entrants.players, key=lambda p: (-points.get(p, 0.0), -scores.get(p, 0), entrants.lot(p)))


class _Search:
    def __init__(self, order: list[int], sizes: list[int], met: set[frozenset[int]], constrained: bool = False):
        self.order = order
        self.sizes = sizes
        self.met = met
        # By position in ``order``: whom each has met (a set lookup instead of building a
        # frozenset for every pair the search looks at).
        position = {p: i for i, p in enumerate(order)}
        self.known: list[set[int]] = [set() for _ in order]
        for pair in met:
            a, b = tuple(pair)
            if a in position and b in position:
                self.known[position[a]].add(position[b])
                self.known[position[b]].add(position[a])
        self.constrained = constrained
        self.best: list[tuple[int, ...]] | None = None
        self.best_repeats = 10**9
        self.nodes = 0

    def repeats_with(self, table: tuple[int, ...]) -> int:
        return sum(1 for a, b in combinations(table, 2) if frozenset((a, b)) in self.met)

    def run(self, start: list[tuple[int, ...]] | None = None) -> list[tuple[int, ...]]:
        if start is not None:
            self.best, self.best_repeats = start, sum(self.repeats_with(t) for t in start)
        self._place(list(range(len(self.order))), list(self.sizes), [], 0)
        assert self.best is not None
        return self.best

    @property
    def exhausted(self) -> bool:
        return self.nodes > NODE_BUDGET

    def _free(self, i: int, left: list[int]) -> int:
        """How many of ``left`` player ``i`` has not met."""
        known = self.known[i]
        return sum(1 for j in left if j != i and j not in known)

    def _place(self, left: list[int], sizes: list[int], seated: list[tuple[int, ...]], repeats: int) -> None:
        if repeats >= self.best_repeats or self.exhausted:
            return
        self.nodes += 1
        if not left:
            self.best, self.best_repeats = list(seated), repeats
            return
        if self.constrained:
            head = min(left, key=lambda i: (self._free(i, left), i))
            rest = [i for i in left if i != head]
        else:
            head, rest = left[0], left[1:]
        # The chosen player opens the next table (so each seating is met once), with the
        # largest table size still to fill first; its other seats are filled one by one, in
        # standing order, so a repeat prunes a branch as soon as it is seated.
        for size in sorted(set(sizes), reverse=True):
            remaining = list(sizes)
            remaining.remove(size)
            self._fill(rest, 0, [head], size, remaining, seated, repeats)
            if self.best_repeats == 0:
                return

    def _fill(self, rest: list[int], start: int, table: list[int], size: int, sizes: list[int],
              seated: list[tuple[int, ...]], repeats: int) -> None:
        if len(table) == size:
            taken = set(table)
            players = tuple(self.order[i] for i in table)
            self._place([i for i in rest if i not in taken], sizes, [*seated, players], repeats)
            return
        need = size - len(table)
        for k in range(start, len(rest) - need + 1):
            if self.exhausted or self.best_repeats == 0:
                return
            self.nodes += 1
            known = self.known[rest[k]]
            added = sum(1 for i in table if i in known)
            if repeats + added >= self.best_repeats:
                continue
            self._fill(rest, k + 1, [*table, rest[k]], size, sizes, seated, repeats + added)


def _repeats(table: tuple[int, ...] | list[int], met: set[frozenset[int]]) -> int:
    return sum(1 for a, b in combinations(table, 2) if frozenset((a, b)) in met)


def exchanged(seating: list[tuple[int, ...]], met: set[frozenset[int]]) -> list[tuple[int, ...]]:
    """``seating`` after every exchange of two players between two tables that leaves fewer
    repeat meetings, until none does. For a search cut short by its budget: what it left
    may still have a repeat that one exchange removes."""
    tables = [list(t) for t in seating]
    better = True
    while better:
        better = False
        for i, j in combinations(range(len(tables)), 2):
            before = _repeats(tables[i], met) + _repeats(tables[j], met)
            if before == 0:
                continue
            for a in tables[i]:
                for b in tables[j]:
                    one = [b if p == a else p for p in tables[i]]
                    two = [a if p == b else p for p in tables[j]]
                    if _repeats(one, met) + _repeats(two, met) < before:
                        tables[i], tables[j], better = one, two, True
                        break
                if better:
                    break
            if better:
                break
    return [tuple(t) for t in tables]


def seat_round(entrants: Entrants, history: History) -> list[Table]:
    """The next round's tables, numbered from 1 (the leaders); a lone player left over gets a
    bye. Seats within a table rotate by the lots and the round, so who sits first varies."""
    order = ranking(entrants, history)
    sizes = table_sizes(len(order))
    if not sizes:
        return [Table(number=1, seats=(p,), bye=True) for p in order]
    met = history.met()
    chunks, at = [], 0
    for size in sizes:
        chunks.append(tuple(order[at:at + size]))
        at += size
    search = _Search(order, sizes, met)
    seating = search.run(start=chunks)
    if search.exhausted and search.best_repeats > 0:
        seating = exchanged(seating, met)
        if sum(_repeats(t, met) for t in seating) > 0:
            second = _Search(order, sizes, met, constrained=True)
            seating = exchanged(second.run(start=seating), met)
    seating.sort(key=lambda t: min(order.index(p) for p in t))
    round_number = len(history.rounds)
    tables = []
    for number, players in enumerate(seating, start=1):
        ordered = sorted(players, key=entrants.lot)
        shift = round_number % len(ordered)
        tables.append(Table(number=number, seats=tuple(ordered[shift:] + ordered[:shift])))
    return tables


def fewest_repeats(players: list[int], sizes: list[int], met: set[frozenset[int]]) -> int:
    """The fewest repeat meetings any seating of ``players`` at tables of ``sizes`` has, by
    trying every seating (for tests: small numbers only)."""
    # The fewest for a set of players left and table sizes left does not depend on how the
    # others were seated, so each is worked out once.
    @cache
    def best(left: tuple[int, ...], sizes: tuple[int, ...]) -> int:
        if not left:
            return 0
        head, rest = left[0], left[1:]
        out = 10**9
        for size in set(sizes):
            remaining = list(sizes)
            remaining.remove(size)
            for others in combinations(rest, size - 1):
                table = (head, *others)
                here = sum(1 for a, b in combinations(table, 2) if frozenset((a, b)) in met)
                taken = set(others)
                out = min(out, here + best(tuple(p for p in rest if p not in taken), tuple(remaining)))
        return out

    return best(tuple(sorted(players)), tuple(sorted(sizes)))
