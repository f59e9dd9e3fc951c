"""What the rules leave no choice about is not asked (issue 50: fewer taps): when every token
still face down is of one kind (duel.md D1, D3), a move that turns tokens up is stored with them
at once, e.g. "take 1 token" revealing the last reserve token once the other 59 are known
(D4.3); any other draw is still asked."""

import json
import random

import pytest
from django.test import Client

from games.models import Game, Move
from games.services.recording import import_record
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import to_transcription

pytestmark = pytest.mark.django_db
DRAWN = ("refill", "refills", "reveal")


def _game_at(user, ply: int) -> tuple[Game, dict]:
    record = to_transcription(random_record(random.Random(5)))  # ply 54: the last reserve token revealed
    record["players"] = ["Ana", "Ben"]
    game = import_record({**record, "moves": record["moves"][:ply]}, user=user, source=Game.Source.RECORDED).game
    return game, record["moves"][ply]


def _tap(user, game: Game, ply: int, move: dict):
    client = Client()
    client.force_login(user)
    shown = {k: v for k, v in move.items() if k not in DRAWN}
    return client.post(f"/games/{game.pk}/play", {"ply": ply, "move": json.dumps(shown), "move_id": "tap-1"})


def test_d4_3_the_last_reserve_token_is_revealed_without_asking(alice):
    game, move = _game_at(alice, 54)
    assert move == {"type": "take-token", "boat": "row-1", "slot": 2, "reveal": "place-unload"}
    answer = _tap(alice, game, 54, move)
    assert answer.status_code == 302
    assert Move.objects.get(game=game, ply=54).data == move


def test_d4_2_a_refill_with_a_choice_is_asked(alice):
    game, move = _game_at(alice, 46)  # the last refill: 4 tokens face down, of 3 kinds
    answer = _tap(alice, game, 46, move)
    assert answer.status_code == 200 and 'id="draw-form"' in answer.content.decode()
    assert not Move.objects.filter(game=game, ply=46).exists()
