"""Deleting a player who has games is refused everywhere (service, API, admin, pages) with the
reason and a merge offered instead; merging moves every seat and result and rebuilds the
ratings; a player without games can be deleted."""

import datetime

import pytest

from games.models import Player, Rating, Result, Seat
from games.services import players, ratings
from games.services.recording import import_board, import_record
from tests.factories import PlayerFactory, UserFactory
from tests.games.conftest import token_client, winning_board
from tests.kit import random_record

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 4, 1)


@pytest.fixture
def club():
    """Ana and "Anna" (the same person typed twice) never met; Ben played both."""
    import_record(random_record(500, players=("Ana", "Ben"), played_on=DAY))
    import_board(winning_board("Anna", "Ben", DAY + datetime.timedelta(days=1)))
    import_record(random_record(501, players=("Ben", "Ana"), played_on=DAY + datetime.timedelta(days=2)))
    import_board(winning_board("Cleo", "Anna", DAY - datetime.timedelta(days=5)))
    return {p.name: p for p in Player.objects.all()}


def results_by_game():
    return sorted(Result.objects.values_list("seat__game_id", "seat__order", "total", "rank", "winner"))


def ratings_rows():
    return list(Rating.objects.order_by("game_id", "player_id").values_list("game_id", "player_id", "mu", "sigma"))


# --------------------------------------------------------------------------- service


def test_delete_of_a_player_with_games_is_refused(club):
    with pytest.raises(players.PlayerHasGames, match=r"Ana sat at 2 games, so they cannot be deleted.*Merge them"):
        players.delete_player(club["Ana"])
    assert Player.objects.filter(pk=club["Ana"].pk).exists()


def test_delete_of_a_player_without_games(db):
    idle = PlayerFactory(name="Idle")
    players.delete_player(idle)
    assert not Player.objects.filter(pk=idle.pk).exists()


def test_merge_keeps_every_game_and_result(club):
    results = results_by_game()
    games_of_anna = set(club["Anna"].seats.values_list("game_id", flat=True))
    merged = players.merge_players(club["Anna"], club["Ana"])
    assert merged.seats_moved == 2 and merged.game_types == ("duel",)
    assert not Player.objects.filter(pk=club["Anna"].pk).exists()
    assert results_by_game() == results
    assert games_of_anna <= set(club["Ana"].seats.values_list("game_id", flat=True))
    assert club["Ana"].seats.count() == 4


def test_merge_rebuilds_the_ratings_as_a_full_rebuild_would(club):
    players.merge_players(club["Anna"], club["Ana"])
    after = ratings_rows()
    assert not Rating.objects.filter(player_id=club["Anna"].pk).exists()
    assert Rating.objects.filter(player=club["Ana"]).count() == 4
    ratings.rebuild_all()
    assert ratings_rows() == after


def test_merge_of_players_who_sat_in_the_same_game_is_refused(club):
    before = list(Seat.objects.values_list("pk", "player_id"))
    with pytest.raises(players.MergeRefused, match=r"Ben and Ana both sat in games \d+, \d+: they are two people"):
        players.merge_players(club["Ben"], club["Ana"])
    assert list(Seat.objects.values_list("pk", "player_id")) == before
    assert Player.objects.filter(pk=club["Ben"].pk).exists()


def test_merge_into_themselves_is_refused(club):
    with pytest.raises(players.MergeRefused, match="into themselves"):
        players.merge_players(club["Ana"], club["Ana"])


def test_merge_moves_the_login_to_a_player_without_one(club):
    login = UserFactory(username="anna_login")
    Player.objects.filter(pk=club["Anna"].pk).update(user=login)
    players.merge_players(Player.objects.get(pk=club["Anna"].pk), club["Ana"])
    assert Player.objects.get(pk=club["Ana"].pk).user == login


def test_merge_of_two_players_with_logins_is_refused(club):
    Player.objects.filter(pk=club["Anna"].pk).update(user=UserFactory(username="anna_login"))
    Player.objects.filter(pk=club["Ana"].pk).update(user=UserFactory(username="ana_login"))
    with pytest.raises(players.MergeRefused, match="each have a login"):
        players.merge_players(Player.objects.get(pk=club["Anna"].pk), Player.objects.get(pk=club["Ana"].pk))


# --------------------------------------------------------------------------- API


def test_api_delete_of_a_player_with_games_answers_409_with_the_reason(club, staff):
    response = token_client(staff).delete(f"/api/v1/players/{club['Ana'].pk}")
    assert response.status_code == 409
    body = response.json()
    assert "cannot be deleted" in body["error"] and "Merge them" in body["error"]
    assert body["games"] == 2
    assert body["merge"] == f"/api/v1/players/{club['Ana'].pk}/merge"
    assert Player.objects.filter(pk=club["Ana"].pk).exists()


def test_api_delete_of_a_player_without_games(staff):
    idle = PlayerFactory(name="Idle")
    response = token_client(staff).delete(f"/api/v1/players/{idle.pk}")
    assert response.status_code == 204
    assert not Player.objects.filter(pk=idle.pk).exists()


def test_api_delete_of_a_player_needs_staff(alice, api_client):
    idle = PlayerFactory(name="Idle")
    assert api_client.delete(f"/api/v1/players/{idle.pk}").status_code == 401
    assert token_client(alice).delete(f"/api/v1/players/{idle.pk}").status_code == 403
    assert Player.objects.filter(pk=idle.pk).exists()


def test_api_merge(club, staff):
    results = results_by_game()
    response = token_client(staff).post(
        f"/api/v1/players/{club['Anna'].pk}/merge", {"into": club["Ana"].pk}, format="json"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["merged"] == club["Anna"].pk and body["seats_moved"] == 2
    assert body["player"]["id"] == club["Ana"].pk and body["player"]["games"] == 4
    assert results_by_game() == results


def test_api_merge_of_players_in_the_same_game_answers_409(club, staff):
    response = token_client(staff).post(
        f"/api/v1/players/{club['Ben'].pk}/merge", {"into": club["Ana"].pk}, format="json"
    )
    assert response.status_code == 409
    assert "two people" in response.json()["error"]


@pytest.mark.parametrize("body", [{}, {"into": "x"}, {"into": 987654}, []])
def test_api_merge_needs_an_existing_player_to_merge_into(club, staff, body):
    response = token_client(staff).post(f"/api/v1/players/{club['Anna'].pk}/merge", body, format="json")
    assert response.status_code == 400
    assert "into" in response.json()


def test_api_merge_needs_staff(club, alice, api_client):
    url = f"/api/v1/players/{club['Anna'].pk}/merge"
    assert api_client.post(url, {"into": club["Ana"].pk}, format="json").status_code == 401
    assert token_client(alice).post(url, {"into": club["Ana"].pk}, format="json").status_code == 403
    assert Player.objects.filter(pk=club["Anna"].pk).exists()


def test_api_merge_of_an_unknown_player_answers_404(club, staff):
    response = token_client(staff).post("/api/v1/players/987654/merge", {"into": club["Ana"].pk}, format="json")
    assert response.status_code == 404


# --------------------------------------------------------------------------- admin


@pytest.fixture
def manager(client):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def test_admin_delete_page_of_a_player_with_games_shows_the_refusal(club, manager):
    response = manager.get(f"/admin/games/player/{club['Ana'].pk}/delete/", follow=True)
    body = response.content.decode()
    assert response.redirect_chain[-1][0] == f"/admin/games/player/{club['Ana'].pk}/change/"
    assert "cannot be deleted" in body and "Merge the selected player into" in body
    manager.post(f"/admin/games/player/{club['Ana'].pk}/delete/", {"post": "yes"})
    assert Player.objects.filter(pk=club["Ana"].pk).exists()


def test_admin_delete_page_of_a_player_without_games_deletes(manager):
    idle = PlayerFactory(name="Idle")
    response = manager.post(f"/admin/games/player/{idle.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Player.objects.filter(pk=idle.pk).exists()


def test_admin_delete_action_deletes_only_players_without_games(club, manager):
    idle = PlayerFactory(name="Idle")
    response = manager.post(
        "/admin/games/player/",
        {"action": "delete_without_games", "_selected_action": [idle.pk, club["Ana"].pk]},
        follow=True,
    )
    body = response.content.decode()
    assert "Deleted 1 player: Idle" in body and "Ana sat at 2 games, so they cannot be deleted" in body
    assert not Player.objects.filter(pk=idle.pk).exists()
    assert Player.objects.filter(pk=club["Ana"].pk).exists()


def test_admin_offers_no_plain_bulk_delete(club, manager):
    body = manager.get("/admin/games/player/").content.decode()
    assert 'value="delete_selected"' not in body
    assert 'value="merge_into"' in body


def test_admin_merge_action_asks_for_the_player_who_stays_then_merges(club, manager):
    form = {"action": "merge_into", "_selected_action": [club["Anna"].pk]}
    page = manager.post("/admin/games/player/", form)
    assert page.status_code == 200 and 'name="into"' in page.content.decode()
    response = manager.post("/admin/games/player/", {**form, "into": club["Ana"].pk}, follow=True)
    assert "Anna merged into Ana: 2 games moved" in response.content.decode()
    assert not Player.objects.filter(pk=club["Anna"].pk).exists()
    assert club["Ana"].seats.count() == 4


def test_admin_merge_action_reports_a_refused_merge(club, manager):
    form = {"action": "merge_into", "_selected_action": [club["Ben"].pk], "into": club["Ana"].pk}
    response = manager.post("/admin/games/player/", form, follow=True)
    assert "Ben not merged" in response.content.decode()
    assert Player.objects.filter(pk=club["Ben"].pk).exists()


# --------------------------------------------------------------------------- pages


def test_page_delete_of_a_player_with_games_is_refused_with_the_reason(club, client, staff):
    client.force_login(staff)
    response = client.post(f"/games/players/{club['Ana'].pk}/delete", follow=True)
    assert response.redirect_chain[-1][0] == f"/games/players/{club['Ana'].pk}/"
    body = response.content.decode()
    assert "cannot be deleted" in body and "Merge" in body
    assert Player.objects.filter(pk=club["Ana"].pk).exists()


def test_page_delete_of_a_player_without_games(client, staff):
    idle = PlayerFactory(name="Idle")
    client.force_login(staff)
    response = client.post(f"/games/players/{idle.pk}/delete")
    assert response.status_code == 302
    assert not Player.objects.filter(pk=idle.pk).exists()


def test_page_delete_and_merge_need_staff(club, client, alice):
    client.force_login(alice)
    assert client.post(f"/games/players/{club['Anna'].pk}/delete").status_code == 403
    assert client.post(f"/games/players/{club['Anna'].pk}/merge", {"into": club["Ana"].pk}).status_code == 403
    assert Player.objects.filter(pk=club["Anna"].pk).exists()


def test_page_merge(club, client, staff):
    client.force_login(staff)
    response = client.post(f"/games/players/{club['Anna'].pk}/merge", {"into": club["Ana"].pk}, follow=True)
    assert response.redirect_chain[-1][0] == f"/games/players/{club['Ana'].pk}/"
    assert "Anna merged into Ana: 2 games moved" in response.content.decode()
    assert club["Ana"].seats.count() == 4


def test_player_page_offers_staff_the_merge_not_the_delete_when_they_have_games(club, client, staff):
    client.force_login(staff)
    body = client.get(f"/games/players/{club['Ana'].pk}/").content.decode()
    assert f"/games/players/{club['Ana'].pk}/merge" in body
    assert f"/games/players/{club['Ana'].pk}/delete" not in body
    assert "cannot be deleted" in body


def test_player_page_shows_no_management_to_members(club, client, alice):
    client.force_login(alice)
    body = client.get(f"/games/players/{club['Ana'].pk}/").content.decode()
    assert "/merge" not in body
