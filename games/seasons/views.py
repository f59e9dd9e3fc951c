"""Season pages (under /seasons/): club admins make and run seasons, ladders and leagues
through the API (docs/seasons.md); the ladder and league pages carry the result forms of
`result_views`. Views read, call the services, render."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.membership.access import member_required
from games.membership.roles import is_club_admin
from games.models import Player
from games.seasons import calendar, league_service, result_views, season_service
from games.seasons.models import CalendarFeed, Challenge, Ladder, League, Season


@require_GET
def index(request):
    return render(request, "seasons/index.html", {
        "seasons": Season.objects.all()[:50], "ladders": Ladder.objects.all()[:50],
        "leagues": League.objects.all()[:50], "is_admin": is_club_admin(request.user)})


def _season_context(season: Season) -> dict:
    found, _names, events = season_service.placings(season)
    return {"season": season, "table": season_service.season_table(season), "events": events,
            "counted_events": len({p.event for p in found})}


@require_GET
def season(request, pk: int):
    return render(request, "seasons/season.html", _season_context(get_object_or_404(Season, pk=pk)))


@require_GET
def season_screen(request, pk: int):
    found = get_object_or_404(Season, pk=pk)
    with translation.override(found.language):
        return render(request, "seasons/screen.html", _season_context(found))


@require_GET
def season_screen_live(request, pk: int):
    """The big screen's table alone, polled by htmx every 30 s."""
    found = get_object_or_404(Season, pk=pk)
    with translation.override(found.language):
        return render(request, "seasons/screen.html#live", _season_context(found))


@require_GET
def ladder(request, pk: int):
    """The order and the challenges, each open one with its result forms (`result_views`)."""
    found = get_object_or_404(Ladder, pk=pk)
    challenges = found.challenges.select_related("ladder", "challenger", "defender", "entered_by").order_by(
        "-created_at", "-id")
    notes = result_views.notes_of(request)
    open_ = result_views.lines(request, [c for c in challenges if c.status == Challenge.Status.OPEN], notes=notes)
    return render(request, "seasons/ladder.html", {
        "ladder": found, "rungs": found.rungs.select_related("player").order_by("place"), "open": open_,
        "decided": [c for c in challenges if c.status != Challenge.Status.OPEN][:20],
        "notes": result_views.unshown(notes, open_)})


@require_GET
def league(request, pk: int):
    """The division tables and the current round's games, each with its result forms."""
    found = get_object_or_404(League, pk=pk)
    closed = league_service.closed_rounds(found)
    rounds = list(found.league_rounds.order_by("number"))
    current = next((r for r in rounds if not r.closed), None)
    notes = result_views.notes_of(request)
    divisions = [(d, league_service.division_table(d, closed), result_views.lines(request, d.games.select_related(
        "division__league", "round", "first", "second", "entered_by").filter(round=current), notes=notes)
        if current else []) for d in found.divisions.order_by("level")]
    return render(request, "seasons/league.html", {
        "league": found, "rounds": rounds, "current": current, "divisions": divisions,
        "notes": result_views.unshown(notes, *(games for _d, _t, games in divisions))})


@member_required
@require_http_methods(["GET", "POST"])
def calendar_page(request):
    """The member's feed URL, a button to renew its secret and the email choice."""
    if request.method == "POST":
        if "renew" in request.POST:
            calendar.renew(request.user)
            messages.success(request, _("Your calendar has a new address; the old one no longer works."))
        elif "email" in request.POST:
            calendar.set_email_notices(request.user, request.POST.get("email_notices") == "on")
            messages.success(request, _("Your email choice is saved."))
        return redirect("seasons:calendar")
    feed = calendar.feed_of(request.user)
    url = request.build_absolute_uri(reverse("seasons:calendar-feed", kwargs={"secret": feed.secret}))
    return render(request, "seasons/calendar.html", {
        "feed": feed, "url": url, "player": getattr(request.user, "club_player", None)})


@require_GET
def calendar_feed(request, secret: str):
    """The feed itself: no sign-in (calendar apps cannot), the secret is the credential."""
    feed = get_object_or_404(CalendarFeed.objects.select_related("user"), secret=secret)
    player = Player.objects.filter(user=feed.user).first()
    found = calendar.entries(player, reverse) if player is not None else []
    response = HttpResponse(calendar.ical(found, request.build_absolute_uri),
                            content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, max-age=300"
    return response
