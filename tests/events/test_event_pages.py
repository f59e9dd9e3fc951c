"""The event pages: who may run an event, the actions, the big screen, exports and the API."""

import csv
import io
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.events import lifecycle
from games.events.models import Event, Pairing
from tests.events.helpers import duel_event, play_round, table_event
from tests.factories import finished_game

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


def test_the_standings_reload_by_themselves_without_the_refresh_link(client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    refresh = f'<a href="/events/{event.pk}/">Refresh</a>'
    part = client.get(f"/events/{event.pk}/?part=standings", HTTP_HX_REQUEST="true").content.decode()
    assert part.lstrip().startswith('<div id="standings"') and "Ana" in part
    assert refresh not in part  # a link replaced every 10 s could lose a tap
    assert refresh in client.get(f"/events/{event.pk}/").content.decode()


def test_a_history_restore_of_the_standings_gets_the_whole_page(client):
    # htmx restores history with HX-Request too; the answer must be the page, and vary on the header
    event = duel_event(NAMES)
    response = client.get(f"/events/{event.pk}/?part=standings", HTTP_HX_REQUEST="true",
                          HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in response.content.decode()
    assert "HX-Request" in response["Vary"]


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


# --------------------------------------------------------------------------- the evening (issue 36)


def _board(names, first=None, starting_player=0):
    from tests.games.conftest import duel_board

    return json.dumps(duel_board(tuple(names), first=first, starting_player=starting_player))


def _seated(pairing):
    return [s.player.name for s in pairing.seats.order_by("order")]


def test_an_event_page_read_links_no_game(client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.first()
    finished_game(names=_seated(pairing), totals=(40, 30))
    with CaptureQueriesContext(connection) as queries:
        client.get(f"/events/{event.pk}/")
        client.get(f"/events/{event.pk}/screen/live")
    writes = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
    pairing.refresh_from_db()
    assert pairing.game_id is None and not [w for w in writes if "events_" in w]


def test_saving_a_tables_board_links_it_and_returns_to_the_event(client, alice):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.first()
    client.force_login(alice)
    response = client.post("/games/save-score", {"board": _board(_seated(pairing), first={"obelisk": 3})})
    pairing.refresh_from_db()
    assert response["Location"] == f"/events/{event.pk}/" and pairing.game_id is not None


def test_a_board_fitting_open_tables_of_two_events_is_linked_to_neither(client, alice):
    events = [duel_event(["Ana", "Ben"], seed=s) for s in (1, 2)]
    for event in events:
        lifecycle.start_round(event)
    client.force_login(alice)
    response = client.post("/games/save-score", {"board": _board(["Ana", "Ben"])}, follow=True)
    assert "fits more than one open table" in response.content.decode()
    assert not Pairing.objects.filter(game__isnull=False).exists()


def test_a_board_saved_for_a_withdrawn_players_table_says_it_is_not_the_tables_result(client, alice):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.filter(bye=False).first()
    lifecycle.withdraw(event.registrations.get(player__name=_seated(pairing)[0]))
    client.force_login(alice)
    response = client.post("/games/save-score", {"board": _board(_seated(pairing))}, follow=True)
    pairing.refresh_from_db()
    assert f"is not the result of table {pairing.table} of Club night" in response.content.decode()
    assert response.redirect_chain[-1][0] == f"/events/{event.pk}/" and pairing.game_id is None


def test_a_round_started_twice_is_refused_the_second_time(client, staff):
    event = duel_event(NAMES)
    client.force_login(staff)
    client.post(f"/events/{event.pk}/rounds/start", {"round": "1"})
    play_round(event)
    response = client.post(f"/events/{event.pk}/rounds/start", {"round": "1"}, follow=True)
    assert "round 1 has already been started" in response.content.decode() and event.round_set.count() == 1


def test_finish_event_is_refused_before_the_last_round(client, staff):
    event = duel_event(NAMES, rounds=2)
    lifecycle.start_round(event)
    play_round(event)
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/finish", follow=True)
    event.refresh_from_db()
    assert "round 2 of 2 has not been played yet" in response.content.decode() and event.status == "running"


def test_finish_event_is_offered_after_the_last_round_and_finishes_it(client, staff):
    event = duel_event(NAMES, rounds=1)
    lifecycle.start_round(event)
    play_round(event)
    client.force_login(staff)
    assert 'id="finish-event"' in client.get(f"/events/{event.pk}/").content.decode()
    client.post(f"/events/{event.pk}/finish")
    event.refresh_from_db()
    assert event.status == "finished"


def _finished(names):
    event = duel_event(names, rounds=1)
    lifecycle.start_round(event)
    play_round(event)
    lifecycle.finish(event)
    return event


def test_a_finished_events_result_cannot_be_fixed(client, staff):
    event = _finished(NAMES)
    pairing = event.round_set.get().pairings.filter(bye=False).first()
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/tables/{pairing.pk}/fix", {"ranks": "2 1"}, follow=True)
    pairing.refresh_from_db()
    assert "the event is finished" in response.content.decode() and pairing.fixed_ranks is None


def test_a_finished_events_player_cannot_withdraw(client, staff):
    event = _finished(NAMES)
    registration = event.registrations.first()
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/players/{registration.pk}/withdraw", follow=True)
    registration.refresh_from_db()
    assert "the event is finished" in response.content.decode() and not registration.withdrawn


def test_a_finished_events_player_cannot_be_checked_out(client, staff):
    event = _finished(NAMES)
    registration = event.registrations.first()
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/players/{registration.pk}/check-in", {"checked_in": "0"}, follow=True)
    registration.refresh_from_db()
    assert "the event is finished" in response.content.decode() and registration.checked_in


def test_a_finished_events_page_offers_no_change(client, staff):
    event = _finished(NAMES)
    client.force_login(staff)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Withdraw" not in page and 'id="register-form"' not in page and "Set the result" not in page


def test_a_result_linked_for_a_withdrawn_player_is_refused(client, staff):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.first()
    game = finished_game(names=_seated(pairing), totals=(40, 30))
    lifecycle.withdraw(event.registrations.get(player__name=_seated(pairing)[0]))
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/tables/{pairing.pk}/link", {"game": game.pk}, follow=True)
    pairing.refresh_from_db()
    assert "withdrew from the event" in response.content.decode() and pairing.game_id is None


def test_the_big_screen_labels_points_and_game_score(client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    play_round(event)
    page = client.get(f"/events/{event.pk}/screen/live").content.decode()
    assert '<span class="label">points</span> 1</span>' in page and '<span class="label">game score</span> 40' in page


def test_the_big_screen_says_a_tied_duel_went_to_the_player_who_did_not_start(client, alice):
    """D7.6: on equal totals the player who did not begin wins."""
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.first()
    first, second = _seated(pairing)
    client.force_login(alice)
    client.post("/games/save-score", {"board": _board([first, second], starting_player=0)})
    page = client.get(f"/events/{event.pk}/screen/live").content.decode()
    assert f"Tied at 0: {second} wins (the player who did not start wins)." in page


def test_a_board_posted_to_the_api_becomes_its_tables_result(alice):
    from tests.games.conftest import token_client

    event = duel_event(NAMES)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.first()
    response = token_client(alice).post("/api/v1/games", _board(_seated(pairing), first={"obelisk": 3}),
                                        content_type="application/json")
    pairing.refresh_from_db()
    assert response.status_code == 201 and pairing.game_id == response.json()["id"]


def test_the_event_form_pairs_by_the_rules_in_force_unless_told_otherwise(client, staff):
    client.force_login(staff)
    form = {"name": "Friday", "game_type": "duel", "kind": "swiss", "rounds": 3, "scoring": "places",
            "bye_points": 1, "language": "en"}
    client.post("/events/new", form)
    client.post("/events/new", {**form, "name": "Big open", "pairing_edition": "dutch-2025"})
    editions = dict(Event.objects.values_list("name", "pairing_edition"))
    assert editions == {"Friday": "dutch-2026", "Big open": "dutch-2025"}


def test_an_unknown_pairing_edition_is_named(client, staff):
    client.force_login(staff)
    form = {"name": "Friday", "game_type": "duel", "kind": "swiss", "rounds": 3, "scoring": "places",
            "bye_points": 1, "language": "en", "pairing_edition": "dutch-1992"}
    response = client.post("/events/new", form)
    assert response.status_code == 400
    assert "dutch-1992" in response.content.decode()
    assert not Event.objects.exists()


def test_the_event_page_and_api_name_the_pairing_edition(client, api_client, staff):
    client.force_login(staff)
    form = {"name": "Big open", "game_type": "duel", "kind": "swiss", "rounds": 3, "scoring": "places",
            "bye_points": 1, "language": "en", "pairing_edition": "dutch-2025"}
    event_id = int(client.post("/events/new", form)["Location"].rstrip("/").split("/")[-1])
    assert "C.04.3 in force until 31 January 2026" in client.get(f"/events/{event_id}/").content.decode()
    assert api_client.get(f"/api/v1/events/{event_id}").json()["pairing_edition"] == "dutch-2025"


def _counting_pairings(monkeypatch) -> list[int]:
    """How many times the service pairs a Swiss round (the real pairing, counted)."""
    calls = []
    real = lifecycle.swiss_round

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(lifecycle, "swiss_round", counted)
    return calls


def test_the_big_screens_polls_pair_the_next_round_once(client, monkeypatch):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    play_round(event)
    calls = _counting_pairings(monkeypatch)
    pages = [client.get(f"/events/{event.pk}/screen/live").content.decode() for _ in range(3)]
    assert len(calls) == 1 and pages[0] == pages[2]


def test_a_result_fixed_after_the_preview_is_previewed_afresh(client, monkeypatch):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    play_round(event)
    calls = _counting_pairings(monkeypatch)
    client.get(f"/events/{event.pk}/screen/live")
    lifecycle.fix_result(event.round_set.get().pairings.filter(bye=False).first(), [2, 1])
    client.get(f"/events/{event.pk}/screen/live")
    assert len(calls) == 2


def test_the_started_round_seats_what_the_big_screen_showed(client):
    event = duel_event([*NAMES, "Eve", "Finn"])
    lifecycle.start_round(event)
    play_round(event)
    shown = lifecycle.preview_next(event, list(event.round_set.order_by("number")))
    lifecycle.start_round(event)
    started = Pairing.objects.filter(round__event=event, round__number=2).order_by("table")
    assert [tuple(s.player_id for s in p.seats.order_by("order")) for p in started] == [t.seats for t in shown]
