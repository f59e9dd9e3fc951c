"""Club-history pages. Server-rendered; htmx swaps the filtered or paginated part of a page
(each hx-get has the same URL as a plain link or form action, so everything works without
JavaScript). The pages read; storing and deleting go through games.services."""

from __future__ import annotations

from typing import cast

from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.functional import SimpleLazyObject, lazy
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import export_limits, read_limits, registered_games
from games.analysis.mistakes import mistakes_by_player
from games.calibration_chart import reliability_svg
from games.events.models import Pairing
from games.events.views import after_saving_board
from games.filters import GameFilterForm, games_with_seats, history_games
from games.forms import GameDetailsForm, ImportForm, SaveScoreForm
from games.membership.access import member_required
from games.models import Game, ImportJob, Player, Seat
from games.permissions import can_change_game, recorder_required
from games.player_checks import NEW_PLAYERS, board_lookalikes
from games.services import (
    bgg,
    editing,
    exporting,
    history_version,
    importing,
    ratings,
    ratings_check,
    reason_of,
    recording,
    sharing,
    stats,
    win_calibration,
)
from games.services.documents import decode_upload
from games.services.variations import shown_notes
from games.ui import game_ui
from games.ui.calculators import calculate_posted
from imhotep_lib import callers
from imhotep_lib.limits import LimitExceeded
from imhotep_lib.partials import render_partial, wants_partial
from imhotep_lib.translation import say
from rules_engine.registry import DEFAULT_GAME

PAGE_SIZE = 25
IN_PROGRESS_SHOWN = 10


@require_GET
def game_list(request):
    # The filter form and the table are cached under the history's version (the template's
    # {% cache %}): lazy, so a cached page runs none of their queries.
    def make_form() -> GameFilterForm:
        players = stats.club_players().only("id", "name").order_by("name_key")
        return GameFilterForm(request.GET or None, players=list(players))

    form = cast(GameFilterForm, SimpleLazyObject(make_form))

    def make_page():
        games = form.filter(history_games()) if form.is_bound else history_games()
        return Paginator(games, PAGE_SIZE).get_page(request.GET.get("page"))

    querystring = lazy(lambda: form.querystring() if form.is_bound else "", str)()
    # Games being recorded come first, so a recorder finds theirs again after closing the page;
    # variations being played on (from another game's position) apart: they are no games being
    # played (issue 50).
    recording_now = games_with_seats().filter(status=Game.Status.IN_PROGRESS).exclude(source=Game.Source.SCORE)
    recorded = [(game, can_change_game(request.user, game)) for game in recording_now[:2 * IN_PROGRESS_SHOWN]]
    in_progress = [(game, mine) for game, mine in recorded if game.parent_id is None][:IN_PROGRESS_SHOWN]
    variations_now = [(game, mine) for game, mine in recorded if game.parent_id is not None][:IN_PROGRESS_SHOWN]
    return render_partial(
        request,
        "games/list.html",
        "results",
        {
            "form": form,
            "page": SimpleLazyObject(make_page),
            "querystring": querystring,
            "query_prefix": lazy(lambda: f"{querystring}&" if str(querystring) else "", str)(),
            "game_names": dict(registered_games.game_types()),
            "in_progress": in_progress,
            "variations_now": variations_now,
            "history_version": history_version.current(),
            "tables_cache": history_version.tables_cache(),
            "request_query": request.GET.urlencode(),
        },
    )


@require_GET
def game_detail(request, pk: int):
    game = get_object_or_404(Game.objects.select_related("created_by"), pk=pk)
    seats = list(game.seats.select_related("player", "result").order_by("order"))
    results = [getattr(seat, "result", None) for seat in seats]
    keys: list[str] = []
    for result in results:
        for key in result.breakdown if result else {}:
            if key not in keys:
                keys.append(key)
    breakdown_rows = [
        # Breakdown keys use underscores, site ids dashes (the base game's burial_chamber).
        (key, game.sides.get(key) or game.sides.get(key.replace("_", "-")),
         [r.breakdown.get(key, "") if r else "" for r in results])
        for key in keys
    ]
    return render(
        request,
        "games/detail.html",
        {
            "game": game,
            "game_name": registered_games.game_name(game.game_type),
            "ui": game_ui(game.game_type),
            "seats": seats,
            "results": results,
            "has_results": any(results),
            "tie_broken": any(r.tie_broken for r in results if r),
            "breakdown_rows": breakdown_rows,
            "plies": game.moves.count() if game.has_moves else None,
            "can_change": can_change_game(request.user, game),
            "details_form": GameDetailsForm(instance=game),
            "mistakes": mistakes_by_player(game),
            "bgg_url": bgg.logplay_url(game, seats),
            "notes": shown_notes(game),
        },
    )


@member_required
@require_POST
def game_details(request, pk: int):
    """Date, place and notes of a game, changed by its recorder or a club admin."""
    game = get_object_or_404(Game, pk=pk)
    recorder_required(request.user, game,
                      _("Only the member who recorded this game, or a club admin, may change its details."))
    form = GameDetailsForm(request.POST, instance=Game.objects.get(pk=pk))
    if not form.is_valid():
        # Translators: the separator between the problems of several fields.
        problems = _("; ").join(
            # Translators: a field of the game details form and what is wrong with it.
            _("{field}: {problems}").format(field=form[name].label, problems=" ".join(map(str, errs)))
            for name, errs in form.errors.items()
        )
        messages.error(request, _("Not saved: {problems}").format(problems=problems))
        return redirect("games:detail", pk=pk)
    editing.update_game(game, **form.cleaned_data)
    messages.success(request, _("Game details saved."))
    return redirect("games:detail", pk=pk)


@member_required
@require_POST
def game_abandon(request, pk: int):
    game = get_object_or_404(Game, pk=pk)
    recorder_required(request.user, game, _("Only the member who recorded this game, or a club admin, may abandon it."))
    try:
        editing.abandon_game(game)
    except editing.EditRefused as exc:
        messages.error(request, say(exc.problem))
        return redirect("games:detail", pk=pk)
    messages.success(request, _("Game {game} abandoned: it stays in the history, and no move can be added.").format(
        game=pk))
    # An event table's game: back to the event, where its result can now be set by hand.
    back = Pairing.objects.filter(game_id=pk).values_list("round__event_id", flat=True).first()
    return redirect("events:detail", pk=back) if back is not None else redirect("games:detail", pk=pk)


@member_required
@require_POST
def game_delete(request, pk: int):
    game = get_object_or_404(Game, pk=pk)
    recorder_required(request.user, game, _("Only the member who recorded this game, or a club admin, may delete it."))
    editing.delete_game(game)
    messages.success(request, _("Game {game} deleted; the ratings were recomputed.").format(game=pk))
    return redirect("games:list")


@require_GET
def game_export(request, pk: int):
    game = get_object_or_404(games_with_seats().prefetch_related("moves"), pk=pk)
    document = exporting.game_document(game, with_history=request.GET.get("history") == "1")
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": 2})
    kind = "record" if game.has_moves else "board"
    response["Content-Disposition"] = f'attachment; filename="{game.game_type}-game-{game.pk}-{kind}.json"'
    return response


def _filtered_download(request, rows, order: tuple[str, ...], content_type: str, name: str, extension: str):
    """Stream the games the list's filters select, as a dated attachment: throttled per client,
    at most IMHOTEP_EXPORT_PAGE_GAMES games a request (games/export_limits.py)."""
    export_limits.check(request)
    games = GameFilterForm(request.GET or None).filter(Game.objects.all())
    games, next_page = export_limits.page_of(games, order, request.GET.get("page"))
    response = StreamingHttpResponse(rows(games), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}-{timezone.localdate():%Y-%m-%d}.{extension}"'
    if next_page is not None:
        query = request.GET.copy()
        query["page"] = str(next_page)
        response["Link"] = f'<{request.path}?{query.urlencode()}>; rel="next"'
    return response


@require_GET
def export_ndjson(request):
    return _filtered_download(request, exporting.iter_ndjson, ("played_on", "id"),
                              "application/x-ndjson; charset=utf-8", "games", "ndjson")


@require_GET
def results_csv(request):
    return _filtered_download(request, exporting.iter_results_csv, ("-played_on", "-id"),
                              "text/csv; charset=utf-8", "results", "csv")


def _rated_game_tabs(request) -> tuple[list[tuple[str, str]], str]:
    """The game types of the standings' tabs (every registered one, plus any rated type no
    longer registered) and the one ``?game=`` asks for (else the most played)."""
    choices = stats.rated_game_choices()
    game_type = request.GET.get("game") or stats.most_played_game_type() or DEFAULT_GAME
    if game_type not in {gt for gt, _ in choices}:
        game_type = DEFAULT_GAME
    return choices, game_type


@require_GET
def standings(request):
    choices, game_type = _rated_game_tabs(request)
    # Cached under the history's version with the table (the template's {% cache %}): lazy.
    table = SimpleLazyObject(lambda: stats.standings_table(game_type, settings.IMHOTEP_MIN_RANKED_GAMES))
    return render_partial(
        request,
        "games/standings.html",
        "table",
        {
            "game_type": game_type,
            "game_name": registered_games.game_name(game_type),
            "rating_model": ratings.model_name(game_type),
            "choices": choices,
            "table": table,
            "history_version": history_version.current(),
            "tables_cache": history_version.tables_cache(),
        },
    )


@require_GET
def rating_check(request):
    """How well each rating system would have predicted the club's games
    (`games.services.ratings_check`, cached under the history's version)."""
    read_limits.check(request, "ratings-check")  # callers not signed in: Busy (429) over their rate
    choices, game_type = _rated_game_tabs(request)
    caller = callers.caller_of(request)
    calibration = win_calibration.cached_calibration(game_type, caller)
    return render_partial(
        request,
        "games/ratings_check.html",
        "check",
        {
            "game_type": game_type,
            "game_name": registered_games.game_name(game_type),
            "rating_model": ratings.model_name(game_type),
            "choices": choices,
            "check": ratings_check.cached_check(game_type, caller),
            "calibration": calibration,
            "calibration_svg": reliability_svg(calibration),
        },
    )


@member_required
@require_POST
def save_score(request):
    """The calculator's "save to club history": stores a score-only game (formats.md F1). htmx
    posts the calculator's fields with it (scoring/_save.html), and the board saved is theirs, as
    typed at the tap; a plain post's board is the one its page was rendered with."""
    live = wants_partial(request)
    data = request.POST
    if live and (calc := calculate_posted(data)) is not None:
        if calc.result is None:
            return _not_saved(request, [(problem.words, problem.message) for problem in calc.problems], live)
        data = data.copy()
        data["board"] = calc.board_json
    form = SaveScoreForm(data)
    if not form.is_valid():
        errors = [
            (name if name != "__all__" else "", msg) for name, msgs in form.errors.items() for msg in msgs
        ]
        return _not_saved(request, errors, live)
    if not form.cleaned_data["new_players"] and (questions := board_lookalikes(form.cleaned_data["board"])):
        return _not_saved(request, [("", question) for question in questions], live, ask_new_players=True)
    outcome = recording.import_board(form.cleaned_data["board"], user=request.user, meta=form.meta())
    if outcome.status == outcome.REJECTED:
        return _not_saved(request, outcome.errors, live)
    game = outcome.game
    if outcome.status == outcome.DUPLICATE:
        messages.info(request, _("This board was already saved for that day, as game {game}.").format(game=game.pk))
    else:
        messages.success(request, _("Saved as game {game}.").format(game=game.pk))
    # A club night's table: the board is its result, and the page to go back to is the event's.
    back = after_saving_board(request, game) or redirect("games:detail", pk=game.pk)
    return HttpResponseClientRedirect(back["Location"]) if live else back


def _not_saved(request, errors, live: bool, *, ask_new_players: bool = False) -> HttpResponse:
    """Why the board was not saved: for htmx a piece for ``#save-outcome`` under the save button
    (a 200: htmx swaps only 2xx answers), else the page with the board as sent (400).
    ``ask_new_players``: the only reason is a name like a member's; both offer to save again
    with "these are new players" ticked."""
    context = {
        "errors": errors,
        "board": request.POST.get("board", ""),
        "calculator": request.POST.get("calculator", ""),
        "ask_new_players": ask_new_players,
        "new_players_label": NEW_PLAYERS,
    }
    if live:
        return render(request, "scoring/_save_errors.html", context)
    return render(request, "games/save_error.html", context, status=400)


@member_required
@require_http_methods(["GET", "POST"])
def import_records(request):
    """The upload page. An upload within the limits is kept and imported by a worker
    (games.services.importing): answered 202 with its progress, which the page follows."""
    form = ImportForm(request.POST or None, request.FILES or None)
    context: dict = {"form": form, "job": None}
    status = 200
    over_limit = False
    if request.method == "POST":
        if form.is_valid():
            try:
                text = decode_upload(form.cleaned_data["file"].read())
            except ValueError as exc:
                form.add_error("file", say(reason_of(exc)))
            else:
                try:
                    context["job"] = importing.start(text, user=request.user, language=get_language())
                    status = 202
                except LimitExceeded as exc:
                    form.add_error("file", say(exc.message))
                    over_limit = True
        # htmx swaps only 2xx answers; the plain form gets the honest 400 (413 over a limit).
        if form.errors and not request.htmx:
            status = 413 if over_limit else 400
    return render_partial(request, "games/import.html", "outcome", context, status=status)


@member_required
@require_GET
def import_job(request, pk):
    """An upload's progress, then each record's outcome (its uploader's, or a club admin's)."""
    job = get_object_or_404(ImportJob, pk=pk)
    if job.created_by_id != request.user.pk and not request.user.is_staff:
        raise Http404
    return render_partial(request, "games/import.html", "outcome", {"form": ImportForm(), "job": job})


def _bgstats_response(games, filename: str) -> JsonResponse:
    response = JsonResponse(sharing.bgstats_document(games), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def game_bgstats(request, pk: int):
    """One game in BG Stats' import format (docs/history.md)."""
    game = get_object_or_404(Game, pk=pk)
    return _bgstats_response(games_with_seats().filter(pk=game.pk), f"imhotep-game-{game.pk}.bgsplay.json")


@require_GET
def player_bgstats(request, pk: int):
    """All finished games of a player in BG Stats' import format."""
    export_limits.check(request)
    player = get_object_or_404(Player, pk=pk)
    games = games_with_seats().filter(pk__in=Seat.objects.filter(player=player).values("game_id"))
    return _bgstats_response(games, f"imhotep-{slugify(player.name) or player.pk}.bgsplay.json")


@require_GET
def game_share_svg(request, pk: int):
    """The score sheet as an image: a permalink to share (cached by browsers for an hour)."""
    game = get_object_or_404(Game, pk=pk)
    response = HttpResponse(sharing.score_sheet_svg(game), content_type="image/svg+xml; charset=utf-8")
    response["Cache-Control"] = "public, max-age=3600"
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response
