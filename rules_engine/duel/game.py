"""The Duel engine's front door: set up a game (D3), list legal moves (D4), apply a move,
and read the position off as an F1 board (formats.md) for scoring (D7)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules_engine.duel.board import DuelBoard, PlayerBoard
from rules_engine.duel.harbor import LINE_NAMES
from rules_engine.duel.labels import NAMES
from rules_engine.duel.legal import legal_moves_of
from rules_engine.duel.moves import MOVE_CLASSES, Move, at, parse_move
from rules_engine.duel.state import MEEPLES, DuelState, initial_work
from rules_engine.duel.tokens import (
    ALL_TOKENS,
    CANONICAL,
    FULL_COUNTER,
    TOKEN_COUNTS,
    TOKEN_IDS,
    TOKEN_INDEX,
    describe_unknown_token,
)
from rules_engine.duel.turns import play
from rules_engine.errors import IllegalMoveError, RecordError
from rules_engine.messages import msg

MONUMENTS = ("obelisk", "temple", "pyramid", "tomb")
BOAT_TOKENS = 18  # D3.2: 6 boats x 3
RESERVE_TOKENS = 3  # D3.3


def shuffled_supply(rng: random.Random) -> list[str]:
    """A fresh D3 shuffle of the 60 tokens, as the explicit draw order F2 records."""
    tokens = list(ALL_TOKENS)
    rng.shuffle(tokens)
    return tokens


def _token_list(value: object, where: str, length: int) -> list[str]:
    if not isinstance(value, (list, tuple)):
        # Translators: {where} is a record's field, e.g. "setup.supply"; {length} is 60 or 3; {kind} a type name.
        raise RecordError(msg("{where} must be a list of {length} token ids, got {kind}", where=where, length=length,
                              kind=type(value).__name__), None, "F2")
    if len(value) != length:
        # Translators: {where} is a record's field, e.g. "setup.supply"; {length} is 60 or 3.
        raise RecordError(msg("{where} must list {length} token ids, got {count}", where=where, length=length,
                              count=len(value)), None, "F2")
    out = []
    for i, t in enumerate(value):
        if not isinstance(t, str) or t not in CANONICAL:
            raise RecordError(at(f"{where}[{i}]", describe_unknown_token(t)), None, "D1")
        out.append(CANONICAL[t])
    return out


_FULL = tuple(FULL_COUNTER[t] for t in TOKEN_IDS)


def _plain_boats(boats: Sequence[Any]) -> list[str] | None:
    """The boats' 18 token ids when every boat is a list of 3 known ids (the boats of every
    transcript: read once per replay, #40), else None."""
    out: list[str] = []
    for boat in boats:
        if type(boat) is not list or len(boat) != 3:
            return None
        for t in boat:
            c = CANONICAL.get(t) if type(t) is str else None
            if c is None:
                return None
            out.append(c)
    return out


def _count_problems(counts: Counter[str], where: str, exact: bool) -> str | None:
    for t in TOKEN_IDS:
        have, limit = counts[t], TOKEN_COUNTS[t]
        if have > limit:
            # Translators: {where} is a record's field, e.g. "setup.boats"; {token} a token, e.g. "tomb 7".
            return msg("{where} holds {count} × {token}; the game has only {limit} (D1)", where=where, count=have,
                       token=NAMES[t], limit=limit)
        if exact and have < limit:
            # Translators: {where} is a record's field, e.g. "setup.supply"; {token} a token, e.g. "tomb 7".
            return msg("{where} holds {count} × {token}; all 60 tokens must be listed, so it needs {limit} (D1)",
                       where=where, count=have, token=NAMES[t], limit=limit)
    return None


def new_game(*, supply: Sequence[str] | None = None,
             boats: Sequence[Sequence[str]] | None = None) -> DuelState:
    """The position after setup (D3), player 0 to move.

    Give exactly one of ``supply`` (all 60 token ids in draw order: 18 to the boats in
    boat order row-1 … col-c, slot 1 first, then 3 to the reserve, 39 stay) or ``boats``
    (F2 transcription form: the 6 initial boats, 3 ids each, slot 1 first; the supply and
    reserve stay face down and later moves name what is turned up).
    Raises `RecordError` (move None) for a bad setup.
    """
    if (supply is None) == (boats is None):
        # Translators: "setup", "supply" and "boats" are a record's fields (kept as they are).
        raise RecordError(msg("setup must give exactly one of supply (60 token ids in draw order) or boats (6 boats of "
                              "3 token ids)"), None, "F2")
    if supply is not None:
        tokens = _token_list(supply, "setup.supply", 60)
        problem = _count_problems(Counter(tokens), "setup.supply", exact=True)
        if problem:
            raise RecordError(problem, None, "D1")
        # D3: boats in dealing order, then the reserve (first dealt at the bottom).
        w = initial_work(tokens[:BOAT_TOKENS], tuple(tokens[BOAT_TOKENS + RESERVE_TOKENS:]),
                         tokens[BOAT_TOKENS:BOAT_TOKENS + RESERVE_TOKENS], None)
        return w.freeze()
    if not isinstance(boats, (list, tuple)) or len(boats) != 6:
        got = len(boats) if isinstance(boats, (list, tuple)) else type(boats).__name__
        # Translators: "setup.boats" is a record's field; {boats} names the boats in order, e.g. "row 1, …".
        raise RecordError(msg("setup.boats must list the 6 boats ({boats}), got {got}", boats=LINE_NAMES, got=got),
                          None, "F2")
    slots = _plain_boats(boats)
    if slots is None:  # something to word: each boat read by the checks that name it
        slots = []
        for b, boat in enumerate(boats):
            slots += _token_list(boat, f"setup.boats[{b}]", 3)
    unseen = list(_FULL)  # per token id, how many are still face down (D1)
    for t in slots:
        unseen[TOKEN_INDEX[t]] -= 1
    if min(unseen) < 0:
        raise RecordError(cast(str, _count_problems(Counter(slots), "setup.boats", exact=False)), None, "D1")
    return initial_work(slots, None, None, unseen).freeze()


def legal_moves(state: DuelState) -> list[Move]:
    """Every legal move for the player to move, in a fixed order (see `legal`); [] once the
    game is over; [Pass()] only when nothing else is legal (D4.4). In transcription form
    the moves carry no refill/reveal: the person recording adds what was turned up."""
    if state.over:
        return []
    return legal_moves_of(state.thaw())


def apply_move(state: DuelState, move: Move | Mapping[str, object]) -> DuelState:
    """The state after ``move`` (a `Move` or its F2 dict), fully validated against D4.
    Raises `IllegalMoveError` (reason, rule); ``state`` itself never changes."""
    if isinstance(move, dict):
        move = parse_move(move)
    elif not isinstance(move, MOVE_CLASSES):
        # Translators: {kind} is a Python class name.
        raise IllegalMoveError(msg("not a Duel move: {kind}", kind=type(move).__name__), "F2")
    w = state.thaw()  # a private copy: a move failing half way leaves `state` untouched
    play(w, move)
    return w.freeze()


def is_over(state: DuelState) -> bool:
    return state.over


def final_board(state: DuelState, *, names: Sequence[str] | None = None,
                sides: Mapping[str, str] | None = None, starting_player: int = 0) -> dict[str, Any]:
    """The position as an F1 board dict, ready for `scoring.score_json`. Mid-game it is the
    score "if the game ended now" (meeples on the harbor count, D7.5)."""
    sides = dict(sides or {})
    players = []
    for i, p in enumerate(state.players):
        entry: dict[str, Any] = {} if names is None else {"name": names[i]}
        entry.update({
            "obelisk": p.obelisk,
            "obelisk_first_to_five": state.first_to_five == i,
            "temple": sorted(p.temple),
            "pyramid": {"light": p.pyramid_light, "dark": p.pyramid_dark},
            "tomb": sorted(p.tomb),
            "action_tokens": len(p.action_tokens),
            "meeples_on_harbor": MEEPLES - p.meeples_in_supply,
        })
        players.append(entry)
    return {"game": "duel", "sides": {m: sides.get(m, "A") for m in MONUMENTS},
            "starting_player": starting_player, "players": players}


def engine_board(state: DuelState, *, names: Sequence[str] | None = None,
                 sides: Mapping[str, str] | None = None, starting_player: int = 0) -> DuelBoard:
    """`final_board` as the `DuelBoard` it parses into, built without F1's validation: the
    engine made the position, so its board holds by construction (D10, tests/engine/
    test_replay_score.py compares the two on random games). A replay scores it once."""
    sides = sides or {}
    players = tuple(
        PlayerBoard(None if names is None else names[i], p.obelisk, state.first_to_five == i, tuple(sorted(p.temple)),
                    p.pyramid_light, p.pyramid_dark, tuple(sorted(p.tomb)), len(p.action_tokens),
                    MEEPLES - p.meeples_in_supply)
        for i, p in enumerate(state.players)
    )
    board = object.__new__(DuelBoard)  # DuelBoard() would validate it again
    object.__setattr__(board, "sides", {m: sides.get(m, "A") for m in MONUMENTS})
    object.__setattr__(board, "starting_player", starting_player)
    object.__setattr__(board, "players", players)
    return board
