"""Players read the board's words, never the engine's (issue: "player's words only"): no rule
ids (D4.1, C8, F2), field paths (players[0], setup.boats) or rule-file names (classic.md) in the
text of any page, in any of the five languages. Rule ids may stay in a tooltip (title) and in
the API."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from tests.i18n.pages import READ_ATTRIBUTES, readable_texts
from tests.i18n.test_pages_translated import PAGES, _pages, club  # noqa: F401 (the fixture)

LANGUAGES = [code for code, _name in settings.LANGUAGES]
ENGINE_WORDS = re.compile(
    r"\b[CDF]\d+(?:\.\d+)*\b"  # rule and format ids
    r"|\b\w+\[\d+\]"  # field paths: players[0]
    r"|\bsetup\.\w+|\bmoves\[\d+\]"
    r"|\b[\w-]+\.md\b"  # the rule files
    r"|rules contract"
)
# Read as the page's text, except a title: a tooltip may cite the rule.
READ = tuple(name for name in READ_ATTRIBUTES if name != "title")


def engine_words(html: str) -> list[str]:
    text = " ".join(sorted(readable_texts(html, READ)))
    return [text[max(0, m.start() - 40):m.end() + 10] for m in ENGINE_WORDS.finditer(text)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page_name", PAGES)
def test_a_page_speaks_the_boards_words(client, club, page_name, language):  # noqa: F811
    response = client.get(_pages(club)[page_name], HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert engine_words(response.content.decode()) == []


def _refusals(club_games) -> dict:
    """Requests a page refuses, each answered with a page that says why."""
    from tests.replay.test_live_pages import BOATS_ON_TABLE, _new_form

    duel = club_games["duel"]
    return {
        "a transcribed setup with a second tomb 1": (
            "/games/new", _new_form(setup="transcribe", **{**BOATS_ON_TABLE, "boat_col_c": "tomb-1 tomb-6 obelisk"})),
        "a new base game with a gap in the seats": (
            "/games/new?game=classic", {"game": "classic", "player_1": "Ana", "player_3": "Cleo"}),
        "play on from past the end": (f"/games/{duel.pk}/play-on", {"ply": 9999}),
    }


REFUSALS = ["a transcribed setup with a second tomb 1", "a new base game with a gap in the seats",
            "play on from past the end"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("refusal", REFUSALS)
def test_a_refusal_speaks_the_boards_words(client, club, refusal, language):  # noqa: F811
    url, data = _refusals(club)[refusal]
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    assert engine_words(response.content.decode()) == []
