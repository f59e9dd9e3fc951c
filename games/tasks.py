"""The club history's background tasks (django-tasks): workers run them (docs/operations.md)."""

from django_tasks import task

from games.services import importing


@task()
def import_upload(job_id: str) -> None:
    importing.run(job_id)
