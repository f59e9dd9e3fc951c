"""Every page reads in each of the interface's languages (docs/i18n.md): a page rendered in
German, Russian, Hungarian or Japanese shows no text that it also shows in English, except
names, ids and the few words a language spells the same way (listed below, per language)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from games.models import Game
from games.services.recording import import_record
from tests.factories import PlayerFactory, UserFactory
from tests.i18n.pages import readable_texts
from tests.kit import random_record

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]

# Names, ids and marks that stay as they are in every language: the product, formats and
# services by name, the monument sides, the language switcher's own names. Token labels are
# translated (docs/glossary "Token labels"); those a language writes as English does are below.
EVERYWHERE = {
    "Imhotep", "API", "REST API", "OpenAPI 3", "CSV", "ndjson", "BG Stats", "OpenSkill",
    "A", "B",
    *(name for _code, name in settings.LANGUAGES),
}
# Words the language writes exactly as English does.
SAME_WORD = {
    "de": {"Name", "Status", "Start", "Details", "Variante", "Token", "Rating", "Ratings", "Statue", "Hammer",
           "Ladeplatz", "Score", "Obelisk", "Ob", "PD", "P23"},
    "ru": set(),
    # The Hungarian rulebook keeps the games' English titles and the action tokens' names (Take, P23).
    "hu": {"Ob", "Take", "P23", "Token", "Start", "Imhotep: The Duel", "Imhotep: Builder of Egypt", "The", "Duel",
           "Builder", "of", "Egypt"},
    "ja": set(),
}


def _texts(client, url: str, language: str) -> set[str]:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, (url, language, response.status_code)
    assert response["Content-Language"] == language
    return readable_texts(response.content.decode())


def _names() -> set[str]:
    from django.contrib.auth import get_user_model

    from games.models import Player

    players = set(Player.objects.values_list("name", flat=True))
    users = set(get_user_model().objects.values_list("username", flat=True))
    return players | users  # not the games' names: the rulebooks translate them


# Marks a player reads the same in every language: rule ids (D7.1, C8), token labels typed at
# the table (T2, #7), harbor cells (a1–c3).
MARK = re.compile(r"(?:[DCF]\d+(?:\.\d+)*|T[1-4]|#?\d+|[a-c][1-3])")


def _is_allowed(text: str, language: str, names: set[str]) -> bool:
    if text in EVERYWHERE or text in SAME_WORD[language] or text in names:
        return True
    # A line made of names and marks only ("Ana vs Ben" is not: "vs" is a word).
    words = [w.strip("·,:;()–—→←%+") for w in text.split()]
    return all(not w or w in names or w in EVERYWHERE or w in SAME_WORD[language] or MARK.fullmatch(w) or len(w) == 1
               for w in words)


@pytest.fixture
def club(db, client):
    """A signed-in club admin, a finished Duel, a Duel and a base game in progress."""
    admin = UserFactory(username="alice", is_staff=True)
    PlayerFactory(name="Dora")  # a player with no games (the player page's delete form)
    duel = import_record(random_record(7), user=admin, source=Game.Source.RECORDED).game
    classic = import_record(random_record(3, game="classic", moves=40), user=admin,
                            source=Game.Source.RECORDED).game
    live_duel = import_record(random_record(9, moves=10), user=admin, source=Game.Source.RECORDED).game
    client.force_login(admin)
    return {"duel": duel, "classic": classic, "live duel": live_duel}


def _pages(club) -> dict[str, str]:
    duel, classic = club["duel"], club["classic"]
    ana = duel.seats.first().player
    ben = duel.seats.last().player
    return {
        "home": "/",
        "duel calculator": "/score/duel?p0_obelisk=6&p1_obelisk=3&p0_tomb=1&p0_tomb=2&p1_light=2&side_obelisk=B",
        "duel calculator, impossible board": "/score/duel?p0_obelisk=9&p1_obelisk=9",
        "base-game calculator": "/score/classic?players=3&p0_track=20&p1_track=18&p2_track=11&p0_statues=2",
        "games": "/games/",
        "standings": "/games/standings?game=duel",
        "game": f"/games/{duel.pk}/",
        "player": f"/games/players/{ana.pk}/",
        "head to head": f"/games/players/{ana.pk}/vs/{ben.pk}",
        "prep sheet": f"/games/players/{ana.pk}/prep?game=duel&against={ben.pk}",
        "duel replay": f"/games/{duel.pk}/replay?ply=12",
        "base-game replay": f"/games/{classic.pk}/replay?ply=30",
        "base-game live entry": f"/games/{classic.pk}/play",
        "duel live entry": f"/games/{club['live duel'].pk}/play",
        "base-game standings": "/games/standings?game=classic",
        "ratings check": "/games/ratings-check?game=duel",
        "base-game ratings check": "/games/ratings-check?game=classic",
        "duel explorer": "/games/explorer?game=duel",
        "base-game explorer": "/games/explorer?game=classic",
        "games filtered wrongly": "/games/?date_from=2025-02-01&date_to=2025-01-01",
        "new duel": "/games/new",
        "new base game": "/games/new?game=classic",
        "import": "/games/import",
        "account": "/account/",
        "api token": "/account/token",
        "invitations": "/account/invites",
        "password change": "/account/password",
    }


PAGES = [
    "home", "duel calculator", "duel calculator, impossible board", "base-game calculator", "games",
    "standings", "game", "player", "head to head", "prep sheet", "duel replay", "base-game replay",
    "base-game live entry", "duel live entry", "base-game standings", "ratings check", "base-game ratings check",
    "duel explorer", "base-game explorer",
    "games filtered wrongly", "new duel", "new base game", "import",
    "account", "api token", "invitations", "password change",
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page_name", PAGES)
def test_page_shows_no_english_left(client, club, page_name, language):
    url = _pages(club)[page_name]
    english = _texts(client, url, "en")
    translated = _texts(client, url, language)
    names = _names()
    left = sorted(t for t in english & translated if not _is_allowed(t, language, names))
    assert not left, f"{page_name} in {language} still shows, in English: {left}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("url", ["/account/login", "/account/password-reset", "/account/password-reset/sent"])
def test_signed_out_pages_show_no_english_left(client, db, url, language):
    english = _texts(client, url, "en")
    translated = _texts(client, url, language)
    left = sorted(t for t in english & translated if not _is_allowed(t, language, set()))
    assert not left, f"{url} in {language} still shows, in English: {left}"


def _graph_texts(client, url: str, language: str) -> set[str]:
    """The analysis graph's own words (axis labels, hover titles), which `readable_texts` skips
    with the rest of an SVG's contents."""
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    start = html.index('<svg class="', html.index('class="win-chart-wrap"'))
    graph = html[start:html.index("</svg>", start)]
    return set(re.findall(r">([^<>]*[^\W\d_][^<>]*)</(?:text|title)>", graph))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("chart", ["win", "margin"])
def test_the_analysis_graphs_show_no_english_left(client, club, settings, chart, language):
    from games.analysis import service

    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 4
    analysis, _queued = service.request_analysis(club["duel"])
    service.run_analysis(analysis.pk)
    url = f"/games/{club['duel'].pk}/replay?ply=12&chart={chart}"
    graph = _graph_texts(client, url, "en")
    assert any(t.endswith(" points") for t in graph) == (chart == "margin")  # the margin graph's axis
    english = _texts(client, url, "en") | graph
    translated = _texts(client, url, language) | _graph_texts(client, url, language)
    assert {"Win chance", "Score margin"} <= english
    left = sorted(t for t in english & translated if not _is_allowed(t, language, _names()))
    assert not left, f"the {chart} graph in {language} still shows, in English: {left}"
