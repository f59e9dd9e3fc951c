"""The scoring API says the engine's sentences in the request's language (Accept-Language,
docs/i18n.md): a problem's ``message``, a record error's ``reason``, a score line's ``text``, a
variant's name. Field names, ids and rule ids stay as they are.

A stand-in catalogue marks every sentence said in German (the real catalogues are checked in
tests/i18n), so these tests see exactly what the API translates."""

from __future__ import annotations

import copy

import pytest
from django.utils import translation

import imhotep_lib.translation
from rules_engine.duel.apidocs import ILLEGAL_RECORD, INVALID_BOARD
from scoring.api import said
from tests.i18n.test_api_messages import BOARD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def german(monkeypatch):
    gettext, ngettext = imhotep_lib.translation.gettext, imhotep_lib.translation.ngettext

    def marked() -> bool:
        return translation.get_language() == "de"

    monkeypatch.setattr(imhotep_lib.translation, "gettext", lambda text: f"<{text}>" if marked() else gettext(text))
    monkeypatch.setattr(imhotep_lib.translation, "ngettext",
                        lambda one, many, n: f"<{one if n == 1 else many}>" if marked() else ngettext(one, many, n))


def _post(api_client, url, document, language):
    return api_client.post(url, document, format="json", HTTP_ACCEPT_LANGUAGE=language).json()


def test_problems_are_said_in_the_requests_language_at_the_same_fields(api_client):
    english = _post(api_client, "/api/v1/score", INVALID_BOARD, "en")["errors"]
    german = _post(api_client, "/api/v1/score", INVALID_BOARD, "de")["errors"]
    assert [e["field"] for e in german] == [e["field"] for e in english]
    pairs = zip(german, english, strict=True)
    assert all(g["message"].startswith("<") and g["message"] != e["message"] for g, e in pairs)
    assert not any(e["message"].startswith("<") for e in english)


def test_score_lines_are_said_and_keys_rules_and_points_stay(api_client):
    board = copy.deepcopy(BOARD)
    board["players"][0]["obelisk"] = 5
    english = _post(api_client, "/api/v1/score", board, "en")
    german = _post(api_client, "/api/v1/score", board, "de")
    for en, de in zip(english["players"], german["players"], strict=True):
        assert de["breakdown"] == en["breakdown"] and de["total"] == en["total"]
        for en_line, de_line in zip(en["lines"], de["lines"], strict=True):
            assert {**de_line, "text": ""} == {**en_line, "text": ""}
            assert de_line["text"].startswith("<") and not en_line["text"].startswith("<")


def test_a_rejected_records_reason_is_said_and_its_move_stays(api_client):
    english = _post(api_client, "/api/v1/replay", ILLEGAL_RECORD, "en")["error"]
    german = _post(api_client, "/api/v1/replay", ILLEGAL_RECORD, "de")["error"]
    assert german["move"] == english["move"] == 2
    assert german["reason"].startswith("<") and not english["reason"].startswith("<")


def test_game_types_say_variant_names_and_keep_ids(api_client):
    english = api_client.get("/api/v1/games-types", HTTP_ACCEPT_LANGUAGE="en").json()
    german = api_client.get("/api/v1/games-types", HTTP_ACCEPT_LANGUAGE="de").json()
    assert [g["id"] for g in german] == [g["id"] for g in english]
    variants = {v["id"]: v for g in german for v in g["variants"]}
    assert variants["pharaohs-wrath"]["name"].startswith("<")


def test_said_copies_only_what_holds_a_message():
    from rules_engine.messages import msg

    plain = {"a": [1, "x"], "b": {"c": None}}
    assert said(plain) is plain
    with translation.override("de"):
        assert said({"a": [1, msg("nothing")], "b": plain["b"]}) == {"a": [1, "<nothing>"], "b": {"c": None}}
