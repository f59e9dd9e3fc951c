"""Live entry as a first-class path: the navigation offers it, the games list puts games being
recorded first, the game and replay pages link to each other and to continuing, and a
spectator's page follows new moves."""

import pytest
from django.test import Client

from games.play.appending import append_move

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def next_move(game):
    record = game.full_record
    return record["moves"][game.moves.count()]


def test_members_see_record_a_game_in_the_navigation(alice):
    assert 'id="nav-record"' in signed_in(alice).get("/").content.decode()


@pytest.mark.parametrize("who", ["visitor", "guest"])
def test_visitors_and_guests_are_not_offered_recording(who, charlie):
    client = signed_in(charlie) if who == "guest" else Client()
    assert 'id="nav-record"' not in client.get("/").content.decode()


def test_the_games_list_offers_the_recorder_to_continue(live_game, alice):
    body = signed_in(alice).get("/games/").content.decode()
    assert body.index('id="in-progress"') < body.index('id="games-results"')
    assert f'href="/games/{live_game.pk}/play">Continue recording' in body


def test_the_games_list_offers_others_to_watch(live_game):
    body = Client().get("/games/").content.decode()
    assert f'href="/games/{live_game.pk}/replay">Watch live' in body


def test_the_game_page_links_to_watching_and_continuing(live_game, alice):
    body = signed_in(alice).get(f"/games/{live_game.pk}/").content.decode()
    assert f'href="/games/{live_game.pk}/replay" id="to-replay">Watch live' in body
    assert f'href="/games/{live_game.pk}/play" id="continue-recording"' in body


def test_the_replay_links_back_to_the_game_and_to_continuing(live_game, alice):
    body = signed_in(alice).get(f"/games/{live_game.pk}/replay").content.decode()
    assert f'href="/games/{live_game.pk}/" id="to-game"' in body
    assert 'id="continue-recording"' in body


def test_the_replay_of_a_finished_game_does_not_poll(finished_game):
    body = Client().get(f"/games/{finished_game.pk}/replay").content.decode()
    assert "every 2s" not in body and "live-badge" not in body


def test_a_spectator_at_the_last_move_polls_for_the_next(live_game):
    body = Client().get(f"/games/{live_game.pk}/replay").content.decode()
    assert f'hx-get="/games/{live_game.pk}/replay?follow=10" hx-trigger="every 2s"' in body
    assert 'class="live-badge"' in body


def test_a_poll_without_a_new_move_is_answered_204_without_replaying(live_game, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        response = Client().get(f"/games/{live_game.pk}/replay?follow=10", headers={"HX-Request": "true"})
    assert response.status_code == 204


def test_a_poll_after_a_move_gets_the_new_position(live_game):
    append_move(live_game.pk, 10, next_move(live_game))
    response = Client().get(f"/games/{live_game.pk}/replay?follow=10", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert 'data-ply="11"' in response.content.decode()
