"""The board-data page (docs/board-data.md): a club admin enters the numbers printed only on the
boards, sees the versions, exports and imports them as JSON, and rescores chosen games with a
newer version after seeing what it changes. The game's adapter draws the form
(`GameUI.board_data`); the work is in games/boarddata.py."""

from __future__ import annotations

import json
import re

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from games import boarddata
from games.membership.roles import is_club_admin
from games.models import BoardData, Game
from games.services import rescoring
from games.ui import game_ui
from imhotep_lib.translation import say
from rules_engine.registry import base_registry

RESCORE_LIST = 200  # games offered for a rescore: the newest


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Board data file (JSON)"))


def _editor(game: str):
    if game not in base_registry().plain_games:
        raise Http404
    editor = game_ui(game).board_data
    if editor is None:
        raise Http404
    return editor


def _admin(request) -> None:
    if not is_club_admin(request.user):
        raise PermissionDenied(_("Only a club admin may change the board data."))


def field_for(path: str, fields: dict[str, str]) -> str | None:
    """The field holding ``path`` or, failing that, its nearest parent (``a.b[2].value`` →
    ``a.b[2]`` → ``a.b`` → ``a``)."""
    while path:
        if path in fields:
            return fields[path]
        trimmed = re.sub(r"(\.[^.\[\]]+|\[\d+\])$", "", path)
        if trimmed == path:
            return None
        path = trimmed
    return None


def _place_problems(form: forms.Form, problems, fields: dict[str, str]) -> None:
    for path, problem in problems:
        form.add_error(field_for(path, fields), say(problem))


@login_required
@require_http_methods(["GET", "POST"])
def board_data_page(request, game: str):
    editor = _editor(game)
    _admin(request)
    current = boarddata.current(game)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    form = editor.form(initial=editor.initial(current.data if current else {}))
    import_form = ImportForm()
    preview = None
    chosen: list[int] = []
    if action == "save":
        form = editor.form(request.POST)
        if form.is_valid():
            data, fields = editor.to_data(form.cleaned_data)
            if not data:
                form.add_error(None, _("Nothing was entered: fill in at least one board."))
            else:
                saved = boarddata.save(game, data, user=request.user)
                if saved.version is not None:
                    return redirect(reverse("games:board-data", args=[game]) + f"?saved={saved.version.version}")
                _place_problems(form, saved.problems, fields)
    elif action == "import":
        import_form = ImportForm(request.POST, request.FILES)
        if import_form.is_valid():
            saved = boarddata.import_text(game, import_form.cleaned_data["file"].read(), user=request.user)
            if saved.version is not None:
                return redirect(reverse("games:board-data", args=[game]) + f"?saved={saved.version.version}")
            for _path, problem in saved.problems:
                import_form.add_error("file", say(problem))
    elif action in ("preview", "rescore") and current is not None:
        chosen = [int(pk) for pk in request.POST.getlist("games") if pk.isdigit()]
        games = list(Game.objects.filter(pk__in=chosen, game_type=game).exclude(board_data=current))
        if action == "rescore" and games:
            rescoring.rescore(games, current)
            return redirect(reverse("games:board-data", args=[game]) + f"?rescored={len(games)}")
        preview = rescoring.rescore_preview(games, current)
    page_problems = form.errors.get("__all__", [])
    older = (Game.objects.filter(game_type=game).exclude(board_data=current).select_related("board_data")
             .order_by("-played_on", "-id")[:RESCORE_LIST]) if current is not None else []
    plugin = boarddata.plugin_keys(game)
    return render(request, "games/board_data.html", {
        "game": game,
        "game_name": base_registry().plain_games[game].name,
        "editor": editor,
        "form": form,
        "import_form": import_form,
        "current": current,
        "versions": boarddata.versions(game),
        "overridden": [(editor.parts.get(key, key), plugin_name) for key, plugin_name in plugin.items()
                       if current is not None and key in current.data],
        "supplied": [(editor.parts.get(key, key), plugin_name) for key, plugin_name in plugin.items()],
        "page_problems": page_problems,
        "older": older,
        "preview": preview,
        "chosen": chosen,
        "saved": request.GET.get("saved"),
        # A count of games (the redirect after saving sets it); anything else shows nothing (issue #52's sweep).
        "rescored": rescored if (rescored := request.GET.get("rescored", "")).isdigit() else None,
    }, status=400 if import_form.errors else 200)  # a refused file is the admin's to fix: 400, as a refused upload


@login_required
@require_GET
def board_data_export(request, game: str):
    _editor(game)
    _admin(request)
    number = request.GET.get("version", "")
    version: BoardData | None
    if number.isdigit():
        version = get_object_or_404(BoardData, game_type=game, version=int(number))
    else:
        version = boarddata.current(game)
    if version is None:
        raise Http404
    response = HttpResponse(json.dumps(boarddata.export(version), indent=2, ensure_ascii=False),
                            content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{game}-board-data-v{version.version}.json"'
    return response
