"""Replays others can embed (issue 33): /games/<id>/embed may be framed, nothing else may;
/oembed answers for our replay and game links only."""

import json

import pytest

from tests.factories import GameFactory
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    return store(random_record(7))


def test_embed_may_be_framed_by_any_site(client, game):
    response = client.get(f"/games/{game.pk}/embed?ply=3")
    assert response.status_code == 200
    assert "X-Frame-Options" not in response
    assert response["Content-Security-Policy"] == "frame-ancestors *"
    assert 'data-ply="3"' in response.content.decode()


def test_embed_steps_stay_on_the_embed(client, game):
    html = client.get(f"/games/{game.pk}/embed?ply=3").content.decode()
    assert f'href="/games/{game.pk}/embed?ply=4" hx-get="/games/{game.pk}/embed?ply=4"' in html
    assert f"/games/{game.pk}/replay?" not in html.replace(f"/games/{game.pk}/replay?ply=3\"", "")


def test_embed_htmx_step_answers_only_the_viewer(client, game):
    html = client.get(f"/games/{game.pk}/embed?ply=4", HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="viewer"') and "<html" not in html


def test_embed_history_restore_answers_the_whole_frame(client, game):
    response = client.get(f"/games/{game.pk}/embed?ply=4", HTTP_HX_REQUEST="true",
                          HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in response.content.decode()
    assert "HX-Request" in response["Vary"]


def test_embed_speaks_the_language_asked_for(client, game):
    html = client.get(f"/games/{game.pk}/embed?ply=3&lang=de").content.decode()
    assert '<html lang="de">' in html
    assert "Weiter" in html or "Nächste" in html
    assert f"/games/{game.pk}/embed?ply=4&amp;lang=de" in html


def test_embed_follows_accept_language(client, game):
    html = client.get(f"/games/{game.pk}/embed", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<html lang="ru">' in html


def test_embed_of_a_ply_that_does_not_exist_is_404(client, game):
    assert client.get(f"/games/{game.pk}/embed?ply=9999").status_code == 404


def test_the_replay_page_still_refuses_to_be_framed(client, game):
    response = client.get(f"/games/{game.pk}/replay")
    assert response["X-Frame-Options"] == "DENY"
    assert "frame-ancestors" not in response.get("Content-Security-Policy", "")


def test_the_game_page_still_refuses_to_be_framed(client, game):
    assert client.get(f"/games/{game.pk}/")["X-Frame-Options"] == "DENY"


def test_oembed_answers_a_replay_link_with_the_iframe(client, game):
    url = f"http://testserver/games/{game.pk}/replay?ply=5"
    response = client.get("/oembed", {"url": url, "format": "json"})
    assert response.status_code == 200
    body = json.loads(response.content)
    assert body["version"] == "1.0" and body["type"] == "rich"
    assert body["width"] == 640 and body["height"] == 720
    assert f'src="http://testserver/games/{game.pk}/embed?ply=5"' in body["html"]
    assert body["title"] == f"Replay of game {game.pk}"
    assert body["provider_name"]


def test_oembed_honours_maxwidth(client, game):
    body = client.get("/oembed", {"url": f"http://testserver/games/{game.pk}/", "maxwidth": "400"}).json()
    assert body["width"] == 400 and 'width="400"' in body["html"]


def test_oembed_refuses_a_link_to_another_site(client, game):
    response = client.get("/oembed", {"url": f"https://example.org/games/{game.pk}/replay"})
    assert response.status_code == 404
    assert "is not a link to this site" in response.content.decode()


def test_oembed_refuses_a_page_of_ours_that_is_no_game(client):
    response = client.get("/oembed", {"url": "http://testserver/events/"})
    assert response.status_code == 404
    assert "not a link to a game or a replay" in response.content.decode()


def test_oembed_without_url_is_400(client):
    response = client.get("/oembed")
    assert response.status_code == 400
    assert "url" in response.content.decode()


def test_oembed_xml_is_not_implemented(client, game):
    response = client.get("/oembed", {"url": f"http://testserver/games/{game.pk}/replay", "format": "xml"})
    assert response.status_code == 501


def test_oembed_for_a_score_only_game_is_404(client):
    score_only = GameFactory()
    response = client.get("/oembed", {"url": f"http://testserver/games/{score_only.pk}/"})
    assert response.status_code == 404
    assert "no moves" in response.content.decode()


def test_replay_and_game_pages_carry_the_discovery_link(client, game):
    for path in (f"/games/{game.pk}/replay", f"/games/{game.pk}/"):
        html = client.get(path).content.decode()
        assert 'type="application/json+oembed"' in html
        assert "/oembed?url=http%3A%2F%2Ftestserver%2Fgames%2F" in html


def test_oembed_refusal_is_in_the_readers_language(client):
    response = client.get("/oembed", {"url": "https://example.org/x"}, HTTP_ACCEPT_LANGUAGE="de")
    assert "ist kein Link auf diese Seite" in response.content.decode()


def test_every_embed_step_link_works_without_script(client, game):
    """Each ``hx-get`` link has the same ``href``: a frame without htmx steps by plain links."""
    import re

    html = client.get(f"/games/{game.pk}/embed?ply=3").content.decode()
    links = re.findall(r"<a\b[^>]*>", html)
    stepping = [a for a in links if "hx-get" in a]
    assert len(stepping) > 4
    for a in stepping:
        assert re.search(r'href="([^"]+)"', a).group(1) == re.search(r'hx-get="([^"]+)"', a).group(1), a
