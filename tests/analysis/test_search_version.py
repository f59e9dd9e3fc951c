"""Analysis version 3 (rules_engine/analysis/evaluate.py ANALYSIS_VERSION): the review's better
moves come from the tree search (rules_engine/analysis/mcts.py), so an analysis of version 2,
margins and all, is offered again for the better moves, while one made before the margins is
still offered again to add them."""

import pytest
from django.test import Client

from games.analysis import service
from games.analysis.models import GameAnalysis

pytestmark = pytest.mark.django_db


@pytest.fixture
def analysed(game):
    analysis, _queued = service.request_analysis(game)
    service.run_analysis(analysis.pk)
    return GameAnalysis.objects.get(pk=analysis.pk)


def member_replay(game, member) -> str:
    client = Client()
    client.force_login(member)
    return client.get(f"/games/{game.pk}/replay?ply=4").content.decode()


def test_an_analysis_with_margins_of_version_2_is_offered_again_for_the_better_moves(game, member, analysed):
    GameAnalysis.objects.filter(pk=analysed.pk).update(analysis_version=2)
    html = member_replay(game, member)
    assert "Analyse again with the stronger search for the better moves" in html
    assert "Analyse again to add the score margins" not in html


def test_an_analysis_made_before_margins_is_still_offered_again_to_add_them(game, member, analysed):
    GameAnalysis.objects.filter(pk=analysed.pk).update(analysis_version=1, margins=[])
    html = member_replay(game, member)
    assert "Analyse again to add the score margins" in html
    assert "stronger search" not in html


def test_a_current_analysis_is_not_offered_again(game, member, analysed):
    assert 'id="reanalyse"' not in member_replay(game, member)
