"""The background task (django-tasks): workers run it, `make run` starts one (db_worker)."""

from django_tasks import task

from games.analysis.service import run_analysis


@task()
def analyse_game(analysis_id: int) -> None:
    run_analysis(analysis_id)


@task()
def luck_of_game(luck_id: int) -> None:
    """What decided a game (games/analysis/luck.py)."""
    from games.analysis.luck import run_luck

    run_luck(luck_id)
