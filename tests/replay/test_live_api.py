"""The live-entry API: state, legal moves, appending moves (409 stale, 400 illegal, 401/403)."""

import pytest
from rest_framework.authtoken.models import Token

from games.models import Game, Move, Result
from games.services.records import record_of
from rules_engine.registry import default_registry

pytestmark = pytest.mark.django_db


def _login(api_client, user):
    api_client.force_authenticate(user)
    return api_client


def _post(api_client, game, ply, move):
    return api_client.post(f"/api/v1/games/{game.pk}/moves", {"ply": ply, "move": move}, format="json")


def test_state_defaults_to_the_current_ply(api_client, live_game):
    body = api_client.get(f"/api/v1/games/{live_game.pk}/state").json()
    assert body["ply"] == 10 and body["plies"] == 10 and body["finished"] is False
    replay = default_registry().replay(record_of(live_game))
    expected = {**default_registry().game("duel").state_to_json(replay.states[10]), "ply": 10}
    assert {k: v for k, v in body.items() if k not in ("plies", "finished")} == expected


def test_state_of_an_earlier_ply(api_client, live_game):
    body = api_client.get(f"/api/v1/games/{live_game.pk}/state?ply=0").json()
    assert body["ply"] == 0


@pytest.mark.parametrize(("ply", "status"), [("11", 404), ("-1", 404), ("x", 400)])
def test_state_bad_ply(api_client, live_game, ply, status):
    response = api_client.get(f"/api/v1/games/{live_game.pk}/state?ply={ply}")
    assert response.status_code == status
    assert "ply" in response.json()["error"]


def test_legal_moves_are_the_engines_for_the_player_to_move(api_client, live_game):
    body = api_client.get(f"/api/v1/games/{live_game.pk}/legal-moves").json()
    gt = default_registry().game("duel")
    state = default_registry().replay(record_of(live_game)).states[-1]
    assert body["ply"] == 10 and body["to_move"] == state.to_move
    assert body["moves"] == [gt.move_to_json(m) for m in gt.legal_moves(state)]
    assert live_game.full_record["moves"][10] in body["moves"]


def test_append_ok_writes_the_next_ply(api_client, live_game, alice):
    move = live_game.full_record["moves"][10]
    response = _post(_login(api_client, alice), live_game, 10, move)
    assert response.status_code == 201, response.json()
    assert response.json()["ply"] == 10 and response.json()["next_ply"] == 11
    assert Move.objects.get(game=live_game, ply=10).data == move


def test_append_stale_ply_is_409_with_the_current_ply(api_client, live_game, alice):
    response = _post(_login(api_client, alice), live_game, 9, live_game.full_record["moves"][10])
    assert response.status_code == 409
    assert response.json()["ply"] == 10 and "ply 9" in response.json()["error"]
    assert live_game.moves.count() == 10


def test_append_illegal_move_is_400_with_index_and_reason(api_client, live_game, alice):
    state = default_registry().replay(record_of(live_game)).states[-1]
    taken = next(c for c, o in state.harbor.items() if o is not None)
    response = _post(_login(api_client, alice), live_game, 10, {"type": "place", "cell": taken})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["move"] == 10 and taken in error["reason"]
    assert live_game.moves.count() == 10


def test_append_malformed_move_is_400(api_client, live_game, alice):
    response = _post(_login(api_client, alice), live_game, 10, {"type": "fly"})
    assert response.status_code == 400 and "fly" in response.json()["error"]["reason"]


def test_append_anonymous_is_401(api_client, live_game):
    response = _post(api_client, live_game, 10, live_game.full_record["moves"][10])
    assert response.status_code == 401


def test_append_by_another_member_is_403(api_client, live_game, bob):
    response = _post(_login(api_client, bob), live_game, 10,
                     live_game.full_record["moves"][10])
    assert response.status_code == 403
    assert live_game.moves.count() == 10


def test_append_by_staff_is_allowed(api_client, live_game, staff):
    response = _post(_login(api_client, staff), live_game, 10, live_game.full_record["moves"][10])
    assert response.status_code == 201


def test_append_with_a_token(api_client, live_game, alice):
    token = Token.objects.create(user=alice)
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert _post(api_client, live_game, 10, live_game.full_record["moves"][10]).status_code == 201


def test_d8_last_move_finishes_the_game_and_derives_results(api_client, live_game, alice):
    _login(api_client, alice)
    moves = live_game.full_record["moves"]
    for ply in range(10, len(moves)):
        response = _post(api_client, live_game, ply, moves[ply])
        assert response.status_code == 201, response.json()
    assert response.json()["finished"] is True
    live_game.refresh_from_db()
    assert live_game.status == Game.Status.FINISHED
    score = default_registry().replay(live_game.full_record).score().to_json()
    totals = [r.total for r in Result.objects.filter(seat__game=live_game).order_by("seat__order")]
    assert totals == [p["total"] for p in score["players"]]
    assert _post(api_client, live_game, len(moves), {"type": "pass"}).status_code == 400


def test_live_endpoints_are_in_the_openapi_schema(client):
    schema = client.get("/api/v1/schema", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/v1/games/{id}/state", "/api/v1/games/{id}/legal-moves", "/api/v1/games/{id}/moves"):
        assert f'"{path}"' in schema
