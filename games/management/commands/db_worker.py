"""django-tasks' database worker, which first rates any games an import killed halfway left
unrated (games.services.ratings.catch_up: a worker's start-up clears the mark) and queues again
the imports and analyses whose worker died (issue 29, issue 38: games/leases.py), then goes on
looking for such work every lease period while it runs (another worker may die meanwhile)."""

import logging
import threading

from django.db import connection
from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker

from games import leases
from games.analysis import luck as luck_analyses
from games.analysis import service as analyses
from games.services import importing, ratings

logger = logging.getLogger(__name__)


def requeue_stale() -> int:
    """The imports and analyses whose worker died, queued again; how many."""
    return importing.resume_stalled() + analyses.requeue_stale() + luck_analyses.requeue_stale()


def _sweep(stop: threading.Event) -> None:
    while not stop.wait(leases.seconds()):
        try:
            requeue_stale()
        except Exception:  # a database hiccup: the next sweep tries again
            logger.exception("looking for work whose worker died failed")
        finally:
            connection.close()  # this thread's own connection


class Command(DatabaseWorker):
    help = (f"{DatabaseWorker.help.rstrip('.')}, first rating the games an interrupted import left unrated "
            "and queueing again the imports and analyses whose worker died.")

    def handle(self, *args, **options):
        ratings.catch_up()
        requeue_stale()
        stop = threading.Event()
        if not options.get("batch"):
            threading.Thread(target=_sweep, args=(stop,), daemon=True, name="lease-sweep").start()
        try:
            return super().handle(*args, **options)
        finally:
            stop.set()
