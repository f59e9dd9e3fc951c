"""No tap lost, none stored twice: a live move carries an id its page (or API client) made; a
request repeated with that id (a connection that dropped before the answer) gets the stored
move back and writes nothing, whatever ply it sends — never a second move, never a 409."""

import re

import pytest
from django.test import Client

from games.models import Move

pytestmark = pytest.mark.django_db


def _api(api_client, game, ply, move, move_id):
    return api_client.post(f"/api/v1/games/{game.pk}/moves", {"ply": ply, "move": move, "move_id": move_id},
                           format="json")


def test_the_same_move_id_twice_stores_one_move(api_client, live_game, alice):
    api_client.force_authenticate(alice)
    move = live_game.full_record["moves"][10]
    first = _api(api_client, live_game, 10, move, "tap-1")
    again = _api(api_client, live_game, 10, move, "tap-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Move.objects.filter(game=live_game).count() == 11


def test_a_repeat_after_the_next_move_answers_with_the_first_and_no_409(api_client, live_game, alice):
    api_client.force_authenticate(alice)
    moves = live_game.full_record["moves"]
    first = _api(api_client, live_game, 10, moves[10], "tap-1")
    _api(api_client, live_game, 11, moves[11], "tap-2")
    late = _api(api_client, live_game, 10, moves[10], "tap-1")  # the first request's retry, arriving late
    assert late.status_code == 200 and late.json()["ply"] == first.json()["ply"] == 10
    assert Move.objects.filter(game=live_game).count() == 12


def test_a_new_id_for_a_stale_ply_is_still_refused(api_client, live_game, alice):
    api_client.force_authenticate(alice)
    moves = live_game.full_record["moves"]
    _api(api_client, live_game, 10, moves[10], "tap-1")
    assert _api(api_client, live_game, 10, moves[10], "tap-other").status_code == 409


@pytest.mark.parametrize("move_id", ["has space", "x" * 65, "ü"])
def test_a_bad_move_id_is_named(api_client, live_game, alice, move_id):
    api_client.force_authenticate(alice)
    response = _api(api_client, live_game, 10, live_game.full_record["moves"][10], move_id)
    assert response.status_code == 400 and "move_id" in str(response.json())
    assert Move.objects.filter(game=live_game).count() == 10


def test_the_recording_page_gives_every_form_a_fresh_move_id(live_game, alice):
    client = Client()
    client.force_login(alice)
    ids = [re.findall(r'name="move_id" value="(\w+)"', client.get(f"/games/{live_game.pk}/play").content.decode())
           for _ in range(2)]
    assert ids[0] and ids[1] and set(ids[0]).isdisjoint(ids[1])


def test_a_repeated_tap_on_the_page_stores_one_move(live_game, alice):
    import json

    client = Client()
    client.force_login(alice)
    form = {"ply": 10, "move": json.dumps(live_game.full_record["moves"][10]), "move_id": "page-tap-1"}
    first = client.post(f"/games/{live_game.pk}/play", form, headers={"hx-request": "true"})
    again = client.post(f"/games/{live_game.pk}/play", form, headers={"hx-request": "true"})
    assert first.status_code == again.status_code == 200
    assert 'id="play-error"' not in again.content.decode()
    assert Move.objects.filter(game=live_game).count() == 11
