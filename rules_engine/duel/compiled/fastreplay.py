"""The Duel's compiled validated replay seen from Python (issue #40): a record's moves read as
`moves.parse_move` reads them, turned into kernel move codes and checked and played by
`kernel_replay.replay`; the positions stay kernel arrays until one is looked at
(`replay_positions.Positions`).

Records in either F2 form: with the supply's draw order, or as recorded at the table, whose
moves give the tokens they turn up (those stand in the kernel's supply and reserve in the order
given). `replay` answers only records it can carry to the end: a move that is malformed or
illegal, a supply-form move that names tokens turned up (the pure engine compares them with the
supply), or a machine without numba, and `record.replay` runs the pure engine, which is the
reference and words every refusal. tests/engine/test_duel_replay_kernel.py holds the two to
the same positions and the same refusals on random and corrupted records of both forms.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

from rules_engine import compiled
from rules_engine.duel.harbor import BOAT_INDEX, CELL_INDEX
from rules_engine.duel.moves import (
    _PLACES,
    _UNLOADS,
    Move,
    Pass,
    Place,
    PlaceMeeples,
    PlaceUnload,
    SwapUnload,
    TakeToken,
    Unload,
    parse_move,
)
from rules_engine.duel.replay_positions import SUPPLY_TOKENS, Positions
from rules_engine.duel.state import DuelState
from rules_engine.duel.tokens import TOKEN_INDEX
from rules_engine.errors import IllegalMoveError
from rules_engine.moves import MEMO_LIMIT, memo_key

_FLAGGED = 1 << 40  # a code at or above it carries `kernel_replay`'s REFILL/REFILL2/REVEAL flags


def _kernel() -> tuple[ModuleType, ...] | None:
    """(numpy, kernel, kernel_replay), or None where numba cannot be imported (logged once)."""
    return compiled.load(("numpy", "rules_engine.duel.compiled.kernel", "rules_engine.duel.compiled.kernel_replay"),
                         "the Duel's compiled replay is off (%s): records replay in the pure engine")


# A plain place or unload dict read straight to (prebuilt move, code): the two moves of most plies.
_PLACE_HITS: dict[str, tuple[Move, int]] = {}
_UNLOAD_HITS: dict[str, tuple[Move, int]] = {}
# Any other move dict of plain values, read once per process (as `moves.memoized` keeps moves),
# with the tokens it turns up (transcription form: its refills' and its reveal's token indices).
_MEMO: dict[Hashable, tuple[Move, int, tuple[int, ...], tuple[int, ...]]] = {}
# A transcript's unload dict with its refill, by (boat, token, token, token).
_REFILLED: dict[tuple[str, str, str, str], tuple[Move, int, tuple[int, ...]]] = {}


def _prepare() -> None:
    _PLACE_HITS.update({c: (m, cast(int, code_of(m))) for c, m in _PLACES.items()})
    _UNLOAD_HITS.update({b: (m, cast(int, code_of(m))) for b, m in _UNLOADS.items()})


def code_of(move: Move) -> int | None:
    """The kernel move code of ``move`` (as `fastplay.decode` reads it back), with the
    `kernel_replay` flags of the tokens it turns up (transcription form); None for a move the
    kernel does not follow (none: every F2 move has one)."""
    from rules_engine.duel.compiled import kernel as k
    from rules_engine.duel.compiled.kernel_replay import REFILL, REFILL2, REVEAL

    if type(move) is Place:
        return k.C_PLACE | CELL_INDEX[move.cell] << 3
    if type(move) is Unload:
        return k.C_UNLOAD | BOAT_INDEX[move.boat] << 3 | (REFILL if move.refill is not None else 0)
    if type(move) is TakeToken:
        return k.C_TAKE | (BOAT_INDEX[move.boat] * 3 + move.slot - 1) << 3 | (REVEAL if move.reveal is not None else 0)
    if type(move) is PlaceMeeples:
        cells = [CELL_INDEX[c] for c in move.cells] + [k.NO_CELL]
        return k.C_PLACE_MEEPLES | (cells[0] | cells[1] << 4 | cells[2] << 8) << 3
    if type(move) is PlaceUnload:
        second = BOAT_INDEX[move.boats[1]] + 1 if len(move.boats) == 2 else 0
        code = k.C_PLACE_UNLOAD | (CELL_INDEX[move.cell] | BOAT_INDEX[move.boats[0]] << 4 | second << 7) << 3
        refills = move.refills or (None, None)
        return code | (REFILL if refills[0] is not None else 0) \
            | (REFILL2 if len(refills) > 1 and refills[1] is not None else 0)
    if type(move) is SwapUnload:
        x, y = move.slots[0] - 1, move.slots[1] - 1
        code = k.C_SWAP | (BOAT_INDEX[move.boat] | x << 3 | y << 5 | BOAT_INDEX[move.unload] << 7) << 3
        return code | (REFILL if move.refill is not None else 0)
    if type(move) is Pass:
        return k.C_PASS
    return None


def _turned_up(move: Move, refills: list[int], reveals: list[int]) -> None:
    """The tokens a transcribed ``move`` turns up (token indices), added in the order it turns
    them up."""
    if type(move) is Unload or type(move) is SwapUnload:
        refills.extend(TOKEN_INDEX[t] for t in move.refill or ())
    elif type(move) is PlaceUnload:
        for refill in move.refills or ():
            refills.extend(TOKEN_INDEX[t] for t in refill or ())
    elif type(move) is TakeToken and move.reveal is not None:
        reveals.append(TOKEN_INDEX[move.reveal])


@dataclass
class Fast:
    """What `replay` found: ``positions`` and ``moves`` when every move was legal, else the
    index of the first move the kernel refused (``refused``), or the first malformed one."""

    positions: Positions | None
    moves: list[Move]
    refused: int | None = None


def replay(start: DuelState, raw_moves: Sequence[Any], every_state: bool) -> Fast | None:
    """``raw_moves`` (F2 dicts or moves) checked and played from the setup ``start`` by the
    kernel; None where it does not apply (no numba, a ``start`` that is not a setup, a move in
    supply form that names the tokens it turns up: the pure engine compares them with the supply)."""
    loaded = _kernel()
    if loaded is None or start._ply != 0 or start._scount != SUPPLY_TOKENS:
        return None
    np, k, kr = loaded
    if not _UNLOAD_HITS:  # filled last
        _prepare()
    transcribed = start._supply is None
    moves: list[Move] = []
    codes: list[int] = []
    refills: list[int] = []  # transcription form: the tokens turned up, as token indices
    reveals: list[int] = []
    read, coded = moves.append, codes.append
    places, unloads, memo = _PLACE_HITS.get, _UNLOAD_HITS.get, _MEMO.get
    for raw in raw_moves:
        plain: tuple[Move, int] | None = None
        if type(raw) is dict and len(raw) == 2:  # `moves._known`'s test, inlined (#40: the hot loop)
            kind = raw.get("type")
            if kind == "place":
                v = raw.get("cell")
                plain = places(v) if type(v) is str else None
            elif kind == "unload":
                v = raw.get("boat")
                plain = unloads(v) if type(v) is str else None
        elif transcribed and type(raw) is dict and len(raw) == 3 and raw.get("type") == "unload":
            try:
                refilled = _refilled_unload(raw)
            except IllegalMoveError:
                return Fast(None, moves, len(moves))
            if refilled is not None:  # a third of a transcript's moves
                refills.extend(refilled[2])
                plain = refilled[0], refilled[1]
        if plain is not None:
            read(plain[0])
            coded(plain[1])
            continue
        key = memo_key(raw) if type(raw) is dict else None
        hit = memo(key) if key is not None else None
        if hit is None:
            try:
                move = parse_move(raw)
            except IllegalMoveError:
                return Fast(None, moves, len(moves))
            code = code_of(move)
            if code is None:
                return None
            turned: tuple[list[int], list[int]] = ([], [])
            _turned_up(move, *turned)
            hit = (move, code, tuple(turned[0]), tuple(turned[1]))
            if key is not None and len(_MEMO) < MEMO_LIMIT:
                _MEMO[key] = hit
        if hit[1] >= _FLAGGED:  # it turns tokens up
            if not transcribed:
                return None
            refills.extend(hit[2])
            reveals.extend(hit[3])
        read(hit[0])
        coded(hit[1])
    st = setup_array(start, np, k)
    if transcribed and not kr.hide(st, np.array(refills, dtype=np.int64), np.array(reveals, dtype=np.int64),
                                   np.array(start._unseen, dtype=np.int64)):
        return Fast(None, moves, None)  # a token turned up more often than the game has it (D1)
    rows = np.empty((len(codes) + 1 if every_state else 0, k.SIZE), dtype=np.int64)
    done = kr.replay(st, np.array(codes, dtype=np.int64), rows, int(transcribed))
    if done < len(codes):
        return Fast(None, moves, done)
    draws = (tuple(refills), tuple(reveals)) if transcribed else None
    if every_state:
        return Fast(Positions(start, rows, draws=draws), moves)
    last = st.reshape(1, k.SIZE) if codes else None
    return Fast(Positions(start, last, draws=draws), moves)


def _refilled_unload(raw: dict[Any, Any]) -> tuple[Move, int, tuple[int, ...]] | None:
    """A transcript's unload dict with its refill (``{"type", "boat", "refill"}`` of plain
    strings): (move, code, the refill's token indices), read once per boat and tokens; None for
    another shape. Raises `IllegalMoveError` as `parse_move` does."""
    boat, refill = raw.get("boat"), raw.get("refill")
    if not (type(boat) is str and type(refill) is list and len(refill) == 3
            and type(refill[0]) is str and type(refill[1]) is str and type(refill[2]) is str):
        return None
    key = (boat, refill[0], refill[1], refill[2])
    hit = _REFILLED.get(key)
    if hit is None:
        move = parse_move(raw)
        turned: list[int] = []
        _turned_up(move, turned, turned)
        hit = (move, cast(int, code_of(move)), tuple(turned))
        if len(_REFILLED) < MEMO_LIMIT:
            _REFILLED[key] = hit
    return hit


_TEMPLATE: list[Any] = []  # the setup array without its tokens, made once


def setup_array(state: DuelState, np: ModuleType, k: ModuleType) -> Any:
    """A record's setup position (`game.new_game`) as the kernel's position array: the boats,
    the reserve and the supply are one deal (D3), the rest is the same at every setup. In
    transcription form the supply and reserve are face down (`kernel_replay.hide` lays the
    tokens the record's moves turn up there)."""
    if not _TEMPLATE:
        from rules_engine.duel.compiled.fastplay import to_arrays

        _TEMPLATE.append(to_arrays(state, np)[0])
    st = _TEMPLATE[0].copy()
    st[k.SLOTS:k.SLOTS + 18] = [TOKEN_INDEX[t] for t in state._slots]  # type: ignore[index]  # all loaded
    if state._supply is not None:
        hidden = (*state._supply, *(state._reserve or ()))
        st[k.SUPPLY:k.SUPPLY + len(hidden)] = [TOKEN_INDEX[t] for t in hidden]  # the reserve follows the supply
    return st
