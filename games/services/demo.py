"""Demo data: a small club (8 players, 40 Duel games, most recorded move by move, and a few 3-
and 4-player base games recorded move by move) built from random legal playouts with fixed
seeds, so every run creates the same games and a second run adds nothing (every game is
recognised by its content hash)."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from games.models import Game
from games.services import ratings, recording
from games.services.documents import GameMeta
from games.ui import ui_registry
from rules_engine.registry import DEFAULT_GAME, default_registry

PLAYERS = ("Ana", "Ben", "Cleo", "Darius", "Eshe", "Farid", "Gita", "Hani")
LOCATIONS = ("Club night", "Café Karnak", "Ben's kitchen", "Spring tournament")
FIRST_DAY = datetime.date(2025, 1, 7)
GAMES = 40
SCORE_ONLY_EVERY = 7  # every 7th game was only scored with the calculator
SEED = 5
CLASSIC_GAMES = 6  # games of each other game whose adapter deals demo games (the base game's: 3 and 4 players)


@dataclass(frozen=True)
class DemoSummary:
    recorded: int
    score_only: int
    skipped: int

    @property
    def added(self) -> int:
        return self.recorded + self.score_only


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
            board = default_registry().replay(record).final_board()
            out.append(("board", board, meta))
        else:
            out.append(("record", record, meta))
    return out


def other_documents(seed: int = SEED) -> list[tuple[str, dict, GameMeta]]:
    """The demo games of the other games whose web adapter deals them (the base game's:
    server-shuffled setups, as its live-entry page deals them, played with random legal
    moves), the same for a seed."""
    out = []
    for game_id, ui in sorted(ui_registry().uis.items()):
        if ui.demo_record is None or game_id == DEFAULT_GAME:
            continue
        out.extend(_documents_of(ui.demo_record, random.Random(f"{game_id}-{seed}")))
    return out


def _documents_of(demo_record, rng: random.Random) -> list[tuple[str, dict, GameMeta]]:
    out = []
    for i in range(CLASSIC_GAMES):
        record = demo_record(PLAYERS, rng, i)
        meta = GameMeta(played_on=FIRST_DAY + datetime.timedelta(days=14 * i + 3), location=rng.choice(LOCATIONS))
        out.append(("record", record, meta))
    return out


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
    ratings.catch_up()  # each stored game marked its ratings out of date (rate=False)
    return DemoSummary(recorded, score_only, skipped)
