"""Whole pages for readers who are not signed in, kept under the club history's version.

Most page views come from readers without an account (a replay link shared in the club chat,
the standings on a screen at the club night): every one of them sees the same page for the
same address, language and history. ``@reader_cache`` keeps such a page (body and headers)
in this process and in the shared cache (Redis, or the files every worker of the machine
reads), keyed by the address, the language, the htmx headers that choose a partial, the
history's version (``games.services.history_version``: any game, move, seat, result, player,
rating or analysis written moves it on, so a change shows at once on every server) and the
release (the code and the installed plugins: an upgrade never serves an older page).

What differs between readers stays out of the kept page: it is drawn with a placeholder where
the CSRF token goes (the ``csrf_placeholder`` context processor), and each answer gets its own
token. A request with a session or a flash message (a signed-in member, a reader who was just
told something) is never served or kept; neither is an answer other than 200 or one that sets
a cookie. ``X-Page-Cache: hit`` or ``miss`` says which it was (docs/operations.md).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache, wraps
from pathlib import Path

from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from games import engine, lru
from games.lru import LRU
from games.services import history_version

#: Where the CSRF token goes in a kept page; never a real token (those are 64 letters and digits).
PLACEHOLDER = "--imhotep-csrf-token--"
_PLACEHOLDER = PLACEHOLDER.encode()
#: Seconds a page stays in the shared cache: a backstop, the version key is what keeps it true.
TTL = 3600
#: Pages this process keeps in memory before asking the shared cache.
LOCAL_SIZE = 128
Kept = tuple[bytes, list[tuple[str, str]]]  # the body and the headers of a page
_local: LRU[Kept] = LRU(entries=LOCAL_SIZE)
_generation = 0  # settings changed in this process (tests): an older page may be wrong


def reader_cache(view):
    """Serve and keep ``view``'s GET answers for readers who are not signed in."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not _cacheable(request):
            return view(request, *args, **kwargs)
        key = _key(request)
        kept = lru.read(_local, key)
        if kept is not None:
            return _answer(request, *kept)
        request.page_cache_placeholder = True
        response = view(request, *args, **kwargs)
        if response.streaming:
            return response
        if response.status_code == 200 and not response.cookies:
            headers = [(name, value) for name, value in response.items() if name.lower() != "content-length"]
            lru.write(_local, key, (response.content, headers), TTL)
            _mark(response, "miss")
        response.content = response.content.replace(_PLACEHOLDER, get_token(request).encode())
        return response

    return wrapped


def csrf_placeholder(request) -> dict:
    """Context processor: the placeholder for the CSRF token while a page to keep is drawn."""
    return {"csrf_token": PLACEHOLDER} if getattr(request, "page_cache_placeholder", False) else {}


def clear_local() -> None:
    _local.clear()


def _cacheable(request) -> bool:
    if request.method not in ("GET", "HEAD"):
        return False
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


def _key(request) -> str:
    headers = request.headers
    parts = "\n".join((
        request.get_host(), request.scheme, request.get_full_path(), get_language() or "",
        headers.get("HX-Request", ""), headers.get("HX-History-Restore-Request", ""),
    ))
    digest = hashlib.sha256(parts.encode()).hexdigest()
    return f"imhotep:page:{release()}:{_generation}:{history_version.current()}:{digest}"


def _answer(request, body: bytes, headers: list[tuple[str, str]]) -> HttpResponse:
    response = HttpResponse(body.replace(_PLACEHOLDER, get_token(request).encode()))
    for name, value in headers:
        response[name] = value
    return _mark(response, "hit")


def _mark(response: HttpResponse, how: str) -> HttpResponse:
    response["X-Page-Cache"] = how
    # Whether the reader has a session decides whether a kept page may be served.
    patch_vary_headers(response, ("Cookie",))
    return response


@lru_cache(maxsize=1)
def release() -> str:
    """The code that draws the pages (templates, Python, catalogues, static files) and the
    plugins installed: servers of one release share pages, an upgrade starts afresh."""
    digest = hashlib.sha256(engine.registry().fingerprint.encode())
    root = Path(settings.BASE_DIR)
    for folder in ("templates", "games", "scoring", "imhotep_site", "rules_engine", "locale", "static"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".html", ".mo", ".js", ".css", ".svg"}:
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _settings_changed(**_kwargs) -> None:
    global _generation
    _generation += 1
    clear_local()


setting_changed.connect(_settings_changed, dispatch_uid="imhotep-page-cache-settings")
