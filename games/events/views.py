"""Event pages (under /events/): the list, creating an event (club admins), an event's page
with its players, rounds and standings, and the admin's actions on it. Views parse, call
`lifecycle`, and render; every htmx link has a plain href."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.events import byes, lifecycle, linking, prohibited, result_entry
from games.events.forms import ByeRequestForm, EventForm, FixForm, LinkForm, RegisterForm
from games.events.models import ByeRequest, Event, Pairing, Registration
from games.events.presenting import round_views, tiebreak_columns
from games.events.results import entrants_of, history_of, rounds_of, standings
from games.events.slips import slips_of
from games.membership.access import member_required
from games.membership.roles import is_club_admin
from games.permissions import can_change_game
from games.ui import game_ui
from imhotep_lib.partials import render_partial, wants_partial


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
                pairing_edition=data["pairing_edition"], requested_byes=data["requested_byes"])
        except lifecycle.EventError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("events:detail", pk=event.pk)
    return render(request, "events/create.html", {"form": form}, status=400 if form.errors else 200)


def _detail_context(request, event: Event) -> dict:
    # A read only: the games stored for a table were linked when they were saved (`linking`).
    rounds = rounds_of(event)
    history = history_of(event, rounds)
    rows = standings(event, history)
    return {
        "event": event,
        "next_round": len(rounds) + 1,
        "can_start": event.status != Event.Status.FINISHED and len(rounds) < event.rounds,
        "can_finish": lifecycle.can_finish(event, rounds),
        "registrations": entrants_of(event),
        "rounds": round_views(event, rounds),
        "standings": rows,
        "tiebreak_columns": tiebreak_columns(event.tiebreaks, rows),
        "is_admin": is_club_admin(request.user),
        "register_form": RegisterForm(),
        "tiebreaks": event.tiebreaks,
        **_bye_context(request, event),
        **prohibited.page_part(event, is_club_admin(request.user)),
        **_row_messages(request),
    }


def _bye_context(request, event: Event) -> dict:
    """The requested byes' part of the page: who may ask (an admin for anyone, a player for
    themselves), for which rounds and kinds, and the byes asked for rounds not started yet."""
    kinds = byes.allowed_kinds(event)
    rounds = byes.coming_rounds(event) if kinds else []
    if not rounds:
        return {"bye_kinds": [], "bye_rounds": [], "bye_requests": [], "bye_players": []}
    registrations = [r for r in entrants_of(event) if not r.withdrawn]
    askers = registrations if is_club_admin(request.user) else [
        r for r in registrations if request.user.is_authenticated and r.player.user_id == request.user.pk]
    requests = (event.bye_requests.filter(round_number__in=rounds).select_related("player")
                .order_by("round_number", "player__name_key"))
    mine = {r.player_id for r in askers}
    return {
        "bye_kinds": [(k, ByeRequest.Kind(k).label) for k in kinds], "bye_rounds": rounds, "bye_players": askers,
        "bye_requests": [(r, r.player_id in mine) for r in requests],
    }


@require_GET
def event_detail(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    context = _detail_context(request, event)
    if request.GET.get("part") == "standings":  # the standings' own refresh (its href is the page)
        return render_partial(request, "events/detail.html", "standings", context)
    return render(request, "events/detail.html", context)


@require_GET
def round_slips(request, pk: int, number: int):
    """The round's pairing slips to print: public, like the tables on the event page."""
    event = get_object_or_404(Event, pk=pk)
    round_ = next((r for r in rounds_of(event) if r.number == number), None)
    if round_ is None:
        raise Http404("no such round")
    context = {"event": event, "round": round_, "slips": slips_of(request, event, round_)}
    return render(request, "events/slips.html", context)


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
        return _back_to_table(request, pairing, _("give the number of a stored game"))
    try:
        lifecycle.link_game(pairing, form.cleaned_data["game"])
    except lifecycle.EventError as exc:
        return _back_to_table(request, pairing, str(exc))
    return _back_to_table(request, pairing)


@admin_required
@require_POST
def fix_result(request, pk: int, table: int):
    """A two-seat table's result by its code (`result_entry`: a win, a forfeit, a double
    forfeit), a larger table's places; back to that table, not the top of the page."""
    pairing = _pairing(pk, table)
    form = FixForm(request.POST)
    if not form.is_valid():
        return _back_to_table(request, pairing, " ".join(str(e) for e in form.errors.get("ranks", [])))
    try:
        result_entry.set_result(pairing, form.cleaned_data["result"] if "result" in request.POST else None,
                                form.cleaned_data["ranks"])
    except lifecycle.EventError as exc:
        return _back_to_table(request, pairing, str(exc))
    return _back_to_table(request, pairing)


def _back_to_table(request, pairing: Pairing, error: str = ""):
    """Back to the table's row: with htmx the row itself (its message in it, the page where it
    was), else the event page at the row's anchor (the message at the top, as for every action)."""
    event = pairing.round.event
    if wants_partial(request):
        rounds = [r for r in rounds_of(event) if r.pk == pairing.round_id]
        (round_view,) = round_views(event, rounds)
        row = next(t for t in round_view.tables if t.pairing.pk == pairing.pk)
        return render(request, "events/detail.html#table-row", {
            "event": event, "round": round_view, "t": row, "is_admin": is_club_admin(request.user),
            "row_message": error})
    if error:  # shown in the table's row, where the page opens (`_row_messages`)
        messages.error(request, error, extra_tags=f"{ROW_TAG}{pairing.pk}")
    return redirect(reverse("events:detail", args=[event.pk]) + f"#table-{pairing.round.number}-{pairing.table}")


ROW_TAG = "pairing-"


def _row_messages(request) -> dict:
    """The page's messages, those about one table apart: shown in its row, where the page opens."""
    page, row_for, row_text = [], None, ""
    for m in messages.get_messages(request):
        if m.extra_tags.startswith(ROW_TAG) and m.extra_tags[len(ROW_TAG):].isdigit():
            row_for, row_text = int(m.extra_tags[len(ROW_TAG):]), str(m)
        else:
            page.append(m)
    return {"page_messages": page, "row_error_for": row_for, "row_error": row_text}


@member_required
@require_POST
def request_bye(request, pk: int):
    """A player asks for a bye in a coming round (for themselves; a club admin for anyone)."""
    event = get_object_or_404(Event, pk=pk)
    form = ByeRequestForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("choose the player, the round and the bye"))
        return _to_byes(event)
    registration = get_object_or_404(Registration.objects.select_related("player"), event=event,
                                     player_id=form.cleaned_data["player"])
    _may_ask_for(request, registration.player)
    try:
        byes.request_bye(registration, form.cleaned_data["round"], form.cleaned_data["kind"], request.user)
    except lifecycle.EventError as exc:
        messages.error(request, str(exc))
    return _to_byes(event)


@member_required
@require_POST
def cancel_bye(request, pk: int, bye: int):
    bye_request = get_object_or_404(ByeRequest.objects.select_related("player"), pk=bye, event_id=pk)
    _may_ask_for(request, bye_request.player)
    try:
        byes.cancel_bye(bye_request)
    except lifecycle.EventError as exc:
        messages.error(request, str(exc))
    return _to_byes(bye_request.event)


def _may_ask_for(request, player) -> None:
    if not (is_club_admin(request.user) or player.user_id == request.user.pk):
        raise PermissionDenied(_("A player asks for their own bye; a club admin for anyone."))


def _to_byes(event: Event):
    return redirect(reverse("events:detail", args=[event.pk]) + "#byes")


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
