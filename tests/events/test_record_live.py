""""Record live" from an event table: the game's own new-game form (dealt by the service,
transcribed from the table, turned up at the table) with the pairing's players in their seats;
the game is created and linked to the table in one transaction under a row lock, so a second
press lands on the first's game (issue 36)."""

import threading
import traceback

import pytest
from django.db import connection

from games.events import lifecycle
from games.events.models import Pairing
from games.models import Game
from games.ui.timeline import load_timeline
from tests.events.helpers import duel_event, table_event

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Cleo", "Dan"]

BOATS_ON_TABLE = {  # a legal D3 layout (D1 counts respected), as tests/replay/test_live_pages.py
    "boat_row_1": "obelisk obelisk temple-1",
    "boat_row_2": "pyramid-light pyramid-dark tomb-1",
    "boat_row_3": "tomb-2 tomb-3 take-token",
    "boat_col_a": "obelisk, temple-2, tomb-4",
    "boat_col_b": "pyramid-light tomb-5 place-meeples",
    "boat_col_c": "temple-3 tomb-6 obelisk",
}


def _duel_table():
    event = duel_event(NAMES)
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.order_by("table").first()
    return event, pairing, [s.player.name for s in pairing.seats.order_by("order")]


def _transcribed(**over) -> dict:
    return {"colour_1": "black", "colour_2": "white", "setup": "transcribe", "side_obelisk": "A",
            "side_temple": "A", "side_pyramid": "A", "side_tomb": "A", **BOATS_ON_TABLE, **over}


def test_the_setup_page_is_the_duel_form_with_the_tables_players_seated(client, staff):
    event, pairing, seated = _duel_table()
    client.force_login(staff)
    page = client.get(f"/events/{event.pk}/tables/{pairing.pk}/live").content.decode()
    assert f'action="/events/{event.pk}/tables/{pairing.pk}/live"' in page
    seat_1 = 'name="player_1" id="id_player_1" list="known-players" maxlength="60" readonly required'
    assert f'{seat_1} value="{seated[0]}"' in page


def test_the_setup_page_shows_who_starts_as_the_pairing_gives_it_without_a_choice(client, staff):
    event, pairing, seated = _duel_table()
    client.force_login(staff)
    page = client.get(f"/events/{event.pk}/tables/{pairing.pk}/live").content.decode()
    assert f'<p id="seated-starter">{seated[0]}</p>' in page
    assert 'type="radio" name="starter"' not in page and "a new name creates a player" not in page


def test_a_transcribed_setup_starts_the_tables_game_with_the_boats_as_laid_out(client, staff):
    event, pairing, _seated = _duel_table()
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/tables/{pairing.pk}/live", _transcribed())
    pairing.refresh_from_db()
    assert response.status_code == 302 and response["Location"] == f"/games/{pairing.game_id}/play"
    assert load_timeline(pairing.game).record["setup"]["boats"][0] == ["obelisk", "obelisk", "temple-1"]


def test_the_players_posted_are_replaced_by_the_tables_in_seat_order(client, staff):
    event, pairing, seated = _duel_table()
    client.force_login(staff)
    client.post(f"/events/{event.pk}/tables/{pairing.pk}/live",
                _transcribed(player_1="Zed", player_2=seated[0], starter="2"))
    pairing.refresh_from_db()
    assert [s.player.name for s in pairing.game.seats.order_by("order")] == seated


def test_a_bad_transcription_is_named_and_stores_nothing(client, staff):
    event, pairing, _seated = _duel_table()
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/tables/{pairing.pk}/live", _transcribed(boat_row_1="obelisk"))
    assert response.status_code == 400 and "give the 3 tokens" in response.content.decode()
    assert Game.objects.count() == 0


def test_the_tables_live_game_links_back_to_its_event_and_table(client, staff):
    event, pairing, _seated = _duel_table()
    client.force_login(staff)
    client.post(f"/events/{event.pk}/tables/{pairing.pk}/live", _transcribed())
    pairing.refresh_from_db()
    page = client.get(f"/games/{pairing.game_id}/play").content.decode()
    assert f'<a href="/events/{event.pk}/" id="back-to-event">Club night · Table {pairing.table}</a>' in page


def test_a_second_press_is_taken_to_the_first_game(client, staff):
    event, pairing, _seated = _duel_table()
    client.force_login(staff)
    first = client.post(f"/events/{event.pk}/tables/{pairing.pk}/live", _transcribed())
    second = client.post(f"/events/{event.pk}/tables/{pairing.pk}/live", _transcribed(setup="shuffle"))
    assert second["Location"] == first["Location"] and Game.objects.count() == 1


def test_a_press_on_a_stale_pairing_object_returns_the_linked_game(staff):
    """The row lock re-reads the table: a caller holding a pairing read before the first
    press (as a concurrent request does) gets the first game, not a second."""
    _event, pairing, _seated = _duel_table()
    stale = Pairing.objects.get(pk=pairing.pk)
    first, created = lifecycle.start_live_game(pairing, staff)
    again, created_again = lifecycle.start_live_game(stale, staff)
    assert (again.pk, created, created_again) == (first.pk, True, False)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_presses_on_one_table_make_one_game(staff):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://…): SQLite serialises writers itself")
    _event, pairing, _seated = _duel_table()
    barrier = threading.Barrier(4, timeout=60)
    games, errors = [], []

    def press() -> None:
        try:
            stale = Pairing.objects.select_related("round__event").get(pk=pairing.pk)
            barrier.wait()
            games.append(lifecycle.start_live_game(stale, staff)[0].pk)
        except BaseException as exc:  # reported on the test thread
            errors.append("".join(traceback.format_exception(exc)))
        finally:
            connection.close()

    threads = [threading.Thread(target=press) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors[0]
    assert len(set(games)) == 1 and Game.objects.count() == 1


def test_a_base_game_table_starts_from_the_base_game_form_with_its_players_seated(client, staff):
    event = table_event(["Ana", "Ben", "Cleo"])
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.get()
    client.force_login(staff)
    page = client.get(f"/events/{event.pk}/tables/{pairing.pk}/live").content.decode()
    assert 'name="player_3"' in page and "readonly" in page
    form = {"colour_1": "black", "colour_2": "white", "colour_3": "brown", "colour_4": "grey",
            **{f"side_{s}": "A" for s in ("market", "pyramids", "temple", "burial-chamber", "obelisks")}}
    client.post(f"/events/{event.pk}/tables/{pairing.pk}/live", form)
    pairing.refresh_from_db()
    assert pairing.game.game_type == "classic"
    assert [s.player.name for s in pairing.game.seats.order_by("order")] == [
        s.player.name for s in pairing.seats.order_by("order")]


def test_a_table_with_a_withdrawn_player_is_not_started_live(client, staff):
    event, pairing, seated = _duel_table()
    lifecycle.withdraw(event.registrations.get(player__name=seated[1]))
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/tables/{pairing.pk}/live", follow=True)
    assert f"{seated[1]} withdrew from the event" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_table_with_a_fixed_result_is_not_started_live(client, staff):
    event, pairing, _seated = _duel_table()
    lifecycle.fix_result(pairing, [1, 2])
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/tables/{pairing.pk}/live", follow=True)
    assert "already has a result set by hand" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_fixed_result_is_refused_while_the_tables_game_is_live(client, staff):
    event, pairing, _seated = _duel_table()
    client.force_login(staff)
    client.post(f"/events/{event.pk}/tables/{pairing.pk}/live")
    response = client.post(f"/events/{event.pk}/tables/{pairing.pk}/fix", {"ranks": "1 2"}, follow=True)
    pairing.refresh_from_db()
    assert "is still being recorded live" in response.content.decode() and pairing.fixed_ranks is None
