"""Event pages (under /events/): the list, creating an event (club admins), an event's page
with its players, rounds and standings, and the admin's actions on it. Views parse, call
`lifecycle`, and render; every htmx link has a plain href."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.events import lifecycle
from games.events.forms import EventForm, FixForm, LinkForm, RegisterForm
from games.events.models import Event, Pairing, Registration
from games.events.presenting import round_views
from games.events.results import entrants_of, history_of, rounds_of, standings
from games.membership.access import member_required
from games.membership.roles import is_club_admin


def admin_required(view):
    @login_required
    @wraps(view)
    def guarded(request, *args, **kwargs):
        if not is_club_admin(request.user):
            raise PermissionDenied(_("Only a club admin may run events."))
        return view(request, *args, **kwargs)

    return guarded


@require_GET
def event_list(request):
    events = Event.objects.all()[:200]
    return render(request, "events/list.html", {"events": events, "is_admin": is_club_admin(request.user)})


@admin_required
@require_http_methods(["GET", "POST"])
def event_create(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = lifecycle.create_event(
                name=data["name"], game_type=data["game_type"], kind=data["kind"], rounds=data["rounds"],
                user=request.user, seed=data["seed"], scoring=data["scoring"], place_points=data["place_points"],
                bye_points=data["bye_points"], language=data["language"])
        except lifecycle.EventError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("events:detail", pk=event.pk)
    return render(request, "events/create.html", {"form": form}, status=400 if form.errors else 200)


def _detail_context(request, event: Event) -> dict:
    lifecycle.link_games(event)
    rounds = rounds_of(event)
    history = history_of(event, rounds)
    return {
        "event": event,
        "registrations": entrants_of(event),
        "rounds": round_views(event, rounds),
        "standings": standings(event, history),
        "is_admin": is_club_admin(request.user),
        "register_form": RegisterForm(),
        "tiebreaks": event.tiebreaks,
    }


@require_GET
def event_detail(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    context = _detail_context(request, event)
    template = "events/detail.html#standings" if request.htmx and request.GET.get("part") == "standings" else (
        "events/detail.html")
    return render(request, template, context)


def _back(event: Event):
    return redirect("events:detail", pk=event.pk)


def _refused(request, event: Event, exc: Exception):
    messages.error(request, str(exc))
    return _back(event)


@admin_required
@require_POST
def register(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    form = RegisterForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("give the player's name"))
        return _back(event)
    try:
        lifecycle.register(event, form.cleaned_data["name"], checked_in=True)
    except (lifecycle.EventError, ValueError) as exc:
        return _refused(request, event, exc)
    return _back(event)


@admin_required
@require_POST
def check_in(request, pk: int, reg: int):
    registration = get_object_or_404(Registration, pk=reg, event_id=pk)
    lifecycle.set_checked_in(registration, request.POST.get("checked_in") == "1")
    return _back(registration.event)


@admin_required
@require_POST
def withdraw(request, pk: int, reg: int):
    registration = get_object_or_404(Registration, pk=reg, event_id=pk)
    lifecycle.withdraw(registration)
    return _back(registration.event)


@admin_required
@require_POST
def start_round(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    try:
        lifecycle.start_round(event)
    except lifecycle.EventError as exc:
        return _refused(request, event, exc)
    return _back(event)


@admin_required
@require_POST
def finish(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    lifecycle.finish(event)
    return _back(event)


def _pairing(pk: int, table_pk: int) -> Pairing:
    return get_object_or_404(Pairing.objects.select_related("round__event"), pk=table_pk, round__event_id=pk)


@member_required
@require_POST
def record_live(request, pk: int, table: int):
    pairing = _pairing(pk, table)
    try:
        game = lifecycle.start_live_game(pairing, request.user)
    except lifecycle.EventError as exc:
        return _refused(request, pairing.round.event, exc)
    return redirect("play", pk=game.pk)


@admin_required
@require_POST
def link_game(request, pk: int, table: int):
    pairing = _pairing(pk, table)
    form = LinkForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("give the number of a stored game"))
        return _back(pairing.round.event)
    try:
        lifecycle.link_game(pairing, form.cleaned_data["game"])
    except lifecycle.EventError as exc:
        return _refused(request, pairing.round.event, exc)
    return _back(pairing.round.event)


@admin_required
@require_POST
def fix_result(request, pk: int, table: int):
    pairing = _pairing(pk, table)
    form = FixForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors.get("ranks", [])))
        return _back(pairing.round.event)
    try:
        lifecycle.fix_result(pairing, form.cleaned_data["ranks"])
    except lifecycle.EventError as exc:
        return _refused(request, pairing.round.event, exc)
    return _back(pairing.round.event)
