"""Two clients appending to one game at once never lose or duplicate a ply (PostgreSQL:
the Game row lock of `append_move` serialises them; SQLite has no row locks to test)."""

import random
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import Game
from games.services.records import record_of
from rules_engine.registry import default_registry
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_clients_racing_to_append_keep_plies_contiguous(alice):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://…); SQLite has no row locks")
    game = store(random_record(5, moves=0), alice)
    # Both clients read the same position, then both post a legal move for it at the same
    # moment: each round exactly one must win and the other must get 409.
    barrier = threading.Barrier(2, timeout=60)
    outcomes: dict[int, list[tuple[int, int]]] = {0: [], 1: []}
    errors: list[BaseException] = []

    def client_loop(index: int) -> None:
        api = APIClient()
        api.force_authenticate(alice)
        rng = random.Random(index)
        try:
            while True:
                seen = api.get(f"/api/v1/games/{game.pk}/legal-moves").json()
                barrier.wait()
                if not seen["moves"]:
                    break
                response = api.post(f"/api/v1/games/{game.pk}/moves",
                                    {"ply": seen["ply"], "move": rng.choice(seen["moves"])}, format="json")
                outcomes[index].append((seen["ply"], response.status_code))
                if response.status_code == 409:
                    assert response.json()["ply"] == seen["ply"] + 1
                barrier.wait()
        except BaseException as exc:  # reported on the test thread
            errors.append(exc)
            barrier.abort()
        finally:
            connection.close()

    threads = [threading.Thread(target=client_loop, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not errors, errors

    plies = list(game.moves.order_by("ply").values_list("ply", flat=True))
    assert plies == list(range(len(plies))) and len(plies) > 20
    statuses = [s for both in outcomes.values() for _, s in both]
    assert statuses.count(201) == len(plies)
    assert statuses.count(409) == len(plies)  # every round: one winner, one stale loser
    assert set(statuses) == {201, 409}
    game.refresh_from_db()
    replay = default_registry().replay(record_of(game))
    assert replay.finished and replay.plies == len(plies)
    assert game.status == Game.Status.FINISHED
