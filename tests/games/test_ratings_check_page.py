"""The ratings check page (/games/ratings-check): one view, one template, htmx tabs."""

import datetime

import pytest

from games.services.recording import import_board
from tests.factories import finished_game
from tests.games.conftest import winning_board

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 5, 1)
WINS = [("Ana", "Ben"), ("Ana", "Cleo"), ("Ben", "Cleo"), ("Ana", "Ben"), ("Cleo", "Ana"), ("Ana", "Cleo")]


@pytest.fixture
def six_games():
    return [import_board(winning_board(a, b, DAY + datetime.timedelta(days=n))).game for n, (a, b) in enumerate(WINS)]


def test_the_page_shows_every_system_and_the_sample_size(client, six_games):
    html = client.get("/games/ratings-check?game=duel").content.decode()
    assert "Sample: 6 rated Imhotep: The Duel games scored." in html
    for name in ("OpenSkill ratings (in use)", "Elo (two-player games only)", "Most wins so far",
                 "Equal chances (yardstick)"):
        assert name in html


def test_the_win_count_row_shows_the_hand_computed_log_loss(client, six_games):
    # 0.726971 (tests/games/test_ratings_check.py), shown to three decimals.
    html = client.get("/games/ratings-check?game=duel").content.decode()
    row = html[html.index("Most wins so far"):]
    assert "0.727" in row[: row.index("</tr>")]


def test_six_games_are_too_few_to_tell(client, six_games):
    html = client.get("/games/ratings-check?game=duel").content.decode()
    assert "Too few games yet to tell whether the ratings predict better than chance." in html


def test_a_game_without_rated_games_says_so(client, six_games):
    html = client.get("/games/ratings-check?game=classic").content.decode()
    assert "No rated Imhotep: Builder of Egypt games to check yet." in html


def test_htmx_gets_only_the_check(client, six_games):
    response = client.get("/games/ratings-check?game=duel", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="ratings-check">')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_every_tab_has_a_link_with_the_same_url(client, six_games):
    html = client.get("/games/ratings-check?game=duel").content.decode()
    assert 'href="?game=classic" hx-get="?game=classic"' in html
    assert 'href="?game=duel" hx-get="?game=duel"' in html


def test_an_unknown_game_falls_back_to_the_default(client, six_games):
    assert "Sample: 6 rated" in client.get("/games/ratings-check?game=chess").content.decode()


def test_the_standings_link_to_the_check(client, six_games):
    assert 'href="/games/ratings-check?game=duel"' in client.get("/games/standings?game=duel").content.decode()


def test_a_players_rating_chart_links_to_the_check(client, six_games):
    ana = six_games[0].seats.get(order=0).player
    assert 'href="/games/ratings-check?game=duel"' in client.get(f"/games/players/{ana.pk}/").content.decode()


def test_a_new_game_shows_at_once(client, six_games):
    client.get("/games/ratings-check?game=duel")  # cached now
    finished_game(names=("Ana", "Ben"), totals=(50, 40), played_on=DAY + datetime.timedelta(days=9))
    assert "Sample: 7 rated" in client.get("/games/ratings-check?game=duel").content.decode()
