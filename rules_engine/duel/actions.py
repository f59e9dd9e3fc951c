"""The turn actions of duel.md D4, carried out on a mutable `Work` with full validation.

Every way of changing a game goes through `play` (or, for random playouts, through the same
primitives `place`, `unload`, … with move parts as indices): there is one implementation of
each rule. A move can fail after it has changed part of the `Work` (an action token whose
second step is illegal, a transcript refill naming a token already seen), so callers run
moves on a `Work` they own and throw it away on error (`game.apply_move` thaws a fresh copy
of the state for every move; `record.replay` rejects the whole record).
"""

from __future__ import annotations

from rules_engine.duel.harbor import (
    BOAT_INDEX,
    BOATS,
    CELL_INDEX,
    CELLS,
    LINE_CELLS,
    LINE_COUNT,
    LINE_MASK,
    LINE_NAMES,
)
from rules_engine.duel.legal import first_legal
from rules_engine.duel.moves import (
    Move,
    Pass,
    Place,
    PlaceMeeples,
    PlaceUnload,
    SwapUnload,
    TakeToken,
    Unload,
)
from rules_engine.duel.state import Work
from rules_engine.duel.tokens import (
    K_ACTION,
    K_DARK,
    K_LIGHT,
    K_OBELISK,
    K_TEMPLE,
    K_TOMB,
    KIND,
    PLACE_MEEPLES,
    PLACE_UNLOAD,
    SWAP_UNLOAD,
    TAKE_TOKEN,
    TOKEN_COUNTS,
    TOKEN_INDEX,
    VALUE,
)
from rules_engine.errors import IllegalMoveError

OBELISKS_FOR_FIRST = 5  # D7.1 B


def receive(w: Work, p: int, tok: str) -> None:
    """D5: the token goes straight onto player ``p``'s monument or action pile."""
    k = KIND[tok]
    pw = w.players[p]
    if k == K_OBELISK:
        pw.obelisk += 1
        # D7.1 B: "first" is the order tokens arrive, so record it the moment it happens.
        if pw.obelisk == OBELISKS_FOR_FIRST and w.first5 is None:
            w.first5 = p
    elif k == K_LIGHT:
        pw.light += 1
    elif k == K_DARK:
        pw.dark += 1
    elif k == K_TEMPLE:
        pw.temple.append(VALUE[tok])
    elif k == K_TOMB:
        pw.tomb.append(VALUE[tok])
    else:
        pw.actions.append(tok)


def place(w: Work, cell: int, ctx: str = "") -> None:
    """D4.1."""
    pw = w.players[w.to_move]
    if pw.meeples == 0:
        raise IllegalMoveError(f"{ctx}place {CELLS[cell]}: all 4 of player {w.to_move}'s meeples "
                               f"are already on the harbor (D4.1)", "D4.1")
    owner = w.cells[cell]
    if owner is not None:
        raise IllegalMoveError(f"{ctx}place {CELLS[cell]}: cell {CELLS[cell]} already holds a "
                               f"meeple of player {owner}; one meeple per cell (D4.1)", "D4.1")
    w.cells[cell] = w.to_move
    w.occ |= 1 << cell
    pw.meeples -= 1


def unload(w: Work, b: int, refill: tuple[str, ...] | None = None, ctx: str = "") -> None:
    """D4.2, steps 1–5."""
    if not w.live >> b & 1:
        raise IllegalMoveError(f"{ctx}unload {BOATS[b]}: that boat has been removed from the game "
                               f"(D4.2 step 4)", "D4.2")
    n = LINE_COUNT[w.occ][b]
    if n < 2:
        raise IllegalMoveError(f"{ctx}unload {BOATS[b]} needs at least 2 meeples in {LINE_NAMES[b]}, "
                               f"it has {n} (D4.2)", "D4.2")
    cells, slots, players = w.cells, w.slots, w.players
    s = b * 3 + 2  # step 1: the nearest meeple takes slot 3, the next slot 2, the third slot 1
    for c in LINE_CELLS[b]:
        p = cells[c]
        if p is None:
            continue
        cells[c] = None
        players[p].meeples += 1
        tok = slots[s]
        slots[s] = None
        if tok is not None:  # only empty after an empty-reserve take-token (D4.3 ruling)
            receive(w, p, tok)  # step 2: at once, in this order
        s -= 1
    w.occ &= ~LINE_MASK[b]
    while s >= b * 3:  # step 3: what nobody took goes back to the box
        if slots[s] is not None:
            w.box.append(slots[s])
            slots[s] = None
        s -= 1
    w.unloads += 1
    _refill(w, b, refill, ctx)


def _refill(w: Work, b: int, refill: tuple[str, ...] | None, ctx: str) -> None:
    """D4.2 step 4 (refill or remove) and step 5 (one boat left ends the game)."""
    if w.scount == 0:
        if refill is not None:
            raise IllegalMoveError(f"{ctx}unload {BOATS[b]}: the supply is empty, so the boat is "
                                   f"removed (D4.2 step 4), yet the move gives a refill "
                                   f"{list(refill)}", "D4.2")
        w.live &= ~(1 << b)
        if w.live & (w.live - 1) == 0:  # one boat left: D4.2 step 5, D8
            w.over = True
            w.end = "last-boat"
        return
    if w.supply is not None:
        i = len(w.supply) - w.scount
        drawn = w.supply[i:i + 3]
        if refill is not None and tuple(refill) != drawn:
            raise IllegalMoveError(f"{ctx}unload {BOATS[b]}: refill {list(refill)} disagrees with "
                                   f"the supply, which gives {list(drawn)} (F2)", "F2")
    else:
        if refill is None:
            raise IllegalMoveError(f"{ctx}unload {BOATS[b]}: the boat is refilled from the supply "
                                   f"({w.scount} tokens left), so a game recorded without "
                                   f"setup.supply must give the 3 tokens as refill (F2)", "F2")
        for tok in refill:
            _draw_unseen(w, tok, f"{ctx}unload {BOATS[b]} refill")
        drawn = refill
    w.slots[b * 3:b * 3 + 3] = drawn
    w.scount -= 3


def _draw_unseen(w: Work, tok: str, what: str) -> None:
    """Transcription form: ``tok`` was turned face up; it must still be face down."""
    i = TOKEN_INDEX[tok]
    if w.unseen[i] == 0:
        total = TOKEN_COUNTS[tok]
        have = f"the only {tok} is" if total == 1 else f"all {total} {tok} tokens are"
        raise IllegalMoveError(f"{what}: {tok} cannot come from the supply or reserve: {have} "
                               f"already accounted for (D1)", "D1")
    w.unseen[i] -= 1


def take(w: Work, b: int, s0: int, reveal: str | None = None) -> None:
    """D4.3 take-token after the token is spent: boat ``b``, 0-based slot ``s0``."""
    where = f"take-token: {BOATS[b]} slot {s0 + 1}"
    if not w.live >> b & 1:
        raise IllegalMoveError(f"{where}: that boat has been removed from the game (D4.2 step 4)",
                               "D4.3")
    i = b * 3 + s0
    tok = w.slots[i]
    if tok is None:
        raise IllegalMoveError(f"{where} is empty (D4.3)", "D4.3")
    if KIND[tok] == K_ACTION:
        raise IllegalMoveError(f"{where} holds the action token {tok}; take-token may take any "
                               f"token except an action token (D4.3)", "D4.3")
    receive(w, w.to_move, tok)
    if w.rcount == 0:  # D4.3 ruling: the slot stays empty
        if reveal is not None:
            raise IllegalMoveError(f"{where}: the reserve is empty, so nothing is revealed, yet the "
                                   f"move gives reveal {reveal} (D4.3)", "D4.3")
        w.slots[i] = None
        return
    if w.reserve is not None:
        top = w.reserve.pop()
        if reveal is not None and reveal != top:
            raise IllegalMoveError(f"{where}: reveal {reveal} disagrees with the reserve, whose top "
                                   f"token is {top} (F2)", "F2")
    else:
        if reveal is None:
            raise IllegalMoveError(f"{where}: a game recorded without setup.supply must give the "
                                   f"reserve token turned up as reveal (F2)", "F2")
        _draw_unseen(w, reveal, f"{where} reveal")
        top = reveal
    w.rcount -= 1
    w.slots[i] = top


def spend(w: Work, token: str) -> None:
    """D4.3: play one action token you own; it leaves the game."""
    acts = w.players[w.to_move].actions
    if token not in acts:
        raise IllegalMoveError(f"{token}: player {w.to_move} has no {token} action token to play "
                               f"(D4.3)", "D4.3")
    acts.remove(token)
    w.box.append(token)


def swap(w: Work, b: int, s0: int, s1: int) -> None:
    """D4.3 swap-unload, first half: exchange two tokens on one boat."""
    where = f"swap-unload: {BOATS[b]}"
    if not w.live >> b & 1:
        raise IllegalMoveError(f"{where} has been removed from the game (D4.2 step 4)", "D4.3")
    slots = w.slots
    i, j = b * 3 + s0, b * 3 + s1
    if slots[i] is None or slots[j] is None:
        empty = s0 + 1 if slots[i] is None else s1 + 1
        raise IllegalMoveError(f"{where} slot {empty} is empty; a swap exchanges two tokens (D4.3)",
                               "D4.3")
    slots[i], slots[j] = slots[j], slots[i]


def end_turn(w: Work, passed: bool) -> None:
    w.ply += 1
    w.to_move ^= 1
    w.passed = passed


# --------------------------------------------------------------------------- whole moves
# Index-level forms of the compound moves, shared by `play` and the random playout.

def place_meeples(w: Work, cells: tuple[int, ...]) -> None:
    """D4.3 place-meeples: D4.1 two or three times."""
    spend(w, PLACE_MEEPLES)
    have = w.players[w.to_move].meeples
    if have < len(cells):
        raise IllegalMoveError(f"place-meeples: placing {len(cells)} meeples, but player "
                               f"{w.to_move} has only {have} off the harbor (D4.3)", "D4.3")
    for c in cells:
        place(w, c, "place-meeples: ")


def place_unload(w: Work, cell: int, boats: tuple[int, ...],
                 refills: tuple | None = None) -> None:
    """D4.3 place-unload: D4.1 once, then D4.2 once or twice in the order given."""
    spend(w, PLACE_UNLOAD)
    place(w, cell, "place-unload: ")
    for k, b in enumerate(boats):
        if w.over:
            # Ruling (docs/rulings.md, "D4.3, D8 — a second unload listed after the game
            # ended"): the action stops there, so a second listed unload never happened.
            raise IllegalMoveError(f"place-unload: the game ended when {BOATS[boats[0]]} was "
                                   f"removed (D4.2 step 5, D8), so the second unload "
                                   f"{BOATS[b]} cannot follow", "D8")
        unload(w, b, None if refills is None else refills[k], "place-unload: ")


def swap_unload(w: Work, b: int, s0: int, s1: int, u: int,
                refill: tuple[str, ...] | None = None) -> None:
    """D4.3 swap-unload: swap two tokens of boat ``b``, then unload boat ``u``."""
    spend(w, SWAP_UNLOAD)
    swap(w, b, s0, s1)
    unload(w, u, refill, "swap-unload: ")


def take_token(w: Work, b: int, s0: int, reveal: str | None = None) -> None:
    spend(w, TAKE_TOKEN)
    take(w, b, s0, reveal)


def pass_turn(w: Work) -> None:
    """D4.4."""
    example = first_legal(w)
    if example is not None:
        raise IllegalMoveError(f"pass is only allowed when no other action is legal, but e.g. "
                               f"{_describe(example)} is legal (D4.4)", "D4.4")
    if w.passed:  # D4.4 ruling: both players passed in succession
        w.over = True
        w.end = "passes"


def _play_place(w: Work, m: Place) -> None:
    place(w, CELL_INDEX[m.cell])


def _play_unload(w: Work, m: Unload) -> None:
    unload(w, BOAT_INDEX[m.boat], m.refill)


def _play_take(w: Work, m: TakeToken) -> None:
    take_token(w, BOAT_INDEX[m.boat], m.slot - 1, m.reveal)


def _play_place_meeples(w: Work, m: PlaceMeeples) -> None:
    place_meeples(w, tuple(CELL_INDEX[c] for c in m.cells))


def _play_place_unload(w: Work, m: PlaceUnload) -> None:
    place_unload(w, CELL_INDEX[m.cell], tuple(BOAT_INDEX[b] for b in m.boats), m.refills)


def _play_swap_unload(w: Work, m: SwapUnload) -> None:
    swap_unload(w, BOAT_INDEX[m.boat], m.slots[0] - 1, m.slots[1] - 1, BOAT_INDEX[m.unload],
                m.refill)


def _play_pass(w: Work, m: Pass) -> None:
    pass_turn(w)


_PLAY = {Place: _play_place, Unload: _play_unload, TakeToken: _play_take,
         PlaceMeeples: _play_place_meeples, PlaceUnload: _play_place_unload,
         SwapUnload: _play_swap_unload, Pass: _play_pass}


def play(w: Work, m: Move) -> None:
    """Carry out one whole move for the player to move (D4), then hand over the turn."""
    if w.over:
        why = "both players passed (D4.4)" if w.end == "passes" else "only one boat is left (D8)"
        raise IllegalMoveError(f"the game is over: {why}; no more moves", "D8")
    handler = _PLAY.get(type(m))
    if handler is None:
        raise IllegalMoveError(f"not a Duel move: {type(m).__name__}", "F2")
    handler(w, m)
    end_turn(w, type(m) is Pass)


def _describe(m: Move) -> str:
    parts = [str(v) for k, v in m.to_json().items() if k != "type"]
    return " ".join([m.kind, *parts])
