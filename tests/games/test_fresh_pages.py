"""A reader sees any change to what a page shows at once: a replay kept by this process is
keyed by the record itself (games/ui/timeline.py), the analysis panel is read every time,
and the partial, the page and each language are drawn apart (docs/operations.md, "Caching")."""

import pytest

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


def test_a_new_move_shows_at_once_to_a_reader_following_a_live_game(client, alice):
    game = store(random_record(11, moves=10), alice)
    full = random_record(11)
    assert 'data-plies="10"' in client.get(_replay(game), headers=HTMX).content.decode()
    append_move(game.pk, 10, full["moves"][10])
    assert 'data-plies="11"' in client.get(_replay(game), headers=HTMX).content.decode()


def test_a_renamed_player_shows_at_once_in_a_replay_seen_before(client, finished_game):
    client.get(_replay(finished_game, 3))
    player = Player.objects.get(name=finished_game.seats.order_by("order").first().player.name)
    player.name = "Nefertari"
    player.save()
    assert "Nefertari" in client.get(_replay(finished_game, 3)).content.decode()


def test_a_started_analysis_shows_at_once_in_a_replay_seen_before(client, finished_game):
    client.get(_replay(finished_game, 3))
    from games.analysis import service
    from games.services.results import record_of

    GameAnalysis.objects.create(game=finished_game, engine_version=ENGINE_VERSION,
                                record_hash=service.analysis_digest(record_of(finished_game)),
                                playouts=service.settings.IMHOTEP_ANALYSIS_PLAYOUTS, plies_total=5)
    assert 'id="analysis-progress"' in client.get(_replay(finished_game, 3)).content.decode()


def test_the_partial_and_the_page_are_drawn_apart(client, finished_game):
    client.get(_replay(finished_game, 2))
    partial = client.get(_replay(finished_game, 2), headers=HTMX).content.decode()
    assert partial.lstrip().startswith('<div id="viewer"')


def test_each_language_has_its_own_page(client, finished_game):
    client.get("/games/", headers={"Accept-Language": "de"})
    english = client.get("/games/", headers={"Accept-Language": "en"})
    assert '<html lang="en"' in english.content.decode()


def test_a_finished_analysis_shows_at_once_in_a_replay_seen_before(client, finished_game, settings, monkeypatch):
    from games.analysis import review, service

    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 2
    analysis, _queued = service.request_analysis(finished_game)
    mistakes = review.mistakes

    def read_while_running(probabilities, movers):  # a reader looks while the worker finishes
        assert 'id="analysis-progress"' in client.get(_replay(finished_game, 3)).content.decode()
        return mistakes(probabilities, movers)

    monkeypatch.setattr(review, "mistakes", read_while_running)
    service.run_analysis(analysis.pk)
    assert 'class="win-chart-wrap"' in client.get(_replay(finished_game, 3)).content.decode()
