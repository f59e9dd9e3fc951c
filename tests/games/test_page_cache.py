"""Readers' whole pages kept under the history's version (games/pagecache.py): a reader who is
not signed in gets the kept page with a CSRF token of their own, any change to what the page
shows is there at once, and a signed-in member is never served a kept page."""

import re

import pytest
from django.test import Client

from games.analysis.models import GameAnalysis
from games.models import Player
from games.play.appending import append_move
from rules_engine import ENGINE_VERSION
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def finished_game(alice):
    return store(random_record(7), alice)


def _replay(game, ply=None) -> str:
    return f"/games/{game.pk}/replay" + ("" if ply is None else f"?ply={ply}")


def _without_tokens(html: str) -> str:
    html = re.sub(r'CSRFToken": "\w+"', "", html)
    return re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", html)


def test_a_readers_second_visit_is_the_kept_page(client, finished_game):
    first = client.get(_replay(finished_game, 4))
    again = client.get(_replay(finished_game, 4))
    assert (first["X-Page-Cache"], again["X-Page-Cache"]) == ("miss", "hit")
    assert _without_tokens(again.content.decode()) == _without_tokens(first.content.decode())


def test_every_kept_page_gets_its_own_working_csrf_token(finished_game):
    reader = Client(enforce_csrf_checks=True)
    reader.get("/games/")  # kept by this visit
    Client().get("/games/")
    page = reader.get("/games/")
    assert page["X-Page-Cache"] == "hit"
    token = re.search(r'name="csrfmiddlewaretoken" value="(\w+)"', page.content.decode()).group(1)
    assert "--imhotep-csrf-token--" not in page.content.decode()
    answer = reader.post("/account/language", {"language": "de", "csrfmiddlewaretoken": token, "next": "/games/"})
    assert answer.status_code == 302


def test_a_new_move_shows_at_once_to_a_reader_following_a_live_game(client, alice):
    game = store(random_record(11, moves=10), alice)
    full = random_record(11)
    assert client.get(_replay(game), headers=HTMX)["X-Page-Cache"] == "miss"
    append_move(game.pk, 10, full["moves"][10])
    answer = client.get(_replay(game), headers=HTMX)
    assert answer["X-Page-Cache"] == "miss"
    assert 'data-plies="11"' in answer.content.decode()


def test_a_renamed_player_shows_at_once_in_a_kept_replay(client, finished_game):
    client.get(_replay(finished_game, 3))
    player = Player.objects.get(name=finished_game.seats.order_by("order").first().player.name)
    player.name = "Nefertari"
    player.save()
    assert "Nefertari" in client.get(_replay(finished_game, 3)).content.decode()


def test_a_started_analysis_shows_at_once_in_a_kept_replay(client, finished_game):
    client.get(_replay(finished_game, 3))
    from games.analysis import service
    from games.services.results import record_of

    GameAnalysis.objects.create(game=finished_game, engine_version=ENGINE_VERSION,
                                record_hash=service.record_hash(record_of(finished_game)),
                                playouts=service.settings.IMHOTEP_ANALYSIS_PLAYOUTS, plies_total=5)
    assert 'id="analysis-progress"' in client.get(_replay(finished_game, 3)).content.decode()


def test_the_partial_and_the_page_are_kept_apart(client, finished_game):
    client.get(_replay(finished_game, 2))
    partial = client.get(_replay(finished_game, 2), headers=HTMX).content.decode()
    assert partial.lstrip().startswith('<div id="viewer"')


def test_each_language_has_its_own_kept_page(client, finished_game):
    client.get("/games/", headers={"Accept-Language": "de"})
    english = client.get("/games/", headers={"Accept-Language": "en"})
    assert english["X-Page-Cache"] == "miss"
    assert '<html lang="en"' in english.content.decode()


def test_a_signed_in_member_is_never_served_a_kept_page(client, alice, finished_game):
    client.get("/games/standings?game=duel")
    client.force_login(alice)
    answer = client.get("/games/standings?game=duel")
    assert "X-Page-Cache" not in answer
    assert alice.username in answer.content.decode()


def test_a_reader_with_a_message_waiting_is_not_served_a_kept_page(client, finished_game):
    client.get("/games/")
    client.cookies["messages"] = "anything"
    assert "X-Page-Cache" not in client.get("/games/")


def test_a_refused_address_is_not_kept(client, finished_game):
    for _ in range(2):
        answer = client.get(_replay(finished_game, 9999))
        assert answer.status_code == 404 and "X-Page-Cache" not in answer


def test_a_kept_page_says_it_depends_on_the_cookie(client, finished_game):
    client.get("/games/")
    assert "Cookie" in client.get("/games/")["Vary"]


def test_a_finished_analysis_shows_at_once_in_a_kept_replay(client, finished_game, settings, monkeypatch):
    from games.analysis import service

    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 2
    analysis, _queued = service.request_analysis(finished_game)
    turning_points = service.turning_points

    def read_while_running(probabilities):  # a reader looks while the worker finishes
        assert 'id="analysis-progress"' in client.get(_replay(finished_game, 3)).content.decode()
        return turning_points(probabilities)

    monkeypatch.setattr(service, "turning_points", read_while_running)
    service.run_analysis(analysis.pk)
    assert 'class="win-chart-wrap"' in client.get(_replay(finished_game, 3)).content.decode()
