"""The API keeps English field names and ids; its human-readable fields follow
Accept-Language (docs/i18n.md)."""

from __future__ import annotations

import copy

import pytest

EMPTY = {"temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [], "action_tokens": 0, "meeples_on_harbor": 0}
BOARD = {
    "game": "duel",
    "sides": {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"},
    "starting_player": 0,
    "players": [{"name": "Ana", "obelisk": 20, **EMPTY}, {"name": "Ben", "obelisk": 0, **EMPTY}],
}


def _score(api_client, board, language):
    return api_client.post("/api/v1/score", board, format="json", HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.parametrize("language", ["de", "ru", "hu", "ja"])
def test_a_refusals_message_follows_accept_language_and_its_field_stays(api_client, db, language):
    english = _score(api_client, BOARD, "en").json()["errors"][0]
    said = _score(api_client, BOARD, language).json()["errors"][0]
    assert said["field"] == english["field"] == "players[0].obelisk"
    assert said["message"] != english["message"]
    assert "12" in said["message"] and "20" in said["message"]


def test_score_lines_follow_accept_language_and_keys_stay(api_client, db):
    board = copy.deepcopy(BOARD)
    board["players"][0]["obelisk"] = 5
    english = _score(api_client, board, "en").json()["players"][0]["lines"]
    german = _score(api_client, board, "de").json()["players"][0]["lines"]
    assert [line["monument"] for line in german] == [line["monument"] for line in english]
    assert [line["points"] for line in german] == [line["points"] for line in english]
    obelisk_en, obelisk_de = english[0]["text"], german[0]["text"]
    assert obelisk_de != obelisk_en
