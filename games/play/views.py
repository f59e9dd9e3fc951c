"""The live move-by-move entry pages: /games/new starts a game of the default game
(/games/new?game=<id> one of another game whose web adapter offers live entry; its form and
templates are the adapter's), /games/<id>/play records it one legal move at a time (and
/games/<id>/play/undo takes the last move back).

Only the game's creator (or staff) may record. Every move goes through `append_move`, the
same function as the live API, with the ply the page showed, so a stale page (a second tab,
a double click) gets a clear message instead of a double move. An htmx request gets the
``play`` partial back; a plain form post is answered with a redirect (or the page with the
message), so everything works without JavaScript.

Errors answer htmx with 200 (htmx swaps only 2xx answers) and a plain post with 400/409.
"""

from __future__ import annotations

import json
import uuid
from typing import Any
from urllib.parse import urlencode

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.middleware import HtmxDetails

from games.membership.access import member_required
from games.models import Game
from games.permissions import can_change_game
from games.play import bots
from games.play.appending import (
    MOVE_ID,
    Appended,
    ConflictingMove,
    NothingToUndo,
    RejectedMove,
    StalePly,
    append_move,
    tap_ply,
    undo_last_move,
)
from games.play.bots import BotError
from games.play.last_time import last_values, offer
from games.play.tally import game_over_line, tally
from games.replay.context import replay_context
from games.services import reason_of
from games.services.recording import Outcome, import_record
from games.ui import game_ui, ui_registry
from games.ui.timeline import NoReplay, Timeline, load_timeline
from imhotep_lib import request_json
from imhotep_lib.partials import wants_partial
from imhotep_lib.translation import say
from rules_engine.errors import RulesError, joined_parts
from rules_engine.gametype import Needs
from rules_engine.messages import msg
from rules_engine.registry import DEFAULT_GAME


def _plain(status: int, message: str) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class HtmxRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (for the type checker)."""

    htmx: HtmxDetails


# --------------------------------------------------------------------------- /games/new


def live_games() -> list[str]:
    """The games whose web adapter offers live entry."""
    return [g for g, ui in ui_registry().uis.items() if ui.live is not None]


@member_required
def new_game(request: HtmxRequest) -> HttpResponse:
    game_id = request.POST.get("game") or request.GET.get("game") or DEFAULT_GAME
    entry = game_ui(game_id).live
    if entry is None:
        return _plain(
            404,
            _("there is no live entry for the game {game}; this server records: {games}").format(
                game=repr(game_id[:40]), games=_(", ").join(live_games())
            ),
        )
    # "Same players as last time" (issue 50): the form filled as the last game this person started.
    last = last_values(request.user, game_id) if request.method != "POST" else None
    form = entry.new_form(request.POST or None, initial=last if request.GET.get("same") and last else None)
    if request.method == "POST" and form.is_valid():
        outcome = import_record(form.to_record(), user=request.user, source=Game.Source.RECORDED)
        stored = outcome.game
        if outcome.status == Outcome.IMPORTED and stored is not None:
            return redirect("play", pk=stored.pk)
        if outcome.status == Outcome.DUPLICATE and stored is not None:
            # Same players and the same transcribed boats, no moves yet: most likely a double
            # submit; name the stored game rather than store it twice.
            form.add_error(None, _("this game is already stored as game {game} ({url})").format(
                game=stored.pk, url=reverse("play", args=[stored.pk])))
        else:
            form.add_error(None, say(outcome.reason))
    status = 400 if request.method == "POST" else 200
    same = offer(last, game_id) if last and not request.GET.get("same") else None
    return render(request, entry.new_template, {"form": form, "known_names": form.known_names(), "same": same},
                  status=status)


# --------------------------------------------------------------------------- /games/<id>/play


def _checked_game(request: HtmxRequest, pk: int) -> Game | HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    if not can_change_game(request.user, game):  # answered in plain words, as every refusal of live entry
        refusal = _(
            "only the person who started game {game} (or staff) may record its moves; anyone may watch it at {url}"
        )
        return _plain(403, refusal.format(game=game.pk, url=reverse("replay", args=[game.pk])))
    if game_ui(game.game_type).live is None or not game.has_moves:
        return _plain(
            404,
            _("game {game} is not a game recorded move by move here; there is nothing to play").format(game=game.pk),
        )
    return game


def _render(request: HtmxRequest, game: Game, *, error: str = "", status: int = 200,
            pending: dict[str, Any] | None = None, timeline: Timeline | None = None,
            redo: dict[str, Any] | None = None, conflict: dict[str, Any] | None = None) -> HttpResponse:
    try:
        timeline = timeline or load_timeline(game)
    except (NoReplay, RulesError) as exc:
        return _plain(
            500,
            _("game {game} cannot be replayed by this engine: {reason}").format(
                game=game.pk, reason=say(reason_of(exc))
            ),
        )
    plies = timeline.plies
    ctx = replay_context(game, timeline, plies)
    state = timeline.state(plies)
    gt = timeline.game_type
    live = game.status == Game.Status.IN_PROGRESS and not gt.is_over(state)
    legal = [gt.move_to_json(m) for m in gt.legal_moves(state)] if live else []
    entry = ctx["ui"].live  # the game has live entry (`_checked_game`)
    menu = entry.menu(timeline, plies, ctx, legal, live)
    template = entry.play_template
    ctx.update(
        menu=menu,
        live=live,
        conflict=conflict,
        error=error,
        pending=pending,
        play_url=reverse("play", args=[game.pk]),
        undo_url=reverse("play-undo", args=[game.pk]),
        replay_url=reverse("replay", args=[game.pk]),
        detail_url=reverse("games:detail", args=[game.pk]),
        can_undo=plies > 0 and game.status != Game.Status.ABANDONED,
        # The move just undone, offered back beside undo (what it turned up at the table is asked again).
        redo_move=json.dumps(redo, separators=(",", ":")) if redo is not None and live else "",
        names=timeline.names,
        # The id of the next tap (js/retry.js sends it again if the connection drops): a
        # repeated request with it gets the stored move back instead of a second one.
        move_id=uuid.uuid4().hex,
    )
    if ctx["finished"]:  # the winner named, and the players' hand count checked (games/play/tally.py)
        result = timeline.score_at(plies)
        ctx.update(game_over=game_over_line(result, timeline.names), tally=tally(result, timeline.names, request.GET))
    partial = wants_partial(request)
    if partial and status >= 400:
        status = 200  # htmx swaps only successful answers; the message is in the partial
    response = render(request, f"{template}#play" if partial else template, ctx, status=status)
    if partial and not pending and "?" in (request.htmx.current_url or ""):
        response["HX-Replace-Url"] = ctx["play_url"]  # a prompt answered or gone: its URL goes too
    patch_vary_headers(response, ("HX-Request",))
    return response


def _conflict_line(exc: ConflictingMove) -> str:
    return _("Another device stored a different move as move {move}. Nothing is lost: choose which one the "
             "game keeps; the other is kept aside on this phone.").format(move=exc.expected + 1)


def _conflict(game: Game, exc: ConflictingMove, mine: dict[str, Any]) -> dict[str, Any]:
    """What the page shows beside a tap that another device's move beat to its ply: that
    device's moves from the ply on (in words, and as F2 for putting one back), the ply, and how
    many moves the game has (the undos "use this phone's" takes)."""
    try:
        stories = load_timeline(game).stories
    except (NoReplay, RulesError):
        stories = []
    theirs = [{"ply": ply, "number": ply + 1, "text": stories[ply].text if ply < len(stories) else "",
               "json": json.dumps(data, separators=(",", ":"))} for ply, data in exc.theirs]
    return {"ply": exc.expected, "number": exc.expected + 1, "current": exc.current, "theirs": theirs,
            "mine": json.dumps(mine, separators=(",", ":"))}


def _stale(game: Game, shown: int, current: int) -> str:
    return _(
        "This page showed game {game} after {shown} moves, but it now has {current} (it was "
        "recorded elsewhere, or sent twice). Nothing was stored; below is the current position."
    ).format(game=game.pk, shown=shown, current=current)


def _parse_ply(raw: str | None) -> int | None:
    try:
        ply = int(raw or "")
    except ValueError:
        return None
    return ply if ply >= 0 else None


def _done(request: HtmxRequest, changed: Appended | Game) -> HttpResponse:
    """The page after a change: an appended move's game and timeline are the game's now (the
    page is drawn from the state the append produced); after an undo the game is read again."""
    if not request.htmx:
        return redirect("play", pk=changed.pk if isinstance(changed, Game) else changed.game.pk)  # post/redirect/get
    if isinstance(changed, Appended):
        return _render(request, changed.game, timeline=changed.timeline)
    return _render(request, Game.objects.get(pk=changed.pk))


@member_required
def play(request: HtmxRequest, pk: int) -> HttpResponse:
    game = _checked_game(request, pk)
    if isinstance(game, HttpResponse):
        return game
    if request.method != "POST":
        return _resume(request, game)
    ply = _parse_ply(request.POST.get("ply"))
    try:
        move = request_json.loads(request.POST.get("move") or "", "move")
    except request_json.NotJSON:
        move = None  # said below with what the page must send
    except request_json.BadJSON as exc:
        return _render(request, game, status=400, error=say(exc.message))
    if ply is None or not isinstance(move, dict):
        return _render(request, game, status=400,
                       error=_("send the ply this page showed and one F2 move (pick a move on the page)"))
    try:  # against the bot, its turn first (a request that ended while it searched): the page is then stale
        bots.answer(game)
    except BotError as exc:
        return _render(request, game, status=400, error=reason_of(exc))
    entry = game_ui(game.game_type).live
    seen_at = game.updated_at  # before the record is built: a write after it is noticed
    move_id = request.POST.get("move_id", "")
    # A tap kept on a phone whose page showed an older position than its own stored moves:
    # it follows them (games/play/appending.py, `tap_ply`), so its prompt is asked there.
    ply = tap_ply(game, ply, move, move_id)
    shown = _shown(game, ply)
    need = _table_need(shown, move) if shown is not None else None
    if need is not None and entry is not None and shown is not None:
        # Ask for what the move turned up at the table (tokens drawn, cards revealed), then
        # store it with the move.
        fields = entry.table_fields(need)
        pending = {"move": json.dumps(move, separators=(",", ":")), "ply": ply, "need": need,
                   **entry.table_form(shown, need),
                   "values": {f: request.POST.get(f, "") for f in fields},
                   # the tap's own id: its answer, sent again after a dropped connection, is stored once
                   "move_id": move_id if MOVE_ID.fullmatch(move_id) else ""}
        # What the rules leave no choice about is not asked (issue 50: fewer taps).
        forced = None if any(f in request.POST for f in fields) else entry.forced_table(shown, need)
        if forced is None and not any(f in request.POST for f in fields):
            return _asking(request, game, pending, shown)
        answers, problems = entry.read_table(forced if forced is not None else request.POST, need)
        if problems:
            return _render(request, game, status=400, pending=pending, error=joined_parts(problems), timeline=shown)
    else:
        pending, answers = None, None
    try:
        appended = append_move(game.pk, ply, move, table=answers, shown=shown, seen_at=seen_at, move_id=move_id)
    except ConflictingMove as exc:
        return _render(request, game, status=409, error=_conflict_line(exc), conflict=_conflict(game, exc, move))
    except StalePly as exc:
        return _render(request, game, status=409, error=_stale(game, ply, exc.current))
    except RejectedMove as exc:
        return _render(request, game, status=400, pending=pending,
                       error=msg("That move was not recorded: {reason}", reason=exc.reason))
    try:  # a game against the bot: the bot's seats answer (docs/bots.md)
        appended = ([appended, *bots.answer(appended.game)])[-1]
    except BotError as exc:
        return _render(request, game, status=400, error=reason_of(exc))
    return _done(request, appended)


def _asking(request: HtmxRequest, game: Game, pending: dict[str, Any], shown: Timeline) -> HttpResponse:
    """The prompt for what a move turned up at the table, at a URL that asks it again: a reload
    (or a phone that dropped the tab) comes back to the prompt instead of losing the move."""
    response = _render(request, game, pending=pending, timeline=shown)
    if request.htmx and response.status_code == 200:
        query = urlencode({"ply": pending["ply"], "move": pending["move"]})
        response["HX-Replace-Url"] = f"{reverse('play', args=[game.pk])}?{query}"
    return response


def _resume(request: HtmxRequest, game: Game) -> HttpResponse:
    """GET: the page, with the prompt of a move waiting for the table's answer when the URL
    names one for the position shown (``?ply=N&move=…``, set by `_asking`); a stale or
    malformed one is dropped and the page shows the current position."""
    ply = _parse_ply(request.GET.get("ply"))
    entry = game_ui(game.game_type).live
    try:
        move = request_json.loads(request.GET.get("move") or "", "move")
    except request_json.BadJSON:
        move = None
    shown = _shown(game, ply) if ply is not None and isinstance(move, dict) else None
    need = _table_need(shown, move) if shown is not None and isinstance(move, dict) else None
    if need is None or entry is None or shown is None or not isinstance(move, dict):
        return _render(request, game)
    pending = {"move": json.dumps(move, separators=(",", ":")), "ply": ply, "need": need,
               **entry.table_form(shown, need), "values": {}}
    return _render(request, game, pending=pending, timeline=shown)


def _shown(game: Game, ply: int) -> Timeline | None:
    """The game's timeline when ``ply`` is its next ply (the position the page showed), else
    None: a stale page is refused by append_move."""
    if ply != game.moves.count():
        return None
    try:
        return load_timeline(game)
    except (NoReplay, RulesError):
        return None  # append_move names the problem


def _table_need(shown: Timeline, move: dict[str, Any]) -> Needs | None:
    """What ``move`` needs turned up at the table before it can be stored (`GameType.table_needs`)."""
    try:
        needs: Needs | None = shown.game_type.table_needs(shown.state(shown.plies), move)
        return needs
    except (KeyError, TypeError, RulesError):
        return None  # a malformed move: append_move names the problem


@member_required
@require_POST
def undo(request: HtmxRequest, pk: int) -> HttpResponse:
    game = _checked_game(request, pk)
    if isinstance(game, HttpResponse):
        return game
    ply = _parse_ply(request.POST.get("ply"))
    undone = game.moves.order_by("-ply").values_list("data", flat=True).first()
    try:
        undo_last_move(game.pk, ply)
        bots.undo_bot_moves(game)  # against the bot: back to where its person was to move
    except StalePly as exc:
        return _render(request, game, status=409, error=_stale(game, exc.expected, exc.current))
    except NothingToUndo as exc:
        return _render(request, game, status=400, error=reason_of(exc))
    if request.htmx and isinstance(undone, dict):
        return _render(request, Game.objects.get(pk=game.pk), redo=undone)
    return _done(request, game)


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/offline-sw.js served under /games/, the scope it keeps play pages for (a
    service worker controls only the pages below its own URL)."""
    script = finders.find("js/offline-sw.js")
    with open(str(script), encoding="utf-8") as fh:
        response = HttpResponse(fh.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
