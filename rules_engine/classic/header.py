"""The base game's F4 record header (formats.md F4): everything but the moves, checked.

`read_header` checks the players (C2.3), colours and sides (C1), variants (C9), round cards
(C2.1) and market draws (C7) of a record and returns them as a `Header`; a bad field is a
`RecordError` with ``move=None``. Setting up the position from a header is `game.new_work`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.classic.components import (
    COLOURS,
    GAME_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHARAOHS_WRATH,
    ROUNDS,
    SIDES,
    SITES,
    round_card_fits,
)
from rules_engine.classic.sitedata import EMPTY, SiteData, missing_sides, missing_text
from rules_engine.classic.state import CARD_IDS, CARD_INDEX
from rules_engine.errors import RecordError
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


def header_error(reason: str, rule: str = "F4") -> RecordError:
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


def _players(data: Mapping[str, object]) -> tuple[str, ...]:
    players = data.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        got = plural("{n} name", "{n} names", n=len(players)) if isinstance(players, list) else type(players).__name__
        raise header_error(
            msg("players must list the 2-4 player names in seat order, seat 1 first (C2.3); got {got}", got=got)
        )
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise header_error(msg("players[{i}] must be a non-empty name, got {value}", i=i, value=f"{name!r:.40}"))
        if len(name) > MAX_NAME:
            raise header_error(
                msg("players[{i}] is {n} characters long; at most {most}", i=i, n=len(name), most=MAX_NAME)
            )
    return tuple(players)


def _colours(data: Mapping[str, object], n: int) -> tuple[str, ...]:
    colours = data.get("colours")
    if colours is None:
        return COLOURS[:n]
    if not isinstance(colours, list) or len(colours) != n:
        raise header_error(
            msg("colours must list one colour per player ({n}), got {value}", n=n, value=f"{colours!r:.60}")
        )
    for i, c in enumerate(colours):
        if not isinstance(c, str) or c not in COLOURS:
            reason = msg(
                "colours[{i}] must be one of {colours} (C1), got {value}", i=i, colours=COLOURS, value=f"{c!r:.40}"
            )
            raise header_error(reason, "C1")
    if len(set(colours)) != n:
        raise header_error(msg("colours must be distinct, got {value}", value=str(colours)), "C1")
    return tuple(colours)


def _sides(data: Mapping[str, object]) -> dict[str, str]:
    sides = data.get("sides")
    if sides is None:
        return dict.fromkeys(SITES, "A")
    if not isinstance(sides, dict):
        raise header_error(
            msg(
                "sides must be an object like {shape}, got {type}",
                shape='{"market": "A", …}',
                type=type(sides).__name__,
            )
        )
    for key, value in sides.items():
        if key not in SITES:
            raise header_error(
                msg("sides: unknown site {value}; sites are {sites}", value=f"{key!r:.40}", sites=SITES), "C1"
            )
        if value not in SIDES:
            raise header_error(
                msg("sides.{site} must be {a} or {b}, got {value}", site=key, a='"A"', b='"B"', value=f"{value!r:.40}"),
                "C1",
            )
    return {s: sides.get(s, "A") for s in SITES}


def _variants(data: Mapping[str, object]) -> tuple[str, ...]:
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) and v for v in variants):
        raise header_error(msg("variants must be a list of variant ids, got {value}", value=f"{variants!r:.60}"))
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
            raise header_error(reason, "C9")
    if len(set(variants)) != len(variants):
        raise header_error(msg("variants lists a variant twice: {value}", value=str(variants)))
    return tuple(variants)


def _round_cards(setup: Mapping[str, object], transcribed: bool = False) -> tuple[tuple[int, ...], ...]:
    cards = setup.get("round_cards")
    # A transcribed game lists the cards turned up so far: at least round 1's (C3.1).
    if not isinstance(cards, list) or not (1 <= len(cards) <= ROUNDS if transcribed else len(cards) == ROUNDS):
        got = plural("{n} card", "{n} cards", n=len(cards)) if isinstance(cards, list) else type(cards).__name__
        reason = msg(
            "setup.round_cards must list the {rounds} round cards in the order revealed (C2.1), got {got}",
            rounds=ROUNDS,
            got=got,
        )
        raise header_error(reason, "C2")
    out = []
    for i, card in enumerate(cards):
        if not isinstance(card, list) or len(card) != 4 or not all(type(c) is int for c in card):
            reason = msg("setup.round_cards[{i}] must list 4 ship capacities, got {value}", i=i, value=f"{card!r:.40}")
            raise header_error(reason, "C1")
        if not round_card_fits(tuple(card)):
            reason = msg(
                "setup.round_cards[{i}] {card} cannot be made from the 8 ship tokens (one of "
                "capacity 1, two of 2, three of 3, two of 4) (C1)",
                i=i,
                card=str(card),
            )
            raise header_error(reason, "C1")
        out.append(tuple(card))
    return tuple(out)


def _market_draws(setup: Mapping[str, object]) -> tuple[str, ...]:
    draws = setup.get("market_draws")
    if not isinstance(draws, list) or len(draws) > MAX_DRAWS:
        raise header_error(
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
            raise header_error(reason, "C7")
    return tuple(draws)


def read_header(record: object, data: SiteData = EMPTY) -> tuple[Header, list[Any]]:
    """Check an F4 record's header and setup (against ``data`` for the B sides, C6 ⚠):
    (header, raw moves). Raises `RecordError` with ``move=None``."""
    if not isinstance(record, Mapping):
        raise header_error(msg("a record must be a JSON object, got {type}", type=type(record).__name__))
    if record.get("game") != GAME_ID:
        raise header_error(
            msg(
                "game must be {game} for a base-game record, got {value}",
                game='"classic"',
                value=f"{record.get('game')!r:.40}",
            )
        )
    unknown = [k for k in record if k not in TOP_FIELDS]
    if unknown:
        raise header_error(
            msg("unknown field {value}; F4 fields are {fields}", value=f"{unknown[0]!r:.40}", fields=TOP_FIELDS)
        )
    players = _players(record)
    n = len(players)
    colours, sides, variants = _colours(record, n), _sides(record), _variants(record)
    missing = missing_sides(sides, data, n)
    if missing:
        raise header_error(missing_text(missing), "C6")
    setup = record.get("setup")
    if not isinstance(setup, Mapping):
        raise header_error(msg("setup must be an object with round_cards and market_draws (F4)"))
    extra = [k for k in setup if k not in SETUP_FIELDS]
    if extra:
        raise header_error(
            msg(
                "setup has unknown field {value}; its fields are {fields}",
                value=f"{extra[0]!r:.40}",
                fields=SETUP_FIELDS,
            )
        )
    transcribed = setup.get("transcribed", False)
    if type(transcribed) is not bool:
        raise header_error(msg("setup.transcribed must be true or false, got {value}", value=f"{transcribed!r:.40}"))
    cards, draws = _round_cards(setup, transcribed), _market_draws(setup)
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise header_error(msg("moves must be a list, got {type}", type=type(moves).__name__))
    seed = setup.get("seed")
    seed = seed if type(seed) is int else None  # not a bool, not a float
    header = Header(players, colours, sides, variants, cards, draws, seed, transcribed)
    return header, moves
