"""The player's prep sheet page (/games/players/<pk>/prep): one view, one template, htmx filters."""

import pytest

from games.models import Player
from tests.games.test_prep import duel, history  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db


def _ana_and_ben():
    return Player.objects.get(name="Ana").pk, Player.objects.get(name="Ben").pk


def test_the_page_shows_the_players_results_with_sample_and_interval(client, history):  # noqa: F811
    ana, _ = _ana_and_ben()
    html = client.get(f"/games/players/{ana}/prep?game=duel").content.decode()
    assert "9 finished Imhotep: The Duel games counted." in html
    results = html[html.index('class="explorer prep-results"'):]
    assert "<td>9</td><td>4</td><td>44 %</td><td>19–73 %</td>" in results[: results.index("</table>")]


def test_against_adds_the_pairs_games(client, history):  # noqa: F811
    ana, ben = _ana_and_ben()
    html = client.get(f"/games/players/{ana}/prep?game=duel&against={ben}").content.decode()
    pair = html[html.index('id="prep-pair"'):]
    assert "Ana against Ben" in pair
    assert "6 finished Imhotep: The Duel games counted." in pair


def test_htmx_gets_the_answer_alone_from_the_forms_url(client, history):  # noqa: F811
    ana, ben = _ana_and_ben()
    html = client.get(f"/games/players/{ana}/prep?game=duel&against={ben}", HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="prep-answer">')
    assert "<form" not in html


def test_the_player_page_links_the_prep_sheet(client, history):  # noqa: F811
    ana, _ = _ana_and_ben()
    assert f'href="/games/players/{ana}/prep"' in client.get(f"/games/players/{ana}/").content.decode()


def test_callers_not_signed_in_are_throttled_as_on_the_explorer(client, history, settings):  # noqa: F811
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "explorer_anon": "1/min"}}
    ana, _ = _ana_and_ben()
    assert client.get(f"/games/players/{ana}/prep").status_code == 200
    assert client.get(f"/games/players/{ana}/prep").status_code == 429


def test_an_unknown_player_is_not_found(client, history):  # noqa: F811
    assert client.get("/games/players/999999/prep").status_code == 404


def test_an_unknown_opponent_leaves_the_players_own_sheet(client, history):  # noqa: F811
    ana, _ = _ana_and_ben()
    response = client.get(f"/games/players/{ana}/prep?game=duel&against={ana}")
    assert response.status_code == 200
    assert response.context["pair"] is None
    assert response.context["game_type"] == "duel"


def test_the_explorer_filtered_to_a_pair_links_each_ones_prep_sheet_against_the_other(client, history):  # noqa: F811
    ana, ben = _ana_and_ben()
    html = client.get(f"/games/explorer?game=duel&player={ana}&player={ben}").content.decode()
    assert f'href="/games/players/{ana}/prep?game=duel&amp;against={ben}"' in html
    assert f'href="/games/players/{ben}/prep?game=duel&amp;against={ana}"' in html


def test_head_to_head_links_the_rivals_sheet_against_the_player(client, history):  # noqa: F811
    ana, ben = _ana_and_ben()
    html = client.get(f"/games/players/{ana}/vs/{ben}").content.decode()
    assert f'href="/games/players/{ben}/prep?against={ana}"' in html
