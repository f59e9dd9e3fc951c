"""django-tasks' database worker, which first rates any games an import killed halfway left
unrated (games.services.ratings.catch_up): a worker's start-up clears the mark (issue 29)."""

from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker

from games.services import ratings


class Command(DatabaseWorker):
    help = f"{DatabaseWorker.help.rstrip('.')}, first rating the games an interrupted import left unrated."

    def handle(self, *args, **options):
        ratings.catch_up()
        return super().handle(*args, **options)
