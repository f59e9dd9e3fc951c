"""Board data per process (#37): the current versions are kept in the process for
`FRESH_SECONDS` (no shared-cache read per `default_registry()`), a save in this process is seen
at once, and a database that cannot be read (not migrated) is said once, not per record.
Read through `current_id`, not `default_registry()`: the registry keeps a derived registry per
label ("classic@1", never changed in a club) past a test's rollback, where another test enters
other numbers under the same label."""

import logging

import pytest
from django.core.cache import cache
from django.db import connection

from games import boarddata
from games.services import cache_versions
from rules_engine.registry import default_registry


@pytest.mark.django_db
def test_a_save_in_this_process_is_in_force_at_once(staff, test_set):
    assert boarddata.current_id("classic") is None
    saved = boarddata.save("classic", test_set, user=staff)
    assert boarddata.current_id("classic") == saved.version.pk


@pytest.mark.django_db
def test_the_process_keeps_the_versions_without_asking_the_shared_cache(entered):
    boarddata.current_overlays()
    cache.clear()  # were it read, the database would be asked again
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(boarddata, "_newest", lambda: pytest.fail("read the database within FRESH_SECONDS"))
        assert boarddata.current_id("classic") == entered.pk


@pytest.mark.django_db
def test_after_fresh_seconds_another_process_save_is_read(entered, staff, test_set, monkeypatch):
    boarddata.current_overlays()
    monkeypatch.setattr(boarddata, "FRESH_SECONDS", 0.0)
    version = boarddata.BoardData.objects.create(game_type="classic", version=2, data=test_set, entered_by=staff)
    cache_versions.move(cache_versions.BOARD_DATA)  # what the other process's save does in its transaction
    assert boarddata.current_id("classic") == version.pk


@pytest.mark.django_db
def test_an_unreadable_database_is_said_once_per_process(caplog, monkeypatch):
    monkeypatch.setattr(boarddata, "_unreadable_said", [False])
    monkeypatch.setattr(boarddata, "FRESH_SECONDS", 0.0)  # every call tries the database again
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE games_boarddata RENAME TO games_boarddata_away")  # rolled back after the test
    with caplog.at_level(logging.INFO, logger="games.boarddata"):
        for _ in range(3):
            assert default_registry().board_data_label == {}  # the plugins' data alone
    assert [r.message for r in caplog.records].count(
        "board data not readable (database not migrated?): plugins' data only") == 1


@pytest.mark.django_db
def test_a_save_while_the_cache_was_out_is_read_once_it_answers(entered, staff, test_set, monkeypatch, settings):
    # Issue #52: the shared cache kept the newest versions while it could not be told of the save.
    boarddata.current_overlays()  # the versions before the save, in the shared cache
    monkeypatch.setattr(boarddata, "FRESH_SECONDS", 0.0)
    real = settings.CACHES["default"]
    settings.CACHES = {**settings.CACHES, "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    saved = boarddata.save("classic", test_set, user=staff)  # a cache that is out: nothing reaches it
    settings.CACHES = {**settings.CACHES, "default": real}
    assert boarddata.current_id("classic") == saved.version.pk
