"""The background task (django-tasks): workers run it, `make run` starts one (db_worker)."""

from django_tasks import task

from games.analysis.service import run_analysis


@task()
def analyse_game(analysis_id: int) -> None:
    run_analysis(analysis_id)
