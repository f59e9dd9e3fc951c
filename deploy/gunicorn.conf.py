"""gunicorn's settings for `make serve` and bench/cluster.py (docs/operations.md "Starting under
load"): the master loads the app and warms it (imhotep_site/warm.py) before it forks the workers,
so a worker started or restarted at any load answers at once instead of importing the app on its
first request. A code change then needs a restart (a HUP reloads the workers, not the code)."""

preload_app = True


def when_ready(server):
    # After the app is loaded (preload_app), before the first worker is forked.
    from imhotep_site.warm import warm

    statuses = warm(server.app.wsgi())
    server.log.info("app warmed before forking: %s", statuses)
