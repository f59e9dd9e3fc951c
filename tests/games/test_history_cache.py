"""The games list and the standings cache their tables under the history's version
(games/services/history_version.py): a cached page runs none of the table's queries, and
any write to the history shows at once."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Player
from games.play.appending import append_move
from games.services import history_version
from games.services.generated import generate
from games.services.recording import import_board
from tests.games.conftest import winning_board
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = pytest.mark.django_db
DAY = datetime.date(2025, 3, 1)


def queries(client, url: str) -> tuple[int, str]:
    """How many queries the page ran, and the page without its CSRF tokens (masked anew on
    every response; the language switcher's form holds one)."""
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200
    page = re.sub(r'CSRFToken": "\w+"', "", response.content.decode())
    return len(ctx.captured_queries), re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", page)


@pytest.mark.parametrize("url", ["/games/", "/games/?player=&page=1", "/games/standings?game=duel"])
def test_a_cached_table_runs_none_of_its_queries(client, url):
    for i in range(5):
        import_board(winning_board("Ana", "Ben", DAY + datetime.timedelta(days=i)))
    first, page = queries(client, url)
    again, cached = queries(client, url)
    assert again < first and cached == page


def test_a_stored_game_shows_at_once_in_the_list(client):
    import_board(winning_board("Ana", "Ben", DAY))
    client.get("/games/")
    import_board(winning_board("Cleo", "Dan", DAY + datetime.timedelta(days=1)))
    assert "Cleo" in client.get("/games/").content.decode()


def test_a_renamed_player_shows_at_once_in_the_standings(client, settings):
    settings.IMHOTEP_MIN_RANKED_GAMES = 1
    import_board(winning_board("Ana", "Ben", DAY))
    assert "Ana" in client.get("/games/standings?game=duel").content.decode()
    player = Player.objects.get(name="Ana")
    player.name = "Anouk"
    player.save()
    assert "Anouk" in client.get("/games/standings?game=duel").content.decode()


def test_bulk_generated_games_change_the_version():
    before = history_version.current()
    generate(3)
    assert history_version.current() != before


def test_a_live_move_leaves_the_version(alice):
    full = random_record(11)
    game = store({**full, "moves": full["moves"][:10]}, alice)
    before = history_version.current()
    append_move(game.pk, 10, full["moves"][10])
    assert history_version.current() == before


def test_a_finished_game_changes_the_version(alice):
    full = random_record(11)
    game = store({**full, "moves": full["moves"][:-1]}, alice)
    before = history_version.current()
    append_move(game.pk, len(full["moves"]) - 1, full["moves"][-1])
    assert history_version.current() != before


def test_migrate_changes_the_version():
    """An upgrade runs migrate: tables drawn by the old templates are not served after it."""
    from django.core.management.sql import emit_post_migrate_signal

    before = history_version.current()
    emit_post_migrate_signal(verbosity=0, interactive=False, db="default")
    assert history_version.current() != before


@pytest.mark.parametrize("url", ["/games/", "/games/standings?game=duel"])
def test_a_benchmark_serves_the_tables_uncached(client, settings, url):
    # bench/clubnight.py --uncached tables: the run that shows what keeping the tables gains.
    settings.IMHOTEP_TABLES_CACHE = "uncached"
    for i in range(5):
        import_board(winning_board("Ana", "Ben", DAY + datetime.timedelta(days=i)))
    first, page = queries(client, url)
    again, same = queries(client, url)
    assert again == first and same == page
