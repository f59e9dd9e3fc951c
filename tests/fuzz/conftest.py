"""Fixtures of the fuzz tests: a small club (staff user with an API token, players, a finished
and an in-progress recorded game, a score-only game) so that generated ids sometimes resolve,
and throttles raised so that the fuzzers measure the endpoints, not the rate limit."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from rest_framework.authtoken.models import Token

from games.models import Game
from games.services.recording import import_board, import_record
from tests.kit import random_record


def examples(default: int) -> int:
    """Examples per fuzz test: ``default`` (sized so the whole directory runs in a few minutes
    in CI), or IMHOTEP_FUZZ_EXAMPLES for a deeper run, e.g. IMHOTEP_FUZZ_EXAMPLES=500."""
    return int(os.environ.get("IMHOTEP_FUZZ_EXAMPLES") or default)


def pytest_itemcollected(item):
    """schemathesis names each operation's item `test_…[GET /api/v1/games]`, but pytest 9 builds
    the node id from the function's name alone, so every operation shared one id: progress ended
    at 98 %, and neither `pytest ID` nor pytest-xdist could tell the cases apart. The id gets the
    operation back, below schemathesis's collector of the same name (the path pytest's command
    line walks: `pytest "tests/fuzz/test_schemathesis.py::test_x::test_x[GET /api/v1/games]"`)."""
    label = getattr(item, "operation_label", None)
    if label and item.nodeid.endswith(f"::{item.originalname}"):
        item._id = item.parent.id.child(item.originalname).child(item.originalname).with_params(label)


#: Ids of the rows the `club` fixture stored, read by the schema fuzzer's path-parameter hook.
KNOWN_IDS: list[int] = []


@pytest.fixture
def fast_throttles(settings):
    """Rates far above what the fuzzers send, and an empty throttle history."""
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": dict.fromkeys(rates, "100000/min"),
    }
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def keep_connections():
    """Requests sent straight to the WSGI application close the database connection when they
    end (Django's request_finished signal), which on PostgreSQL drops the test's transaction;
    Django's own test client turns this off the same way while it serves a request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def staff_token(db) -> str:
    # No password: hashing one would cost more than the test.
    user = get_user_model().objects.create(username="fuzz_staff", is_staff=True)
    return Token.objects.create(user=user).key


@pytest.fixture
def live_game(db, staff_token) -> Game:
    """A game in progress (9 moves) stored by the staff user."""
    owner = Token.objects.get(key=staff_token).user
    return import_record(random_record(5, moves=9), user=owner, source=Game.Source.RECORDED).game


@pytest.fixture
def club(db, staff_token, live_game):
    """A few stored games of the staff user; their ids (and their players') go to KNOWN_IDS."""
    owner = Token.objects.get(key=staff_token).user
    games = [
        import_record(random_record(3), user=owner, source=Game.Source.RECORDED).game,
        live_game,
    ]
    board = {
        "game": "duel",
        "sides": {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"},
        "starting_player": 0,
        "players": [
            {
                "name": name,
                "obelisk": points,
                "temple": [],
                "pyramid": {"light": 0, "dark": 0},
                "tomb": [],
                "action_tokens": 0,
                "meeples_on_harbor": 0,
            }
            for name, points in (("Cleo", 3), ("Dan", 0))
        ],
    }
    games.append(import_board(board, user=owner).game)
    player_ids = [seat.player_id for game in games for seat in game.seats.all()]
    KNOWN_IDS[:] = sorted({g.pk for g in games} | set(player_ids))
    yield games
    KNOWN_IDS.clear()
