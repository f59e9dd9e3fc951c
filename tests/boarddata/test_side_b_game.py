"""A 4-player base game with all five sites on side B, with the club's board data (the TEST
set, not the real boards): recorded live through the play page, replayed, scored, analysed."""

import html
import json
import random
import re

import pytest
from django.test import Client

from games.analysis.models import GameAnalysis
from games.analysis.service import request_analysis, run_analysis
from games.models import Game

pytestmark = pytest.mark.django_db

MOVE_BUTTON = re.compile(r'name="move" value="([^"]*)"')
SITES = ("market", "pyramids", "temple", "burial-chamber", "obelisks")


def _offered(response) -> list[dict]:
    return [json.loads(html.unescape(v)) for v in MOVE_BUTTON.findall(response.content.decode())]


@pytest.fixture
def side_b_game(alice, entered) -> Game:
    """Recorded at the table: every move picked among the ones the play page offers."""
    client = Client()
    client.force_login(alice)
    form = {"game": "classic", "seed": "7"}
    for n, (name, colour) in enumerate(zip(("Ana", "Ben", "Cleo", "Dan"), ("black", "white", "brown", "grey"),
                                           strict=True), start=1):
        form |= {f"player_{n}": name, f"colour_{n}": colour}
    form |= {f"side_{site}": "B" for site in SITES}
    assert client.post("/games/new?game=classic", form).status_code == 302
    game = Game.objects.get()
    rng = random.Random(3)
    ply = 0
    while offered := _offered(client.get(f"/games/{game.pk}/play")):
        move = rng.choice(offered)
        response = client.post(f"/games/{game.pk}/play", {"ply": ply, "move": json.dumps(move)})
        assert response.status_code == 302, response.content.decode()[:2000]
        ply += 1
    game.refresh_from_db()
    return game


def test_it_is_recorded_to_the_end_pinned_to_the_clubs_version(side_b_game, entered):
    assert side_b_game.status == "finished" and side_b_game.sides == dict.fromkeys(SITES, "B")
    assert side_b_game.board_data == entered and side_b_game.seats.count() == 4


def test_live_entry_offered_the_b_side_choices(side_b_game):
    # A stone delivered to Pyramids B asks which pyramid (C6.2); the stored moves keep the pick.
    assert any("pyramids" in json.dumps(m) for m in side_b_game.moves.values_list("data", flat=True))


def test_it_is_scored_with_a_winner(side_b_game):
    ranks = sorted(seat.result.rank for seat in side_b_game.seats.all())
    assert ranks[0] == 1 and len(ranks) == 4


def test_it_is_replayed(side_b_game):
    response = Client().get(f"/games/{side_b_game.pk}/replay?ply=30")
    assert response.status_code == 200


def test_it_is_analysed(side_b_game, settings):
    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 2
    analysis, _ = request_analysis(side_b_game, playouts=2)
    run_analysis(analysis.pk)
    analysis.refresh_from_db()
    assert analysis.status == GameAnalysis.Status.DONE, analysis.error
    assert len(analysis.probabilities) == side_b_game.moves.count() + 1
