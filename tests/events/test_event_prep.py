"""A table's prep sheet (games/events/prep_views.py): linked as "Prepare" from each table of a
round; each player's opponents' habits, counted from the club's finished games."""

import pytest

from games.events import lifecycle
from games.events.models import Pairing
from games.models import Player
from tests.events.helpers import duel_event
from tests.games.test_prep import duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired():
    """Ana and Ben paired in round 1 of a Duel Swiss, after a Duel Ana won against Ben and two
    Duels of Ben's against Cleo (Ben won one)."""
    duel(("Ana", "Ben"), True, ("b2", "c3", "a1"))
    duel(("Ben", "Cleo"), True, ("b2", "c3", "a1"))
    duel(("Cleo", "Ben"), True, ("c3", "b2", "a1"))
    event = duel_event(["Ana", "Ben"], rounds=1)
    lifecycle.start_round(event, 1)
    return event, Pairing.objects.get(round__event=event, round__number=1)


def test_each_table_of_a_round_links_its_prep_sheet(client, paired):
    event, pairing = paired
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert f'href="/events/{event.pk}/tables/{pairing.pk}/prep"' in html


def test_the_sheet_shows_each_opponents_habits_for_each_player(client, paired):
    event, pairing = paired
    html = client.get(f"/events/{event.pk}/tables/{pairing.pk}/prep").content.decode()
    assert "For Ana: Ben's habits" in html
    assert "For Ben: Ana's habits" in html
    assert "3 finished Imhotep: The Duel games counted." in html  # Ben's: against Ana once, Cleo twice


def test_for_keeps_one_players_part_with_the_pairs_counts(client, paired):
    event, pairing = paired
    ana = Player.objects.get(name="Ana")
    response = client.get(f"/events/{event.pk}/tables/{pairing.pk}/prep?for={ana.pk}")
    part = response.context["parts"]
    assert [p["player"].name for p in part] == ["Ana"]
    (ben,) = part[0]["opponents"]
    assert [(r.games, r.wins) for r in ben["habits"].results] == [(3, 1)]
    assert [(r.games, r.wins) for r in ben["pair"].results] == [(1, 0), (1, 1)]


def test_a_table_of_another_event_is_not_found(client, paired):
    event, pairing = paired
    assert client.get(f"/events/{event.pk + 1}/tables/{pairing.pk}/prep").status_code == 404
