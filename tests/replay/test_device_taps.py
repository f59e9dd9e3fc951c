"""Taps kept on a phone reach the server late (issue 50): a move id made by a play page names
its device (``dev-<16 hex>-<tap>``, static/js/retry.js). A tap for an older ply than the game's
follows the moves that same device stored since (its page showed an older copy); it is the move
another device stored at that ply (stored once); or, when another device stored a different
move there, nothing is written and the answer names both (games/play/appending.py)."""

import html
import json
import re

import pytest
from django.test import Client

from games.models import Move

pytestmark = pytest.mark.django_db
PHONE, OTHER = "dev-" + "a" * 16, "dev-" + "b" * 16


def _api(api_client, game, ply, move, move_id):
    return api_client.post(f"/api/v1/games/{game.pk}/moves", {"ply": ply, "move": move, "move_id": move_id},
                           format="json")


def test_a_late_tap_follows_the_moves_its_own_device_stored_since(api_client, live_game, alice):
    api_client.force_authenticate(alice)
    moves = live_game.full_record["moves"]
    _api(api_client, live_game, 10, moves[10], f"{PHONE}-1")
    _api(api_client, live_game, 11, moves[11], f"{PHONE}-2")
    late = _api(api_client, live_game, 11, moves[12], f"{PHONE}-3")  # its page still showed ply 11
    assert late.status_code == 201 and late.json()["ply"] == 12
    assert [m.data for m in Move.objects.filter(game=live_game, ply__gte=10).order_by("ply")] == moves[10:13]


def test_the_same_move_stored_by_another_device_is_stored_once(api_client, live_game, alice):
    api_client.force_authenticate(alice)
    move = live_game.full_record["moves"][10]
    _api(api_client, live_game, 10, move, f"{OTHER}-1")
    again = _api(api_client, live_game, 10, move, f"{PHONE}-1")
    assert again.status_code == 200 and again.json()["ply"] == 10
    assert Move.objects.filter(game=live_game).count() == 11


def test_a_different_move_stored_by_another_device_is_a_conflict_and_nothing_is_written(api_client, live_game, alice):
    api_client.force_authenticate(alice)
    moves = live_game.full_record["moves"]
    _api(api_client, live_game, 10, moves[10], f"{OTHER}-1")
    mine = next(m for m in moves[11:] if m != moves[10] and m["type"] == "place")
    answer = _api(api_client, live_game, 10, mine, f"{PHONE}-1")
    assert answer.status_code == 409
    assert answer.json()["conflict"] == {"ply": 10, "theirs": [{"ply": 10, "move": moves[10]}]}
    assert Move.objects.filter(game=live_game).count() == 11


def test_a_client_without_a_device_still_gets_a_stale_ply(api_client, live_game, alice):
    api_client.force_authenticate(alice)
    moves = live_game.full_record["moves"]
    _api(api_client, live_game, 10, moves[10], "tap-1")
    answer = _api(api_client, live_game, 10, moves[11], "tap-2")
    assert answer.status_code == 409 and "conflict" not in answer.json()


def test_the_play_page_shows_both_moves_of_a_conflict(live_game, alice):
    client = Client()
    client.force_login(alice)
    moves = live_game.full_record["moves"]
    url = f"/games/{live_game.pk}/play"
    client.post(url, {"ply": 10, "move": json.dumps(moves[10]), "move_id": f"{OTHER}-1"})
    mine = {"type": "place", "cell": "zz"}  # what it is does not matter: another device's move is at ply 10
    body = client.post(url, {"ply": 10, "move": json.dumps(mine), "move_id": f"{PHONE}-1"},
                       headers={"hx-request": "true"}).content.decode()
    assert 'id="play-conflict"' in body and 'data-ply="10"' in body and 'data-current="11"' in body
    theirs = re.findall(r'<li data-move="([^"]*)"', body)
    assert [json.loads(html.unescape(m)) for m in theirs] == [moves[10]]
    assert Move.objects.filter(game=live_game).count() == 11
