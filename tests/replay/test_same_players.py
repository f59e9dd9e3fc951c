""""Same players as last time" on the Duel's new-game form (issue 50): one tap fills it as the
last Duel this person started here: who sat where, colours, sides, a transcribed setup."""

import random

import pytest
from django.test import Client

from games.models import Game
from games.services.recording import import_record
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import to_transcription

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_no_offer_before_the_first_game(alice):
    assert 'id="same-players"' not in _client(alice).get("/games/new").content.decode()


def test_the_last_duel_started_fills_the_form(alice, bob):
    record = to_transcription(random_record(random.Random(3)))
    record.update(players=["Cleo", "Dan"], colours=["white", "black"])
    record["sides"] = {**record["sides"], "tomb": "B"}
    import_record({**record, "moves": []}, user=alice, source=Game.Source.RECORDED)
    page = _client(alice).get("/games/new").content.decode()
    assert 'id="same-players"' in page and "Cleo and Dan" in page
    filled = _client(alice).get("/games/new?game=duel&same=1").content.decode()
    assert 'autofocus required value="Cleo"' in filled and 'required value="Dan"' in filled
    assert 'name="setup" value="transcribe" required id="id_setup_1" checked' in filled
    assert 'name="side_tomb" value="B" required id="id_side_tomb_1" checked' in filled
    assert 'name="colour_1" id="id_colour_1"' in filled and '<option value="white" selected>' in filled
    assert 'id="same-players"' not in _client(bob).get("/games/new").content.decode()  # another person's


def test_the_home_page_offers_the_last_game_s_players_in_one_tap(alice):
    record = to_transcription(random_record(random.Random(3)))
    record["players"] = ["Cleo", "Dan"]
    import_record({**record, "moves": []}, user=alice, source=Game.Source.RECORDED)
    home = _client(alice).get("/").content.decode()
    assert 'href="/games/new?game=duel&amp;same=1" id="home-same"' in home and "Cleo, Dan" in home


def test_the_last_base_game_started_fills_its_form(alice):
    from rules_engine.registry import default_registry

    game = default_registry().game("classic")
    record = game.new_record(["Cleo", "Dan", "Eve"], random.Random(1), seed=1, colours=["white", "black", "brown"],
                             sides={"market": "B"}, variants=())
    import_record(record, user=alice, source=Game.Source.RECORDED)
    page = _client(alice).get("/games/new?game=classic").content.decode()
    assert 'id="same-players"' in page and "Cleo, Dan, Eve" in page
    filled = _client(alice).get("/games/new?game=classic&same=1").content.decode()
    assert 'name="player_3" id="id_player_3"' in filled and 'value="Eve"' in filled
    assert 'name="side_market" value="B" required id="id_side_market_1" checked' in filled
    assert '<option value="white" selected>' in filled
