"""The event pages: who may run an event, the actions, the big screen, exports and the API."""

import csv
import io

import pytest

from games.events import lifecycle
from games.events.models import Event
from tests.events.helpers import duel_event, play_round, table_event

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def test_a_member_may_not_create_an_event(client, alice):
    client.force_login(alice)
    assert client.get("/events/new").status_code == 403


def test_a_club_admin_creates_a_duel_swiss(client, staff):
    client.force_login(staff)
    form = {"name": "Friday", "game_type": "duel", "kind": "swiss", "rounds": 3, "scoring": "places",
            "place_points": "6 4 2 0", "bye_points": 1, "language": "de"}
    response = client.post("/events/new", form)
    event = Event.objects.get()
    assert response.status_code == 302
    assert (event.game_type, event.kind, event.language) == ("duel", "swiss", "de")


def test_bad_place_points_are_named(client, staff):
    client.force_login(staff)
    form = {"name": "x", "game_type": "classic", "kind": "tables", "rounds": 3, "scoring": "places",
            "place_points": "six", "bye_points": 1, "language": "en"}
    response = client.post("/events/new", form)
    assert "6 4 2 0" in response.content.decode()


def test_the_admin_registers_and_starts_a_round_from_the_page(client, staff):
    event = duel_event([])
    client.force_login(staff)
    for name in NAMES:
        client.post(f"/events/{event.pk}/register", {"name": name})
    client.post(f"/events/{event.pk}/rounds/start")
    assert event.round_set.get().pairings.count() == 2


def test_starting_a_round_too_early_says_why(client, staff):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/rounds/start", follow=True)
    assert "without a result" in response.content.decode()


def test_record_live_starts_the_tables_game_and_links_it(client, staff):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.first()
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/tables/{pairing.pk}/live")
    pairing.refresh_from_db()
    assert response.status_code == 302 and response["Location"] == f"/games/{pairing.game_id}/play"


def test_a_base_game_table_can_be_recorded_live(client, staff):
    event = table_event(["Ana", "Ben", "Cleo"])
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.get()
    client.force_login(staff)
    client.post(f"/events/{event.pk}/tables/{pairing.pk}/live")
    pairing.refresh_from_db()
    assert pairing.game.game_type == "classic"


def test_the_page_links_each_waiting_table_to_the_calculator_with_its_players(client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "/score/duel?players=2&amp;p0_name=" in page


def test_the_big_screen_needs_no_sign_in_and_shows_the_tables(client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    page = client.get(f"/events/{event.pk}/screen").content.decode()
    assert 'id="board-2"' in page and 'hx-trigger="every 2s"' in page


def test_the_big_screen_speaks_the_events_language(client):
    event = duel_event(NAMES)
    event.language = "de"
    event.save()
    page = client.get(f"/events/{event.pk}/screen").content.decode()
    assert '<html lang="de">' in page


def test_the_big_screen_shows_the_next_rounds_pairings_once_a_round_is_done(client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    play_round(event)
    page = client.get(f"/events/{event.pk}/screen/live").content.decode()
    assert 'id="next-round"' in page


def test_the_crosstable_escapes_formula_cells(client):
    event = duel_event(["=cmd", "Ben"])
    lifecycle.start_round(event)
    play_round(event)
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event.pk}/crosstable.csv").content.decode())))
    assert "'=cmd" in [cell for row in rows for cell in row]


def test_the_trf_file_lists_every_player_with_their_round(client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    play_round(event)
    text = client.get(f"/events/{event.pk}/event.trf").content.decode()
    assert sum(1 for line in text.splitlines() if line.startswith("001")) == 4


def test_the_trf_file_is_for_duel_events_only(client):
    event = table_event(["Ana", "Ben", "Cleo"])
    assert client.get(f"/events/{event.pk}/event.trf").status_code == 404


def test_the_api_lists_rounds_with_their_tables(api_client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    play_round(event)
    rounds = api_client.get(f"/api/v1/events/{event.pk}/rounds").json()
    assert rounds[0]["complete"] and len(rounds[0]["tables"]) == 2


def test_the_api_gives_the_standings_with_tiebreaks(api_client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    play_round(event)
    rows = api_client.get(f"/api/v1/events/{event.pk}/standings").json()
    assert set(rows[0]["tiebreaks"]) == {"buchholz_cut1", "buchholz", "sonneborn_berger", "direct_encounter"}


def test_the_schema_documents_the_event_endpoints(api_client):
    schema = api_client.get("/api/v1/schema?format=json").json()
    assert "/api/v1/events/{id}/standings" in schema["paths"]
