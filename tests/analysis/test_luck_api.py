"""What decided a game (issue #41) through the API and the replay page: a worker computes the
terms (games/analysis/luck.py), the API serves them per player, the replay names the three
largest per player in board words, each linked to its position."""

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework.test import APIClient

from games.analysis.luck import request_luck, run_luck
from games.analysis.luck_words import chance_words
from games.analysis.models import GameLuck
from games.ui.timeline import load_timeline
from tests.engine.test_analysis_transcribed import table_classic
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def few_luck_playouts(settings):
    settings.IMHOTEP_LUCK_MOVE_PLAYOUTS = 2
    settings.IMHOTEP_LUCK_DEEP_PLAYOUTS = 4


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def work(monkeypatch):
    """The real database worker over the queue, in this process (as test_analysis_api.py)."""
    from django_tasks_db.management.commands import db_worker

    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    return lambda: call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def computed(game) -> GameLuck:
    luck, _ = request_luck(game)
    run_luck(luck.pk)
    luck.refresh_from_db()
    assert (luck.status, luck.error) == (GameLuck.Status.DONE, "")
    return luck


def test_the_api_starts_it_and_a_worker_serves_terms_that_add_up_per_player(
    work, game, member, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        started = api(member).post(f"/api/v1/games/{game.pk}/luck")
    assert started.status_code == 202 and started.json()["status"] == "queued"
    work()
    done = api().get(started.json()["status_url"]).json()
    assert done["status"] == "done" and len(done["players"]) == 2
    for p in done["players"]:
        terms = sum(t["change"][p["seat"]] for t in done["terms"])
        assert abs(terms - (p["result"] - p["start"])) <= 0.03
        assert abs(p["luck"] + p["skill"] - (p["result"] - p["start"])) <= 0.03
    assert {t["kind"] for t in done["terms"]} == {"decision", "chance"}


def test_a_guest_cannot_start_it(game):
    assert api().post(f"/api/v1/games/{game.pk}/luck").status_code in (401, 403)
    assert not GameLuck.objects.exists()


def test_the_replay_names_three_terms_per_player_linked_to_their_positions(game):
    computed(game)
    body = Client().get(f"/games/{game.pk}/replay").content.decode()
    assert "What decided this game" in body
    assert body.count('class="luck-term"') == 6
    assert "Ana</strong>" in body and "Ben</strong>" in body


def test_c2_a_round_card_is_named_with_its_round(member):
    game = store(table_classic(7, players=3), member)
    luck = computed(game)
    timeline = load_timeline(game)
    ends = [t for t in luck.terms if t["kind"] == "chance"
            and timeline.state_json(t["move"] + 1)["round"] > timeline.state_json(t["move"])["round"]]
    assert ends
    before, after = timeline.state_json(ends[0]["move"]), timeline.state_json(ends[0]["move"] + 1)
    assert f"of round {after['round']}" in chance_words(ends[0], before, after)


def test_the_panel_offers_members_to_start_it(game, member):
    client = Client()
    client.force_login(member)
    assert 'id="start-luck"' in client.get(f"/games/{game.pk}/luck").content.decode()
    client.post(f"/games/{game.pk}/luck")
    assert GameLuck.objects.get().status == GameLuck.Status.QUEUED


def test_the_panel_speaks_the_readers_language(game):
    computed(game)
    body = Client().get(f"/games/{game.pk}/replay", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Was diese Partie entschied" in body and "What decided" not in body
    assert "Glück" in body and "the round card" not in body and "turned up" not in body


def test_the_games_analysis_lends_its_win_chances(game):
    from games.analysis.models import GameAnalysis
    from games.analysis.service import request_analysis, run_analysis

    analysis, _ = request_analysis(game)
    run_analysis(analysis.pk)
    analysis.refresh_from_db()
    assert analysis.status == GameAnalysis.Status.DONE
    GameAnalysis.objects.filter(pk=analysis.pk).update(
        probabilities=[[0.25, 0.75], *analysis.probabilities[1:]])  # a start no estimate of its own would give
    luck = computed(game)
    assert [p["start"] for p in luck.players] == [0.25, 0.75]
    assert all(abs(p["luck"] + p["skill"] - (p["result"] - p["start"])) <= 0.03 for p in luck.players)


def test_own_moves_are_named_as_gained_against_a_random_continuation_in_points_and_explained(game):
    luck = computed(game)
    luck.players[0]["own"] = 1.24  # what two level-5 Duels showed: more than the whole game's chance
    luck.save(update_fields=["players"])
    body = Client().get(f"/games/{game.pk}/luck").content.decode()
    assert "Gained by their own moves against a random continuation: +124 points." in body
    assert "124 %" not in body and "their own moves" not in body.replace("Gained by their own moves", "")
    assert "not against the best move" in body and "it can pass 100 points" in body
