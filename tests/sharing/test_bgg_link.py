"""The "Log it on BoardGameGeek" link of a finished game (issue 33): BGG's log form prefilled
with the fields its URL takes (docs/history.md)."""

import datetime
from urllib.parse import parse_qs, urlsplit

import pytest

from games.services.bgg import logplay_url, thing_id
from tests.factories import GameFactory, PlayerFactory, ResultFactory, SeatFactory

pytestmark = pytest.mark.django_db


def _finished(status="finished", location="Café Kairo", notes=""):
    game = GameFactory(played_on=datetime.date(2026, 3, 14), location=location, notes=notes, status=status)
    alice = SeatFactory(game=game, order=0, player=PlayerFactory(name="Alice"))
    bob = SeatFactory(game=game, order=1, player=PlayerFactory(name="Bob"))
    ResultFactory(seat=alice, total=47, rank=1)
    ResultFactory(seat=bob, total=39, rank=2)
    return game


def _query(game) -> dict:
    url = logplay_url(game, list(game.seats.select_related("player", "result")))
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://boardgamegeek.com/geeklogplay"
    return {k: v[0] for k, v in parse_qs(parts.query).items()}


def test_the_link_names_the_game_on_bgg():
    game = _finished()
    query = _query(game)
    assert query["objecttype"] == "thing"
    assert query["objectid"] == str(thing_id(game.game_type))
    assert thing_id(game.game_type) is not None


def test_the_link_carries_date_location_and_one_play():
    query = _query(_finished())
    assert query["playdate"] == "2026-03-14"
    assert query["location"] == "Café Kairo"
    assert query["quantity"] == "1"


def test_the_players_scores_and_winner_go_into_the_comments():
    assert _query(_finished(notes="rematch"))["comments"].splitlines() == ["Alice: 47 (won)", "Bob: 39", "rematch"]


def test_no_location_no_location_field():
    assert "location" not in _query(_finished(location=""))


def test_an_unfinished_game_has_no_link():
    game = _finished(status="in_progress")
    assert logplay_url(game, list(game.seats.all())) is None


def test_the_game_page_shows_the_link_beside_the_bg_stats_export(client):
    game = _finished()
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="log-on-bgg"' in html
    assert "https://boardgamegeek.com/geeklogplay?objecttype=thing" in html
    assert html.index("Export for BG Stats") < html.index('id="log-on-bgg"')


def test_the_winner_mark_is_in_the_readers_language():
    from django.utils import translation

    with translation.override("de"):
        assert _query(_finished())["comments"].splitlines()[0] == "Alice: 47 (gewonnen)"
