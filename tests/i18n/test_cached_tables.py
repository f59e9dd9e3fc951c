"""Tables cached under the history's version are cached per language too (docs/i18n.md): a
reader never gets another language's copy."""

from __future__ import annotations

import re

from games.services.recording import import_record
from tests.kit import random_record


def _summary(client, url: str, language: str) -> str:
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return re.search(r'id="games-summary">(.*?)</p>', html, re.S).group(1)


def test_games_list_is_not_served_from_another_languages_cache(client, db):
    import_record(random_record(5))
    english = _summary(client, "/games/", "en")
    german = _summary(client, "/games/", "de")
    assert german != english
    assert _summary(client, "/games/", "en") == english


def test_standings_are_not_served_from_another_languages_cache(client, db):
    import_record(random_record(5))
    english = _table(client, "en")
    assert _table(client, "ja") != english
    assert _table(client, "en") == english


def _table(client, language: str) -> str:
    """The cached part of the standings page: the table and its notes, up to the page's end."""
    html = client.get("/games/standings?game=duel", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return html[html.index('<div id="standings">'):html.index("</main>")]
