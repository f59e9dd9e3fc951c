"""A member's calendar feed and email notices (docs/seasons.md, "Calendar and email")."""

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from games.events import lifecycle
from games.models import Player
from games.seasons import calendar, ladder_service, league_service
from tests.events.helpers import duel_event
from tests.security.conftest import signed_in


def _link(name, user):
    Player.objects.filter(name=name).update(user=user)


@pytest.fixture
def club(alice, bob):
    """Ana (alice) challenged by Ben; Ana and Ben in a league; Cid (bob) challenging Dan; a club
    night of all four with round 1 paired."""
    now = timezone.now()
    ladder = ladder_service.create_ladder(name="Winter ladder")
    for name in ("Ana", "Ben", "Dan", "Cid"):
        ladder_service.join(ladder, name, now=now)
    _link("Ana", alice)
    _link("Cid", bob)
    ladder_service.challenge(ladder, "Ben", "Ana", deadline=now + timedelta(days=10), now=now)
    ladder_service.challenge(ladder, "Cid", "Dan", now=now)
    league = league_service.create_league(name="Autumn league", divisions=[["Ana", "Ben", "Cid", "Dan"]],
                                          promote=0, first_deadline=now + timedelta(days=7))
    event = duel_event(["Ana", "Ben", "Cid", "Dan"])
    lifecycle.start_round(event)
    return ladder, league, event


def _fetch(client, user):
    response = client.get(reverse("seasons:calendar-feed", kwargs={"secret": calendar.feed_of(user).secret}))
    assert response.status_code == 200
    return response, Calendar.from_ical(response.content)


def _events(cal):
    return {str(e["uid"]): str(e["summary"]) for e in cal.walk("VEVENT")}


@pytest.mark.django_db
def test_the_feed_lists_the_players_challenge_league_game_and_club_night_table(club, client, alice):
    ladder = club[0]
    response, cal = _fetch(client, alice)
    assert response["Content-Type"].startswith("text/calendar")
    assert "private" in response["Cache-Control"]
    summaries = sorted(_events(cal).values())
    assert len(summaries) == 5
    assert any(s.startswith("Ladder challenge: Ben – Ana, play by ") for s in summaries)
    # Every open round of the Berger schedule of four seeded Ana Ben Cid Dan (docs/seasons.md, "Divisions").
    assert [s.split(",")[0] for s in summaries if s.startswith("League")] == [
        "League round 1: Ana – Dan", "League round 2: Ana – Ben", "League round 3: Cid – Ana"]
    assert any(s.startswith("Club night, round 1, table ") and "Ana" in s for s in summaries)
    urls = {str(e["url"]) for e in cal.walk("VEVENT")}
    assert f"http://testserver/seasons/ladders/{ladder.pk}/" in urls


@pytest.mark.django_db
def test_the_uids_are_the_same_on_a_second_fetch(club, client, alice):
    first = _events(_fetch(client, alice)[1])
    second = _events(_fetch(client, alice)[1])
    assert first.keys() == second.keys() and len(first) == 5


@pytest.mark.django_db
def test_another_members_games_never_appear(club, client, alice):
    text = " ".join(_events(_fetch(client, alice)[1]).values())
    assert "Cid – Dan" not in text


@pytest.mark.django_db
def test_a_decided_challenge_leaves_the_feed(club, client, alice):
    from games.seasons import results

    ladder = club[0]
    results.enter(ladder.challenges.get(defender__name="Ana"), "0-1")
    assert not any(s.startswith("Ladder challenge") for s in _events(_fetch(client, alice)[1]).values())


@pytest.mark.django_db
def test_a_renewed_secret_makes_the_old_url_404(club, client, alice):
    old = calendar.feed_of(alice).secret
    signed_in(alice).post(reverse("seasons:calendar"), {"renew": "1"})
    assert client.get(reverse("seasons:calendar-feed", kwargs={"secret": old})).status_code == 404
    assert _fetch(client, alice)[0].status_code == 200


@pytest.mark.django_db
def test_an_unknown_secret_is_404(client):
    assert client.get(reverse("seasons:calendar-feed", kwargs={"secret": "nope"})).status_code == 404


@pytest.mark.django_db
def test_a_member_without_a_player_gets_an_empty_calendar(client, alice):
    assert _events(_fetch(client, alice)[1]) == {}


@pytest.mark.django_db
def test_the_page_shows_the_feed_url(alice):
    page = signed_in(alice).get(reverse("seasons:calendar"))
    assert calendar.feed_of(alice).secret in page.content.decode()


def _ladder_with_ana(user):
    ladder = ladder_service.create_ladder(name="Winter ladder")
    for name in ("Ana", "Ben"):
        ladder_service.join(ladder, name)
    _link("Ana", user)
    return ladder


@pytest.mark.django_db
def test_the_challenged_player_is_emailed_when_they_asked(alice):
    signed_in(alice).post(reverse("seasons:calendar"), {"email": "1", "email_notices": "on"})
    ladder = _ladder_with_ana(alice)
    ladder_service.challenge(ladder, "Ben", "Ana")
    assert [m.to for m in mail.outbox] == [[alice.email]]
    assert "Ben" in mail.outbox[0].subject and "Ladder challenge: Ben – Ana" in mail.outbox[0].body


@pytest.mark.django_db
def test_no_email_by_default(alice):
    ladder_service.challenge(_ladder_with_ana(alice), "Ben", "Ana")
    assert mail.outbox == []


@pytest.mark.django_db
def test_no_email_once_opted_out(alice):
    calendar.set_email_notices(alice, True)
    signed_in(alice).post(reverse("seasons:calendar"), {"email": "1"})  # the box unticked
    ladder_service.challenge(_ladder_with_ana(alice), "Ben", "Ana")
    assert mail.outbox == []


@pytest.mark.django_db
def test_no_email_without_an_address(alice):
    calendar.set_email_notices(alice, True)
    alice.email = ""
    alice.save(update_fields=["email"])
    ladder_service.challenge(_ladder_with_ana(alice), "Ben", "Ana")
    assert mail.outbox == []


@pytest.mark.django_db
def test_a_league_round_starting_emails_its_players_who_asked(alice):
    calendar.set_email_notices(alice, True)
    Player.objects.create(name="Ana", user=alice)
    league = league_service.create_league(name="Autumn league", divisions=[["Ana", "Ben", "Cid", "Dan"]], promote=0,
                                          first_deadline=timezone.now() + timedelta(days=7))
    assert len(mail.outbox) == 1  # round 1 starts with the league
    league_service.close_round(league.league_rounds.get(number=1))
    assert len(mail.outbox) == 2 and "round 2" in mail.outbox[1].subject
