"""The base game's front door: set up a game from an F4 record header (C2), list legal moves
(C4), apply a move, and read the position off as an F3 board (formats.md) for scoring (C8)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.classic.actions import play, start_round
from rules_engine.classic.components import (
    BUILDING_SITES,
    COLOURS,
    DECK,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHARAOHS_WRATH,
    ROUND_CARDS,
    ROUNDS,
    SIDES,
    SITES,
    START_SLED,
    STONES_PER_COLOUR,
    round_card_fits,
)
from rules_engine.classic.legal import legal_moves_of
from rules_engine.classic.moves import MOVE_CLASSES, Move, parse_move
from rules_engine.classic.sitedata import EMPTY, SiteData, missing_sides, missing_text
from rules_engine.classic.state import CARD_IDS, CARD_INDEX, SITE_INDEX, ClassicState, Work, blank_work
from rules_engine.errors import IllegalMoveError, RecordError
from rules_engine.messages import msg, plural

MAX_NAME = 100
MAX_DRAWS = 1000  # far above any game (24 draws with Market A, some 60 with B sides)
TOP_FIELDS = ("game", "sides", "variants", "players", "colours", "setup", "moves")
# "seed": the seed a server shuffled this setup with (`new_record`). The engine plays the
# explicit lists; a whole-number seed also deals the market draws beyond them (B sides can
# draw more than the 34 cards, C7 reshuffle; docs/rulings.md F4). Any other value is kept only.
SETUP_FIELDS = ("round_cards", "market_draws", "seed", "transcribed")
# The game's own variants (C9). The registry checks plugin variants against what the plugins
# registered and strips all variants before calling the game (they change the scoring only),
# so the engine itself knows only these.
VARIANTS = (PHARAOHS_WRATH,)


def _header_error(reason: str, rule: str = "F4") -> RecordError:
    return RecordError(reason, None, rule)


@dataclass(frozen=True)
class Header:
    """A checked F4 header: everything but the moves."""

    players: tuple[str, ...]
    colours: tuple[str, ...]
    sides: dict[str, str]
    variants: tuple[str, ...]
    round_cards: tuple[tuple[int, ...], ...]
    market_draws: tuple[str, ...]
    seed: int | None = None  # deals the draws beyond market_draws (None: they are an error)
    transcribed: bool = False  # cards are added as the table turns them up (docs/rulings.md, F4)

    def to_json(self, moves: list[Any] | None = None) -> dict[str, Any]:
        setup: dict[str, Any] = {
            "round_cards": [list(c) for c in self.round_cards],
            "market_draws": list(self.market_draws),
        }
        if self.seed is not None:
            setup["seed"] = self.seed
        if self.transcribed:
            setup["transcribed"] = True
        return {
            "game": GAME_ID,
            "sides": dict(self.sides),
            "variants": list(self.variants),
            "players": list(self.players),
            "colours": list(self.colours),
            "setup": setup,
            "moves": list(moves or []),
        }


def _players(data: Mapping[str, Any]) -> tuple[str, ...]:
    players = data.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        got = plural("{n} name", "{n} names", n=len(players)) if isinstance(players, list) else type(players).__name__
        raise _header_error(
            msg("players must list the 2-4 player names in seat order, seat 1 first (C2.3); got {got}", got=got)
        )
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise _header_error(msg("players[{i}] must be a non-empty name, got {value}", i=i, value=f"{name!r:.40}"))
        if len(name) > MAX_NAME:
            raise _header_error(
                msg("players[{i}] is {n} characters long; at most {most}", i=i, n=len(name), most=MAX_NAME)
            )
    return tuple(players)


def _colours(data: Mapping[str, Any], n: int) -> tuple[str, ...]:
    colours = data.get("colours")
    if colours is None:
        return COLOURS[:n]
    if not isinstance(colours, list) or len(colours) != n:
        raise _header_error(
            msg("colours must list one colour per player ({n}), got {value}", n=n, value=f"{colours!r:.60}")
        )
    for i, c in enumerate(colours):
        if not isinstance(c, str) or c not in COLOURS:
            reason = msg(
                "colours[{i}] must be one of {colours} (C1), got {value}", i=i, colours=COLOURS, value=f"{c!r:.40}"
            )
            raise _header_error(reason, "C1")
    if len(set(colours)) != n:
        raise _header_error(msg("colours must be distinct, got {value}", value=str(colours)), "C1")
    return tuple(colours)


def _sides(data: Mapping[str, Any]) -> dict[str, str]:
    sides = data.get("sides")
    if sides is None:
        return dict.fromkeys(SITES, "A")
    if not isinstance(sides, dict):
        raise _header_error(
            msg(
                "sides must be an object like {shape}, got {type}",
                shape='{"market": "A", …}',
                type=type(sides).__name__,
            )
        )
    for key, value in sides.items():
        if key not in SITES:
            raise _header_error(
                msg("sides: unknown site {value}; sites are {sites}", value=f"{key!r:.40}", sites=SITES), "C1"
            )
        if value not in SIDES:
            raise _header_error(
                msg("sides.{site} must be {a} or {b}, got {value}", site=key, a='"A"', b='"B"', value=f"{value!r:.40}"),
                "C1",
            )
    return {s: sides.get(s, "A") for s in SITES}


def _variants(data: Mapping[str, Any]) -> tuple[str, ...]:
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) and v for v in variants):
        raise _header_error(msg("variants must be a list of variant ids, got {value}", value=f"{variants!r:.60}"))
    for i, v in enumerate(variants):
        if v not in VARIANTS:
            reason = msg(
                "variants[{i}]: unknown variant {value} for {game}; known: {known} "
                "(a plugin's variant is checked, and stripped, by the registry)",
                i=i,
                value=f"{v!r:.40}",
                game=GAME_ID,
                known=VARIANTS,
            )
            raise _header_error(reason, "C9")
    if len(set(variants)) != len(variants):
        raise _header_error(msg("variants lists a variant twice: {value}", value=str(variants)))
    return tuple(variants)


def _round_cards(setup: Mapping[str, Any], transcribed: bool = False) -> tuple[tuple[int, ...], ...]:
    cards = setup.get("round_cards")
    # A transcribed game lists the cards turned up so far: at least round 1's (C3.1).
    if not isinstance(cards, list) or not (1 <= len(cards) <= ROUNDS if transcribed else len(cards) == ROUNDS):
        got = plural("{n} card", "{n} cards", n=len(cards)) if isinstance(cards, list) else type(cards).__name__
        reason = msg(
            "setup.round_cards must list the {rounds} round cards in the order revealed (C2.1), got {got}",
            rounds=ROUNDS,
            got=got,
        )
        raise _header_error(reason, "C2")
    out = []
    for i, card in enumerate(cards):
        if not isinstance(card, list) or len(card) != 4 or not all(type(c) is int for c in card):
            reason = msg("setup.round_cards[{i}] must list 4 ship capacities, got {value}", i=i, value=f"{card!r:.40}")
            raise _header_error(reason, "C1")
        if not round_card_fits(tuple(card)):
            reason = msg(
                "setup.round_cards[{i}] {card} cannot be made from the 8 ship tokens (one of "
                "capacity 1, two of 2, three of 3, two of 4) (C1)",
                i=i,
                card=str(card),
            )
            raise _header_error(reason, "C1")
        out.append(tuple(card))
    return tuple(out)


def _market_draws(setup: Mapping[str, Any]) -> tuple[str, ...]:
    draws = setup.get("market_draws")
    if not isinstance(draws, list) or len(draws) > MAX_DRAWS:
        raise _header_error(
            msg(
                "setup.market_draws must be a list of the market cards in the order drawn (F4), got {value}",
                value=f"{draws!r:.40}",
            )
        )
    for i, card in enumerate(draws):
        if not isinstance(card, str) or card not in CARD_INDEX:
            reason = msg(
                "setup.market_draws[{i}]: unknown market card {value}; cards are {cards} (C7)",
                i=i,
                value=f"{card!r:.40}",
                cards=CARD_IDS,
            )
            raise _header_error(reason, "C7")
    return tuple(draws)


def parse_header(record: object, data: SiteData = EMPTY) -> tuple[Header, ClassicState, list[Any]]:
    """Check an F4 record's header and setup: (header, state after setup, raw moves).
    Raises `RecordError` with ``move=None``."""
    if not isinstance(record, Mapping):
        raise _header_error(msg("a record must be a JSON object, got {type}", type=type(record).__name__))
    if record.get("game") != GAME_ID:
        raise _header_error(
            msg(
                "game must be {game} for a base-game record, got {value}",
                game='"classic"',
                value=f"{record.get('game')!r:.40}",
            )
        )
    unknown = [k for k in record if k not in TOP_FIELDS]
    if unknown:
        raise _header_error(
            msg("unknown field {value}; F4 fields are {fields}", value=f"{unknown[0]!r:.40}", fields=TOP_FIELDS)
        )
    players = _players(record)
    n = len(players)
    colours, sides, variants = _colours(record, n), _sides(record), _variants(record)
    missing = missing_sides(sides, data, n)
    if missing:
        raise _header_error(missing_text(missing), "C6")
    setup = record.get("setup")
    if not isinstance(setup, Mapping):
        raise _header_error(msg("setup must be an object with round_cards and market_draws (F4)"))
    extra = [k for k in setup if k not in SETUP_FIELDS]
    if extra:
        raise _header_error(
            msg(
                "setup has unknown field {value}; its fields are {fields}",
                value=f"{extra[0]!r:.40}",
                fields=SETUP_FIELDS,
            )
        )
    transcribed = setup.get("transcribed", False)
    if type(transcribed) is not bool:
        raise _header_error(msg("setup.transcribed must be true or false, got {value}", value=f"{transcribed!r:.40}"))
    cards, draws = _round_cards(setup, transcribed), _market_draws(setup)
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise _header_error(msg("moves must be a list, got {type}", type=type(moves).__name__))
    seed = setup.get("seed")
    seed = seed if type(seed) is int else None  # not a bool, not a float
    header = Header(players, colours, sides, variants, cards, draws, seed, transcribed)
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
        raise _header_error(exc.reason, exc.rule or "F4") from None
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


def setup(record: Mapping[str, Any], data: SiteData = EMPTY) -> ClassicState:
    """The state before the first move of an F4 record; `RecordError` (move None) for a bad
    header or setup (including a B side whose board data is missing, classic.md C6 ⚠)."""
    return parse_header(record, data)[1]


def legal_moves(state: ClassicState) -> list[Move]:
    """Every legal move of the player to move, in the order of `legal`; [] once over;
    [Pass()] only when nothing else is legal (C3 ruling)."""
    if state.over:
        return []
    return legal_moves_of(state.thaw())


def apply_move(state: ClassicState, move: Move | Mapping[str, Any]) -> ClassicState:
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


def temple_count(state: ClassicState) -> int:
    return len(state._temple)


def pyramid_count(state: ClassicState) -> int:
    return len(state._pyr) + sum(len(p) for p in state._pyrb)


def burial_columns(state: ClassicState) -> list[list[str | None]]:
    """C5.4: the burial chamber's columns left to right, each 3 entries top to bottom."""
    stones: list[str | None] = [state.colours[p] for p in state._burial]
    cols = [stones[i : i + 3] for i in range(0, len(stones), 3)]
    if cols and len(cols[-1]) < 3:
        cols[-1] = cols[-1] + [None] * (3 - len(cols[-1]))
    return cols


def reached(state: ClassicState, p: int) -> list[str]:
    bits = state._reached[p]
    return [s for s in BUILDING_SITES if bits >> SITE_INDEX[s] & 1]


def final_board(state: ClassicState, record: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The position as an F3 board (formats.md), ready for `scoring.score_board`: the score
    track as it stands, sleds, obelisks, cards held, the burial chamber grid and the stone
    counts. Mid-game it is the board "if the game ended now"."""
    record = record or {}
    names = record.get("players") or [f"Player {i + 1}" for i in range(state.players)]
    players = []
    for i in range(state.players):
        players.append(
            {
                "name": names[i],
                "colour": state.colours[i],
                "track": state._track[i],
                "sled": state._sled[i],
                "obelisk_stones": state._obel[i],
                "statues": state._purple[i],
                "decorations": list(state._green[i]),
                "blue_cards": len(state._blue[i]),
                "reached": reached(state, i),
            }
        )
    return {
        "game": GAME_ID,
        "sides": state.sides,
        "variants": list(record.get("variants") or []),
        "players": players,
        "burial_chamber": burial_columns(state),
        "site_stones": site_stones(state),
    }


def site_stones(state: ClassicState) -> dict[str, int]:
    """F3 ``site_stones``: pyramids and temple always; on Obelisks B also the obelisks (loose
    stones plus 3 per tower), which the F3 ``obelisk_stones`` do not show (C6.5)."""
    out = {"pyramids": pyramid_count(state), "temple": temple_count(state)}
    if state._sides[4] == "B":
        out["obelisks"] = sum(state._obel) + 3 * len(state._towers)
    return out
