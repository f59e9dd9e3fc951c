"""The end of a game recorded live (issue 39): the game-over line names the winner(s) and the
score, and the players' own count is checked per monument against the engine's (D7, C8)."""

import re
from html import unescape
from urllib.parse import urlencode

import pytest
from django.test import Client

from games.play.tally import game_over_line, tally
from rules_engine.registry import default_registry
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db


def _finished(user, seed=3, game="duel", players=None):
    record = random_record(seed, players, game=game) if players else random_record(seed, game=game)
    stored = store(record, user)
    client = Client()
    client.force_login(user)
    return stored, client, default_registry().replay(record).score().to_json()


def _text(body: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</(?:strong|p)>', body, re.S)
    assert match, f"no #{element_id}"
    return unescape(re.sub(r"<[^>]+>", "", match[1])).strip()


def test_d7_game_over_line_names_the_winner_and_both_scores(alice):
    game, client, result = _finished(alice)
    names = [p["name"] for p in result["players"]]
    w = result["winner"]
    line = _text(client.get(f"/games/{game.pk}/play").content.decode(), "game-over-line")
    total = result["players"][w]["total"]
    assert line.startswith(f"Game over: {names[w]} wins with {total} point")
    assert f"({names[1 - w]} {result['players'][1 - w]['total']})." in line


def test_c8_a_shared_win_names_every_winner():
    result = {"winners": [0, 2], "players": [{"total": 40}, {"total": 31}, {"total": 40}]}
    line = game_over_line(result, ["Ana", "Ben", "Cy"])
    assert line == "Game over: Ana and Cy share the win with 40 points each (Ben 31)."


def test_the_game_over_line_is_said_in_the_readers_language(alice):
    game, client, _result = _finished(alice)
    body = client.get(f"/games/{game.pk}/play", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert _text(body, "game-over-line").startswith("Spielende:")


def test_a_hand_count_equal_to_the_engines_says_it_matches(alice):
    game, client, result = _finished(alice)
    typed = {f"tally_{i}_{k}": v for i, p in enumerate(result["players"]) for k, v in p["breakdown"].items()}
    body = client.get(f"/games/{game.pk}/play?{urlencode(typed)}").content.decode()
    assert _text(body, "tally-verdict") == "Your count matches the score here."


def test_a_hand_count_that_differs_names_the_monument_where(alice):
    game, client, result = _finished(alice)
    typed = {f"tally_{i}_{k}": v for i, p in enumerate(result["players"]) for k, v in p["breakdown"].items()}
    typed["tally_1_temple"] += 3
    body = client.get(f"/games/{game.pk}/play?{urlencode(typed)}", headers={"HX-Request": "true"}).content.decode()
    assert _text(body, "tally-verdict") == "1 monument differs from your count: Temple"
    assert '<tr data-monument="temple" class="differs">' in body
    assert f"here {result['players'][1]['breakdown']['temple']}" in body


def test_a_monument_left_blank_is_not_compared():
    result = {"winners": [0], "players": [{"total": 5, "breakdown": {"track": 5, "statues": 0}},
                                          {"total": 3, "breakdown": {"track": 3, "statues": 0}}]}
    checked = tally(result, ["Ana", "Ben"], {"tally_0_track": "7", "tally_1_track": "x"})
    assert [row.key for row in checked.differences] == ["track"]
    assert [c.typed for c in checked.totals] == [None, None]  # a total only once every row is typed


def test_the_base_game_tally_has_a_row_per_scored_monument(alice):
    game, client, result = _finished(alice, seed=5, game="classic", players=["Ana", "Ben", "Cy"])
    body = client.get(f"/games/{game.pk}/play").content.decode()
    rows = re.findall(r'<tr data-monument="([a-z_]+)"', body)
    assert rows == list(result["players"][0]["breakdown"])


def _engine_numbers(body: str) -> list[str]:
    """The engine's numbers printed beside the hand-count fields."""
    return re.findall(r'<span class="engine">([^<]*)</span>', body)


def test_the_engines_count_is_not_shown_beside_empty_fields(alice):
    """Issue 50: shown before anyone types, the engine's numbers would be copied, not counted."""
    game, client, _result = _finished(alice)
    body = client.get(f"/games/{game.pk}/play").content.decode()
    assert 'name="tally_0_pyramid"' in body
    assert _engine_numbers(body) == []


def test_the_engines_count_is_shown_where_the_players_typed_theirs(alice):
    game, client, result = _finished(alice)
    body = client.get(f"/games/{game.pk}/play?tally_0_pyramid=0").content.decode()
    engine = result["players"][0]["breakdown"]["pyramid"]
    assert _engine_numbers(body) == [str(engine) if engine == 0 else f"here {engine}"]


def test_the_engines_count_is_shown_in_full_when_the_players_ask_for_it(alice):
    game, client, result = _finished(alice)
    body = client.get(f"/games/{game.pk}/play?tally_show=1").content.decode()
    assert _engine_numbers(body) == [str(p["breakdown"][key]) for key in result["players"][0]["breakdown"]
                                     for p in result["players"]]
    assert "<details class=\"tally\" open>" in body
