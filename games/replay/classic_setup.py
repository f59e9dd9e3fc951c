"""A server-shuffled base-game setup (classic.md C2), stored as the explicit F4 ``setup``.

`shuffled_setup` deals with ``random.Random(seed)``: six of the player count's seven round cards
in a random order (C2.1) and the 34 market cards in a random order (C2.2). The record stores
the result (``round_cards``, ``market_draws``) and the ``seed`` that made it, so a stored game
never depends on the random generator again and the same seed always deals the same setup.
A setup transcribed from a physical table is entered by importing an F4 record instead.

`random_game` plays uniformly random legal moves through the registry (demo data, tests):
the same moves a person could pick on the live-entry page.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games import engine
from rules_engine.classic.components import COLOURS, DECK, GAME_ID, ROUND_CARDS, ROUNDS, SITES


def shuffled_setup(players: int, seed: int) -> dict:
    """The F4 ``setup`` of a server-shuffled game of ``players`` players, the same for a seed."""
    rng = random.Random(seed)
    cards = list(ROUND_CARDS[players])
    rng.shuffle(cards)  # C2.1: one card removed at random, the other six shuffled
    deck = sorted(DECK.elements())
    rng.shuffle(deck)  # C2.2
    return {"round_cards": [list(c) for c in cards[:ROUNDS]], "market_draws": deck, "seed": seed}


def new_record(
    names: Sequence[str],
    seed: int,
    *,
    colours: Sequence[str] | None = None,
    sides: Mapping[str, str] | None = None,
    variants: Sequence[str] = (),
) -> dict:
    """An F4 record without moves: ``names`` in seat order (seat 1 starts, C2.3)."""
    return {
        "game": GAME_ID,
        "sides": {site: (sides or {}).get(site, "A") for site in SITES},
        "variants": list(variants),
        "players": list(names),
        "colours": list(colours or COLOURS[: len(names)]),
        "setup": shuffled_setup(len(names), seed),
        "moves": [],
    }


def random_game(record: dict, rng: random.Random, max_plies: int = 2000) -> dict:
    """``record`` played to the end with uniformly random legal moves (a new dict)."""
    gt = engine.registry().game(record.get("game", GAME_ID))
    state = gt.setup(record)
    moves = []
    while not gt.is_over(state) and len(moves) < max_plies:
        move = rng.choice(gt.legal_moves(state))
        state = gt.apply(state, move)
        moves.append(gt.move_to_json(move))
    return {**record, "moves": moves}
