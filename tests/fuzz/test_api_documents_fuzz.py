"""Real records, boards and moves with one part mutated, sent to the endpoints that store
them (the schema fuzzer cannot build these: POST /api/v1/games takes any object). Whatever
the mutation, the answer is a 2xx, or a 4xx the endpoint documents — never a 500, on SQLite
and on PostgreSQL alike (which refuses more text than SQLite)."""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.registry import default_registry
from tests.fuzz.conftest import examples
from tests.fuzz.strategies import GAMES, JSON, TEXT, mutate

FUZZ = settings(
    max_examples=examples(40),
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

_RECORDS = [default_registry().game(g).random_record(random.Random(21)) for g in GAMES]
_BOARDS = [default_registry().replay(r).final_board() for r in _RECORDS]
# With our exports' history object, so that its texts are mutated too.
RECORDS = [{**r, "history": {"location": "Club", "notes": ""}} for r in _RECORDS]
BOARDS = [{**b, "history": {"location": "Club", "notes": ""}} for b in _BOARDS]
#: Text a database may refuse, beside ordinary junk.
STORED_TEXT = TEXT | st.sampled_from(["\u0000", "a\u0000b", "\ud800", "x" * 200, "Ana", "ana "])


@pytest.fixture
def staff_client(api_client, staff_token, fast_throttles):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {staff_token}")
    return api_client


def post(client, url: str, document: object):
    # json.dumps escapes what UTF-8 cannot carry (\ud800 stays an escape, as a client would send it).
    return client.generic("POST", url, json.dumps(document), content_type="application/json")


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_storing_a_mutated_record_or_board_never_fails_with_a_500(staff_client, data):
    document = mutate(data, data.draw(st.sampled_from(RECORDS + BOARDS)), JSON | STORED_TEXT)
    response = post(staff_client, "/api/v1/games", document)
    assert response.status_code in (201, 400, 409, 413), response.content[:300]


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_appending_a_mutated_move_never_fails_with_a_500(staff_client, live_game, data):
    real = [m for record in RECORDS for m in record["moves"]]
    move = mutate(data, data.draw(st.sampled_from(real)), JSON | STORED_TEXT)
    ply = data.draw(st.sampled_from([live_game.moves.count(), 0, -1, "9", None]) | JSON)
    response = post(staff_client, f"/api/v1/games/{live_game.pk}/moves", {"ply": ply, "move": move})
    assert response.status_code in (201, 400, 409, 413), response.content[:300]
