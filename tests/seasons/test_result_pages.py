"""The result forms of the ladder and league pages and the organiser's disputed results
(docs/seasons.md, "Results on the pages"), with and without htmx, and the emails they send."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Player
from games.seasons import calendar, ladder_service, league_service, results
from games.seasons.models import Challenge, LeagueGame
from tests.factories import UserFactory
from tests.security.conftest import signed_in

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def ann():
    """Ann's member account, her player linked, email notices asked for."""
    user = UserFactory(username="ann")
    Player.objects.create(name="Ann", user=user)
    calendar.set_email_notices(user, True)
    return user


@pytest.fixture
def cid():
    user = UserFactory(username="cid")
    Player.objects.create(name="Cid", user=user)
    calendar.set_email_notices(user, True)
    return user


@pytest.fixture
def challenge(ann, cid) -> Challenge:
    """Order Ann Bea Cid; Cid challenges Ann (won: Cid Ann Bea)."""
    ladder = ladder_service.create_ladder(name="Winter ladder", reach=2)
    for name in ("Ann", "Bea", "Cid"):
        ladder_service.join(ladder, name)
    return ladder_service.challenge(ladder, "Cid", "Ann")


@pytest.fixture
def league_game(ann, cid) -> LeagueGame:
    league = league_service.create_league(name="Autumn league", divisions=[["Ann", "Cid"]], promote=0,
                                          first_deadline=timezone.now() + timedelta(days=7))
    return league.divisions.get().games.get()


def _order(challenge: Challenge) -> list[str]:
    return [r.player.name for r in challenge.ladder.rungs.select_related("player").order_by("place")]


def _url(name: str, target) -> str:
    if isinstance(target, Challenge):
        return reverse(f"seasons:challenge-{name}", args=[target.ladder_id, target.pk])
    return reverse(f"seasons:game-{name}", args=[target.division.league_id, target.pk])


def test_a_player_enters_the_result_and_it_waits_for_the_other(challenge, cid):
    answer = signed_in(cid).post(_url("result", challenge), {"result": "1-0"})
    assert answer.status_code == 302 and answer["Location"].endswith(f"#challenge-{challenge.pk}")
    challenge.refresh_from_db()
    assert (challenge.status, challenge.confirmation, challenge.entered_by.name) == ("open", "pending", "Cid")
    assert _order(challenge) == ["Ann", "Bea", "Cid"]


def test_the_other_player_sees_waiting_for_your_confirmation(challenge, cid, ann):
    results.enter(challenge, "1-0", by=Player.objects.get(name="Cid"))
    page = signed_in(ann).get(reverse("seasons:ladder", args=[challenge.ladder_id])).content.decode()
    assert "waiting for your confirmation" in page and 'class="confirm-result"' in page
    assert 'class="dispute-result"' in page


def test_the_player_who_entered_sees_no_confirm_button(challenge, cid):
    results.enter(challenge, "1-0", by=Player.objects.get(name="Cid"))
    page = signed_in(cid).get(reverse("seasons:ladder", args=[challenge.ladder_id])).content.decode()
    assert "waiting for Ann to confirm" in page and 'class="confirm-result"' not in page


def test_confirming_counts_the_result_and_moves_the_ladder(challenge, cid, ann):
    results.enter(challenge, "1-0", by=Player.objects.get(name="Cid"))
    signed_in(ann).post(_url("confirm", challenge))
    challenge.refresh_from_db()
    assert challenge.status == "won" and _order(challenge) == ["Cid", "Ann", "Bea"]


def test_without_htmx_the_message_shows_on_the_page(challenge, cid, ann):
    results.enter(challenge, "1-0", by=Player.objects.get(name="Cid"))
    page = signed_in(ann).post(_url("confirm", challenge), follow=True).content.decode()
    assert "The result counts." in page


def test_with_htmx_the_answer_is_the_line_alone(league_game, cid, ann):
    results.enter(league_game, "0-1", by=Player.objects.get(name="Ann"))
    answer = signed_in(cid).post(_url("confirm", league_game), **HTMX)
    body = answer.content.decode()
    assert answer.status_code == 200 and body.lstrip().startswith("<li") and "<html" not in body
    assert "The result counts." in body and "Ann – Cid: 0-1" in " ".join(body.split())


def test_a_confirmed_league_result_is_in_the_standings(league_game, cid, ann):
    results.enter(league_game, "0-1", by=Player.objects.get(name="Ann"))
    signed_in(cid).post(_url("confirm", league_game))
    table = league_service.division_table(league_game.division)
    assert [(line.name, line.standing.points) for line in table] == [("Cid", 1), ("Ann", 0)]


def test_a_dispute_keeps_its_reason_and_reaches_the_organisers_list(challenge, cid, ann, staff):
    results.enter(challenge, "1-0", by=Player.objects.get(name="Cid"))
    signed_in(ann).post(_url("dispute", challenge), {"reason": "  I won   on points "})
    challenge.refresh_from_db()
    assert (challenge.confirmation, challenge.dispute_reason) == ("disputed", "I won on points")
    page = signed_in(staff).get(reverse("seasons:disputes")).content.decode()
    assert f'id="challenge-{challenge.pk}"' in page and "I won on points" in page


def test_the_organiser_sets_a_disputed_result_from_the_list(challenge, cid, ann, staff):
    results.enter(challenge, "1-0", by=Player.objects.get(name="Cid"))
    results.dispute(challenge, Player.objects.get(name="Ann"))
    answer = signed_in(staff).post(_url("result", challenge), {"result": "0-1", "next": "disputes"})
    assert answer["Location"] == reverse("seasons:disputes") + f"#challenge-{challenge.pk}"
    challenge.refresh_from_db()
    assert (challenge.status, challenge.confirmation) == ("lost", "")
    assert results.disputed() == ([], [])


def test_a_member_may_not_see_the_disputes(alice):
    assert signed_in(alice).get(reverse("seasons:disputes")).status_code == 403


def test_a_player_not_in_the_game_may_not_confirm(challenge, cid, alice):
    results.enter(challenge, "1-0", by=Player.objects.get(name="Cid"))
    Player.objects.create(name="Bea2", user=alice)
    assert signed_in(alice).post(_url("confirm", challenge)).status_code == 403
    challenge.refresh_from_db()
    assert challenge.confirmation == "pending"


def test_the_organiser_does_not_dispute(challenge, cid, staff):
    results.enter(challenge, "1-0", by=Player.objects.get(name="Cid"))
    page = signed_in(staff).post(_url("dispute", challenge), follow=True).content.decode()
    assert "the organiser does not dispute a result but sets it" in page


def test_a_result_for_a_closed_round_is_refused_in_the_line(league_game, ann):
    league_service.close_round(league_game.round)
    answer = signed_in(ann).post(_url("result", league_game), {"result": "1-0"}, **HTMX)
    assert "round 1 is closed: its results are final" in answer.content.decode()
    league_game.refresh_from_db()
    assert league_game.entered_result == ""


def test_a_result_past_the_challenge_deadline_is_refused(challenge, cid):
    Challenge.objects.filter(pk=challenge.pk).update(deadline=timezone.now() - timedelta(hours=1))
    page = signed_in(cid).post(_url("result", challenge), {"result": "1-0"}, follow=True).content.decode()
    assert "the challenge is decided already (forfeited by the defender)" in page


def test_entering_a_result_emails_the_other_player(challenge, cid, ann, mailoutbox):
    mailoutbox.clear()  # the challenge's own notice
    signed_in(cid).post(_url("result", challenge), {"result": "1-0"})
    assert [m.to for m in mailoutbox] == [[ann.email]]
    assert "Cid entered a result for you to confirm" in mailoutbox[0].subject
    assert "Cid entered the result 1-0 for Cid – Ann" in mailoutbox[0].body


def test_no_waiting_email_to_a_player_who_did_not_ask(league_game, cid, ann, mailoutbox):
    calendar.set_email_notices(cid, False)
    mailoutbox.clear()
    signed_in(ann).post(_url("result", league_game), {"result": "1-0"})
    assert mailoutbox == []


def test_a_dispute_emails_the_organisers_with_the_reason(league_game, cid, ann, staff, mailoutbox):
    results.enter(league_game, "1-0", by=Player.objects.get(name="Ann"))
    mailoutbox.clear()
    signed_in(cid).post(_url("dispute", league_game), {"reason": "we never played"})
    assert [m.to for m in mailoutbox] == [[staff.email]]
    assert "Cid disputes a result" in mailoutbox[0].subject and "we never played" in mailoutbox[0].body
