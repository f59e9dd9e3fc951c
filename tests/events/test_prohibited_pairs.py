"""Pairs an organiser keeps apart in a Swiss (games/events/prohibited.py): marked by a club admin
on the event page or through the API, never paired in the rounds started after, refused with a
reason for bad input, and a round they make impossible refused naming them."""

import pytest

from games.events import lifecycle
from games.events.exports import trf_text
from games.events.models import Event, ProhibitedPair
from games.events.prohibited import allow, prohibit
from tests.events.helpers import duel_event, play_round

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"]


def _id(event: Event, name: str) -> int:
    return event.registrations.get(player__name=name).player_id


def _games(round_) -> set[frozenset[int]]:
    return {frozenset(p.seats.values_list("player_id", flat=True)) for p in round_.pairings.filter(bye=False)}


def _first_game(event: Event) -> tuple[int, int]:
    """Two players the next round would seat together without a prohibition."""
    table = next(t for t in lifecycle.pair_next(event, lifecycle.rounds_of(event)) if not t.bye)
    return table.seats[0], table.seats[1]


def test_a_pair_the_round_would_seat_together_is_kept_apart_when_it_starts():
    event = duel_event(NAMES)
    a, b = _first_game(event)
    prohibit(event, a, b)
    assert frozenset((a, b)) not in _games(lifecycle.start_round(event))


def test_the_pair_stays_apart_in_every_round_after():
    event = duel_event(NAMES, rounds=4)
    lifecycle.start_round(event)
    play_round(event)
    a, b = _first_game(event)
    prohibit(event, a, b)
    for _ in range(3):
        round_ = lifecycle.start_round(event)
        assert frozenset((a, b)) not in _games(round_)
        play_round(event)


def test_either_order_is_the_same_pair():
    event = duel_event(NAMES)
    first = prohibit(event, _id(event, "Ana"), _id(event, "Ben"))
    again = prohibit(event, _id(event, "Ben"), _id(event, "Ana"))
    assert first.pk == again.pk and ProhibitedPair.objects.count() == 1


def test_a_player_kept_apart_from_themself_is_refused():
    event = duel_event(NAMES)
    with pytest.raises(lifecycle.EventError, match="two different players"):
        prohibit(event, _id(event, "Ana"), _id(event, "Ana"))


def test_a_player_not_registered_is_refused():
    event = duel_event(NAMES)
    other = duel_event(["Gus", "Hal"])
    with pytest.raises(lifecycle.EventError, match="registered"):
        prohibit(event, _id(event, "Ana"), _id(other, "Gus"))


def test_a_round_robin_keeps_no_pairs_apart():
    event = duel_event(NAMES, kind=Event.Kind.ROUND_ROBIN)
    with pytest.raises(lifecycle.EventError, match="Swiss"):
        prohibit(event, _id(event, "Ana"), _id(event, "Ben"))


def test_a_round_no_pairing_can_pair_is_refused_naming_the_pair():
    event = duel_event(["Ana", "Ben"])
    prohibit(event, _id(event, "Ana"), _id(event, "Ben"))
    with pytest.raises(lifecycle.EventError, match="Ana – Ben"):
        lifecycle.start_round(event)
    assert not event.round_set.exists()


def test_a_pair_allowed_again_may_meet():
    event = duel_event(["Ana", "Ben"])
    allow(prohibit(event, _id(event, "Ana"), _id(event, "Ben")))
    assert _games(lifecycle.start_round(event)) == {frozenset((_id(event, "Ana"), _id(event, "Ben")))}


def test_the_trf_export_carries_the_pair_as_an_xxp_line():
    event = duel_event(NAMES)
    prohibit(event, _id(event, "Ana"), _id(event, "Ben"))
    assert sum(1 for line in trf_text(event).splitlines() if line.startswith("XXP ")) == 1


# --- the page ------------------------------------------------------------------------------

def test_the_admin_keeps_two_players_apart_from_the_page(client, staff):
    event = duel_event(NAMES)
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/apart", {"first": _id(event, "Cleo"), "second": _id(event, "Ana")})
    assert response.status_code == 302 and response["Location"].endswith("#apart")
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Ana – Cleo" in page


def test_with_htmx_the_section_answers_itself_with_the_refusal_in_it(client, staff):
    event = duel_event(NAMES)
    client.force_login(staff)
    ana = _id(event, "Ana")
    response = client.post(f"/events/{event.pk}/apart", {"first": ana, "second": ana}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="apart">') and "two different players" in body


def test_a_refused_start_shows_the_pair_on_the_page_not_an_error_page(client, staff):
    event = duel_event(["Ana", "Ben"])
    prohibit(event, _id(event, "Ana"), _id(event, "Ben"))
    client.force_login(staff)
    response = client.post(f"/events/{event.pk}/rounds/start", follow=True)
    assert response.status_code == 200 and "Ana – Ben" in response.content.decode()


def test_a_member_may_not_keep_players_apart(client, alice):
    event = duel_event(NAMES)
    client.force_login(alice)
    response = client.post(f"/events/{event.pk}/apart", {"first": _id(event, "Ana"), "second": _id(event, "Ben")})
    assert response.status_code == 403 and not ProhibitedPair.objects.exists()


def test_the_admin_lets_a_pair_meet_again_from_the_page(client, staff):
    event = duel_event(NAMES)
    pair = prohibit(event, _id(event, "Ana"), _id(event, "Ben"))
    client.force_login(staff)
    client.post(f"/events/{event.pk}/apart/{pair.pk}/allow")
    assert not ProhibitedPair.objects.exists()


# --- the API -------------------------------------------------------------------------------

def test_the_api_keeps_two_players_apart_by_name(api_client, staff):
    event = duel_event(NAMES)
    api_client.force_authenticate(staff)
    response = api_client.post(f"/api/v1/events/{event.pk}/prohibited-pairs", {"players": ["ben", "Ana"]},
                               format="json")
    assert response.status_code == 201 and response.json()["players"] == ["Ana", "Ben"]
    assert api_client.get(f"/api/v1/events/{event.pk}/prohibited-pairs").json() == [response.json()]


@pytest.mark.parametrize(("players", "reason"), [
    (["Ana", "Ana"], "two different players"),
    (["Ana", "Zed"], "Zed is not registered"),
    (["Ana"], "two players' names"),
])
def test_the_api_refuses_bad_input_with_the_reason(api_client, staff, players, reason):
    event = duel_event(NAMES)
    api_client.force_authenticate(staff)
    response = api_client.post(f"/api/v1/events/{event.pk}/prohibited-pairs", {"players": players}, format="json")
    assert response.status_code == 400 and reason in response.json()["error"]


def test_the_api_lets_a_pair_meet_again(api_client, staff):
    event = duel_event(NAMES)
    pair = prohibit(event, _id(event, "Ana"), _id(event, "Ben"))
    api_client.force_authenticate(staff)
    assert api_client.delete(f"/api/v1/events/{event.pk}/prohibited-pairs/{pair.pk}").status_code == 204
    assert not ProhibitedPair.objects.exists()
