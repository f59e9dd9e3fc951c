"""django-tasks' database worker, which first rates any games an import killed halfway left
unrated (games.services.ratings.catch_up: a worker's start-up clears the mark) and queues again
the imports whose worker died (games.services.importing.resume_stalled) (issue 29)."""

from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker

from games.services import importing, ratings


class Command(DatabaseWorker):
    help = (f"{DatabaseWorker.help.rstrip('.')}, first rating the games an interrupted import left unrated "
            "and queueing again the imports whose worker died.")

    def handle(self, *args, **options):
        ratings.catch_up()
        importing.resume_stalled()
        return super().handle(*args, **options)
