"""CSRF: every page form POST needs the token (403 without, served with it); the API needs it
with session auth, not with token auth."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from games.models import Game, Move
from games.services.records import record_of
from rules_engine.duel.apidocs import D9_1_BOARD
from rules_engine.registry import default_registry
from tests.kit import random_record
from tests.security.conftest import signed_in, token_client

pytestmark = pytest.mark.django_db


def csrf_token(client) -> str:
    client.get("/")  # every page carries the token (base.html), which sets the cookie
    return client.cookies["csrftoken"].value


def a_legal_move(game) -> dict:
    gt = default_registry().game("duel")
    state = default_registry().replay(record_of(game)).states[-1]
    return next(m for m in (gt.move_to_json(m) for m in gt.legal_moves(state)) if m["type"] == "unload")


def board_form(token=None) -> dict:
    players = [{**p, "name": n} for p, n in zip(D9_1_BOARD["players"], ("Ana", "Ben"), strict=True)]
    board = {**D9_1_BOARD, "players": players}
    data = {"board": json.dumps(board)}
    return {**data, "csrfmiddlewaretoken": token} if token else data


def with_token(data: dict, token) -> dict:
    return {**data, "csrfmiddlewaretoken": token} if token else data


# Each page: (url, form data, the status served with a token); the game is ``live_game``.
PAGES = {
    "save-score": (lambda g: "/games/save-score", lambda g: board_form(), 302),
    "live move": (lambda g: f"/games/{g.pk}/play", lambda g: {"ply": 10, "move": json.dumps(a_legal_move(g))}, 302),
    "undo": (lambda g: f"/games/{g.pk}/play/undo", lambda g: {"ply": 10}, 302),
    "delete game": (lambda g: f"/games/{g.pk}/delete", lambda g: {}, 302),
    "api token page": (lambda g: "/account/token", lambda g: {"action": "create"}, 200),
    "logout": (lambda g: "/account/logout", lambda g: {}, 302),
}


@pytest.mark.parametrize("page", sorted(PAGES))
def test_page_post_without_the_token_is_403(page, alice, live_game):
    url, data, _ = PAGES[page]
    client = signed_in(alice, enforce_csrf=True)
    plies = live_game.moves.count()
    response = client.post(url(live_game), data(live_game))
    assert response.status_code == 403
    assert Game.objects.filter(pk=live_game.pk).exists() and live_game.moves.count() == plies


@pytest.mark.parametrize("page", sorted(PAGES))
def test_page_post_with_the_token_is_served(page, alice, live_game):
    url, data, served = PAGES[page]
    client = signed_in(alice, enforce_csrf=True)
    response = client.post(url(live_game), with_token(data(live_game), csrf_token(client)))
    assert response.status_code == served


def test_import_page_needs_the_token(alice, immediate_tasks):
    client = signed_in(alice, enforce_csrf=True)
    content = json.dumps(random_record(5, moves=6)).encode()
    refused = client.post("/games/import", {"file": SimpleUploadedFile("r.json", content)})
    assert refused.status_code == 403 and Game.objects.count() == 0
    token = csrf_token(client)
    served = client.post("/games/import", {"file": SimpleUploadedFile("r.json", content), "csrfmiddlewaretoken": token})
    assert served.status_code == 202 and Game.objects.count() == 1


def test_live_move_with_the_token_stores_the_move(alice, live_game):
    client = signed_in(alice, enforce_csrf=True)
    data = {"ply": 10, "move": json.dumps(a_legal_move(live_game))}
    client.post(f"/games/{live_game.pk}/play", with_token(data, csrf_token(client)))
    assert Move.objects.filter(game=live_game).count() == 11


def test_login_form_needs_the_token(alice):
    client = signed_in(None, enforce_csrf=True)
    assert client.post("/account/login", {"username": "alice", "password": "x"}).status_code == 403


def session_api(user) -> APIClient:
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def test_api_with_session_auth_needs_the_token(alice):
    client = session_api(alice)
    response = client.post("/api/v1/games", random_record(5, moves=6), format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    assert Game.objects.count() == 0


def test_api_with_session_auth_and_the_token_is_served(alice):
    client = session_api(alice)
    token = csrf_token(client)
    response = client.post("/api/v1/games", random_record(5, moves=6), format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201


def test_scoring_api_with_a_session_needs_the_token_too(alice):
    response = session_api(alice).post("/api/v1/score", D9_1_BOARD, format="json")
    assert response.status_code == 403


def test_scoring_api_without_a_session_needs_no_token():
    response = APIClient(enforce_csrf_checks=True).post("/api/v1/score", D9_1_BOARD, format="json")
    assert response.status_code == 200


def test_api_with_token_auth_needs_no_csrf_token(alice):
    client = token_client(alice)
    client.handler.enforce_csrf_checks = True
    response = client.post("/api/v1/games", random_record(5, moves=6), format="json")
    assert response.status_code == 201
    assert client.delete("/api/v1/auth/token").status_code == 204
