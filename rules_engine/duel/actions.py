"""The turn actions of duel.md D4, carried out on a mutable `Work` with full validation.

Every way of changing a game goes through `play` (or, for random playouts, through the same
primitives `place`, `unload`, … with move parts as indices): there is one implementation of
each rule. A move can fail after it has changed part of the `Work` (an action token whose
second step is illegal, a transcript refill naming a token already seen), so callers run
moves on a `Work` they own and throw it away on error (`game.apply_move` thaws a fresh copy
of the state for every move; `record.replay` rejects the whole record).

Refusals are translatable messages (docs/i18n.md) in the board's words: boats by their line
("row 2"), tokens by `labels.NAMES` ("tomb 7", "take 1 token"). They are built only when a
move is refused; the success path carries no more than an action token's id as context.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

from rules_engine.duel.harbor import (
    BOAT_INDEX,
    CELL_INDEX,
    CELLS,
    LINE_CELLS,
    LINE_COUNT,
    LINE_MASK,
    LINE_NAMES,
)
from rules_engine.duel.labels import NAMES
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
    at,
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
from rules_engine.messages import Message, msg, plural

OBELISKS_FOR_FIRST = 5  # D7.1 B


def _in(ctx: str, reason: Message) -> Message:
    """``reason`` as a step of the action token ``ctx`` (its record id; "" for a move of its own)."""
    return at(NAMES[ctx], reason) if ctx else reason


def _names(tokens: Iterable[str]) -> tuple[Message, ...]:
    """Token ids in the board's words, as a list for a message."""
    return tuple(NAMES[t] for t in tokens)


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
    """D4.1. ``ctx``: the action token this is a step of (its id), if any."""
    pw = w.players[w.to_move]
    if pw.meeples == 0:
        # Translators: {cell} is a harbor cell (a1 … c3); {player} a player's number (1 or 2, as seated).
        raise IllegalMoveError(_in(ctx, msg("place {cell}: all 4 of player {player}'s meeples are already on the "
                                            "harbor (D4.1)", cell=CELLS[cell], player=w.to_move + 1)), "D4.1")
    owner = w.cells[cell]
    if owner is not None:
        # Translators: {cell} is a harbor cell (a1 … c3); {player} a player's number (1 or 2, as seated).
        raise IllegalMoveError(_in(ctx, msg("place {cell}: cell {cell} already holds a meeple of player {player}; "
                                            "one meeple per cell (D4.1)", cell=CELLS[cell], player=owner + 1)), "D4.1")
    w.cells[cell] = w.to_move
    w.occ |= 1 << cell
    pw.meeples -= 1


def unload(w: Work, b: int, refill: tuple[str, ...] | None = None, ctx: str = "") -> None:
    """D4.2, steps 1–5. ``ctx``: the action token this is a step of (its id), if any."""
    if not w.live >> b & 1:
        # Translators: {boat} is a boat by its line, e.g. "row 2" or "column b".
        raise IllegalMoveError(_in(ctx, msg("unload {boat}: that boat has been removed from the game (D4.2 step 4)",
                                            boat=LINE_NAMES[b])), "D4.2")
    n = LINE_COUNT[w.occ][b]
    if n < 2:
        # Translators: {boat} is a boat and its line, e.g. "row 2"; {n} the meeples in that line.
        raise IllegalMoveError(_in(ctx, msg("unload {boat} needs at least 2 meeples in {boat}, it has {n} (D4.2)",
                                            boat=LINE_NAMES[b], n=n)), "D4.2")
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
        left = slots[s]
        if left is not None:
            w.box.append(left)
            slots[s] = None
        s -= 1
    w.unloads += 1
    _refill(w, b, refill, ctx)


def _refill(w: Work, b: int, refill: tuple[str, ...] | None, ctx: str) -> None:
    """D4.2 step 4 (refill or remove) and step 5 (one boat left ends the game)."""
    if w.scount == 0:
        if refill is not None:
            # Translators: {boat} is a boat, e.g. "row 2"; {tokens} lists the tokens the move gives.
            raise IllegalMoveError(_in(ctx, msg("unload {boat}: the supply is empty, so the boat is removed (D4.2 "
                                                "step 4), yet the move gives a refill [{tokens}]",
                                                boat=LINE_NAMES[b], tokens=_names(refill))), "D4.2")
        w.live &= ~(1 << b)
        if w.live & (w.live - 1) == 0:  # one boat left: D4.2 step 5, D8
            w.over = True
            w.end = "last-boat"
        return
    if w.supply is not None:
        i = len(w.supply) - w.scount
        drawn = w.supply[i:i + 3]
        if refill is not None and tuple(refill) != drawn:
            # Translators: {boat} is a boat, e.g. "row 2"; {given} and {drawn} list tokens.
            raise IllegalMoveError(_in(ctx, msg("unload {boat}: refill [{given}] disagrees with the supply, which "
                                                "gives [{drawn}] (F2)", boat=LINE_NAMES[b], given=_names(refill),
                                                drawn=_names(drawn))), "F2")
    else:
        if refill is None:
            # Translators: {boat} is a boat, e.g. "row 2"; "setup.supply" and "refill" are a record's fields.
            raise IllegalMoveError(_in(ctx, plural("unload {boat}: the boat is refilled from the supply ({n} token "
                                                   "left), so a game recorded without setup.supply must give the 3 "
                                                   "tokens as refill (F2)",
                                                   "unload {boat}: the boat is refilled from the supply ({n} tokens "
                                                   "left), so a game recorded without setup.supply must give the 3 "
                                                   "tokens as refill (F2)", boat=LINE_NAMES[b], n=w.scount)), "F2")
        for tok in refill:
            if not _draw_unseen(w, tok):
                # Translators: where a token was turned up: the refill of a boat, e.g. "row 2".
                raise _accounted_for(_in(ctx, msg("unload {boat} refill", boat=LINE_NAMES[b])), tok)
        drawn = refill
    w.slots[b * 3:b * 3 + 3] = drawn
    w.scount -= 3


def _draw_unseen(w: Work, tok: str) -> bool:
    """Transcription form: ``tok`` was turned face up; take it off the face-down tokens.
    False (nothing changed) when none of it is face down any more."""
    i = TOKEN_INDEX[tok]
    unseen = cast("list[int]", w.unseen)  # kept in transcription form
    if unseen[i] == 0:
        return False
    unseen[i] -= 1
    return True


def _accounted_for(where: Message, tok: str) -> IllegalMoveError:
    """The refusal of a turned-up ``tok`` that is no longer face down (D1)."""
    total = TOKEN_COUNTS[tok]
    if total == 1:
        # Translators: {where} says where the token was turned up, e.g. "unload row 2 refill"; {token} e.g. "tomb 7".
        reason = msg("{where}: {token} cannot come from the supply or reserve: the only {token} is already "
                     "accounted for (D1)", where=where, token=NAMES[tok])
    else:
        # Translators: {where} says where the token was turned up, e.g. "unload row 2 refill"; {token} e.g.
        # "obelisk"; {n} how many of it the game has.
        reason = plural("{where}: {token} cannot come from the supply or reserve: all {n} {token} tokens are "
                        "already accounted for (D1)",
                        "{where}: {token} cannot come from the supply or reserve: all {n} {token} tokens are "
                        "already accounted for (D1)", where=where, token=NAMES[tok], n=total)
    return IllegalMoveError(reason, "D1")


def _taking(reason: Message) -> IllegalMoveError:
    return IllegalMoveError(at(NAMES[TAKE_TOKEN], reason), "D4.3")


def take(w: Work, b: int, s0: int, reveal: str | None = None) -> None:
    """D4.3 take-token after the token is spent: boat ``b``, 0-based slot ``s0``."""
    if not w.live >> b & 1:
        # Translators: {boat} is a boat, e.g. "row 2"; {slot} one of its slots, 1 to 3.
        raise _taking(msg("{boat} slot {slot}: that boat has been removed from the game (D4.2 step 4)",
                          boat=LINE_NAMES[b], slot=s0 + 1))
    i = b * 3 + s0
    tok = w.slots[i]
    if tok is None:
        # Translators: {boat} is a boat, e.g. "row 2"; {slot} one of its slots, 1 to 3.
        raise _taking(msg("{boat} slot {slot} is empty (D4.3)", boat=LINE_NAMES[b], slot=s0 + 1))
    if KIND[tok] == K_ACTION:
        # Translators: {boat} is a boat, e.g. "row 2"; {token} and {action} are action tokens as printed.
        raise _taking(msg("{boat} slot {slot} holds the action token {token}; {action} may take any token except an "
                          "action token (D4.3)", boat=LINE_NAMES[b], slot=s0 + 1, token=NAMES[tok],
                          action=NAMES[TAKE_TOKEN]))
    receive(w, w.to_move, tok)
    if w.rcount == 0:  # D4.3 ruling: the slot stays empty
        if reveal is not None:
            # Translators: {boat} is a boat, e.g. "row 2"; {token} a token, e.g. "tomb 7"; "reveal" is a record's field.
            raise _taking(msg("{boat} slot {slot}: the reserve is empty, so nothing is revealed, yet the move gives "
                              "reveal {token} (D4.3)", boat=LINE_NAMES[b], slot=s0 + 1, token=NAMES[reveal]))
        w.slots[i] = None
        return
    if w.reserve is not None:
        top = w.reserve.pop()
        if reveal is not None and reveal != top:
            # Translators: {boat} is a boat, e.g. "row 2"; {given} and {top} are tokens; "reveal" is a record's field.
            reason = msg("{boat} slot {slot}: reveal {given} disagrees with the reserve, whose top token is {top} (F2)",
                         boat=LINE_NAMES[b], slot=s0 + 1, given=NAMES[reveal], top=NAMES[top])
            raise IllegalMoveError(at(NAMES[TAKE_TOKEN], reason), "F2")
    else:
        if reveal is None:
            # Translators: {boat} is a boat, e.g. "row 2"; "setup.supply" and "reveal" are a record's fields.
            reason = msg("{boat} slot {slot}: a game recorded without setup.supply must give the reserve token turned "
                         "up as reveal (F2)", boat=LINE_NAMES[b], slot=s0 + 1)
            raise IllegalMoveError(at(NAMES[TAKE_TOKEN], reason), "F2")
        if not _draw_unseen(w, reveal):
            # Translators: where a token was turned up: the reveal after taking from a boat's slot.
            where = msg("{boat} slot {slot} reveal", boat=LINE_NAMES[b], slot=s0 + 1)
            raise _accounted_for(at(NAMES[TAKE_TOKEN], where), reveal)
        top = reveal
    w.rcount -= 1
    w.slots[i] = top


def spend(w: Work, token: str) -> None:
    """D4.3: play one action token you own; it leaves the game."""
    acts = w.players[w.to_move].actions
    if token not in acts:
        # Translators: {player} is a player's number (1 or 2, as seated).
        raise IllegalMoveError(at(NAMES[token], msg("player {player} has no such action token to play (D4.3)",
                                                    player=w.to_move + 1)), "D4.3")
    acts.remove(token)
    w.box.append(token)


def swap(w: Work, b: int, s0: int, s1: int) -> None:
    """D4.3 swap-unload, first half: exchange two tokens on one boat."""
    if not w.live >> b & 1:
        # Translators: {boat} is a boat, e.g. "row 2".
        raise IllegalMoveError(at(NAMES[SWAP_UNLOAD], msg("{boat} has been removed from the game (D4.2 step 4)",
                                                          boat=LINE_NAMES[b])), "D4.3")
    slots = w.slots
    i, j = b * 3 + s0, b * 3 + s1
    if slots[i] is None or slots[j] is None:
        empty = s0 + 1 if slots[i] is None else s1 + 1
        # Translators: {boat} is a boat, e.g. "row 2"; {slot} one of its slots, 1 to 3.
        raise IllegalMoveError(at(NAMES[SWAP_UNLOAD], msg("{boat} slot {slot} is empty; a swap exchanges two tokens "
                                                          "(D4.3)", boat=LINE_NAMES[b], slot=empty)), "D4.3")
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
        # Translators: {count} is 2 or 3; {player} a player's number (1 or 2, as seated); {have}
        # how many meeples they hold.
        raise IllegalMoveError(at(NAMES[PLACE_MEEPLES], msg("placing {count} meeples, but player {player} has only "
                                                            "{have} off the harbor (D4.3)", count=len(cells),
                                                            player=w.to_move + 1, have=have)), "D4.3")
    for c in cells:
        place(w, c, PLACE_MEEPLES)


def place_unload(w: Work, cell: int, boats: tuple[int, ...],
                 refills: tuple[Any, ...] | None = None) -> None:
    """D4.3 place-unload: D4.1 once, then D4.2 once or twice in the order given."""
    spend(w, PLACE_UNLOAD)
    place(w, cell, PLACE_UNLOAD)
    for k, b in enumerate(boats):
        if w.over:
            # Ruling (docs/rulings.md, "D4.3, D8 — a second unload listed after the game
            # ended"): the action stops there, so a second listed unload never happened.
            # Translators: {first} and {second} are boats, e.g. "row 2" and "column a".
            reason = msg("the game ended when {first} was removed (D4.2 step 5, D8), so the second unload {second} "
                         "cannot follow", first=LINE_NAMES[boats[0]], second=LINE_NAMES[b])
            raise IllegalMoveError(at(NAMES[PLACE_UNLOAD], reason), "D8")
        unload(w, b, None if refills is None else refills[k], PLACE_UNLOAD)


def swap_unload(w: Work, b: int, s0: int, s1: int, u: int,
                refill: tuple[str, ...] | None = None) -> None:
    """D4.3 swap-unload: swap two tokens of boat ``b``, then unload boat ``u``."""
    spend(w, SWAP_UNLOAD)
    swap(w, b, s0, s1)
    unload(w, u, refill, SWAP_UNLOAD)


def take_token(w: Work, b: int, s0: int, reveal: str | None = None) -> None:
    spend(w, TAKE_TOKEN)
    take(w, b, s0, reveal)


def pass_turn(w: Work) -> None:
    """D4.4."""
    example = first_legal(w)
    if example is not None:
        # Translators: {move} is a legal move in words, e.g. "place a1" or "unload row 2".
        raise IllegalMoveError(msg("pass is only allowed when no other action is legal, but e.g. {move} is legal "
                                   "(D4.4)", move=describe(example)), "D4.4")
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


_PLAY: dict[type[Move], Callable[[Work, Any], None]] = {Place: _play_place, Unload: _play_unload, TakeToken: _play_take,
         PlaceMeeples: _play_place_meeples, PlaceUnload: _play_place_unload,
         SwapUnload: _play_swap_unload, Pass: _play_pass}


def play(w: Work, m: Move) -> None:
    """Carry out one whole move for the player to move (D4), then hand over the turn."""
    if w.over:
        if w.end == "passes":
            raise IllegalMoveError(msg("the game is over: both players passed (D4.4); no more moves"), "D8")
        raise IllegalMoveError(msg("the game is over: only one boat is left (D8); no more moves"), "D8")
    handler = _PLAY.get(type(m))
    if handler is None:
        # Translators: {kind} is a Python class name.
        raise IllegalMoveError(msg("not a Duel move: {kind}", kind=type(m).__name__), "F2")
    handler(w, m)
    end_turn(w, type(m) is Pass)


def describe(m: Move) -> Message:
    """A move in the board's words, for a message: "place a1", "unload row 2" …"""
    if isinstance(m, Place):
        # Translators: a move: put a meeple on cell {cell} (a1 … c3).
        return msg("place {cell}", cell=m.cell)
    if isinstance(m, Unload):
        # Translators: a move: unload the boat of {boat}, e.g. "row 2".
        return msg("unload {boat}", boat=LINE_NAMES[BOAT_INDEX[m.boat]])
    if isinstance(m, TakeToken):
        # Translators: a move: {action} is the action token "take 1 token"; {boat} a boat, e.g. "row 2".
        return msg("{action} from {boat} slot {slot}", action=NAMES[TAKE_TOKEN], boat=LINE_NAMES[BOAT_INDEX[m.boat]],
                   slot=m.slot)
    if isinstance(m, PlaceMeeples):
        # Translators: a move: {action} is the action token "place 2–3 meeples"; {cells} lists cells (a1 … c3).
        return msg("{action} on {cells}", action=NAMES[PLACE_MEEPLES], cells=m.cells)
    if isinstance(m, PlaceUnload):
        # Translators: a move: the action token {action} placing on {cell}, then unloading {boats} (e.g. "row 2").
        return msg("{action}: {cell}, then {boats}", action=NAMES[PLACE_UNLOAD], cell=m.cell,
                   boats=tuple(LINE_NAMES[BOAT_INDEX[x]] for x in m.boats))
    if isinstance(m, SwapUnload):
        # Translators: a move: the action token {action} swapping two slots of {boat}, then unloading {unload}.
        return msg("{action}: slots {first} and {second} of {boat}, then {unload}", action=NAMES[SWAP_UNLOAD],
                   first=m.slots[0], second=m.slots[1], boat=LINE_NAMES[BOAT_INDEX[m.boat]],
                   unload=LINE_NAMES[BOAT_INDEX[m.unload]])
    # Translators: a move: the player passes (D4.4).
    return msg("pass")
