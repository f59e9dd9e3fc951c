"""Seasons, ladders and leagues through the API and on their pages: made by a club admin, a
player's own challenge and result, refusals naming the field, pages for everyone."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.membership.roles import Role, set_role
from games.models import Player
from games.seasons import ladder_service, league_service, season_service
from tests.events.helpers import duel_event
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(staff):
    set_role(staff, Role.ADMIN)
    return staff


def test_an_admin_makes_a_season_and_adds_an_event(api_client, admin):
    api_client.force_authenticate(admin)
    made = api_client.post("/api/v1/seasons", {"name": "2026", "game_type": "duel", "best_of": 3}, format="json")
    assert made.status_code == 201, made.json()
    event = duel_event(["Ann", "Bea"])
    added = api_client.post(f"/api/v1/seasons/{made.json()['id']}/events", {"event": event.pk}, format="json")
    assert added.status_code == 201 and added.json()["events"] == [event.pk]
    assert api_client.get(f"/api/v1/seasons/{made.json()['id']}/standings").json() == []


def test_a_season_with_an_unknown_tiebreak_is_refused_naming_it(api_client, admin):
    api_client.force_authenticate(admin)
    refused = api_client.post("/api/v1/seasons", {"name": "2026", "game_type": "duel", "tiebreaks": ["luck"]},
                              format="json")
    assert refused.status_code == 400 and "tiebreaks" in refused.json()["error"]


def test_a_member_may_not_make_a_season(api_client, alice):
    api_client.force_authenticate(alice)
    assert api_client.post("/api/v1/seasons", {"name": "x", "game_type": "duel"}, format="json").status_code == 403


def _ladder_with(alice):
    ladder = ladder_service.create_ladder(name="Ladder", reach=2)
    for name in ("Ann", "Bea", "Cid", "Dan"):
        ladder_service.join(ladder, name)
    Player.objects.filter(name="Dan").update(user=alice)
    return ladder


def test_a_player_challenges_for_themselves_and_enters_the_result(api_client, alice):
    ladder = _ladder_with(alice)
    api_client.force_authenticate(alice)
    made = api_client.post(f"/api/v1/ladders/{ladder.pk}/challenges", {"challenger": "Dan", "defender": "Bea"},
                           format="json")
    assert made.status_code == 201, made.json()
    result = f"/api/v1/ladders/{ladder.pk}/challenges/{made.json()['id']}/result"
    entered = api_client.post(result, {"result": "1-0"}, format="json")
    assert (entered.json()["status"], entered.json()["confirmation"]) == ("open", "pending")
    # Bea, the other player, confirms (docs/seasons.md, Confirmation): the result counts.
    Player.objects.filter(name="Bea").update(user=UserFactory())
    api_client.force_authenticate(Player.objects.get(name="Bea").user)
    assert api_client.post(f"{result}/confirm").json()["status"] == "won"
    rungs = api_client.get(f"/api/v1/ladders/{ladder.pk}").json()["rungs"]
    assert [r["player"] for r in rungs] == ["Ann", "Dan", "Bea", "Cid"]


def test_a_challenge_out_of_range_is_refused_naming_the_defender(api_client, alice):
    ladder = _ladder_with(alice)
    api_client.force_authenticate(alice)
    refused = api_client.post(f"/api/v1/ladders/{ladder.pk}/challenges", {"challenger": "Dan", "defender": "Ann"},
                              format="json")
    assert refused.status_code == 400 and refused.json()["error"].startswith("defender: place 1 is out of reach")


def test_a_player_may_not_challenge_for_another(api_client, alice):
    ladder = _ladder_with(alice)
    api_client.force_authenticate(alice)
    refused = api_client.post(f"/api/v1/ladders/{ladder.pk}/challenges", {"challenger": "Cid", "defender": "Ann"},
                              format="json")
    assert refused.status_code == 403


def test_an_admin_runs_a_league_through_the_api(api_client, admin):
    api_client.force_authenticate(admin)
    deadline = (timezone.now() + timedelta(days=7)).isoformat()
    made = api_client.post("/api/v1/leagues", {"name": "League", "divisions": [["Ann", "Bea"], ["Cid", "Dan"]],
                                               "first_deadline": deadline, "promote": 1}, format="json")
    assert made.status_code == 201, made.json()
    pk = made.json()["league"]["id"]
    games = api_client.get(f"/api/v1/leagues/{pk}/games").json()
    entered = api_client.post(f"/api/v1/leagues/{pk}/games/{games[0]['id']}/result", {"result": "0-1"}, format="json")
    assert entered.json()["result"] == "0-1"
    assert api_client.post(f"/api/v1/leagues/{pk}/rounds/1/close").status_code == 200
    late = api_client.post(f"/api/v1/leagues/{pk}/games/{games[1]['id']}/result", {"result": "1-0"}, format="json")
    assert late.status_code == 400 and "round 1 is closed" in late.json()["error"]
    finished = api_client.post(f"/api/v1/leagues/{pk}/finish").json()
    # Division 2's unplayed game is a double forfeit: both 0; the seeding parts them, Cid goes up.
    assert [(r["player"], r["movement"]) for r in finished["divisions"][1]] == [("Cid", "up"), ("Dan", "")]
    assert [(r["player"], r["movement"]) for r in finished["divisions"][0]] == [("Bea", ""), ("Ann", "down")]


def test_a_league_with_a_past_deadline_is_refused_naming_the_field(api_client, admin):
    api_client.force_authenticate(admin)
    past = (timezone.now() - timedelta(days=1)).isoformat()
    refused = api_client.post("/api/v1/leagues", {"name": "L", "divisions": [["Ann", "Bea"]], "first_deadline": past,
                                                  "promote": 0}, format="json")
    assert refused.status_code == 400 and refused.json()["error"].startswith("first_deadline:")


def test_the_pages_show_a_season_a_ladder_and_a_league(client, alice):
    season = season_service.create_season(name="Season 2026", game_type="duel")
    ladder = _ladder_with(alice)
    league = league_service.create_league(name="League 2026", divisions=[["Ann", "Bea"]], promote=0,
                                          first_deadline=timezone.now() + timedelta(days=7))
    assert "Season 2026" in client.get("/seasons/").content.decode()
    assert client.get(f"/seasons/{season.pk}/").status_code == 200
    assert client.get(f"/seasons/{season.pk}/screen").status_code == 200
    assert "standings-panel" in client.get(f"/seasons/{season.pk}/screen/live").content.decode()
    assert "Cid" in client.get(f"/seasons/ladders/{ladder.pk}/").content.decode()
    assert "Ann – Bea" in client.get(f"/seasons/leagues/{league.pk}/").content.decode()
