"""Mistakes where they happen (issue 39): a prompt for what the table turned up survives a
reload (its URL asks it again), and the base game's round-card list says each card's player
counts (classic.md C1) so the page offers only those of the table."""

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest

from tests.replay.test_live_pages import _client, _post, transcribed  # noqa: F401 (transcribed: the fixture)

pytestmark = pytest.mark.django_db
UNLOAD = {"type": "unload", "boat": "row-1"}


def test_f2_a_refill_prompt_gets_a_url_that_asks_it_again(transcribed, alice):  # noqa: F811
    response = _post(_client(alice), transcribed, 2, UNLOAD, headers={"HX-Request": "true"})
    query = parse_qs(urlparse(response["HX-Replace-Url"]).query)
    assert query["ply"] == ["2"] and json.loads(query["move"][0]) == UNLOAD


def test_f2_reloading_the_prompts_url_shows_the_prompt_again(transcribed, alice):  # noqa: F811
    page = _client(alice).get(f"/games/{transcribed.pk}/play", {"ply": 2, "move": json.dumps(UNLOAD)})
    body = page.content.decode()
    assert 'name="refill"' in body and 'id="draw-form"' in body
    assert transcribed.moves.count() == 2


def test_f2_a_stale_prompt_url_shows_the_current_position_without_it(transcribed, alice):  # noqa: F811
    page = _client(alice).get(f"/games/{transcribed.pk}/play", {"ply": 1, "move": json.dumps(UNLOAD)})
    assert page.status_code == 200 and 'name="refill"' not in page.content.decode()


def test_f2_an_answered_prompt_takes_its_url_back(transcribed, alice):  # noqa: F811
    url = f"/games/{transcribed.pk}/play?ply=2&move=x"
    response = _post(_client(alice), transcribed, 2, UNLOAD, refill="tomb-7 tomb-8 temple-4",
                     headers={"HX-Request": "true", "HX-Current-URL": f"http://testserver{url}"})
    assert response["HX-Replace-Url"] == f"/games/{transcribed.pk}/play"


def test_c1_each_round_card_option_names_its_player_counts(alice):
    body = _client(alice).get("/games/new?game=classic").content.decode()
    options = dict(re.findall(r'<option value="(\d-\d-\d-\d)" data-players="([\d ]+)"', body))
    assert options["4-3-3-3"] == "4" and options["4-3-3-1"] == "2" and options["4-3-2-2"] == "2 3 4"


def test_undo_offers_the_undone_move_back_and_redo_stores_it(transcribed, alice):  # noqa: F811
    client = _client(alice)
    undone = transcribed.moves.get(ply=1).data
    undo = client.post(f"/games/{transcribed.pk}/play/undo", {"ply": 2}, headers={"HX-Request": "true"})
    body = undo.content.decode()
    [redo] = re.findall(r'<form class="redo-form".*?name="move" value="([^"]*)"', body, re.S)
    assert json.loads(redo.replace("&quot;", '"')) == undone and transcribed.moves.count() == 1
    assert _post(client, transcribed, 1, json.loads(redo.replace("&quot;", '"'))).status_code == 302
    assert transcribed.moves.get(ply=1).data == undone


def test_undo_sits_before_the_board_and_the_move_list(transcribed, alice):  # noqa: F811
    body = _client(alice).get(f"/games/{transcribed.pk}/play").content.decode()
    assert body.index('class="undo-form"') < body.index('id="harbor"') < body.index('class="moves"')
