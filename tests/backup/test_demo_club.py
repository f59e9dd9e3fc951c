"""The demo club (`manage.py load_demo`), with an admin, a member and their language, a board-data
version, a bye asked for a round the club night adds, and what a club works out and
keeps besides its games (`add_worked_out`: an analysis, a luck analysis, puzzle queues, an
upload, invitations), through export_all and import_all --atomic into an empty database: every
table a backup carries comes back row by row (issue 52). Run with ``-s`` to see each carried
table with its rows, the list docs/backups.md shows."""

import io

import pytest
from django.core.management import call_command

from games import boarddata
from games.events.byes import request_bye
from games.events.models import ByeRequest, Event
from games.events.prohibited import prohibit
from games.membership.models import LanguagePreference
from games.membership.roles import Role, set_role
from games.models import Game, Player
from tests.backup.club import add_seasons, add_worked_out, carried_rows, import_all, wipe_all
from tests.factories import UserFactory, board_data_test_set

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_the_demo_club_round_trips_every_carried_table_row_by_row(settings, tmp_path):
    call_command("load_demo", verbosity=0)
    admin = UserFactory(username="manager", is_staff=True)
    set_role(admin, Role.ADMIN)
    member = UserFactory(username="member")
    LanguagePreference.objects.create(user=member, language="hu")
    boarddata.save("classic", board_data_test_set(), user=admin)
    first, second = Player.objects.order_by("id")[:2]
    Player.objects.filter(pk=first.pk).update(user=member)
    analysed = Game.objects.filter(game_type="duel", status="finished", source="recorded").order_by("id").first()
    add_worked_out(settings, analysed, admin=admin, member=member, invited=second)
    event = Event.objects.get()
    # The demo night has started all its rounds: it gets one more, a bye asked for it.
    Event.objects.filter(pk=event.pk).update(requested_byes=Event.ByeRequests.HALF, rounds=event.rounds + 1)
    request_bye(event.registrations.order_by("id").first(), event.rounds + 1, ByeRequest.Kind.HALF_BYE, user=member)
    prohibit(event, *event.registrations.order_by("id").values_list("player_id", flat=True)[1:3], user=admin)
    add_seasons(event, admin)
    before = carried_rows()
    path = tmp_path / "demo.ndjson"
    said = io.StringIO()
    call_command("export_all", str(path), stderr=said)
    wipe_all()
    out, error = import_all(path, "--atomic")
    assert error is None, out
    after = carried_rows()
    assert [label for label in before if after[label] != before[label]] == []
    assert all(before.values()), [label for label, rows in before.items() if not rows]
    print("\n" + said.getvalue() + out)
    print("\n".join(f"{label:32} {len(rows):>7,} rows, the same after the round trip"
                    for label, rows in after.items()))
