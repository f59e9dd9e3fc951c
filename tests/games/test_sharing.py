"""Taking games elsewhere: BG Stats' import format and the score-sheet image."""

import json
import xml.etree.ElementTree as ET

import pytest

from games.models import Game, Player
from tests.factories import finished_game

pytestmark = pytest.mark.django_db


def test_a_game_exports_as_one_bgstats_play_with_scores_and_winner(client):
    game = finished_game(names=("Ana", "Ben"), totals=(52, 47), location="Club room")
    document = json.loads(client.get(f"/games/{game.pk}/bgstats.json").content)
    (play,) = document["plays"]
    names = {p["id"]: p["name"] for p in document["players"]}
    scores = {names[s["playerRefId"]]: (s["score"], s["winner"]) for s in play["playerScores"]}
    assert scores == {"Ana": ("52", True), "Ben": ("47", False)}
    assert document["locations"][0]["name"] == "Club room"
    assert play["playDate"].startswith(game.played_on.isoformat())


def test_bgstats_ids_stay_the_same_from_one_export_to_the_next(client):
    game = finished_game()
    first, second = (json.loads(client.get(f"/games/{game.pk}/bgstats.json").content) for _ in range(2))
    assert first["plays"][0]["uuid"] == second["plays"][0]["uuid"]
    assert first["players"] == second["players"]


def test_a_players_export_holds_only_their_finished_games(client):
    finished_game(names=("Ana", "Ben"))
    finished_game(names=("Ana", "Cy"))
    finished_game(names=("Ben", "Cy"))
    finished_game(names=("Ana", "Ben"), status=Game.Status.ABANDONED)
    ana = Player.objects.get(name="Ana")
    document = json.loads(client.get(f"/games/players/{ana.pk}/bgstats.json").content)
    assert len(document["plays"]) == 2


def test_the_score_sheet_is_a_standalone_svg_with_every_total(client):
    game = finished_game(names=("Ana", "Ben"), totals=(52, 47))
    response = client.get(f"/games/{game.pk}/share.svg")
    assert response["Content-Type"].startswith("image/svg+xml")
    root = ET.fromstring(response.content)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"52", "47", "Won by Ana"} <= set(texts)
    assert b"<script" not in response.content


def test_the_game_page_links_the_share_image(client):
    game = finished_game()
    assert f'href="/games/{game.pk}/share.svg"' in client.get(f"/games/{game.pk}/").content.decode()
