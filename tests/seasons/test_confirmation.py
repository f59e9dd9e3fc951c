"""Results both players confirm (docs/seasons.md, Confirmation): a result one player enters waits
for the other; confirmed, it counts; disputed, the organiser sets it; the organiser's counts at once."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.membership.roles import Role, set_role
from games.models import Player
from games.seasons import ladder_service, league_service, results
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge, LeagueGame
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _ladder_challenge() -> Challenge:
    """Order Ann Bea Cid; Cid challenges Ann (a won challenge: Cid Ann Bea)."""
    ladder = ladder_service.create_ladder(name="Ladder", reach=2)
    for name in ("Ann", "Bea", "Cid"):
        ladder_service.join(ladder, name)
    return ladder_service.challenge(ladder, "Cid", "Ann")


def _order(challenge: Challenge) -> list[str]:
    return [r.player.name for r in challenge.ladder.rungs.select_related("player").order_by("place")]


def _league_game() -> LeagueGame:
    league = league_service.create_league(name="League", divisions=[["Ann", "Bea"]], promote=0,
                                          first_deadline=timezone.now() + timedelta(days=7))
    return league.divisions.get().games.get()


def _player(name: str) -> Player:
    return Player.objects.get(name=name)


def test_a_result_one_player_enters_waits_and_does_not_move_the_ladder():
    challenge = _ladder_challenge()
    assert results.enter(challenge, "1-0", by=_player("Cid")) is False
    challenge.refresh_from_db()
    assert (challenge.status, challenge.confirmation, challenge.entered_result) == ("open", "pending", "1-0")
    assert _order(challenge) == ["Ann", "Bea", "Cid"]


def test_the_other_player_confirms_and_the_challenge_counts():
    challenge = _ladder_challenge()
    results.enter(challenge, "1-0", by=_player("Cid"))
    results.confirm(challenge, _player("Ann"))
    challenge.refresh_from_db()
    assert (challenge.status, challenge.confirmation) == ("won", "")
    assert _order(challenge) == ["Cid", "Ann", "Bea"]


def test_a_league_result_waiting_is_not_in_the_standings_until_confirmed():
    game = _league_game()
    results.enter(game, "0-1", by=_player("Ann"))
    game.refresh_from_db()
    assert (game.result, game.entered_result) == ("", "0-1")
    results.confirm(game, _player("Bea"))
    game.refresh_from_db()
    assert game.result == "0-1"
    table = league_service.division_table(game.division)
    assert [(line.name, line.standing.points) for line in table] == [("Bea", 1), ("Ann", 0)]


def test_a_disputed_result_goes_to_the_organiser_who_sets_it():
    game = _league_game()
    results.enter(game, "1-0", by=_player("Ann"))
    results.dispute(game, _player("Bea"))
    game.refresh_from_db()
    assert (game.result, game.confirmation) == ("", "disputed")
    assert results.disputed() == ([], [game])
    results.enter(game, "0-1")  # the organiser: no player
    game.refresh_from_db()
    assert (game.result, game.confirmation, game.entered_by) == ("0-1", "", None)
    assert results.disputed() == ([], [])


def test_the_organisers_result_counts_at_once():
    challenge = _ladder_challenge()
    assert results.enter(challenge, "0-1") is True
    challenge.refresh_from_db()
    assert challenge.status == "lost" and _order(challenge) == ["Ann", "Bea", "Cid"]


def test_a_player_may_not_confirm_their_own_entry():
    challenge = _ladder_challenge()
    results.enter(challenge, "1-0", by=_player("Cid"))
    with pytest.raises(SeasonError, match=r"^player: Cid entered this result: the other player confirms it"):
        results.confirm(challenge, _player("Cid"))


def test_a_third_player_may_not_confirm():
    challenge = _ladder_challenge()
    results.enter(challenge, "1-0", by=_player("Cid"))
    with pytest.raises(SeasonError, match=r"^player: Bea does not play this game"):
        results.confirm(challenge, _player("Bea"))


def test_entering_again_replaces_the_players_own_waiting_entry():
    game = _league_game()
    results.enter(game, "1-0", by=_player("Ann"))
    results.enter(game, "=", by=_player("Ann"))
    game.refresh_from_db()
    assert (game.entered_result, game.entered_by.name, game.confirmation) == ("=", "Ann", "pending")


def test_the_other_player_may_not_overwrite_a_waiting_entry():
    game = _league_game()
    results.enter(game, "1-0", by=_player("Ann"))
    with pytest.raises(SeasonError, match=r"^result: the other player entered a result already"):
        results.enter(game, "0-1", by=_player("Bea"))


def test_a_waiting_result_of_a_closed_round_can_no_longer_be_confirmed():
    game = _league_game()
    results.enter(game, "1-0", by=_player("Ann"))
    league_service.close_round(game.round)
    with pytest.raises(SeasonError, match=r"^result: round 1 is closed: its results are final"):
        results.confirm(game, _player("Bea"))


def test_a_decided_challenge_refuses_a_players_entry_naming_the_result():
    challenge = _ladder_challenge()
    results.enter(challenge, "1-0")
    with pytest.raises(SeasonError, match=r"^result: the challenge is decided already"):
        results.enter(challenge, "0-1", by=_player("Ann"))


# Through the API ------------------------------------------------------------------------------


def test_through_the_api_a_player_enters_and_the_other_confirms(api_client):
    challenge = _ladder_challenge()
    cid, ann = UserFactory(), UserFactory()
    Player.objects.filter(name="Cid").update(user=cid)
    Player.objects.filter(name="Ann").update(user=ann)
    base = f"/api/v1/ladders/{challenge.ladder_id}/challenges/{challenge.pk}/result"
    api_client.force_authenticate(cid)
    entered = api_client.post(base, {"result": "1-0"}, format="json").json()
    assert (entered["status"], entered["confirmation"], entered["entered_by"]) == ("open", "pending", "Cid")
    own = api_client.post(f"{base}/confirm")
    assert own.status_code == 400 and own.json()["error"].startswith("player: Cid entered this result")
    api_client.force_authenticate(ann)
    confirmed = api_client.post(f"{base}/confirm")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "won"


def test_through_the_api_a_third_member_may_not_confirm(api_client):
    game = _league_game()
    ann = UserFactory()
    Player.objects.filter(name="Ann").update(user=ann)
    api_client.force_authenticate(ann)
    api_client.post(f"/api/v1/leagues/{game.division.league_id}/games/{game.pk}/result", {"result": "1-0"},
                    format="json")
    api_client.force_authenticate(UserFactory())
    refused = api_client.post(f"/api/v1/leagues/{game.division.league_id}/games/{game.pk}/result/confirm")
    assert refused.status_code == 403


def test_through_the_api_a_dispute_is_listed_for_the_organiser_who_sets_it(api_client, staff):
    set_role(staff, Role.ADMIN)
    game = _league_game()
    ann, bea = UserFactory(), UserFactory()
    Player.objects.filter(name="Ann").update(user=ann)
    Player.objects.filter(name="Bea").update(user=bea)
    base = f"/api/v1/leagues/{game.division.league_id}/games/{game.pk}/result"
    api_client.force_authenticate(ann)
    api_client.post(base, {"result": "1-0"}, format="json")
    api_client.force_authenticate(bea)
    assert api_client.post(f"{base}/dispute").json()["confirmation"] == "disputed"
    assert api_client.get("/api/v1/disputes").status_code == 403
    api_client.force_authenticate(staff)
    listed = api_client.get("/api/v1/disputes").json()["league_games"]
    assert [(g["game"], g["entered_result"], g["entered_by"]) for g in listed] == [(game.pk, "1-0", "Ann")]
    set_ = api_client.post(base, {"result": "0-1"}, format="json").json()
    assert (set_["result"], set_["confirmation"]) == ("0-1", "")


def test_the_pages_show_a_waiting_and_a_disputed_result(client):
    challenge = _ladder_challenge()
    results.enter(challenge, "1-0", by=_player("Cid"))
    game = _league_game()
    results.enter(game, "1-0", by=_player("Ann"))
    results.dispute(game, _player("Bea"))
    assert "waiting for Ann to confirm" in client.get(f"/seasons/ladders/{challenge.ladder_id}/").content.decode()
    assert "disputed: the organiser decides" in client.get(
        f"/seasons/leagues/{game.division.league_id}/").content.decode()


def test_an_organiser_who_does_not_play_accepts_a_disputed_entry_as_it_stands():
    challenge = _ladder_challenge()
    results.enter(challenge, "1-0", by=_player("Cid"))
    results.dispute(challenge, _player("Ann"))
    results.confirm(challenge, None)
    challenge.refresh_from_db()
    assert challenge.status == "won" and _order(challenge) == ["Cid", "Ann", "Bea"]


def test_through_the_api_an_organiser_may_not_dispute_but_sets(api_client, staff):
    set_role(staff, Role.ADMIN)
    challenge = _ladder_challenge()
    results.enter(challenge, "1-0", by=_player("Cid"))
    api_client.force_authenticate(staff)
    refused = api_client.post(f"/api/v1/ladders/{challenge.ladder_id}/challenges/{challenge.pk}/result/dispute")
    assert refused.status_code == 400 and refused.json()["error"].startswith("result: the organiser does not")


def test_through_the_api_a_disputes_reason_reaches_the_organisers_list(api_client, staff):
    set_role(staff, Role.ADMIN)
    game = _league_game()
    ann, bea = UserFactory(), UserFactory()
    Player.objects.filter(name="Ann").update(user=ann)
    Player.objects.filter(name="Bea").update(user=bea)
    base = f"/api/v1/leagues/{game.division.league_id}/games/{game.pk}/result"
    api_client.force_authenticate(ann)
    api_client.post(base, {"result": "1-0"}, format="json")
    api_client.force_authenticate(bea)
    disputed = api_client.post(f"{base}/dispute", {"reason": "we drew"}, format="json").json()
    assert disputed["dispute_reason"] == "we drew"
    api_client.force_authenticate(staff)
    listed = api_client.get("/api/v1/disputes").json()["league_games"]
    assert [g["dispute_reason"] for g in listed] == ["we drew"]
