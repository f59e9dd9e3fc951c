"""Per-member limits of the analyses waiting for a worker (issue #52, games/analysis/quotas.py):
one over IMHOTEP_QUEUED_ANALYSES_PER_MEMBER / IMHOTEP_QUEUED_LUCK_PER_MEMBER is refused with 429
and Retry-After on the API and the pages and nothing is queued; a task whose row is gone ends
quietly; the progress a worker writes moves ``updated_at``."""

from __future__ import annotations

import datetime
import logging

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from games import leases
from games.analysis import luck, service
from games.analysis.models import GameAnalysis, GameLuck
from games.models import Game
from tests.factories import UserFactory
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db

REFUSED = "you have 2 waiting already, the most a member may have; try again in 30 seconds"


@pytest.fixture(autouse=True)
def _limits(settings):
    settings.IMHOTEP_QUEUED_ANALYSES_PER_MEMBER = 2
    settings.IMHOTEP_QUEUED_LUCK_PER_MEMBER = 2
    settings.IMHOTEP_QUEUE_RETRY_AFTER = 30


@pytest.fixture
def games(member) -> list[Game]:
    return [store(random_record(30 + seed), member) for seed in range(3)]


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_an_analysis_over_the_members_limit_is_refused_by_the_api_with_retry_after(member, games):
    for game in games[:2]:
        assert api(member).post(f"/api/v1/games/{game.pk}/analysis").status_code == 202
    refused = api(member).post(f"/api/v1/games/{games[2].pk}/analysis")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "30"
    assert REFUSED in refused.json()["detail"]
    assert not GameAnalysis.objects.filter(game=games[2]).exists()


def test_a_luck_analysis_over_the_members_limit_is_refused_by_the_api_with_retry_after(member, games):
    for game in games[:2]:
        assert api(member).post(f"/api/v1/games/{game.pk}/luck").status_code == 202
    refused = api(member).post(f"/api/v1/games/{games[2].pk}/luck")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "30"
    assert "No new “What decided this game”: " + REFUSED in refused.json()["detail"]
    assert not GameLuck.objects.filter(game=games[2]).exists()


def test_the_replay_page_without_htmx_answers_429_with_retry_after(member, games):
    client = Client()
    client.force_login(member)
    for game in games[:2]:
        assert client.post(f"/games/{game.pk}/analysis").status_code == 302
    refused = client.post(f"/games/{games[2].pk}/analysis")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "30"
    assert REFUSED in refused.content.decode()
    assert not GameAnalysis.objects.filter(game=games[2]).exists()


def test_the_luck_panel_under_htmx_says_why_with_retry_after(member, games):
    client = Client(headers={"HX-Request": "true"})
    client.force_login(member)
    for game in games[:2]:
        client.post(f"/games/{game.pk}/luck")
    refused = client.post(f"/games/{games[2].pk}/luck")
    assert refused["Retry-After"] == "30"
    assert 'id="luck-refused"' in refused.content.decode() and REFUSED in refused.content.decode()
    assert not GameLuck.objects.filter(game=games[2]).exists()


def test_the_refusal_is_said_in_the_readers_language(member, games):
    client = Client(headers={"Accept-Language": "de"})
    client.force_login(member)
    for game in games[:2]:
        client.post(f"/games/{game.pk}/analysis")
    refused = client.post(f"/games/{games[2].pk}/analysis")
    assert refused.status_code == 429
    assert "Keine neue Analyse" in refused.content.decode()


def test_each_member_has_a_queue_of_their_own(member, games):
    for game in games[:2]:
        service.request_analysis(game, user=member)
    other = UserFactory(username="second-analyst")
    assert service.request_analysis(games[2], user=other)[1]


def test_an_analysis_queued_by_someone_else_is_reused_not_refused(member, games):
    other = UserFactory(username="second-analyst")
    queued, _ = service.request_analysis(games[2], user=other)
    for game in games[:2]:
        service.request_analysis(game, user=member)
    assert service.request_analysis(games[2], user=member) == (queued, False)


def test_a_finished_analysis_frees_a_place(member, games):
    first, _ = service.request_analysis(games[0], user=member)
    service.request_analysis(games[1], user=member)
    GameAnalysis.objects.filter(pk=first.pk).update(status=GameAnalysis.Status.DONE)
    assert service.request_analysis(games[2], user=member)[1]


def test_no_limit_when_the_setting_is_0(member, games, settings):
    settings.IMHOTEP_QUEUED_ANALYSES_PER_MEMBER = 0
    assert all(service.request_analysis(game, user=member)[1] for game in games)


# --------------------------------------------------------------------------- the tasks


def test_an_analysis_task_whose_row_is_gone_ends_quietly_and_says_so(member, games, caplog):
    analysis, _ = service.request_analysis(games[0], user=member)
    games[0].delete()  # the analysis goes with its game
    with caplog.at_level(logging.INFO, logger="games.leases"):
        service.run_analysis(analysis.pk)
    assert f"GameAnalysis {analysis.pk} is gone" in caplog.text


def test_a_luck_task_whose_row_is_gone_ends_quietly_and_says_so(member, games, caplog):
    queued, _ = luck.request_luck(games[0], user=member)
    games[0].delete()
    with caplog.at_level(logging.INFO, logger="games.leases"):
        luck.run_luck(queued.pk)
    assert f"GameLuck {queued.pk} is gone" in caplog.text


def test_a_row_deleted_while_its_task_runs_ends_it_quietly(member, games, caplog):
    analysis, _ = service.request_analysis(games[0], user=member)

    def compute(row, lease):
        Game.objects.filter(pk=row.game_id).delete()
        row.game.refresh_from_db()  # what reading the deleted game raises: Game.DoesNotExist

    with caplog.at_level(logging.INFO, logger="games.leases"):
        leases.run(GameAnalysis, analysis.pk, compute)
    assert "went while it ran (DoesNotExist" in caplog.text


def test_progress_moves_updated_at(member, games):
    analysis, _ = service.request_analysis(games[0], user=member)
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    GameAnalysis.objects.filter(pk=analysis.pk).update(updated_at=long_ago)
    leases.claim(GameAnalysis, analysis.pk)
    claimed = GameAnalysis.objects.get(pk=analysis.pk).updated_at
    assert claimed > long_ago
    GameAnalysis.objects.filter(pk=analysis.pk).update(updated_at=long_ago)
    leases.Renewal(GameAnalysis, analysis.pk).update(plies_done=5)
    progressed = GameAnalysis.objects.get(pk=analysis.pk)
    assert progressed.plies_done == 5 and progressed.updated_at > long_ago
