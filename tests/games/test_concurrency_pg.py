"""Imports committing at the same moment keep one consistent rating history (PostgreSQL:
`rebuild_from` takes an advisory lock per game type; SQLite serialises writers itself)."""

import datetime
import threading

import pytest
from django.db import connection

from games.models import Rating
from games.services import ratings
from games.services.recording import import_board
from tests.games.conftest import winning_board

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def test_concurrent_imports_of_past_and_new_games_rate_like_one_rebuild():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://…); SQLite serialises writers")
    for i in range(6):
        import_board(winning_board(NAMES[i % 4], NAMES[(i + 1) % 4], datetime.date(2025, 1, 10 + i)))
    barrier = threading.Barrier(4, timeout=60)
    errors: list[BaseException] = []

    def importer(index: int) -> None:
        try:
            for round_ in range(3):
                # Half the threads add games in the past (rebuilding much), half at the end.
                day = datetime.date(2025, 1, 1 + round_) if index % 2 else datetime.date(2025, 2, 1 + round_)
                barrier.wait()
                outcome = import_board(winning_board(NAMES[index], NAMES[(index + 1) % 4], day, margin=index + 1))
                assert outcome.status == "imported", outcome.describe()
        except BaseException as exc:  # reported on the test thread
            errors.append(exc)
            barrier.abort()
        finally:
            connection.close()

    threads = [threading.Thread(target=importer, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not errors, errors

    stored = list(Rating.objects.order_by("game_id", "player_id").values_list("game_id", "player_id", "mu", "sigma"))
    assert len(stored) == 2 * 18
    ratings.rebuild_all("duel")
    assert list(Rating.objects.order_by("game_id", "player_id").values_list("game_id", "player_id", "mu", "sigma")) == (
        stored
    )
