"""Event pages (under /events/): the list, creating an event (club admins), an event's page
with its players, rounds and standings, and the admin's actions on it. Views parse, call
`lifecycle`, and render; every htmx link has a plain href."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.events import lifecycle, linking
from games.events.forms import EventForm, FixForm, LinkForm, RegisterForm
from games.events.models import Event, Pairing, Registration
from games.events.presenting import round_views
from games.events.results import entrants_of, history_of, rounds_of, standings
from games.membership.access import member_required
from games.membership.roles import is_club_admin
from games.permissions import can_change_game
from games.ui import game_ui


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
                bye_points=data["bye_points"], language=data["language"],
                pairing_edition=data["pairing_edition"])
        except lifecycle.EventError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("events:detail", pk=event.pk)
    return render(request, "events/create.html", {"form": form}, status=400 if form.errors else 200)


def _detail_context(request, event: Event) -> dict:
    # A read only: the games stored for a table were linked when they were saved (`linking`).
    rounds = rounds_of(event)
    history = history_of(event, rounds)
    return {
        "event": event,
        "next_round": len(rounds) + 1,
        "can_start": event.status != Event.Status.FINISHED and len(rounds) < event.rounds,
        "can_finish": lifecycle.can_finish(event, rounds),
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
    try:
        lifecycle.set_checked_in(registration, request.POST.get("checked_in") == "1")
    except lifecycle.EventError as exc:
        return _refused(request, registration.event, exc)
    return _back(registration.event)


@admin_required
@require_POST
def withdraw(request, pk: int, reg: int):
    registration = get_object_or_404(Registration, pk=reg, event_id=pk)
    try:
        lifecycle.withdraw(registration)
    except lifecycle.EventError as exc:
        return _refused(request, registration.event, exc)
    return _back(registration.event)


@admin_required
@require_POST
def start_round(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    try:
        number = int(request.POST["round"]) if request.POST.get("round") else None
    except ValueError:
        messages.error(request, _("the round to start is a number"))
        return _back(event)
    try:
        lifecycle.start_round(event, number)
    except lifecycle.EventError as exc:
        return _refused(request, event, exc)
    return _back(event)


@admin_required
@require_POST
def finish(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    try:
        lifecycle.finish(event)
    except lifecycle.EventError as exc:
        return _refused(request, event, exc)
    messages.success(request, _("The event is finished."))
    return _back(event)


def _pairing(pk: int, table_pk: int) -> Pairing:
    return get_object_or_404(Pairing.objects.select_related("round__event"), pk=table_pk, round__event_id=pk)


@member_required
@require_http_methods(["GET", "POST"])
def record_live(request, pk: int, table: int):
    """The table's own game, live: the game's new-game form (the same as "Record a game": dealt
    by the service, transcribed from the table, or turned up at the table) with the table's
    players in their seats. A post without the form's fields has the service deal it (so does
    the page of a game whose form cannot be seated, e.g. a plugin's). Either way the game is
    started and linked under a lock on the table, so a second press lands on the first's game."""
    pairing = _pairing(pk, table)
    event = pairing.round.event
    if pairing.game is not None:
        return _to_game(request, pairing.game)
    names = lifecycle.seated_names(pairing)
    entry = game_ui(event.game_type).live
    seats = entry.new_form.seated(names) if entry is not None else {}
    posted_form = request.method == "POST" and bool(set(request.POST) - {"csrfmiddlewaretoken"})
    if request.method == "GET":
        if entry is None or not seats:
            return render(request, "events/live.html", {"event": event, "pairing": pairing, "names": names})
        return _live_form(request, pairing, entry, entry.new_form(initial=seats))
    form = None
    if entry is not None and seats and posted_form:
        data = request.POST.copy()
        for key, value in seats.items():  # the table's players and seats, whatever was posted
            data[key] = str(value)
        form = entry.new_form(data)
        if not form.is_valid():
            return _live_form(request, pairing, entry, form, status=400)
    try:
        game, created = lifecycle.start_live_game(pairing, request.user, form.to_record() if form else None)
    except lifecycle.EventError as exc:
        if form is None:
            return _refused(request, event, exc)
        form.add_error(None, str(exc))
        return _live_form(request, pairing, entry, form, status=400)
    if not created:
        messages.info(request, _("Table %(table)s's game was already started: here it is.") % {"table": pairing.table})
    return _to_game(request, game)


def _to_game(request, game):
    """Its live entry for whoever may record it (who started it, staff), else its replay."""
    return redirect("play" if can_change_game(request.user, game) else "replay", pk=game.pk)


def _live_form(request, pairing: Pairing, entry, form, *, status: int = 200):
    """The game's own new-game page, posting back here, its players fixed to the table's."""
    event = pairing.round.event
    return render(request, entry.new_template, {
        "form": form, "known_names": [], "form_action": reverse("events:live", args=[event.pk, pairing.pk]),
        "seated": True, "event": event, "event_table": pairing.table,
    }, status=status)


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


def after_saving_board(request, game) -> HttpResponse | None:
    """After the calculator saved ``game``: link it to the event table it was played at
    (`linking`) and go back to that event's page; None when it is no table's game. A game that
    fits open tables of two events is linked to neither, and the saver is told which; so is the
    saver of a game at a table a player withdrew from (back to the event: its result is set by hand)."""
    linked = linking.link_stored(game)
    if linked.pairing is not None:
        event = linked.pairing.round.event
        messages.success(request, _("Game %(game)s is the result of table %(table)s.") % {
            "game": game.pk, "table": linked.pairing.table})
        return _back(event)
    if linked.ambiguous:
        tables = ", ".join(
            _("table %(table)s of %(event)s") % {"table": p.table, "event": p.round.event.name}
            for p in linked.ambiguous)
        messages.warning(request, _("Game %(game)s fits more than one open table (%(tables)s): a club admin "
                                    "links it to the right one.") % {"game": game.pk, "tables": tables})
    if linked.withdrawn is not None:
        table = linked.withdrawn
        messages.warning(request, _("Game %(game)s is not the result of table %(table)s of %(event)s: a player "
                                    "there withdrew from the event, so a club admin sets that table's result by "
                                    "hand.") % {"game": game.pk, "table": table.table, "event": table.round.event.name})
        return _back(table.round.event)
    return None
