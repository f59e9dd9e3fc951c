"""The base game's front door: set up a game from an F4 record header (C2), list legal moves
(C4), apply a move, and read the position off as an F3 board (formats.md) for scoring (C8).

The header's checks live in `header`, the moves' F4 parsing in `moveparse`, and the F3 board
in `finalboard`, whose `final_board` stays importable from here (docs/state-json.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.classic.actions import play, start_round
from rules_engine.classic.components import (
    COLOURS,
    DECK,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUND_CARDS,
    ROUNDS,
    SITES,
    START_SLED,
    STONES_PER_COLOUR,
)
from rules_engine.classic.finalboard import final_board as final_board
from rules_engine.classic.header import Header, header_error, read_header
from rules_engine.classic.legal import legal_moves_of
from rules_engine.classic.moveparse import parse_move
from rules_engine.classic.moves import MOVE_CLASSES, Move
from rules_engine.classic.sitedata import EMPTY, SiteData
from rules_engine.classic.state import CARD_IDS, ClassicState, Work, blank_work
from rules_engine.errors import IllegalMoveError
from rules_engine.messages import msg


def parse_header(record: object, data: SiteData = EMPTY) -> tuple[Header, ClassicState, list[Any]]:
    """Check an F4 record's header and setup: (header, state after setup, raw moves).
    Raises `RecordError` with ``move=None``."""
    header, moves = read_header(record, data)
    return header, new_state(header, data), moves


def new_work(header: Header, data: SiteData = EMPTY, rng: random.Random | None = None) -> Work:
    """The position after setup (C2) with round 1 revealed (C3.1–C3.2), seat 1 to move, as a
    `Work`. With ``rng`` (a random playout) market cards beyond ``header.market_draws`` are
    drawn at random from the deck and appended to ``Work.draws``."""
    n = len(header.players)
    draws = list(header.market_draws) if rng is not None else header.market_draws
    w = blank_work(
        n,
        tuple(header.sides[s] for s in SITES),
        data,
        header.colours,
        header.round_cards,
        draws,
        [DECK[c] for c in CARD_IDS],
    )
    w.rng = rng
    w.seed = header.seed
    w.transcribed = header.transcribed
    for i in range(n):
        w.sled[i] = START_SLED[i]
        w.quarry[i] = STONES_PER_COLOUR - START_SLED[i]
    try:
        start_round(w, 0, "setup")
    except IllegalMoveError as exc:
        raise header_error(exc.reason, exc.rule or "F4") from None
    return w


def shuffled_setup(rng: random.Random, players: int) -> dict[str, Any]:
    """A shuffled setup as F4 ``setup`` lists it: ``round_cards``, six of the player count's
    seven round cards in the order revealed (one set aside at random, C2.1), and
    ``market_draws``, the 34 market cards in the order drawn (C2.2)."""
    if players not in ROUND_CARDS:
        raise ValueError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {players!r}")
    cards = list(ROUND_CARDS[players])
    rng.shuffle(cards)  # the first six are revealed in turn, the seventh is the one set aside
    deck = sorted(DECK.elements())
    rng.shuffle(deck)
    return {"round_cards": [list(c) for c in cards[:ROUNDS]], "market_draws": deck}


def new_record(
    names: Sequence[str],
    seed: int,
    *,
    colours: Sequence[str] | None = None,
    sides: Mapping[str, str] | None = None,
    variants: Sequence[str] = (),
) -> dict[str, Any]:
    """An F4 record without moves, dealt by `shuffled_setup` with ``random.Random(seed)``:
    ``names`` in seat order (seat 1 starts, C2.3). The same seed deals the same setup; the
    seed is stored too, and deals any market draw beyond the 34 cards."""
    setup = {**shuffled_setup(random.Random(seed), len(names)), "seed": seed}
    return {
        "game": GAME_ID,
        "sides": {site: (sides or {}).get(site, "A") for site in SITES},
        "variants": list(variants),
        "players": list(names),
        "colours": list(colours or COLOURS[: len(names)]),
        "setup": setup,
        "moves": [],
    }


def new_state(header: Header, data: SiteData = EMPTY) -> ClassicState:
    """The position after setup (C2), round 1 revealed; `RecordError` (move None) when the
    market draws run out or contradict the deck."""
    return new_work(header, data).freeze()


def setup(record: Mapping[str, object], data: SiteData = EMPTY) -> ClassicState:
    """The state before the first move of an F4 record; `RecordError` (move None) for a bad
    header or setup (including a B side whose board data is missing, classic.md C6 ⚠)."""
    return parse_header(record, data)[1]


def legal_moves(state: ClassicState) -> list[Move]:
    """Every legal move of the player to move, in the order of `legal`; [] once over;
    [Pass()] only when nothing else is legal (C3 ruling)."""
    if state.over:
        return []
    return legal_moves_of(state.thaw())


def apply_move(state: ClassicState, move: Move | Mapping[str, object]) -> ClassicState:
    """The state after ``move`` (a `Move` or its F4 dict), fully checked against C3–C7.
    Raises `IllegalMoveError` (reason, rule); ``state`` never changes."""
    if isinstance(move, Mapping):
        move = parse_move(dict(move))
    elif not isinstance(move, MOVE_CLASSES):
        raise IllegalMoveError(msg("not a base-game move: {type}", type=type(move).__name__), "F4")
    w = state.thaw()
    play(w, move)
    return w.freeze()


def is_over(state: ClassicState) -> bool:
    return state.over
