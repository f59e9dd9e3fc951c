"""Which moves are legal (classic.md C3–C7), listed as *menus* whose sizes count the legal
moves without building them (as the Duel's `legal.py` does).

A legal move is a *base* move (what is done: get stones, place on ship/slot, sail ship to
site, lever with an unload order, …) plus a *leaf*: the choices made while it is carried out
(market picks, Pyramids B / Temple B choices; see `moves`). Every distinct leaf is a distinct
legal move. With Pyramids A and Temple A the only choices are the market picks, whose leaves
depend on the market alone and are cached (``fast`` mode); otherwise each base move's leaves
are found by trying it on copies of the position, branching at every choice (`search`).

Order of `legal_moves` (`move_at` and the random playout rely on it): get-stones; place by
ship and slot; sail by ship then site (C1 order), then leaves; lever by ship, site, unload
order (permutations of the occupied slots, bow first), then leaves; hammer by ship and slot;
sail card by ship, slot, site, then leaves; chisel by pairs of empty slots; pass only when
the list would otherwise be empty. Leaves are in the order of the choices' options: market
cards as laid out (first copy of each id), then the pair's cards; pyramids 1–3; …
"""

from __future__ import annotations

import random
from itertools import combinations, permutations
from typing import Any

from rules_engine.classic.actions import (
    chisel,
    end_turn,
    get_stones,
    hammer,
    lever,
    pass_turn,
    place,
    sail,
    sail_card,
)
from rules_engine.classic.choosers import TAKE, Chooser, Leaf, NeedChoice, Scripted
from rules_engine.classic.components import GET_STONES, MIN_LOAD, SITES, SLED_CAPACITY
from rules_engine.classic.deck import DrawsExhausted
from rules_engine.classic.movefields import PAIR
from rules_engine.classic.moves import (
    GetStones,
    Move,
    Pass,
    Place,
    PlayChisel,
    PlayHammer,
    PlayLever,
    PlaySail,
    Sail,
)
from rules_engine.classic.state import MARKET, NO_SITE, PYRAMIDS, TEMPLE, Work
from rules_engine.errors import IllegalMoveError

GET, PLACE, SAIL, LEVER, HAMMER, SAILC, CHISEL, PASS = range(8)
NO_CHOICE: tuple[Leaf, ...] = ((),)  # the leaves of a move without choices: one, empty

_SPOT = tuple((i // 4, i % 4) for i in range(16))
_ALL_SITES = (0, 1, 2, 3, 4)
_TAKES: dict[tuple[object, ...], tuple[Leaf, ...]] = {}
_PERMS: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
_PAIRS: dict[int, tuple[tuple[int, int], ...]] = {}


def fast(w: Work) -> bool:
    """True when market picks are the only choices a move can involve (C6.2/C6.3 need a search)."""
    return w.sides[PYRAMIDS] == "A" and w.sides[TEMPLE] == "A"


def take_leaves(market: list[str], pair: list[str], k: int) -> tuple[Leaf, ...]:
    """Every sequence of market picks for ``k`` stones (C5.1, C6.1), as leaves, in the order of
    `deliveries.market_options`. Cached: it depends only on the market's cards."""
    key = (tuple(market), tuple(pair), k)
    leaves = _TAKES.get(key)
    if leaves is None:
        out: list[Leaf] = []
        _takes(list(market), list(pair), k, (), out)
        leaves = _TAKES[key] = tuple(out)
    return leaves


def _takes(market: list[str], pair: list[str], k: int, prefix: Leaf, out: list[Leaf]) -> None:
    if k == 0:
        out.append(prefix)
        return
    if not market and not pair:
        out.append(prefix + ((TAKE, None),) * k)
        return
    for card in dict.fromkeys(market):
        rest = list(market)
        rest.remove(card)
        _takes(rest, pair, k - 1, (*prefix, (TAKE, card)), out)
    for card in dict.fromkeys(pair):
        _takes(market, [], k - 1, (*prefix, (TAKE, (PAIR, card))), out)


def _perms(occ: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    perms = _PERMS.get(occ)
    if perms is None:
        perms = _PERMS[occ] = tuple(permutations(occ))
    return perms


def _pairs(n: int) -> tuple[tuple[int, int], ...]:
    pairs = _PAIRS.get(n)
    if pairs is None:
        pairs = _PAIRS[n] = tuple(combinations(range(n), 2))
    return pairs


# --------------------------------------------------------------------------- base moves


def run(w: Work, base: tuple[Any, ...], ch: Chooser) -> None:
    """Carry out a base move on ``w`` with ``ch`` answering its choices (no end_turn)."""
    kind = base[0]
    if kind == PLACE:
        place(w, base[1], base[2])
    elif kind == SAIL:
        sail(w, base[1], base[2], None, ch)
    elif kind == GET:
        get_stones(w)
    elif kind == LEVER:
        lever(w, base[1], base[2], list(base[3]), ch)
    elif kind == HAMMER:
        hammer(w, base[1], base[2])
    elif kind == SAILC:
        sail_card(w, base[1], base[2], base[3], ch)
    elif kind == CHISEL:
        chisel(w, base[1])
    else:
        pass_turn(w, ch)


def search(w: Work, base: tuple[Any, ...]) -> tuple[Leaf, ...]:
    """Every leaf of ``base`` (a legal base move): try it on copies, branching at each choice.
    A branch that needs a market draw beyond the record's list is a leaf (the move is legal;
    which card comes is not known yet); apply_move then reports the missing draw."""
    out = []
    stack: list[Leaf] = [()]
    rng = w.rng
    while stack:
        script = stack.pop()
        c = w.copy()
        if rng is not None:  # a playout: branches see the draws the real move will see
            c.rng = random.Random()
            c.rng.setstate(rng.getstate())
            c.draws = list(w.draws)
        try:
            run(c, base, Scripted(script))
        except NeedChoice as need:
            stack.extend((*script, (need.kind, o)) for o in reversed(need.options))
            continue
        except DrawsExhausted:
            pass
        except IllegalMoveError:  # a draw the record contradicts on this branch
            continue
        out.append(script)
    return tuple(out)


def menus(w: Work, general: bool | None = None) -> list[tuple[Any, ...]]:
    """The legal moves other than pass, as entries ``(count, kind, args, leaves)``:
    GET ``()``; PLACE/HAMMER the free (ship, slot) list; SAIL ``(ship, site)``;
    LEVER ``(ship, site, perms)``; SAILC ``(ship, slot, site)``; CHISEL the free list (pairs).
    ``leaves`` holds each base move's choice leaves (LEVER: per unload order, the same for
    all of them in fast mode; in general mode one entry per order)."""
    if general is None:
        general = not fast(w)
    p = w.to_move
    sled = w.sled[p]
    quarry = w.quarry[p]
    caps, slots, sailed = w.caps, w.slots, w.sailed
    out: list[tuple[Any, ...]] = []
    if sled < SLED_CAPACITY and quarry:
        out.append((1, GET, (), NO_CHOICE))
    # One pass over the ships: empty slots (as free_spots lists them) and loads.
    free: list[tuple[int, int]] = []
    loads = []
    for s, cap in enumerate(caps):
        if sailed[s] == NO_SITE:
            load = 0
            for i in range(s * 4, s * 4 + cap):
                if slots[i] is None:
                    free.append(_SPOT[i])
                else:
                    load += 1
            loads.append((s, cap, load))
    nfree = len(free)
    if sled and nfree:
        out.append((nfree, PLACE, free, NO_CHOICE))
    open_sites = _ALL_SITES if not w.nsailed else [site for site in _ALL_SITES if site not in sailed]
    market, pair = w.market, w.pair
    for s, cap, load in loads:
        if load >= MIN_LOAD[cap]:
            for site in open_sites:
                if general:
                    leaves = search(w, (SAIL, s, site))
                elif site == MARKET:
                    leaves = take_leaves(market, pair, load)
                else:
                    leaves = NO_CHOICE
                out.append((len(leaves), SAIL, (s, site), leaves))
    hand = w.blue[p]
    if not hand:
        return out
    if "lever" in hand:
        for s, cap, load in loads:
            if load >= MIN_LOAD[cap]:
                base = s * 4
                perms = _perms(tuple(k for k in range(cap) if slots[base + k] is not None))
                for site in open_sites:
                    if general:
                        for perm in perms:
                            leaves = search(w, (LEVER, s, site, perm))
                            out.append((len(leaves), LEVER, (s, site, (perm,)), leaves))
                        continue
                    leaves = take_leaves(market, pair, load) if site == MARKET else NO_CHOICE
                    out.append((len(perms) * len(leaves), LEVER, (s, site, perms), leaves))
    if "hammer" in hand and nfree and sled + min(GET_STONES, SLED_CAPACITY - sled, quarry) >= 1:
        out.append((nfree, HAMMER, free, NO_CHOICE))
    if "sail" in hand and sled:
        for s, cap, load in loads:
            if load < cap and load + 1 >= MIN_LOAD[cap]:
                for _s, k in free:
                    if _s != s:
                        continue
                    for site in open_sites:
                        if general:
                            leaves = search(w, (SAILC, s, k, site))
                        elif site == MARKET:
                            leaves = take_leaves(market, pair, load + 1)
                        else:
                            leaves = NO_CHOICE
                        out.append((len(leaves), SAILC, (s, k, site), leaves))
    if "chisel" in hand and sled >= 2 and nfree >= 2:
        out.append((nfree * (nfree - 1) // 2, CHISEL, free, NO_CHOICE))
    return out


def count(entries: list[tuple[Any, ...]]) -> int:
    return sum(e[0] for e in entries)


def pass_leaves(w: Work) -> tuple[Leaf, ...]:
    """The leaves of the forced pass (several only when it ends the round on Temple B)."""
    if fast(w):
        return NO_CHOICE
    return search(w, (PASS,))


def locate(entries: list[tuple[Any, ...]], r: int) -> tuple[tuple[Any, ...], Leaf]:
    """The ``r``-th legal move (0 <= r < count) as (base move, leaf)."""
    for n, kind, args, leaves in entries:
        if r >= n:
            r -= n
            continue
        if kind == GET:
            return (GET,), ()
        if kind in (PLACE, HAMMER):
            s, k = args[r]
            return (kind, s, k), ()
        if kind == SAIL:
            return (SAIL, args[0], args[1]), leaves[r]
        if kind == LEVER:
            q, i = divmod(r, len(leaves))
            return (LEVER, args[0], args[1], args[2][q]), leaves[i]
        if kind == SAILC:
            return (SAILC, args[0], args[1], args[2]), leaves[r]
        i, j = _pairs(len(args))[r]
        return (CHISEL, (args[i], args[j])), ()
    raise IndexError(r)


def choice_lists(leaf: Leaf) -> dict[str, tuple[Any, ...]]:
    out: dict[str, list[object]] = {}
    for kind, value in leaf:
        out.setdefault(kind, []).append(value)
    return {k: tuple(v) for k, v in out.items()}


def build(base: tuple[Any, ...], leaf: Leaf) -> Move:
    """The `Move` of a base move and leaf."""
    kind = base[0]
    if kind == GET:
        return GetStones()
    if kind == PLACE:
        return Place(base[1] + 1, base[2] + 1)
    if kind == HAMMER:
        return PlayHammer(base[1] + 1, base[2] + 1)
    if kind == CHISEL:
        (s1, k1), (s2, k2) = base[1]
        return PlayChisel(((s1 + 1, k1 + 1), (s2 + 1, k2 + 1)))
    ch = choice_lists(leaf)
    if kind == SAIL:
        return Sail(base[1] + 1, SITES[base[2]], **ch)
    if kind == LEVER:
        return PlayLever(base[1] + 1, SITES[base[2]], tuple(k + 1 for k in base[3]), **ch)
    if kind == SAILC:
        return PlaySail(base[1] + 1, base[2] + 1, SITES[base[3]], **ch)
    return Pass(**ch)


def legal_moves_of(w: Work) -> list[Move]:
    if w.over:
        return []
    entries = menus(w)
    out: list[Move] = []
    for _n, kind, args, leaves in entries:
        if kind == GET:
            out.append(GetStones())
        elif kind in (PLACE, HAMMER):
            out += [build((kind, s, k), ()) for s, k in args]
        elif kind == SAIL:
            out += [build((SAIL, *args), leaf) for leaf in leaves]
        elif kind == LEVER:
            out += [build((LEVER, args[0], args[1], perm), leaf) for perm in args[2] for leaf in leaves]
        elif kind == SAILC:
            out += [build((SAILC, *args), leaf) for leaf in leaves]
        else:
            out += [build((CHISEL, (args[i], args[j])), ()) for i, j in _pairs(len(args))]
    if out:
        return out
    return [build((PASS,), leaf) for leaf in pass_leaves(w)]


def move_at(w: Work, r: int) -> Move:
    """``legal_moves_of(w)[r]`` without building the whole list."""
    entries = menus(w)
    n = count(entries)
    if n == 0:
        return build((PASS,), pass_leaves(w)[r])
    if not 0 <= r < n:
        raise IndexError(f"move index {r} out of range 0..{n - 1}")
    return build(*locate(entries, r))


def step(w: Work, base: tuple[Any, ...], leaf: Leaf) -> None:
    """Play a base move with its leaf on ``w`` and hand over the turn."""
    run(w, base, Scripted(leaf))
    end_turn(w, base[0] == PASS)
