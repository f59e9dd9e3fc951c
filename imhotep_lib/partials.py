"""htmx partials: one URL answers either its whole page or the piece of it htmx swaps in.

htmx sends ``HX-Request`` on every request it makes, including a history restore (Back after its
history cache missed), which replaces the whole body and so needs the whole page. The answer
varies on ``HX-Request`` so that caches (and htmx's own history) keep the two bodies apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers


def wants_partial(request: HttpRequest) -> bool:
    """Whether htmx asked for a piece of the page: yes unless it is a history restore."""
    htmx = getattr(request, "htmx", None)  # django_htmx's middleware sets it
    return htmx is not None and bool(htmx) and not htmx.history_restore_request


def render_partial(
    request: HttpRequest,
    template: str,
    partial: str,
    context: Mapping[str, Any],
    *,
    status: int = 200,
) -> HttpResponse:
    """``template`` whole, or only its ``{% partialdef partial %}`` when htmx asks for it."""
    name = f"{template}#{partial}" if wants_partial(request) else template
    response = render(request, name, dict(context), status=status)
    patch_vary_headers(response, ("HX-Request",))
    return response
