"""Migration 0002: events stored before keep the Dutch edition they were paired by (2025) and
their place points, now by table size."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("events", "0001_initial")]
AFTER = [("events", "0002_pairing_edition_place_points_by_size")]


@pytest.fixture
def old_event():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    Event = executor.loader.project_state(BEFORE).apps.get_model("events", "Event")
    event = Event.objects.create(name="Old night", game_type="classic", kind="tables", rounds=3,
                                 place_points=[10, 5, 2, 0], seed=1)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    yield event.pk
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_an_event_stored_before_keeps_the_2025_edition(old_event):
    from games.events.models import Event

    # Only the columns 0002 knows: the test runs with the database at 0002, before later fields.
    assert Event.objects.filter(pk=old_event).values_list("pairing_edition", flat=True).get() == "dutch-2025"


def test_an_event_stored_before_keeps_its_place_points_as_read_for_each_size(old_event):
    from games.events.models import Event

    points = Event.objects.filter(pk=old_event).values_list("place_points", flat=True).get()
    assert points == {"2": [10, 5], "3": [10, 5, 2], "4": [10, 5, 2, 0]}

