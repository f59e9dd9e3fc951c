"""POST /games/<id>/abandon: a game still being recorded is stopped for good (it stays in the
history, no move can be added), so an event table it belonged to can have its result set by hand."""

import pytest

from games.events import lifecycle
from games.models import Game
from tests.events.helpers import duel_event
from tests.factories import finished_game

pytestmark = pytest.mark.django_db


def _live_table(staff):
    event = duel_event(["Ana", "Ben", "Cleo", "Dan"])
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.order_by("table").first()
    game, _created = lifecycle.start_live_game(pairing, staff)
    return event, pairing, game


def test_the_recorder_abandons_a_live_game_and_is_taken_back_to_its_event(client, staff):
    event, _pairing, game = _live_table(staff)
    client.force_login(staff)
    response = client.post(f"/games/{game.pk}/abandon")
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED and response["Location"] == f"/events/{event.pk}/"


def test_an_abandoned_tables_game_lets_the_admin_set_the_result(client, staff):
    event, pairing, game = _live_table(staff)
    client.force_login(staff)
    client.post(f"/games/{game.pk}/abandon")
    client.post(f"/events/{event.pk}/tables/{pairing.pk}/fix", {"ranks": "2 1"})
    pairing.refresh_from_db()
    assert pairing.fixed_ranks == [2, 1]


def test_another_member_may_not_abandon_the_game(client, staff, bob):
    _event, _pairing, game = _live_table(staff)
    client.force_login(bob)
    assert client.post(f"/games/{game.pk}/abandon").status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


def test_a_finished_game_is_not_abandoned(client, staff):
    game = finished_game()
    client.force_login(staff)
    response = client.post(f"/games/{game.pk}/abandon", follow=True)
    game.refresh_from_db()
    assert "only a game still being recorded can be abandoned" in response.content.decode()
    assert game.status == Game.Status.FINISHED


def test_the_game_page_offers_abandon_only_while_the_game_is_recorded(client, staff):
    _event, _pairing, game = _live_table(staff)
    client.force_login(staff)
    assert "Abandon this game" in client.get(f"/games/{game.pk}/").content.decode()
    assert "Abandon this game" not in client.get(f"/games/{finished_game().pk}/").content.decode()
