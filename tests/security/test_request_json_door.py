"""The one door of JSON in request data (imhotep_lib/request_json.py, issue #52): the helper
bounds size and nesting and names the field; no ``json.loads`` on request data appears outside
it (a grep of the apps with an allow-list, each entry explained); every API view parses with
the door's DRF parser and every admin JSON field is the door's form field.
tests/security/test_nesting_sweep.py sends 1,000 nested levels to every route."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib import admin
from django.contrib.auth.models import User
from django.db import models
from django.test import RequestFactory, override_settings

from imhotep_lib import nesting, request_json
from scoring.parsers import StrictJSONParser
from tests.security.routes import site_routes

ROOT = Path(__file__).resolve().parents[2]
APPS = ("games", "scoring", "imhotep_lib", "imhotep_site")
DEEP = "[" * 1000 + "]" * 1000

#: Parsers of JSON in the apps that read no request data, each with why (path → reason).
NOT_REQUEST_DATA = {
    "imhotep_lib/request_json.py": "the door itself",
    "games/services/explorer.py": "the explorer's move keys, compact JSON the service wrote into GameFacts",
    "games/ui/explorer_words.py": "the same move keys, worded for the explorer's tree",
    "games/services/backup/fileformat.py": "a backup file's header, read by `manage.py restore` (an operator's file)",
    "games/services/backup/restore.py": "a backup file's lines, read by `manage.py restore` (an operator's file)",
    "imhotep_site/kernels.py": "the compiled kernels' stamp, a file the service wrote in its own cache directory",
    "scoring/cli.py": "a document named on the command line (nesting-checked there, with the CLI's own words)",
}

#: Whatever parses JSON text: json.load(s), a decoder, or a bare ``loads`` imported from json.
PARSES_JSON = re.compile(r"\bjson\.loads?\(|JSONDecoder|\.raw_decode\(|from json import[^\n]*\bloads?\b")


def parsers_of_json() -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if PARSES_JSON.search(line):
                    found.setdefault(path.relative_to(ROOT).as_posix(), []).append(number)
    return found


def test_no_json_is_parsed_outside_the_door_but_the_allowed_files():
    outside = {path: lines for path, lines in parsers_of_json().items() if path not in NOT_REQUEST_DATA}
    assert not outside, (
        f"JSON parsed outside imhotep_lib/request_json.py: {outside}. Request data goes through "
        "request_json.loads (bounded size and nesting, a 400 naming the field); anything else goes in "
        "NOT_REQUEST_DATA with why (tests/security/test_request_json_door.py)")


def test_the_allow_list_names_only_files_that_parse_json():
    stale = set(NOT_REQUEST_DATA) - set(parsers_of_json())
    assert not stale, f"NOT_REQUEST_DATA lists files that parse no JSON any more: {sorted(stale)}"


def test_every_api_view_parses_with_the_doors_parser():
    assert settings.REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"] == ["scoring.parsers.StrictJSONParser"]
    others = []
    for route in site_routes():
        cls = getattr(route.callback, "cls", None)
        if cls is not None and hasattr(cls, "parser_classes"):
            others += [f"{route.key}: {p.__name__}" for p in cls.parser_classes if not issubclass(p, StrictJSONParser)]
    assert not others, f"API views parsing bodies past the door: {others}"


def test_every_admin_json_field_is_the_doors_form_field():
    """Of every admin that takes writes (django-tasks' results are read-only)."""
    request = RequestFactory().post("/admin/")
    request.user = User(is_superuser=True, is_staff=True, is_active=True)
    others = []
    for model, model_admin in admin.site._registry.items():
        admins = [model_admin, *(inline(model, admin.site) for inline in model_admin.inlines)]
        for one in admins:
            if not (one.has_add_permission(request, None) if one is not model_admin else one.has_add_permission(request)
                    ) and not one.has_change_permission(request):
                continue
            for field in one.model._meta.get_fields():
                if isinstance(field, models.JSONField):
                    form_field = one.formfield_for_dbfield(field, request=None)
                    if form_field is not None and not isinstance(form_field, request_json.JSONFormField):
                        others.append(f"{type(one).__name__}: {one.model.__name__}.{field.name}")
    assert not others, f"admin JSON fields past the door (set request_json.ADMIN_FORMFIELDS): {others}"


# --------------------------------------------------------------------------- the helper


def test_loads_parses_json():
    assert request_json.loads('{"type": "place", "cell": "b2"}', "move") == {"type": "place", "cell": "b2"}


def test_a_thousand_levels_are_refused_naming_the_field():
    with pytest.raises(request_json.BadJSON) as refused:
        request_json.loads(DEEP, "move")
    assert refused.value.field == "move"
    assert str(refused.value.message) == (
        f"move is not usable JSON: the JSON is nested too deeply: more than {nesting.MAX_DEPTH} levels of lists "
        "and objects")
    assert not isinstance(refused.value, request_json.NotJSON)


@override_settings(IMHOTEP_MAX_JSON_BYTES=100)
def test_text_over_the_body_limit_is_refused_before_it_is_parsed():
    with pytest.raises(request_json.BadJSON, match="board is not usable JSON: it is longer than 100 bytes"):
        request_json.loads(json.dumps(["x" * 200]), "board")


@override_settings(IMHOTEP_MAX_JSON_BYTES=100)
def test_the_limit_counts_bytes_not_characters():
    with pytest.raises(request_json.BadJSON, match="longer than 100 bytes"):
        request_json.loads(json.dumps(["é" * 60], ensure_ascii=False), "board")  # 60 characters, 120 bytes


@override_settings(IMHOTEP_MAX_JSON_BYTES=100)
def test_an_upload_has_no_field_limit_of_its_own():
    assert request_json.loads(json.dumps(["x" * 200]), "file", max_bytes=None) == ["x" * 200]


def test_text_that_is_not_json_keeps_the_parsers_error():
    with pytest.raises(request_json.NotJSON) as refused:
        request_json.loads('{"type": ', "move")
    assert isinstance(refused.value.error, json.JSONDecodeError)
    assert str(refused.value.message).startswith("move is not usable JSON: Expecting value (line 1 column 10)")


def test_strict_refuses_nan():
    with pytest.raises(request_json.NotJSON, match="not JSON compliant: 'NaN'"):
        request_json.loads("[NaN]", "body", strict=True)
    assert request_json.loads("[1]", "body", strict=True) == [1]


def test_bytes_that_are_not_utf8_are_not_json():
    with pytest.raises(request_json.NotJSON, match="is not UTF-8"):
        request_json.loads(b'["\xff"]', "file")


# --------------------------------------------------------------------------- the puzzle page


@pytest.mark.django_db
def test_a_puzzle_answer_nested_a_thousand_deep_is_a_400_naming_the_field(alice, live_game):
    """The issue's 500: the puzzle page parsed the posted move past the nesting limit."""
    from tests.security.conftest import signed_in
    from tests.security.route_urls import a_puzzle

    seat = live_game.seats.order_by("order").first()
    puzzle = a_puzzle(live_game, seat.player_id)
    response = signed_in(alice).post(f"/puzzles/{puzzle.pk}", {"move": DEEP})
    assert response.status_code == 400
    assert "move is not usable JSON: the JSON is nested too deeply" in response.content.decode()
    puzzle.refresh_from_db()
    assert (puzzle.solved, puzzle.missed) == (0, 0)
