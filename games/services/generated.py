"""Many games at once, for load figures (`load_demo --games N`, bench/load.sh, bench/cluster.py
and `bench/history_pages.py`): finished score-only games (the default game: the Duel) between 40
generated players over four years, bulk-inserted. Each game's board and results come from a
pool of replayed random games, so they are real engine results; the ratings are rebuilt once at
the end."""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.db import transaction

from games import boarddata, registered_games
from games.models import Game, Player, Result, Seat
from games.services import explorer_facts, ratings
from games.services.results import result_rows
from rules_engine import ENGINE_VERSION
from rules_engine.registry import DEFAULT_GAME, default_registry

LOCATION = "Generated for load figures"  # marks these games: `generate` tops them up to n
POOL = 200  # distinct random games the generated ones are drawn from
PLAYERS = 40
BATCH = 2000
FIRST_DAY = datetime.date(2022, 1, 1)


def generate(n: int, seed: int = 1, game_type: str = DEFAULT_GAME) -> int:
    """Add generated games until there are ``n`` of them; how many were added."""
    missing = n - Game.objects.filter(location=LOCATION).count()
    if missing <= 0:
        return 0
    rng = random.Random(seed + n)
    reg = default_registry()
    game = reg.game(game_type)
    pool: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for _ in range(POOL):
        replay = reg.replay(game.random_record(random.Random(rng.getrandbits(64))))
        pool.append((dict(replay.final_board()), result_rows(replay.score().to_json())))
    colours = registered_games.default_colours(game_type)
    with transaction.atomic():
        players = [Player.objects.get_or_create(name=f"Generated player {i:02}")[0] for i in range(PLAYERS)]
        versions = registered_games.versions(game_type, [])
        board_data_id = boarddata.current_id(game_type)
        for start in range(0, missing, BATCH):
            size = min(BATCH, missing - start)
            picks = [(board, rows, rng.sample(players, len(rows))) for board, rows in
                     (rng.choice(pool) for _ in range(size))]
            games = Game.objects.bulk_create(
                Game(
                    game_type=game_type,
                    sides=board["sides"],
                    played_on=FIRST_DAY + datetime.timedelta(days=rng.randrange(4 * 365)),
                    location=LOCATION,
                    source=Game.Source.SCORE,
                    status=Game.Status.FINISHED,
                    engine_version=ENGINE_VERSION,
                    plugin_versions=versions,
                    board_data_id=board_data_id,
                    board={
                        **board,
                        "players": [{**p, "name": who.name} for p, who in zip(board["players"], seated, strict=True)],
                    },
                )
                for board, _, seated in picks
            )
            seats = Seat.objects.bulk_create(
                Seat(game=stored, player=who, order=i, colour=colours[i], started=i == 0)
                for stored, (_, _, seated) in zip(games, picks, strict=True)
                for i, who in enumerate(seated)
            )
            rows = [row for _, result, _ in picks for row in result]
            Result.objects.bulk_create(Result(seat=seat, **row) for seat, row in zip(seats, rows, strict=True))
    ratings.rebuild_all(game_type)  # also moves the history's version on (bulk inserts send no signals)
    explorer_facts.fill(game_type)  # bulk inserts skip the services that work them out: no reader replays them
    return missing
