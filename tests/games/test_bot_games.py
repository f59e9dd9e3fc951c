"""Games against the bot (docs/bots.md): started from the API or the pages, the service answers
the bot's seats after each move a person makes (by the HTTP flow), undo takes the bot's reply
back with the person's move, and a finished bot game is in no rating, statistic, standing,
explorer count or ratings check, nor in the club's games list."""

import json
import random

import pytest
from django.test import Client

from games.models import Game, Player, Rating
from games.play import bots
from games.play.appending import append_move
from games.services import opponents, ratings_check
from games.services.explorer import Filters
from games.services.stats import most_played_game_type, player_stats, players_with_counts
from games.ui.timeline import load_timeline
from rules_engine.duel.playout import random_record as duel_random_record
from rules_engine.duel.record import to_transcription
from rules_engine.duel.transcription import DRAW_FIELDS
from tests.games.conftest import token_client
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _first_legal(game: Game) -> tuple[int, dict]:
    timeline = load_timeline(game)
    gt = timeline.game_type
    return timeline.plies, gt.move_to_json(gt.legal_moves(timeline.state(timeline.plies))[0])


def _finished_bot_game(user) -> Game:
    """A Duel against the level-1 bot played to its end, the person always taking the first legal move."""
    game = bots.new_bot_game("duel", 2, user=user, level_number=1, bot_seats=[1], seed=4)
    while Game.objects.get(pk=game.pk).status == Game.Status.IN_PROGRESS:
        ply, move = _first_legal(game)
        append_move(game.pk, ply, move)
        bots.answer(Game.objects.get(pk=game.pk))
    return Game.objects.get(pk=game.pk)


def test_the_api_starts_a_bot_game_and_answers_a_move_with_the_bots_reply(alice):
    api = token_client(alice)
    started = api.post("/api/v1/bot-games", {"game": "duel", "level": 2, "bot_seats": [1], "seed": 3}, format="json")
    assert started.status_code == 201, started.content
    game = Game.objects.get(pk=started.json()["id"])
    ply, move = _first_legal(game)
    answer = api.post(started.json()["moves_url"], {"ply": ply, "move": move}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert [m["ply"] for m in body["bot_moves"]] == [1] and body["next_ply"] == 2 == game.moves.count()


def test_the_bot_moves_first_when_it_holds_the_first_seat(alice):
    started = token_client(alice).post("/api/v1/bot-games", {"game": "classic", "players": 3, "level": 1,
                                                             "bot_seats": [0, 1], "seed": 2}, format="json")
    assert started.status_code == 201, started.content
    assert started.json()["next_ply"] == 2 and started.json()["bot_seats"] == [0, 1]


def test_the_api_plays_on_against_the_bot_from_a_stored_games_position(alice):
    game = store(random_record(11, ["Ana", "Ben"]), alice)
    started = token_client(alice).post("/api/v1/bot-games", {"from_game": game.pk, "ply": 6, "level": 1,
                                                             "bot_seats": [0]}, format="json")
    assert started.status_code == 201, started.content
    variation = Game.objects.get(pk=started.json()["id"])
    assert (variation.parent_id, variation.branch_ply, variation.bot_level) == (game.pk, 6, 1)
    to_move = load_timeline(variation).game_type.to_move(load_timeline(variation).state(variation.moves.count()))
    assert to_move == 1  # the bot's seat 0 has moved, if it was to move at ply 6


@pytest.mark.parametrize("seats", [[0, 1], [], [2], [0, 0]])
def test_the_api_refuses_bot_seats_that_leave_no_person_or_are_no_seats(alice, seats):
    refused = token_client(alice).post("/api/v1/bot-games", {"game": "duel", "level": 3, "bot_seats": seats},
                                       format="json")
    assert refused.status_code == 400 and "error" in refused.json()
    assert not Game.objects.exists()


def test_the_play_page_answers_a_persons_move_with_the_bots(alice):
    game = bots.new_bot_game("duel", 2, user=alice, level_number=2, bot_seats=[1], seed=6)
    ply, move = _first_legal(game)
    response = _client(alice).post(f"/games/{game.pk}/play", {"ply": ply, "move": json.dumps(move)})
    assert response.status_code == 302
    assert list(game.moves.order_by("ply").values_list("ply", flat=True)) == [0, 1]


def test_the_replay_page_plays_on_against_the_bot_with_the_seats_ticked(alice):
    game = store(random_record(12, ["Ana", "Ben"]), alice)
    response = _client(alice).post(f"/games/{game.pk}/play-on-bot", {"ply": 4, "level": 3, "seat": ["1"]})
    variation = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/games/{variation.pk}/play"
    assert (variation.bot_level, variation.bot_seats, variation.parent_id) == (3, [0], game.pk)


def test_the_new_bot_game_page_starts_a_game_with_the_person_at_the_chosen_seat(alice):
    response = _client(alice).post("/games/bot", {"game": "duel", "players": 2, "level": 1, "seat": 1})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/play"
    assert list(game.seats.order_by("order").values_list("player__name", flat=True)) == ["Bot 1", "alice"]
    assert game.moves.count() == 1  # the bot, at seat 1, moved first


def test_undo_takes_back_the_bots_reply_and_the_persons_move(alice):
    game = bots.new_bot_game("duel", 2, user=alice, level_number=1, bot_seats=[1], seed=6)
    ply, move = _first_legal(game)
    _client(alice).post(f"/games/{game.pk}/play", {"ply": ply, "move": json.dumps(move)})
    response = _client(alice).post(f"/games/{game.pk}/play/undo", {"ply": 2})
    assert response.status_code == 302 and game.moves.count() == 0


def test_a_finished_bot_game_is_not_rated(alice):
    game = _finished_bot_game(alice)
    assert game.status == Game.Status.FINISHED and game.bot_level == 1
    assert not Rating.objects.exists()
    assert list(ratings_check.rated_history("duel")) == []


def test_a_finished_bot_game_is_in_no_players_statistics_or_standings(alice):
    store(random_record(21, ["alice", "Ben"]), alice)
    _finished_bot_game(alice)
    alice_player = Player.objects.get(name="alice")
    assert player_stats(alice_player).games == 1
    assert {p.name: p.games for p in players_with_counts()}["alice"] == 1
    assert opponents.head_to_head(alice_player, Player.objects.get(name="Bot 1")).games == 0


def test_a_finished_bot_game_is_not_the_most_played_game_nor_in_the_explorer(alice):
    store(random_record(1, game="classic"), alice)
    _finished_bot_game(alice)
    _finished_bot_game(alice)
    assert most_played_game_type() == "classic"
    assert not Filters(game_type="duel").facts().exists()


def test_a_bot_game_is_not_in_the_club_games_list(alice, client):
    game = store(random_record(21, ["Ana", "Ben"]), alice)
    _finished_bot_game(alice)
    assert [g["id"] for g in client.get("/api/v1/games").json()["results"]] == [game.pk]


def test_the_bots_seats_are_in_no_players_list_but_a_player_yet_to_play_is(alice, client):
    store(random_record(21, ["alice", "Ben"]), alice)
    _finished_bot_game(alice)
    Player.objects.create(name="Newcomer")
    listed = {p["name"] for p in client.get("/api/v1/players").json()["results"]}
    assert listed == {"alice", "Ben", "Newcomer"}


def test_the_bots_seats_are_not_offered_in_the_games_lists_player_filter(alice, client):
    store(random_record(21, ["alice", "Ben"]), alice)
    _finished_bot_game(alice)
    page = client.get("/games/").content.decode()
    assert ">Ben<" in page and ">Bot 1<" not in page


def test_a_move_sent_while_the_bot_is_to_move_is_stale_and_the_bot_moves_first(alice):
    game = bots.new_bot_game("duel", 2, user=alice, level_number=1, bot_seats=[1], seed=9)
    ply, move = _first_legal(game)
    append_move(game.pk, ply, move)  # stored without the bot's answer (a request that ended early)
    late = token_client(alice).post(f"/api/v1/games/{game.pk}/moves", {"ply": 1, "move": move}, format="json")
    assert late.status_code == 409 and late.json()["ply"] == 2 == game.moves.count()


def test_the_bot_plays_on_in_a_game_recorded_at_a_table_drawing_what_its_moves_turn_up(alice):
    """Issue #40: a move of the bot that turns up tokens in a game transcribed at a table gets
    them drawn at random from those still face down (`GameType.table_draw`), as the person's
    "Draw at random" does; before, the bot refused to move."""
    record = to_transcription(duel_random_record(random.Random(3)))
    game = bots.play_on_against_bot(store({**record, "moves": []}, alice), 0, user=alice, level_number=1,
                                    bot_seats=[1])
    while Game.objects.get(pk=game.pk).status == Game.Status.IN_PROGRESS:
        timeline = load_timeline(game)
        gt, state = timeline.game_type, timeline.state(timeline.plies)
        move = gt.move_to_json(gt.legal_moves(state)[0])
        needs = gt.table_needs(state, move)
        table = gt.table_draw(state, timeline.record, needs, random.Random(0)) if needs else None
        append_move(game.pk, timeline.plies, move, table=table)
        bots.answer(Game.objects.get(pk=game.pk))
    timeline = load_timeline(Game.objects.get(pk=game.pk))
    by_bot = [m for ply, m in enumerate(timeline.record["moves"])
              if timeline.game_type.to_move(timeline.state(ply)) == 1]
    assert any(field in m for m in by_bot for field in DRAW_FIELDS)
