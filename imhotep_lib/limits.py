"""Request limits (docs/security.md): body sizes, records per bulk import, moves per record.

Each limit is a setting read from the environment and answered with **413** and a message
naming the limit, its setting and what was sent:

* `RequestLimitsMiddleware` refuses a body over ``IMHOTEP_MAX_JSON_BYTES`` (the bulk import
  page: ``IMHOTEP_MAX_IMPORT_BYTES``) before anything reads it — by its Content-Length, or by
  reading at most limit + 1 bytes of a body sent without one (chunked);
* the domain code calls `check_moves` / `check_record_count` and raises `LimitExceeded`,
  which the middleware answers with the same 413 wherever it comes from.

API callers (``/api/…``, or a JSON request) get ``{"detail": "…", "limit": n}``; pages a short
HTML page.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Mapping

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
from django.utils import translation
from rest_framework.throttling import BaseThrottle

from imhotep_lib.slots import Busy
from imhotep_lib.translation import say
from rules_engine.messages import msg

#: Routes (view names) whose body may reach IMHOTEP_MAX_IMPORT_BYTES: the bulk import upload (page, API).
IMPORT_ROUTES = frozenset({"games:import", "games-api:import-list"})

_CHUNK = 64 * 1024
#: Methods whose body no view reads: an unframed body on them is left unread.
_BODILESS_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


class LimitExceeded(Exception):
    """A request asks more than this server accepts (answered 413). Not a ValueError: the
    engine's and the forms' ValueError handlers must not swallow it."""

    def __init__(self, message: str, *, limit: int, count: int | None = None, setting: str = ""):
        super().__init__(message)
        self.message = message  # for people: a message (rules_engine.messages), said in the reader's language
        self.limit = limit
        self.count = count
        self.setting = setting


# --------------------------------------------------------------------------- count caps


def check_moves(document: object, *, label: str | None = None) -> None:
    """Refuse a record with more moves than ``IMHOTEP_MAX_MOVES`` (a real game has a few hundred
    at most); anything that is not a record with a list of moves is left to the engine.
    ``label`` names the record (default "the record"), e.g. ``msg("record {number}", number=3)``."""
    moves = document.get("moves") if isinstance(document, Mapping) else None
    limit = settings.IMHOTEP_MAX_MOVES
    if isinstance(moves, list | tuple) and len(moves) > limit:
        raise LimitExceeded(
            msg(
                "{record} has {count} moves; this server accepts at most {limit} moves per record (IMHOTEP_MAX_MOVES)",
                record=label if label is not None else msg("the record"),
                count=len(moves),
                limit=limit,
            ),
            limit=limit,
            count=len(moves),
            setting="IMHOTEP_MAX_MOVES",
        )


def check_record_count(count: int) -> None:
    """Refuse a bulk import of more than ``IMHOTEP_MAX_IMPORT_RECORDS`` records."""
    limit = settings.IMHOTEP_MAX_IMPORT_RECORDS
    if count > limit:
        raise LimitExceeded(
            msg(
                "the upload has {count} records; this server imports at most {limit} at a time "
                "(IMHOTEP_MAX_IMPORT_RECORDS); split the file, or use manage.py import_records",
                count=count,
                limit=limit,
            ),
            limit=limit,
            count=count,
            setting="IMHOTEP_MAX_IMPORT_RECORDS",
        )


# --------------------------------------------------------------------------- callers


def client_address(request: HttpRequest) -> str | None:
    """The caller's address as the throttles see it (X-Forwarded-For trusted only through the
    ``IMHOTEP_NUM_PROXIES`` proxies in front of us); axes locks out by the same address."""
    return BaseThrottle().get_ident(request)


# --------------------------------------------------------------------------- body sizes


def body_limit(request: HttpRequest) -> tuple[int, str]:
    """The byte limit of this request's route, and the setting that holds it."""
    try:
        view_name = resolve(request.path_info).view_name
    except Resolver404:
        view_name = ""
    if view_name in IMPORT_ROUTES:
        return settings.IMHOTEP_MAX_IMPORT_BYTES, "IMHOTEP_MAX_IMPORT_BYTES"
    return settings.IMHOTEP_MAX_JSON_BYTES, "IMHOTEP_MAX_JSON_BYTES"


def _declared_length(request: HttpRequest) -> int | None:
    raw = request.META.get("CONTENT_LENGTH")
    try:
        return int(raw) if raw not in (None, "") else None
    except ValueError:
        return None


def _unframed_stream(request: HttpRequest):
    """The body stream of a request sent without Content-Length, or None when there is none.

    WSGI: only a server that ends the input itself (``wsgi.input_terminated``, as gunicorn
    does for chunked bodies) may be read to its end; otherwise Django reads nothing. ASGI:
    Django has received the body already, and caps nothing when the body is read."""
    environ = getattr(request, "environ", None)
    if isinstance(environ, dict) and "wsgi.input" in environ:
        return environ["wsgi.input"] if environ.get("wsgi.input_terminated") else None
    return getattr(request, "_stream", None)


def _read_at_most(stream, size: int) -> bytes:
    parts, total = [], 0
    while total < size:
        chunk = stream.read(min(_CHUNK, size - total))
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
    return b"".join(parts)


def _too_large(count: int | None, limit: int, setting: str) -> LimitExceeded:
    if count is None:
        message = msg("the request body is larger; this endpoint accepts at most {limit} bytes ({setting})",
                      limit=limit, setting=setting)
    else:
        message = msg("the request body is {count} bytes; this endpoint accepts at most {limit} bytes ({setting})",
                      count=count, limit=limit, setting=setting)
    return LimitExceeded(message, limit=limit, count=count, setting=setting)


def wants_json(request: HttpRequest) -> bool:
    content_type = request.META.get("CONTENT_TYPE", "")
    accept = request.META.get("HTTP_ACCEPT", "")
    return (
        request.path_info.startswith("/api/")
        or content_type.startswith("application/json")
        or ("application/json" in accept and "text/html" not in accept)
    )


def limit_response(request: HttpRequest, exc: LimitExceeded, *, early: bool = False) -> HttpResponse:
    """The 413 answer, in the reader's language. ``early``: refused before the locale
    middleware ran, so the language is taken from the request (cookie, Accept-Language) here."""
    language = translation.get_language_from_request(request) if early else None
    with translation.override(language) if language else contextlib.nullcontext():
        message = say(exc.message)
        if wants_json(request):
            return JsonResponse({"detail": message, "limit": exc.limit}, status=413)
        html = render_to_string("limits/413.html", {"message": message}, request=request)
        return HttpResponse(html, status=413)


def busy_response(request: HttpRequest, exc: Busy) -> HttpResponse:
    """The 429 answer to `Busy` (no room for an expensive read), in the reader's language."""
    message = say(exc.message)
    if wants_json(request):
        response: HttpResponse = JsonResponse({"detail": message}, status=429)
    else:
        response = HttpResponse(render_to_string("limits/429.html", {"message": message}, request=request), status=429)
    response["Retry-After"] = str(exc.retry_after)
    return response


class RequestLimitsMiddleware:
    """413 for a body over the route's limit; 413 for `LimitExceeded` raised by a view; 429
    for `Busy` raised by a view (imhotep_lib/slots.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = _declared_length(request)
        if length is not None:
            # Most bodies are far below the smallest limit: resolve the route only when needed.
            if length > settings.IMHOTEP_MAX_JSON_BYTES:
                limit, setting = body_limit(request)
                if length > limit:
                    return limit_response(request, _too_large(length, limit, setting), early=True)
        elif request.method not in _BODILESS_METHODS:
            stream = _unframed_stream(request)
            if stream is not None:
                limit, setting = body_limit(request)
                body = _read_at_most(stream, limit + 1)
                if len(body) > limit:
                    return limit_response(request, _too_large(None, limit, setting), early=True)
                # From here on the body is an ordinary one of known length (DRF and Django's
                # form parsing read by Content-Length).
                request._stream = io.BytesIO(body)
                request.META["CONTENT_LENGTH"] = str(len(body))
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, LimitExceeded):
            return limit_response(request, exception)
        if isinstance(exception, Busy):
            return busy_response(request, exception)
        return None
