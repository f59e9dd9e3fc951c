"""Background tasks queued by name (django-tasks). The modules that queue work (imports,
explorer facts, analyses) do not import the tasks modules, which import them to run it: each
queues through `enqueue` with the task's name, so no import cycle joins them (#53, tests/
test_import_cycles.py). `TASKS` lists every task a module may queue: a name missing there is a
KeyError at once, never a task lost in the queue."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.utils.module_loading import import_string

#: The tasks queued by name (django-tasks' `@task()` functions), by their dotted path.
TASKS = frozenset({
    "games.tasks.import_upload",
    "games.tasks.fill_explorer_facts",
    "games.analysis.tasks.analyse_game",
    "games.analysis.tasks.luck_of_game",
})


def enqueue(name: str, *args: Any, **kwargs: Any) -> Any:
    """Queue the task ``name`` (one of `TASKS`) with these arguments; django-tasks' result."""
    if name not in TASKS:
        raise KeyError(f"no background task is registered as {name!r} (games/task_queue.py TASKS)")
    return import_string(name).enqueue(*args, **kwargs)


def enqueuer(name: str) -> partial[Any]:
    """`enqueue` of the task ``name``, for a caller that takes a function (games/leases.py)."""
    if name not in TASKS:
        raise KeyError(f"no background task is registered as {name!r} (games/task_queue.py TASKS)")
    return partial(enqueue, name)
