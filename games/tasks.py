"""The club history's background tasks (django-tasks): workers run them (docs/operations.md)."""

from django_tasks import task

from games.services import explorer_facts, importing


@task()
def import_upload(job_id: str) -> None:
    importing.run(job_id)


@task()
def fill_explorer_facts(game_type: str | None = None) -> None:
    """The explorer's facts a reader found missing or out of date (issue #52): worked out here,
    never inside the reader's request (games/services/explorer_facts.bring_up_to_date)."""
    explorer_facts.fill_queued(game_type)
