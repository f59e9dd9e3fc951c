"""Demo data: a small club (8 players, 40 Duel games, most recorded move by move, a few
games of every other registered game recorded move by move, the base game's of 3 and 4
players, and a Duel Swiss club night two rounds in: games/services/demo_event.py) built from
random legal playouts with fixed seeds, so every run creates the same games and a second run
adds nothing (every game is recognised by its content hash)."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from typing import Any

from games.models import Game
from games.services import ratings, recording
from games.services.demo_event import load_demo_event
from games.services.documents import GameMeta
from rules_engine.gametype import GameType
from rules_engine.registry import DEFAULT_GAME, default_registry

PLAYERS = ("Ana", "Ben", "Cleo", "Darius", "Eshe", "Farid", "Gita", "Hani")
LOCATIONS = ("Club night", "Café Karnak", "Ben's kitchen", "Spring tournament")
FIRST_DAY = datetime.date(2025, 1, 7)
GAMES = 40
SCORE_ONLY_EVERY = 7  # every 7th game was only scored with the calculator
SEED = 5
OTHER_GAMES = 6  # games of each other registered game (the base game's: 3 and 4 players alternately)


@dataclass(frozen=True)
class DemoSummary:
    recorded: int
    score_only: int
    skipped: int
    event_games: int = 0  # the demo event's (games/services/demo_event.py), recorded as well

    @property
    def added(self) -> int:
        return self.recorded + self.score_only + self.event_games


def demo_documents(seed: int = SEED) -> list[tuple[str, dict, GameMeta]]:
    """The demo games as ("record" | "board", document, metadata), the same for a seed."""
    rng = random.Random(seed)
    game = default_registry().game(DEFAULT_GAME)
    out = []
    for i in range(GAMES):
        record = game.random_record(random.Random(rng.getrandbits(64)))
        record["players"] = rng.sample(PLAYERS, 2)
        # Mixed sides, so the player pages have A- and B-side figures. A side changes only the
        # final scoring (D7), never which moves are legal, so the playout stays a legal game.
        record["sides"] = {part: rng.choice(options) for part, options in game.sides.items()}
        meta = GameMeta(
            played_on=FIRST_DAY + datetime.timedelta(days=7 * (i // 2) + rng.randrange(3)),
            location=rng.choice(LOCATIONS),
        )
        if i % SCORE_ONLY_EVERY == SCORE_ONLY_EVERY - 1:
            board = dict(default_registry().replay(record).final_board())
            out.append(("board", board, meta))
        else:
            out.append(("record", record, meta))
    return out


def other_documents(seed: int = SEED) -> list[tuple[str, dict, GameMeta]]:
    """The demo games of every other registered game: setups the game deals
    (`GameType.new_record`, as its live-entry page does) played with random legal moves, the
    same for a seed."""
    registry = default_registry()
    out = []
    for game_id in sorted(registry.games):
        if game_id != DEFAULT_GAME:
            out.extend(_documents_of(registry.game(game_id), random.Random(f"{game_id}-{seed}")))
    return out


def _documents_of(game: GameType[Any, Any], rng: random.Random) -> list[tuple[str, dict, GameMeta]]:
    out = []
    for i in range(OTHER_GAMES):
        # A game of three or more alternately takes one and two more than its fewest (the base game: 3, 4).
        players = rng.sample(PLAYERS, min(game.max_players, game.min_players + 1 + i % 2))
        record = _played(game, game.new_record(players, rng), random.Random(rng.getrandbits(64)))
        meta = GameMeta(played_on=FIRST_DAY + datetime.timedelta(days=14 * i + 3), location=rng.choice(LOCATIONS))
        out.append(("record", record, meta))
    return out


def _played(game: GameType[Any, Any], record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``record`` played to its end with uniformly random legal moves."""
    state, moves = game.setup(record), []
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        moves.append(game.move_to_json(move))
        state = game.apply(state, move)
    return {**record, "moves": moves}


def load_demo(seed: int = SEED) -> DemoSummary:
    recorded = score_only = skipped = 0
    for kind, document, meta in demo_documents(seed) + other_documents(seed):
        if kind == "record":
            outcome = recording.import_record(document, source=Game.Source.RECORDED, meta=meta, rate=False)
            if outcome.status == outcome.REJECTED:
                raise RuntimeError(f"the engine rejects a demo record: {outcome.describe()}")
            if outcome.status == outcome.DUPLICATE:
                skipped += 1
                continue
            recorded += 1
        else:
            outcome = recording.import_board(document, meta=meta, rate=False)
            if outcome.status == outcome.REJECTED:
                raise RuntimeError(f"the engine rejects a demo board: {outcome.reason}")
            if outcome.status == outcome.DUPLICATE:
                skipped += 1
                continue
            score_only += 1
    event_games = load_demo_event(PLAYERS, seed)
    ratings.catch_up()  # each stored game marked its ratings out of date (rate=False)
    return DemoSummary(recorded, score_only, skipped, event_games)
