from django.core.management.base import BaseCommand

from games.seasons import ladder_service, league_service
from games.seasons.models import Ladder, League


class Command(BaseCommand):
    help = (
        "Apply the deadlines of ladders and leagues now (run it daily, e.g. from cron): challenges past "
        "their deadline are decided by their ladder's rule, idle players drop, and league rounds past "
        "their deadline close (unplayed games then count by the league's rule). See docs/seasons.md."
    )

    def handle(self, *args, **options):
        for ladder in Ladder.objects.order_by("id"):
            done = ladder_service.refresh(ladder)
            self.stdout.write(f"ladder {ladder.name}: {done['decided']} challenge(s) decided, "
                              f"{done['dropped']} idle player(s) dropped")
        for league in League.objects.filter(status=League.Status.RUNNING).order_by("id"):
            closed = league_service.close_due(league)
            self.stdout.write(f"league {league.name}: closed round(s) {', '.join(map(str, closed)) or 'none'}")
