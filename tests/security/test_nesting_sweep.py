"""The nesting sweep (issue #52): every route of the URL resolver, the admin's included, gets
JSON nested 1,000 levels deep in every place request data is read — each query parameter, each
form field and upload of a POST, a JSON body of POST, PUT and PATCH — from a signed-in member
(the games' owner; staff on the club managers' routes, a superuser on the admin's), with real
rows in its path (the game, its player, an event with a round paired, a puzzle). Every answer
is below 500: a 4xx that says what is wrong, a page (the JSON ignored), or 405 where the route
takes no such method.

Field and parameter names are read from the apps, not listed: every ``request.POST``/``GET``/
``query_params``/``data`` key the views read and every field of every form class. Each request
runs in a savepoint rolled back after it, so a route that deletes (a game, a player) leaves the
rows for the next. The table (route × request → status) is printed:
``pytest -s tests/security/test_nesting_sweep.py`` (the closing note of #52 quotes it)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django import forms
from django.contrib import admin
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import NoReverseMatch, reverse

from tests.factories import UserFactory
from tests.security.route_urls import admin_url, club_event_kwargs, url_of
from tests.security.routes import WRITE_ROUTES, Route, admin_routes, site_routes

ROOT = Path(__file__).resolve().parents[2]
APPS = ("games", "scoring", "imhotep_lib", "imhotep_site")
DEEP = "[" * 1000 + "]" * 1000
READS = re.compile(r"request\.(?:POST|GET|query_params|data|FILES)(?:\.get(?:list)?\(\s*|\[)[\"'](\w+)[\"']")
#: What the board-data page does only for ``action=import`` (its file is read only then).
ACTION_IMPORT = {"action": "import"}
#: Answers of 500 and above that are no failure: the oEmbed spec's "no such format" (the query's
#: ``format`` is not json).
SPEC_ANSWERS = {("/oembed", "501")}
COLUMNS = ("GET ?q", "POST form", "POST form+import", "POST json", "PUT json", "PATCH json")


def field_names() -> list[str]:
    """Every request key the apps read, and every field of their forms."""
    names = set()
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            names.update(READS.findall(path.read_text(encoding="utf-8")))
    pending: list[type] = [forms.BaseForm]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.split(".")[0] in APPS:
            names.update(getattr(cls, "base_fields", {}))
    names.discard("csrfmiddlewaretoken")
    return sorted(names)


def who_may(route: Route) -> str:
    if route.route.startswith("admin/"):
        return "superuser"
    return "staff" if any(rule.who == "staff" for rule in WRITE_ROUTES.get(route.key, {}).values()) else "owner"


def route_url(route: Route, game) -> str:
    """route_urls' URL for the route; for a route it cannot fill yet (a new one), the
    event's rows where the route is an event's, and 1 for any other number (a 404 is swept too)."""
    try:
        return url_of(route, game)
    except NoReverseMatch:
        numbers = dict.fromkeys(re.findall(r"<int:(\w+)>", route.route), 1)
        if "event" in route.key and "pk" in numbers:
            numbers.update(club_event_kwargs(route))
        elif "pk" in numbers:
            numbers["pk"] = game.pk
        return reverse(route.key, kwargs=numbers)


def admin_object_url(route: Route) -> str:
    """The admin route with a real row where it names one (the model's first)."""
    url = admin_url(route)
    match = re.fullmatch(r"admin:(\w+?)_(\w+)_(change|delete|history)", route.key)
    if match:
        for model in admin.site._registry:
            if (model._meta.app_label, model._meta.model_name) == match.groups()[:2]:
                row = model._default_manager.order_by("pk").first()
                if row is not None:
                    url = url.replace("/1/", f"/{row.pk}/", 1)
    return url


def answer(user, method: str, url: str, **kwargs) -> str:
    """The status of one request by ``user``, signed in afresh (a logout route must not sign the
    next out), in a savepoint rolled back after it; an exception let through is a 500."""
    try:
        with transaction.atomic():
            client = Client(raise_request_exception=True)
            client.force_login(user)
            response = client.generic(method, url, **kwargs) if method != "POST_FORM" else client.post(url, **kwargs)
            transaction.set_rollback(True)
    except Exception as exc:  # the view let it through: Django would answer 500
        return f"500 {type(exc).__name__}"
    return str(response.status_code)


def sweep(route: Route, user, url: str, names: list[str]) -> dict[str, str]:
    deep_fields = dict.fromkeys(names, DEEP)
    # DRF reads ``format`` as the renderer to use: an unknown one is a 404 before the view runs.
    query = {k: v for k, v in deep_fields.items() if k != "format" or not hasattr(route.view_class, "renderer_classes")}
    json_body = "{" + ", ".join(f'"{name}": {DEEP}' for name in names[:3]) + "}"
    upload = {"file": SimpleUploadedFile("deep.json", DEEP.encode(), content_type="application/json")}
    statuses = {"GET ?q": answer(user, "GET", url + "?" + urlencode(query))}
    statuses["POST form"] = answer(user, "POST_FORM", url, data={**deep_fields, **upload})
    upload["file"].seek(0)
    statuses["POST form+import"] = answer(user, "POST_FORM", url, data={**deep_fields, **ACTION_IMPORT, **upload})
    for method in ("POST", "PUT", "PATCH"):
        statuses[f"{method} json"] = answer(user, method, url, data=json_body, content_type="application/json")
    return statuses


def table(rows: dict[str, dict[str, str]]) -> str:
    width = max(len(route) for route in rows)
    lines = [f"{'route':<{width}}  " + "  ".join(f"{c:<16}" for c in COLUMNS)]
    lines += [f"{route:<{width}}  " + "  ".join(f"{statuses[c]:<16}" for c in COLUMNS)
              for route, statuses in sorted(rows.items())]
    counts = Counter(s.split()[0] for statuses in rows.values() for s in statuses.values())
    lines.append(f"{len(rows)} routes × {len(COLUMNS)} requests; statuses: "
                 + ", ".join(f"{status} ×{n}" for status, n in sorted(counts.items())))
    return "\n".join(lines)


@pytest.mark.django_db
def test_no_route_answers_5xx_to_a_thousand_nested_levels(alice, staff, live_game, capsys):
    routes = site_routes()  # the views and their forms imported
    names = field_names()
    assert {"move", "board", "file", "ply"} <= set(names), names  # the collection reads the views
    users = {"owner": alice, "staff": staff,
             "superuser": UserFactory(username="root", is_staff=True, is_superuser=True)}
    rows = {}
    for route in routes:
        rows[f"/{route.route}"] = sweep(route, users[who_may(route)], route_url(route, live_game), names)
    for route in admin_routes():
        rows[f"/{route.route}"] = sweep(route, users["superuser"], admin_object_url(route), names)
    with capsys.disabled():
        print("\n" + table(rows))
    failed = {route: s for route, s in rows.items()
              if any(v.startswith("5") and (route, v) not in SPEC_ANSWERS for v in s.values())}
    assert not failed, failed
