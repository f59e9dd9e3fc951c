"""The single steps of duel.md D4 on a mutable `Work`, each with full validation: place a
meeple (D4.1), unload a boat with its refill (D4.2 steps 1–5), take a token from a boat, spend
an action token and swap two tokens (the parts of D4.3), receive a token (D5), end the turn.

These primitives are the one implementation of each rule: whole moves (`turns.play`, the
compound action tokens) and the random playout (`playout`, move parts as indices) are built
from them. A step can fail after an earlier step has changed the `Work` (an action token whose
second step is illegal, a transcript refill naming a token already seen), so callers run moves
on a `Work` they own and throw it away on error (`game.apply_move` thaws a fresh copy of the
state for every move; `record.replay` rejects the whole record).

Refusals are translatable messages (docs/i18n.md) in the board's words: boats by their line
("row 2"), tokens by `labels.NAMES` ("tomb 7", "take 1 token"). They are built only when a
move is refused; the success path carries no more than an action token's id as context
(``ctx``: the step of which token this is).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from rules_engine.duel.harbor import CELLS, LINE_CELLS, LINE_COUNT, LINE_MASK, LINE_NAMES
from rules_engine.duel.labels import NAMES
from rules_engine.duel.moves import at
from rules_engine.duel.state import Work
from rules_engine.duel.tokens import (
    K_ACTION,
    K_DARK,
    K_LIGHT,
    K_OBELISK,
    K_TEMPLE,
    K_TOMB,
    KIND,
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
    pw.frozen = None  # see `state.PlayerWork`
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
    pw.frozen = None


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
        pw = players[p]
        pw.meeples += 1
        pw.frozen = None
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
    pw = w.players[w.to_move]
    acts = pw.actions
    if token not in acts:
        # Translators: {player} is a player's number (1 or 2, as seated).
        raise IllegalMoveError(at(NAMES[token], msg("player {player} has no such action token to play (D4.3)",
                                                    player=w.to_move + 1)), "D4.3")
    acts.remove(token)
    pw.frozen = None
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
