"""Exit status 2 unless the load database holds no player and no game (bench/load.sh).

Run through ``manage.py shell`` before anything is written to it (migrate included): the
load run fills its database with the demo club, so it must never be a club's real one.
Tables not created yet count as empty."""

import sys

from django.db import connection

from games.models import Game, Player

tables = set(connection.introspection.table_names())
held = {
    label: model.objects.count()
    for label, model in (("player(s)", Player), ("game(s)", Game))
    if model._meta.db_table in tables
}
if any(held.values()):
    found = " and ".join(f"{count} {label}" for label, count in held.items() if count)
    print(
        f"load.sh: the load database already holds {found}: refusing to write the demo club into it. "
        "Give LOAD_DATABASE_URL an empty database of its own (or leave it unset for a throwaway SQLite file).",
        file=sys.stderr,
    )
    sys.exit(2)
