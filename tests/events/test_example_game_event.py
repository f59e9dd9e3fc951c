"""An event of the example plugin's game (the Obelisk race, examples/imhotep-house-rules): a
table started with "Record live" gets the game's own new record (`GameType.new_record`, no
page form filled with guessed field names), is recorded move by move to the end, and its
result reaches the standings (issue 37)."""

import json

import pytest

pytest.importorskip("imhotep_house_rules", reason="installed by `make test` from examples/imhotep-house-rules")

from games.events import lifecycle
from games.events.models import Event
from games.events.results import standings
from games.models import Game

pytestmark = pytest.mark.django_db
GAME = "obelisk-race"


@pytest.fixture
def race_event(plugin_registry):
    event = lifecycle.create_event(name="Race night", game_type=GAME, kind=Event.Kind.ROUND_ROBIN, rounds=1, seed=3)
    for name in ("Ana", "Ben"):
        lifecycle.register(event, name, checked_in=True)
    lifecycle.start_round(event)
    return event


def test_record_live_starts_the_tables_game_as_the_game_deals_it(client, staff, race_event):
    pairing = race_event.round_set.get().pairings.get()
    client.force_login(staff)
    response = client.post(f"/events/{race_event.pk}/tables/{pairing.pk}/live")
    pairing.refresh_from_db()
    assert response.status_code == 302 and response["Location"] == f"/games/{pairing.game_id}/play"
    seated = [s.player.name for s in pairing.seats.order_by("order")]
    assert [(s.player.name, s.colour) for s in pairing.game.seats.order_by("order")] == list(
        zip(seated, ("black", "white"), strict=True))


def test_a_table_recorded_live_to_the_end_reaches_the_standings(client, staff, race_event):
    pairing = race_event.round_set.get().pairings.get()
    first, second = (s.player for s in pairing.seats.order_by("order"))
    client.force_login(staff)
    client.post(f"/events/{race_event.pk}/tables/{pairing.pk}/live")
    pairing.refresh_from_db()
    for ply, blocks in enumerate([2, 2, 2, 2, 1]):  # the first seat 2+2+1 = 5 blocks, the second 4
        response = client.post(f"/games/{pairing.game_id}/play", {"ply": ply, "move": json.dumps({"blocks": blocks})})
        assert response.status_code == 302, response.content.decode()[:500]
    assert Game.objects.get(pk=pairing.game_id).status == Game.Status.FINISHED
    table = {row.name: (row.standing.rank, row.standing.points, row.standing.games) for row in standings(race_event)}
    assert table == {first.name: (1, 1.0, 1), second.name: (2, 0.0, 1)}
