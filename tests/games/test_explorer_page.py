"""The explorer's page (/games/explorer): filters as a GET form, the answer alone for htmx,
small samples greyed, words in the reader's language, plugin games with fewer sections."""

import pytest

from tests.games.test_explorer import duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def history():
    for k in range(12):
        duel(k < 8)
    for _ in range(3):
        duel(False, opening=("a1", "b2", "c3"), sides={"obelisk": "B", "temple": "A", "pyramid": "A", "tomb": "A"})


def test_the_page_shows_rates_with_their_samples_and_intervals(client, history):
    body = client.get("/games/explorer?game=duel").content.decode()
    assert "15 finished Imhotep: The Duel games counted." in body
    assert "<td>1</td><td>player 1 places a meeple on b2</td><td>12</td><td>8</td>" in body
    assert "67 %</td><td>39–86 %</td>" in body


def test_small_samples_are_greyed(client, history):
    body = client.get("/games/explorer?game=duel").content.decode()
    row = body[body.index('data-key="{&quot;cell&quot;:&quot;a1&quot;'):][:300]
    assert 'class="small-sample"' in body[body.index('data-key="{&quot;cell&quot;:&quot;a1&quot;') - 40:][:60]
    assert "player 1 places a meeple on a1</td><td>3</td>" in row


def test_the_filters_form_gets_the_same_url_with_htmx_as_without(client, history):
    body = client.get("/games/explorer").content.decode()
    assert 'method="get" action="/games/explorer"' in body
    assert 'hx-get="/games/explorer"' in body
    assert 'name="side_obelisk"' in body


def test_htmx_gets_the_answer_alone(client, history):
    body = client.get("/games/explorer?game=duel&side_obelisk=B", headers={"HX-Request": "true"}).content.decode()
    assert body.lstrip().startswith('<div id="explorer-answer">')
    assert "3 finished Imhotep: The Duel games counted." in body


def test_a_bad_filter_is_named_and_filters_nothing(client, history):
    body = client.get("/games/explorer?game=duel&date_from=2026-02-01&date_to=2026-01-01").content.decode()
    assert "must not be before the start date 2026-02-01" in body
    assert "15 finished Imhotep: The Duel games counted." in body


def test_the_history_navigation_links_the_explorer(client):
    body = client.get("/games/standings").content.decode()
    assert '<a href="/games/explorer">Explorer</a>' in body


def test_the_page_speaks_the_readers_language(client, history):
    body = client.get("/games/explorer?game=duel", headers={"Accept-Language": "de"}).content.decode()
    assert "Spieler 1 setzt eine Spielfigur auf b2" in body
    assert "Siegquote nach Platz" in body


def test_a_plugin_game_without_facts_shows_its_seats(client, plugin_registry):
    pytest.importorskip("imhotep_house_rules")
    from games.models import Player
    from tests.factories import GameFactory, ResultFactory, SeatFactory

    game = GameFactory(game_type="obelisk-race", sides={})
    for order, name in enumerate(("Ana", "Ben")):
        player = Player.objects.create(name=name)
        ResultFactory(seat=SeatFactory(game=game, player=player, order=order), rank=order + 1)
    body = client.get("/games/explorer?game=obelisk-race").content.decode()
    assert 'id="explorer-seats"' in body
    assert 'id="explorer-first_move"' not in body
    assert 'id="explorer-tree"' not in body
