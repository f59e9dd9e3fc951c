from django.core.management.base import BaseCommand, CommandError

from games.filters import GameFilterForm
from games.models import Game, Player, name_key
from games.services.exporting import iter_ndjson


class Command(BaseCommand):
    help = (
        "Export games as ndjson, one document a line, oldest first: F2/F4 records for recorded games, "
        "F1/F3 boards for score-only games, each with a 'history' object. import_records reads it back."
    )

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", default="-", help="File to write (default: standard output).")
        parser.add_argument("--player", help="Only games this player (name) sat at.")
        parser.add_argument("--game", help="Only this game type (e.g. duel).")
        parser.add_argument("--from", dest="date_from", help="Only games played on or after YYYY-MM-DD.")
        parser.add_argument("--to", dest="date_to", help="Only games played on or before YYYY-MM-DD.")

    def handle(self, *args, output: str, player, game, date_from, date_to, **options):
        filters = {"game": game or "", "date_from": date_from or "", "date_to": date_to or ""}
        if player:
            found = Player.objects.filter(name_key=name_key(player)).first()
            if found is None:
                raise CommandError(f"--player: no player is named {player!r}")
            filters["player"] = found.pk
        form = GameFilterForm(filters)
        if not form.is_valid():
            problems = "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items())
            raise CommandError(problems)
        games = form.filter(Game.objects.all())
        count = 0
        if output == "-":
            for line in iter_ndjson(games):
                self.stdout.write(line, ending="")
                count += 1
        else:
            with open(output, "w", encoding="utf-8") as stream:
                for line in iter_ndjson(games):
                    stream.write(line)
                    count += 1
        self.stderr.write(f"Exported {count} game{'s' if count != 1 else ''}.")
