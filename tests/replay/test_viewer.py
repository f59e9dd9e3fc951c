"""The replay viewer /games/<id>/replay: full page, htmx partial, ?ply= bounds."""

import re

import pytest

from games.services.recording import import_board
from rules_engine.registry import default_registry

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _url(game, ply=None):
    return f"/games/{game.pk}/replay" + ("" if ply is None else f"?ply={ply}")


def _cells(html):
    """cell -> meeple colour ("" when empty), as drawn."""
    out = {}
    for cell, body in re.findall(r'data-cell="([a-c][1-3])"[^>]*>(.*?)</div>', html, re.S):
        m = re.search(r"meeple-(\w+)", body)
        out[cell] = m.group(1) if m else ""
    return out


def test_full_page_defaults_to_the_last_ply(client, finished_game):
    plies = finished_game.moves.count()
    response = client.get(_url(finished_game))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'id="ply-slider"' in html
    assert f'data-ply="{plies}"' in html
    assert "game over" in html


def test_htmx_request_gets_only_the_viewer_partial(client, finished_game):
    response = client.get(_url(finished_game, 3), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="viewer"') and "<html" not in html
    assert 'data-ply="3"' in html
    assert "HX-Request" in response["Vary"]


def test_d2_harbor_shows_the_meeples_of_that_ply(client, finished_game):
    """The drawn meeples are those of the engine's state after that ply."""
    replay = default_registry().replay(_record(finished_game))
    for ply in (0, 5, 12):
        html = client.get(_url(finished_game, ply), **HTMX).content.decode()
        harbor = replay.states[ply].harbor
        expected = {c: ("" if o is None else ("black", "white")[o]) for c, o in harbor.items()}
        assert _cells(html) == expected


def _record(game):
    from games.services.records import record_of

    return record_of(game)


def test_d2_six_boats_and_removed_boats_drawn_as_gone(client, finished_game):
    html = client.get(_url(finished_game)).content.decode()
    for boat in ("row-1", "row-2", "row-3", "col-a", "col-b", "col-c"):
        assert f'data-boat="{boat}"' in html
    # D8: the game ends when only one boat is left, so five are gone at the end.
    assert html.count(": gone</span>") == 5


def test_every_control_is_a_plain_link_with_the_same_hx_get(client, finished_game):
    html = client.get(_url(finished_game, 4)).content.decode()
    for tag in re.findall(r"<a [^>]*hx-get[^>]*>", html):
        href = re.search(r'href="([^"]*)"', tag).group(1)
        assert re.search(r'hx-get="([^"]*)"', tag).group(1) == href
    for nav, ply in (("first", 0), ("prev", 3), ("next", 5)):
        assert re.search(rf'data-nav="{nav}" href="/games/{finished_game.pk}/replay\?ply={ply}"', html)
    assert 'hx-push-url="true"' in html


def test_move_list_links_each_move_to_its_ply_and_marks_the_current(client, finished_game):
    html = client.get(_url(finished_game, 2)).content.decode()
    plies = finished_game.moves.count()
    for ply in range(1, plies + 1):
        assert f'href="/games/{finished_game.pk}/replay?ply={ply}"' in html
    current = re.findall(r'<a href="[^"]*\?ply=(\d+)"[^>]*aria-current="step"', html)
    assert current == ["2"]
    assert "Ana places a meeple on" in html or "Ana unloads" in html


def test_last_move_highlights_what_changed(client, finished_game):
    moves = [m.data for m in finished_game.moves.all()]
    k = next(i for i, m in enumerate(moves) if m["type"] == "place")
    html = client.get(_url(finished_game, k + 1), **HTMX).content.decode()
    assert re.search(rf'class="cell is-placed" data-cell="{moves[k]["cell"]}"', html)
    k = next(i for i, m in enumerate(moves) if m["type"] == "unload")
    html = client.get(_url(finished_game, k + 1), **HTMX).content.decode()
    assert re.search(rf'class="boat [^"]*is-unloaded[^"]*" data-boat="{moves[k]["boat"]}"', html)


def test_d7_panels_show_the_score_each_player_would_have_now(client, finished_game):
    record = _record(finished_game)
    replay = default_registry().replay(record)
    html = client.get(_url(finished_game, 20), **HTMX).content.decode()
    score = replay.score(20).to_json()
    totals = re.findall(r'<span class="total">(-?\d+) pts</span>', html)
    assert totals == [str(p["total"]) for p in score["players"]]


def test_chart_has_a_linked_point_per_ply_and_player(client, finished_game):
    plies = finished_game.moves.count()
    html = client.get(_url(finished_game, 1), **HTMX).content.decode()
    start = html.index("<svg viewBox")  # the score chart (icons are <svg class="icon">)
    svg = html[start:html.index("</svg>", start)]
    assert svg.count("<polyline") == 2
    assert svg.count("<circle") == 2 * (plies + 1)
    assert f'<a href="/games/{finished_game.pk}/replay?ply={plies}" hx-get=' in svg


@pytest.mark.parametrize(("ply", "status"), [("-1", 404), ("9999", 404), ("abc", 400), ("1.5", 400)])
def test_bad_ply_is_refused_not_clamped(client, finished_game, ply, status):
    response = client.get(_url(finished_game, ply))
    assert response.status_code == status
    assert "ply" in response.content.decode()


def test_ply_zero_is_the_setup_position(client, finished_game):
    html = client.get(_url(finished_game, 0), **HTMX).content.decode()
    assert set(_cells(html).values()) == {""}
    assert "Setup" in html and 'id="supply-count">39<' in html  # D3.4


def test_unknown_game_is_404(client, db):
    assert client.get("/games/999999/replay").status_code == 404


def test_score_only_game_has_nothing_to_replay(client, db):
    from rules_engine.duel.apidocs import D9_1_BOARD

    named = zip(D9_1_BOARD["players"], ["Ana", "Ben"], strict=True)
    board = {**D9_1_BOARD, "players": [{**p, "name": n} for p, n in named]}
    outcome = import_board(board)
    assert outcome.ok, outcome.describe()
    game = outcome.game
    response = client.get(_url(game))
    assert response.status_code == 404
    assert "no moves" in response.content.decode()


def test_htmx_history_restore_gets_the_whole_page(client, finished_game):
    response = client.get(_url(finished_game, 3), **HTMX, HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in response.content.decode()


def test_a_step_sends_the_viewer_without_the_move_list(client, finished_game):
    html = client.get(_url(finished_game, 3), **HTMX).content.decode()
    assert 'id="moves"' not in html and f"?ply={finished_game.moves.count()}" in html


def test_a_live_games_poll_sends_the_move_list_out_of_band(client, live_game):
    html = client.get(_url(live_game) + "?follow=9", **HTMX).content.decode()
    assert re.search(r'<ol class="moves" id="moves" start="0" hx-swap-oob="true">', html)
    assert html.count("<li><a href=") == 11  # the setup and the 10 moves


@pytest.mark.parametrize(("ply", "status", "reason"), [
    ("x", 400, "muss eine ganze Zahl"), ("9999", 404, "Zug 9999 gibt es nicht"),
])
def test_a_ply_that_is_no_position_is_a_page_in_the_readers_language(client, finished_game, ply, status, reason):
    response = client.get(_url(finished_game, ply), headers={"accept-language": "de"})
    body = response.content.decode()
    assert response.status_code == status and response["Content-Type"].startswith("text/html")
    assert "Diese Stellung kann nicht gezeigt werden" in body and "Zurück zur Partie" in body and reason in body
