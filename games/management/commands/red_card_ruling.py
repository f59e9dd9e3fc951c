"""List the stored base games that the C7 ruling of 2026-11-28 replays differently (a red card
discarded after its effect, engine version 1.1.0): games.services.red_card_ruling."""

from django.core.management.base import BaseCommand

from games.services import red_card_ruling


class Command(BaseCommand):
    help = ("List the stored base games that replay differently now that a red card is discarded after "
            "its effect (classic.md C7, ruling of 2026-11-28): run it before upgrading to engine version 1.1.0.")

    def handle(self, *args, **options):
        checked = changed = 0
        for row in red_card_ruling.checked_games():
            checked += 1
            game = row.game
            if row.not_replayed is not None:
                self.stdout.write(f"game {game.pk} ({game.played_on}): not replayed: {row.not_replayed}")
            elif row.change is not None:
                changed += 1
                self.stdout.write(f"game {game.pk} ({game.played_on}): {self._describe(row.change)}")
        self.stdout.write(
            f"{changed} of {red_card_ruling.base_games()} stored base games replay differently under the C7 "
            f"ruling ({checked} played with Pyramids B were replayed)."
        )

    @staticmethod
    def _describe(change) -> str:
        def outcome(refused):
            return "replays" if refused is None else f"refused at move {refused[0] + 1}: {refused[1]}"

        return (f"differs from move {change.ply + 1}; now {outcome(change.refused)}; "
                f"before {outcome(change.refused_before)}")
