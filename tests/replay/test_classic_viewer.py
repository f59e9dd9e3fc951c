"""The replay viewer for the base game: /games/<id>/replay draws the engine's positions
(classic state JSON) step by step, with the same partial and plain-link fallbacks as the Duel."""

import re

import pytest

from games.plain_words import plain
from games.services.results import record_of
from games.ui.timeline import load_timeline
from rules_engine.registry import default_registry
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _url(game, ply=None):
    return f"/games/{game.pk}/replay" + ("" if ply is None else f"?ply={ply}")


@pytest.fixture(scope="module")
def four_player_record():
    return random_record(3, players=4, game="classic")


@pytest.fixture
def game(four_player_record):
    return store(four_player_record)


def _state_json(game, ply):
    gt = default_registry().game("classic")
    record = record_of(game)
    return gt.state_to_json(default_registry().replay(record).states[ply], record)


def _drawn_ships(html) -> dict[int, list[str]]:
    """ship -> colour per slot ("" when empty), as drawn."""
    out = {}
    for ship, hull in re.findall(
        r'<div class="ship[^"]*" data-ship="(\d)">.*?<span class="hull">(.*?)</span>\s*<span '
        r'class="ship-where">',
        html,
        re.S,
    ):
        out[int(ship)] = [
            m or ""
            for m in re.findall(
                r'<span class="slot[^"]*" data-slot="\d"[^>]*>'
                r'(?:<span class="stone stone-(\w+)")?',
                hull,
            )
        ]
    return out


def test_full_page_and_htmx_partial(client, game):
    plies = game.moves.count()
    page = client.get(_url(game)).content.decode()
    assert "<html" in page and f'data-ply="{plies}"' in page and "Game over" in page
    response = client.get(_url(game, 3), **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="viewer"') and "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_every_ply_of_a_four_player_game_renders(client, game):
    """No 5xx at any position (C2 setup to C8 end); each step names its move."""
    timeline = load_timeline(game)
    for ply in range(timeline.plies + 1):
        response = client.get(_url(game, ply), **HTMX)
        assert response.status_code == 200, ply
        html = response.content.decode()
        assert f'data-ply="{ply}"' in html
        if ply:
            assert f"Move {ply}: {plain(timeline.stories[ply - 1].text)}" in html.replace("&#x27;", "'")


@pytest.mark.parametrize("ply", [0, 1, 9, 25])
def test_c3_1_ships_drawn_are_the_engines(client, game, ply):
    html = client.get(_url(game, ply), **HTMX).content.decode()
    state = _state_json(game, ply)
    expected = {s["ship"]: [c or "" for c in s["slots"]] for s in state["ships"]}
    assert _drawn_ships(html) == expected
    assert f'Round <strong id="round-now">{state["round"]}</strong>' in html


def test_c1_five_sites_with_their_side(client, game):
    html = client.get(_url(game, 10), **HTMX).content.decode()
    for site in ("market", "pyramids", "temple", "burial-chamber", "obelisks"):
        assert re.search(rf'data-site="{site}" data-side="[AB]"', html)


def test_c5_1_market_face_up_cards_drawn(client, game):
    state = _state_json(game, 0)
    html = client.get(_url(game, 0), **HTMX).content.decode()
    market = html[html.index('data-site="market"') : html.index('data-site="pyramids"')]
    assert re.findall(r'data-card="([a-z-]+)"', market) == state["sites"]["market"]["face_up"]


def test_panels_show_quarry_sled_track_and_the_registry_score(client, game):
    timeline = load_timeline(game)
    ply = timeline.plies // 2
    html = client.get(_url(game, ply), **HTMX).content.decode()
    state = timeline.state_json(ply)
    assert re.findall(r'class="quarry">(\d+)<', html) == [str(p["quarry"]) for p in state["players"]]
    assert re.findall(r'class="sled">(\d+)<', html) == [str(p["sled"]) for p in state["players"]]
    assert re.findall(r'class="track">(-?\d+)<', html) == [str(p["track"]) for p in state["players"]]
    totals = re.findall(r'<span class="total" data-total="(-?\d+)">', html)
    assert totals == [str(p["total"]) for p in timeline.score_at(ply)["players"]]


def test_chart_has_a_line_and_a_linked_point_per_player_and_ply(client, game):
    plies = game.moves.count()
    html = client.get(_url(game, 1), **HTMX).content.decode()
    start = html.index("<svg viewBox")  # the score chart (icons are <svg class="icon">)
    svg = html[start : html.index("</svg>", start)]
    assert svg.count("<polyline") == 4
    assert svg.count("<circle") == 4 * (plies + 1)
    for colour in ("black", "white", "brown", "grey"):
        assert f"series-{colour}" in svg


@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_player_games_render(client, players):
    game = store(random_record(5, players=players, game="classic"))
    html = client.get(_url(game, 12), **HTMX).content.decode()
    assert html.count('class="panel panel-') == players
    start = html.index("<svg viewBox")
    assert html[start : html.index("</svg>", start)].count("<polyline") == players


def test_every_control_is_a_plain_link_with_the_same_hx_get(client, game):
    html = client.get(_url(game, 4)).content.decode()
    for tag in re.findall(r"<a [^>]*hx-get[^>]*>", html):
        assert re.search(r'hx-get="([^"]*)"', tag).group(1) == re.search(r'href="([^"]*)"', tag).group(1)
    for nav, ply in (("first", 0), ("prev", 3), ("next", 5)):
        assert re.search(rf'data-nav="{nav}" href="/games/{game.pk}/replay\?ply={ply}"', html)


def test_last_move_highlights_the_ship_that_sailed(client, game):
    moves = [m.data for m in game.moves.all()]
    k = next(i for i, m in enumerate(moves) if m["type"] == "sail")
    html = client.get(_url(game, k + 1), **HTMX).content.decode()
    assert re.search(rf'class="ship [^"]*just-sailed[^"]*" data-ship="{moves[k]["ship"]}"', html)
    assert re.search(rf'class="site site-{moves[k]["site"]} just-docked"', html)
    k = next(i for i, m in enumerate(moves) if m["type"] == "place")
    html = client.get(_url(game, k + 1), **HTMX).content.decode()
    ship = html[html.index(f'data-ship="{moves[k]["ship"]}"') :]
    assert re.search(rf'class="slot is-placed" data-slot="{moves[k]["slot"]}"', ship)


def test_state_api_answers_the_classic_state_json(api_client, game):
    body = api_client.get(f"/api/v1/games/{game.pk}/state", {"ply": 5}).json()
    assert body["game"] == "classic" and body["ply"] == 5 and len(body["ships"]) == 4


def test_c8_chart_totals_are_the_registry_score_of_every_ply(game):
    """The chart reads the state JSON's running score; it must be the registry's C8 score."""
    timeline = load_timeline(game)
    for ply in range(0, timeline.plies + 1, 7):
        assert timeline.totals[ply] == [p["total"] for p in timeline.score_at(ply)["players"]], ply
