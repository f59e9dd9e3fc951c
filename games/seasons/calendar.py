"""A member's calendar feed (docs/seasons.md, "Calendar and email"): their open ladder
challenges, their league games of open rounds and their current club-night table, as iCalendar
(RFC 5545, through `icalendar`). Each entry is an all-day event on its deadline (or, for a club
night, on the day its round was paired), with a UID made of the row's id, so a calendar app
updates an entry rather than adding a second one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from icalendar import Calendar
from icalendar import Event as VEvent

from games.events.models import Event, PairingSeat
from games.models import Player
from games.seasons.models import CalendarFeed, Challenge, LeagueGame, _new_feed_secret

UID_DOMAIN = "imhotep-seasons"


@dataclass(frozen=True)
class Entry:
    uid: str
    day: date
    summary: str
    path: str  # the page's path; the view makes it absolute


def feed_of(user) -> CalendarFeed:
    return CalendarFeed.objects.get_or_create(user=user)[0]


def renew(user) -> CalendarFeed:
    """A new secret: the old URL answers 404 from now on."""
    with transaction.atomic():
        feed = CalendarFeed.objects.select_for_update().get(pk=feed_of(user).pk)
        feed.secret = _new_feed_secret()
        feed.save(update_fields=["secret"])
    return feed


def set_email_notices(user, wanted: bool) -> CalendarFeed:
    feed = feed_of(user)
    feed.email_notices = wanted
    feed.save(update_fields=["email_notices"])
    return feed


def _day(moment: datetime) -> date:
    return timezone.localtime(moment).date()


def _short(moment: datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "j M")


def entries(player: Player, reverse: Callable[..., str]) -> list[Entry]:
    """What ``player`` has to play next; ``reverse`` names the pages (django.urls.reverse)."""
    found: list[Entry] = []
    challenges = (Challenge.objects.filter(status=Challenge.Status.OPEN)
                  .filter(Q(challenger=player) | Q(defender=player))
                  .select_related("challenger", "defender", "ladder"))
    for c in challenges:
        found.append(Entry(
            f"challenge-{c.pk}@{UID_DOMAIN}", _day(c.deadline),
            _("Ladder challenge: %(challenger)s – %(defender)s, play by %(deadline)s") % {
                "challenger": c.challenger.name, "defender": c.defender.name, "deadline": _short(c.deadline)},
            reverse("seasons:ladder", kwargs={"pk": c.ladder_id})))
    games = (LeagueGame.objects.filter(round__closed=False, result="")
             .filter(Q(first=player) | Q(second=player))
             .select_related("first", "second", "round", "division"))
    for g in games:
        found.append(Entry(
            f"league-game-{g.pk}@{UID_DOMAIN}", _day(g.round.deadline),
            _("League round %(round)s: %(first)s – %(second)s, play by %(deadline)s") % {
                "round": g.round.number, "first": g.first.name, "second": g.second.name,
                "deadline": _short(g.round.deadline)},
            reverse("seasons:league", kwargs={"pk": g.division.league_id})))
    found.extend(_club_night_tables(player, reverse))
    return sorted(found, key=lambda e: (e.day, e.uid))


def _club_night_tables(player: Player, reverse: Callable[..., str]) -> list[Entry]:
    """A running club night's table of its latest round, while it has no result: club nights
    have no dates, so it shows on the day the round was paired. Byes are left out (nothing to play)."""
    found = []
    seats = (PairingSeat.objects.filter(player=player, pairing__round__event__status=Event.Status.RUNNING,
                                        pairing__bye=False, pairing__game__isnull=True,
                                        pairing__fixed_ranks__isnull=True)
             .select_related("pairing__round__event"))
    for seat in seats:
        pairing = seat.pairing
        round_ = pairing.round
        if round_.event.round_set.order_by("-number").values_list("pk", flat=True).first() != round_.pk:
            continue
        names = list(pairing.seats.order_by("order").values_list("player__name", flat=True))
        found.append(Entry(
            f"event-table-{pairing.pk}@{UID_DOMAIN}", _day(round_.started_at),
            _("%(event)s, round %(round)s, table %(table)s: %(players)s") % {
                "event": round_.event.name, "round": round_.number, "table": pairing.table,
                "players": " – ".join(names)},
            reverse("events:detail", kwargs={"pk": round_.event_id})))
    return found


def ical(entries_: list[Entry], absolute: Callable[[str], str], now: datetime | None = None) -> bytes:
    """The entries as an iCalendar document; ``absolute`` makes a page's path a full URL."""
    cal = Calendar()
    cal.add("prodid", "-//Imhotep club service//seasons//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", _("Imhotep: my games"))
    stamp = now or timezone.now()
    for e in entries_:
        event = VEvent()
        event.add("uid", e.uid)
        event.add("dtstamp", stamp)
        event.add("dtstart", e.day)
        event.add("dtend", e.day + timedelta(days=1))
        event.add("summary", e.summary)
        event.add("url", absolute(e.path))
        event.add("transp", "TRANSPARENT")  # a deadline does not make the day busy
        cal.add_component(event)
    return cal.to_ical()
