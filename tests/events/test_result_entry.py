"""Results as a club enters them (issue 51): a win, a forfeit either way, a double forfeit, the
refusals (a Duel draw: D7.6; a finished event), the way back to the table (issue 50), the
players' own byes, the edition fixed in the admin once round 1 is paired, and the big screen's
columns."""

import pytest

from games.events import byes, lifecycle
from games.events.models import ByeRequest, Event, Pairing
from games.events.results import history_of, standings
from tests.events.helpers import duel_event, play_round, table_event
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def _first_table(event: Event) -> Pairing:
    lifecycle.start_round(event)
    return event.round_set.get(number=1).pairings.filter(bye=False).order_by("table").first()


def _names(pairing: Pairing) -> list[str]:
    return [s.player.name for s in pairing.seats.order_by("order")]


def test_a_duel_table_refuses_a_draw_from_the_form(client, staff):
    # D7.6: equal totals go to the player who did not begin, so the Duel has no shared place.
    pairing = _first_table(duel_event(NAMES))
    client.force_login(staff)
    response = client.post(f"/events/{pairing.round.event_id}/tables/{pairing.pk}/fix", {"result": "="},
                           follow=True)
    pairing.refresh_from_db()
    assert pairing.fixed_ranks is None
    assert "has no draw or shared place" in response.content.decode()


def test_a_duel_table_refuses_shared_places_typed_as_places(client, staff):
    pairing = _first_table(duel_event(NAMES))
    client.force_login(staff)
    client.post(f"/events/{pairing.round.event_id}/tables/{pairing.pk}/fix", {"ranks": "1 1"})
    pairing.refresh_from_db()
    assert pairing.fixed_ranks is None


def test_a_duel_draw_is_refused_in_the_players_language(client, staff):
    pairing = _first_table(duel_event(NAMES))
    client.force_login(staff)
    response = client.post(f"/events/{pairing.round.event_id}/tables/{pairing.pk}/fix", {"result": "="},
                           follow=True, HTTP_ACCEPT_LANGUAGE="de")
    assert "kennt kein Remis" in response.content.decode()


def test_a_duel_table_refuses_a_draw_from_the_api(api_client, staff):
    event = duel_event(NAMES)
    pairing = _first_table(event)
    api_client.force_authenticate(staff)
    response = api_client.post(f"/api/v1/events/{event.pk}/rounds/1/tables/{pairing.table}/result",
                               {"result": "="}, format="json")
    assert response.status_code == 400 and "has no draw or shared place" in response.json()["error"]


def test_a_base_game_table_keeps_shared_places(client, staff):
    pairing = _first_table(table_event(["Ana", "Ben", "Cleo"]))
    client.force_login(staff)
    client.post(f"/events/{pairing.round.event_id}/tables/{pairing.pk}/fix", {"ranks": "1 1 3"})
    pairing.refresh_from_db()
    assert pairing.fixed_ranks == [1, 1, 3]


def test_a_base_game_table_of_two_takes_places_not_a_forfeit_code(api_client, staff):
    # Place points: a base-game table's result is its places (6 / 0 at two), not a Duel's 1 – 0.
    event = table_event(["Ana", "Ben"])
    _first_table(event)
    api_client.force_authenticate(staff)
    response = api_client.post(f"/api/v1/events/{event.pk}/rounds/1/tables/1/result", {"result": "+-"},
                               format="json")
    assert response.status_code == 400 and "places in seat order" in response.json()["error"]


def test_a_forfeit_entered_on_the_page_is_a_win_and_no_game_played(client, staff):
    event = duel_event(NAMES)
    pairing = _first_table(event)
    client.force_login(staff)
    client.post(f"/events/{event.pk}/tables/{pairing.pk}/fix", {"result": "-+"})
    first, second = (s.player_id for s in pairing.seats.order_by("order"))
    rows = {r.standing.player: r.standing for r in standings(event)}
    assert (rows[first].points, rows[second].points) == (0.0, 1.0)
    assert (rows[first].games, rows[second].games) == (0, 0)


def test_a_forfeit_shows_on_the_event_page_and_keeps_its_choice(client, staff):
    event = duel_event(NAMES)
    pairing = _first_table(event)
    lifecycle.fix_result(pairing, [1, 2], Pairing.Kind.FORFEIT)
    client.force_login(staff)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "(forfeit)" in page and '<option value="+-" selected>' in page


def test_a_double_forfeit_from_the_api_scores_nothing(api_client, staff):
    event = duel_event(NAMES)
    pairing = _first_table(event)
    api_client.force_authenticate(staff)
    response = api_client.post(f"/api/v1/events/{event.pk}/rounds/1/tables/{pairing.table}/result",
                               {"result": "--"}, format="json")
    body = response.json()
    assert response.status_code == 200
    assert (body["kind"], body["result"], [s["points"] for s in body["seats"]]) == ("forfeit", "--", [0.0, 0.0])


def test_a_result_for_a_finished_event_is_refused_by_the_api(api_client, staff):
    event = duel_event(["Ana", "Ben"], rounds=1)
    lifecycle.start_round(event)
    play_round(event)
    lifecycle.finish(event)
    api_client.force_authenticate(staff)
    response = api_client.post(f"/api/v1/events/{event.pk}/rounds/1/tables/1/result", {"result": "+-"},
                               format="json")
    assert response.status_code == 400 and response.json()["error"] == "the event is finished"


def test_a_member_may_not_set_a_result_through_the_api(api_client, alice):
    event = duel_event(NAMES)
    _first_table(event)
    api_client.force_authenticate(alice)
    response = api_client.post(f"/api/v1/events/{event.pk}/rounds/1/tables/1/result", {"result": "1-0"},
                               format="json")
    assert response.status_code == 403


def test_fixing_a_result_goes_back_to_that_table_not_the_top_of_the_page(client, staff):
    pairing = _first_table(duel_event(NAMES))
    client.force_login(staff)
    response = client.post(f"/events/{pairing.round.event_id}/tables/{pairing.pk}/fix", {"result": "1-0"})
    assert response["Location"] == f"/events/{pairing.round.event_id}/#table-1-{pairing.table}"


def test_a_refused_result_is_said_in_the_tables_row(client, staff):
    pairing = _first_table(duel_event(NAMES))
    client.force_login(staff)
    response = client.post(f"/events/{pairing.round.event_id}/tables/{pairing.pk}/fix", {"result": "="},
                           follow=True)
    row = response.content.decode().split(f'id="table-1-{pairing.table}"')[1].split("</tr>")[0]
    assert "has no draw or shared place" in row


def test_fixing_a_result_with_htmx_answers_only_the_tables_row(client, staff):
    pairing = _first_table(duel_event(NAMES))
    client.force_login(staff)
    response = client.post(f"/events/{pairing.round.event_id}/tables/{pairing.pk}/fix", {"result": "1-0"},
                           HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert body.strip().startswith(f'<tr id="table-1-{pairing.table}"') and "<h1>" not in body
    assert "1 – 0" in body


def test_a_refused_result_with_htmx_is_said_in_the_row(client, staff):
    pairing = _first_table(duel_event(NAMES))
    client.force_login(staff)
    response = client.post(f"/events/{pairing.round.event_id}/tables/{pairing.pk}/fix", {"result": "="},
                           HTTP_HX_REQUEST="true")
    assert 'role="alert"' in response.content.decode()
    assert "has no draw or shared place" in response.content.decode()


# -- byes the players ask for -------------------------------------------------------------------

def _bye_event(allowed: str = Event.ByeRequests.HALF) -> Event:
    event = duel_event(NAMES)
    event.requested_byes = allowed
    event.save(update_fields=["requested_byes"])
    return event


def _registration(event: Event, name: str):
    return event.registrations.select_related("player").get(player__name=name)


def test_a_bye_the_event_does_not_allow_is_refused():
    event = duel_event(NAMES)
    with pytest.raises(lifecycle.EventError, match="does not allow requested byes"):
        byes.request_bye(_registration(event, "Ana"), 1, ByeRequest.Kind.HALF_BYE)


def test_a_half_point_bye_is_refused_where_only_zero_point_byes_are_allowed(api_client, staff):
    event = _bye_event(Event.ByeRequests.ZERO)
    api_client.force_authenticate(staff)
    response = api_client.post(f"/api/v1/events/{event.pk}/byes", {"player": "Ana", "round": 1, "kind": "half-bye"},
                               format="json")
    assert response.status_code == 400 and "zero-point byes only" in response.json()["error"]


def test_a_bye_is_refused_for_a_round_already_started():
    event = _bye_event()
    lifecycle.start_round(event)
    with pytest.raises(lifecycle.EventError, match="round not started yet"):
        byes.request_bye(_registration(event, "Ana"), 1, ByeRequest.Kind.HALF_BYE)


def test_a_player_asks_for_their_own_bye_on_the_page(client):
    event = _bye_event()
    user = UserFactory(username="ana")
    PlayerFactory(name="Ana Two", user=user)
    lifecycle.register(event, "Ana Two", checked_in=True)
    client.force_login(user)
    player = _registration(event, "Ana Two").player_id
    response = client.post(f"/events/{event.pk}/byes", {"player": player, "round": 2, "kind": "half-bye"})
    assert response["Location"].endswith("#byes")
    assert event.bye_requests.get().player_id == player


def test_a_player_may_not_ask_for_anothers_bye(client, alice):
    event = _bye_event()
    client.force_login(alice)
    other = _registration(event, "Ben").player_id
    response = client.post(f"/events/{event.pk}/byes", {"player": other, "round": 2, "kind": "half-bye"})
    assert response.status_code == 403 and not event.bye_requests.exists()


def test_a_requested_bye_leaves_the_player_out_of_the_pairing_and_gives_the_byes_board():
    event = _bye_event()
    byes.request_bye(_registration(event, "Ana"), 1, ByeRequest.Kind.HALF_BYE)
    lifecycle.start_round(event)
    ana = _registration(event, "Ana").player_id
    (board,) = [b for b in history_of(event).rounds[0] if ana in b.seats]
    assert (board.seats, board.points, board.result_kind) == ((ana,), (0.5,), "half-bye")


def test_a_requested_bye_leaves_three_players_to_pair():
    # Three left: two play, one gets the pairing-allocated bye; the half-point bye comes after them.
    event = _bye_event()
    byes.request_bye(_registration(event, "Ana"), 1, ByeRequest.Kind.ZERO_BYE)
    lifecycle.start_round(event)
    kinds = [(p.table, p.bye, p.kind) for p in event.round_set.get().pairings.order_by("table")]
    assert kinds == [(1, False, ""), (2, True, ""), (3, True, "zero-bye")]


def test_the_crosstable_writes_a_forfeit_as_plus_and_minus_and_a_requested_bye_as_h():
    from games.events.exports import crosstable_rows

    event = _bye_event()
    byes.request_bye(_registration(event, "Ana"), 1, ByeRequest.Kind.HALF_BYE)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.filter(bye=False).get()
    lifecycle.fix_result(pairing, [1, 2], Pairing.Kind.FORFEIT)
    first, second = _names(pairing)
    cells = {row[1]: row[3] for row in crosstable_rows(event)[1:]}
    assert (cells["Ana"], cells[first], cells[second]) == ("H: 0.5", f"{second}: +", f"{first}: -")


# -- the edition in the admin, the big screen -----------------------------------------------

@pytest.fixture
def superuser_client(client):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def test_the_edition_can_be_changed_in_the_admin_before_round_1(superuser_client):
    event = duel_event(NAMES)
    page = superuser_client.get(f"/admin/events/event/{event.pk}/change/").content.decode()
    assert 'name="pairing_edition"' in page


def test_the_edition_is_fixed_in_the_admin_once_round_1_is_paired(superuser_client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    page = superuser_client.get(f"/admin/events/event/{event.pk}/change/").content.decode()
    assert 'name="pairing_edition"' not in page


def test_the_admin_change_view_does_not_change_a_running_events_edition(superuser_client):
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    form = {"name": event.name, "game_type": "duel", "kind": "swiss", "rounds": 3, "scoring": "places",
            "place_points": "{}", "bye_points": 1, "tiebreaks": "[]", "pairing_edition": "dutch-2025",
            "requested_byes": "none", "seed": event.seed, "language": "en", "status": "running",
            "registrations-TOTAL_FORMS": 0, "registrations-INITIAL_FORMS": 0}
    response = superuser_client.post(f"/admin/events/event/{event.pk}/change/", form)
    event.refresh_from_db()
    assert response.status_code == 302  # saved: the rest of the form was taken
    assert event.pairing_edition == "dutch-2026"


def test_the_big_screen_leaves_out_a_tiebreak_no_player_has(client):
    # Two players, one game: nobody is level with anybody, so the direct encounter is not
    # applied to anyone (C.07 Art. 6) and its column would read "not available" in every row.
    event = duel_event(["Ana", "Ben"])
    lifecycle.start_round(event)
    play_round(event)
    page = client.get(f"/events/{event.pk}/screen").content.decode()
    assert "Direct encounter" not in page and "not available" not in page and "Buchholz Cut-1" in page


def test_the_big_screen_previews_a_requested_bye_with_the_next_rounds_pairings(client):
    event = _bye_event()
    lifecycle.start_round(event)
    play_round(event)
    byes.request_bye(_registration(event, "Ana"), 2, ByeRequest.Kind.HALF_BYE)
    page = client.get(f"/events/{event.pk}/screen?panel=next").content.decode()
    panel = page.split('id="next-round"')[1]
    assert "Ana (half-point bye)" in panel


def test_a_forfeit_both_seats_won_is_refused():
    pairing = _first_table(duel_event(NAMES))
    with pytest.raises(lifecycle.EventError, match="won by one seat of two, or lost by both"):
        lifecycle.fix_result(pairing, [1, 1], Pairing.Kind.FORFEIT)
