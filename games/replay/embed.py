"""Replays other sites can embed (issue 33): ``/games/<id>/embed?ply=N`` is the replay viewer's
position and move list on a bare page that may be framed (this route only: the site answers
``X-Frame-Options: DENY`` everywhere else), and ``/oembed?url=…`` turns a replay or game link
into that ``<iframe>`` for forum software (oEmbed 1.0, "rich")."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve, reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_GET

from games.models import Game
from games.replay.context import BadPly, parse_ply, replay_context
from games.services import reason_of
from games.ui.timeline import NoReplay, load_timeline
from imhotep_lib.partials import render_partial
from imhotep_lib.translation import say
from rules_engine.errors import RulesError

#: The frame's size when the asker gives none (oEmbed ``maxwidth``/``maxheight`` shrink it).
WIDTH, HEIGHT = 640, 720
#: The pages whose link oEmbed answers for: the replay, its embed, the game page.
EMBEDDABLE = {"replay", "embed", "games:detail"}


def _plain(status: int, message: str) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _language(raw: str | None) -> str | None:
    """``?lang=`` when it names a language of the site (else the reader's own, as everywhere)."""
    codes = {code for code, _name in settings.LANGUAGES}
    return raw if raw in codes else None


def _keep_language(ctx: dict, lang: str | None) -> None:
    """Every step link keeps ``?lang=`` (the framing site chose the language, not the reader)."""
    if not lang:
        return
    tail = f"&lang={lang}"
    ctx["nav"] = {key: url + tail for key, url in ctx["nav"].items()}
    ctx["url"] += tail
    moves = ctx["moves"]
    ctx["moves"] = lambda: [{**m, "url": m["url"] + tail} for m in moves()]


@xframe_options_exempt
@require_GET
def embed(request, pk: int):
    lang = _language(request.GET.get("lang"))
    with translation.override(lang or translation.get_language()):
        response = _embed(request, pk, lang)
    patch_vary_headers(response, ("Accept-Language", "HX-Request"))
    # Any site may frame the embed (that is its point); the rest of the site stays DENY.
    response["Content-Security-Policy"] = "frame-ancestors *"
    return response


def _embed(request, pk: int, lang: str | None) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    try:
        timeline = load_timeline(game)
    except NoReplay as exc:
        return _plain(404, say(reason_of(exc)))
    except RulesError as exc:
        return _plain(500, _("game {game} can no longer be replayed by this engine: {reason}").format(
            game=game.pk, reason=say(reason_of(exc))))
    try:
        ply = parse_ply(request.GET.get("ply"), timeline.plies)
    except BadPly as exc:
        return _plain(exc.status, exc.message)
    ctx = replay_context(game, timeline, ply, base=reverse("embed", args=[game.pk]))
    _keep_language(ctx, lang)
    ctx.update(live=False, partial=False, lang=lang,
               full_url=request.build_absolute_uri(reverse("replay", args=[game.pk])) + f"?ply={ply}")
    ctx["position"] = render_to_string("games/replay.html#position", ctx, request)
    # A step inside the frame (htmx) gets only the viewer; a plain link the page.
    return render_partial(request, "games/embed.html", "viewer", ctx)


def iframe_html(src: str, width: int, height: int, title: str) -> str:
    return (f'<iframe src="{escape(src)}" width="{width}" height="{height}" title="{escape(title)}" '
            f'style="border:0" loading="lazy"></iframe>')


def _size(raw: str | None, default: int) -> int:
    return min(default, int(raw)) if raw and raw.isdigit() and int(raw) > 0 else default


def _game_of(url: str, request) -> tuple[Game, str | None]:
    """The game (and ``?ply=``) a link of ours names; ``Http404`` with the reason otherwise."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or parts.netloc != request.get_host():
        raise Http404(_("{url} is not a link to this site").format(url=url[:200]))
    try:
        match = resolve(parts.path)
    except Resolver404:
        raise Http404(_("{url} is not a link to a game or a replay").format(url=url[:200])) from None
    if match.view_name not in EMBEDDABLE:
        raise Http404(_("{url} is not a link to a game or a replay").format(url=url[:200]))
    game = Game.objects.filter(pk=match.kwargs["pk"]).first()
    if game is None or not game.has_moves:
        raise Http404(_("game {game} has no moves to replay").format(game=match.kwargs["pk"]))
    ply = (parse_qs(parts.query).get("ply") or [""])[0]
    return game, ply if ply.isdigit() else None


@require_GET
def oembed(request):
    """oEmbed 1.0 (oembed.com §2.2): JSON only (``format=xml`` is 501, as the spec says)."""
    url = request.GET.get("url", "")
    if not url:
        return _plain(400, _("url: give the link of a replay or a game of this site"))
    if request.GET.get("format", "json") != "json":
        return _plain(501, _("format: only json is answered"))
    try:
        game, ply = _game_of(url, request)
    except Http404 as exc:
        return _plain(404, str(exc))
    src = request.build_absolute_uri(reverse("embed", args=[game.pk])) + (f"?ply={ply}" if ply else "")
    width = _size(request.GET.get("maxwidth"), WIDTH)
    height = _size(request.GET.get("maxheight"), HEIGHT)
    title = _("Replay of game {number}").format(number=game.pk)
    return JsonResponse({
        "version": "1.0",
        "type": "rich",
        "title": title,
        "provider_name": _("Imhotep score & game records"),
        "provider_url": request.build_absolute_uri("/"),
        "html": iframe_html(src, width, height, title),
        "width": width,
        "height": height,
    })

