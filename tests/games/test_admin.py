"""The admin: a club manager can open and fix every history model; deleting there rebuilds
the ratings like the pages and the API do."""

import datetime

import pytest

from games.models import Game, Rating
from games.services import ratings
from games.services.recording import import_record
from tests.factories import UserFactory
from tests.kit import random_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager_client(client):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def games():
    return [import_record(random_record(90 + i, played_on=datetime.date(2025, 1, 1 + i))).game for i in range(3)]


@pytest.mark.parametrize("model", ["player", "game", "result", "move", "rating"])
def test_admin_lists_every_history_model(manager_client, games, model):
    response = manager_client.get(f"/admin/games/{model}/")
    assert response.status_code == 200


def test_admin_game_page_shows_seats_with_results(manager_client, games):
    body = manager_client.get(f"/admin/games/game/{games[0].pk}/change/").content.decode()
    assert "Ana" in body and "Ben" in body
    assert "Recompute results and ratings" not in body  # an action of the list, not the form


def test_admin_delete_rebuilds_the_ratings(manager_client, games):
    response = manager_client.post(f"/admin/games/game/{games[0].pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Game.objects.filter(pk=games[0].pk).exists()
    stored = list(Rating.objects.order_by("game_id", "player_id").values_list("mu", "sigma"))
    ratings.rebuild_all()
    assert list(Rating.objects.order_by("game_id", "player_id").values_list("mu", "sigma")) == stored
    # The second game is now the first one rated: both players start from the default rating.
    model = ratings.model_for("duel")
    seats = list(games[1].seats.order_by("order").select_related("result"))
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[s.result.rank for s in seats])
    after = [games[1].ratings.get(player=s.player).mu for s in seats]
    assert after == pytest.approx([team[0].mu for team in expected])


def test_admin_edit_of_a_games_date_rebuilds_the_ratings(manager_client, games):
    game = games[2]
    seats = list(game.seats.order_by("order"))
    form = {
        "game_type": "duel", "variants": "[]", "sides": '{"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"}',
        "played_on": "2024-12-31", "location": "", "notes": "moved", "status": "finished", "created_by": "",
        "seats-TOTAL_FORMS": "2", "seats-INITIAL_FORMS": "2", "seats-MIN_NUM_FORMS": "0", "seats-MAX_NUM_FORMS": "1000",
    }
    for i, seat in enumerate(seats):
        form.update({f"seats-{i}-id": seat.pk, f"seats-{i}-game": game.pk, f"seats-{i}-player": seat.player_id,
                     f"seats-{i}-colour": seat.colour, f"seats-{i}-started": "on" if seat.started else ""})
    response = manager_client.post(f"/admin/games/game/{game.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert set(game.ratings.values_list("played_on", flat=True)) == {datetime.date(2024, 12, 31)}
    stored = list(Rating.objects.order_by("game_id", "player_id").values_list("mu", "sigma"))
    ratings.rebuild_all()
    assert list(Rating.objects.order_by("game_id", "player_id").values_list("mu", "sigma")) == stored


def test_admin_recompute_action_keeps_engine_results(manager_client, games):
    totals = sorted(games[0].seats.values_list("result__total", flat=True))
    response = manager_client.post("/admin/games/game/", {"action": "recompute", "_selected_action": [games[0].pk]})
    assert response.status_code == 302
    assert sorted(games[0].seats.values_list("result__total", flat=True)) == totals
