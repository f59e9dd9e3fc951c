"""List the stored base games that the C7 ruling of 2026-11-28 replays differently (a red card
discarded after its effect, engine version 1.1.0): the ruling's check is the engine's
(`rules_engine.classic.redcard`), the replaying of the club's games `games.services.rulings`."""

from django.core.management.base import BaseCommand
from django.db.models import Q

from games.services.rulings import Ruling, checked_games, games_with_moves
from rules_engine.classic.plugin import ClassicGame
from rules_engine.classic.redcard import difference
from rules_engine.classic.sitedata import EMPTY

#: Only Pyramids B is touched by the ruling.
RED_CARD_RULING = Ruling(
    game_type="classic",
    concerns=Q(sides__pyramids="B"),
    difference=lambda record, played: difference(record, played.data if isinstance(played, ClassicGame) else EMPTY),
)


class Command(BaseCommand):
    help = ("List the stored base games that replay differently now that a red card is discarded after "
            "its effect (classic.md C7, ruling of 2026-11-28): run it before upgrading to engine version 1.1.0.")

    def handle(self, *args, **options):
        checked = changed = 0
        for row in checked_games(RED_CARD_RULING):
            checked += 1
            game = row.game
            if row.not_replayed is not None:
                self.stdout.write(f"game {game.pk} ({game.played_on}): not replayed: {row.not_replayed}")
            elif row.change is not None:
                changed += 1
                self.stdout.write(f"game {game.pk} ({game.played_on}): {self._describe(row.change)}")
        self.stdout.write(
            f"{changed} of {games_with_moves(RED_CARD_RULING)} stored base games replay differently under the C7 "
            f"ruling ({checked} played with Pyramids B were replayed)."
        )

    @staticmethod
    def _describe(change) -> str:
        def outcome(refused):
            return "replays" if refused is None else f"refused at move {refused[0] + 1}: {refused[1]}"

        return (f"differs from move {change.ply + 1}; now {outcome(change.refused)}; "
                f"before {outcome(change.refused_before)}")
