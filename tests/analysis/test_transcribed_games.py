"""Analysis, hints and "play on" on games recorded at a table (a Duel in F2 transcription form,
a base game with F4 setup.transcribed): what a club records, not only server-shuffled games."""

import pytest
from django.test import Client

from games.analysis.models import GameAnalysis
from games.analysis.service import request_analysis, run_analysis
from tests.engine.test_analysis_transcribed import table_classic, table_duel
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["duel", "classic"])
def table_game(request, alice):
    record = table_duel(21) if request.param == "duel" else table_classic(21, players=3)
    return store(record, alice)


def test_a_transcribed_game_is_analysed_with_its_review(table_game):
    analysis, _ = request_analysis(table_game)
    run_analysis(analysis.pk)
    analysis.refresh_from_db()
    assert (analysis.status, analysis.error) == (GameAnalysis.Status.DONE, "")
    assert len(analysis.probabilities) == table_game.moves.count() + 1 and analysis.turning


def test_best_moves_are_shown_at_any_position_of_a_transcribed_game(table_game):
    for ply in (1, table_game.moves.count() // 2, table_game.moves.count() - 1):
        body = Client().get(f"/games/{table_game.pk}/replay?ply={ply}&hint=1").content.decode()
        assert body.count("% to win</li>") >= 1, ply


def test_play_on_from_a_transcribed_game_opens_live_entry(table_game, alice):
    client = Client()
    client.force_login(alice)
    response = client.post(f"/games/{table_game.pk}/play-on", {"ply": 5})
    variation = table_game.variations.get()
    assert response["Location"] == f"/games/{variation.pk}/play"
    assert client.get(response["Location"]).status_code == 200
