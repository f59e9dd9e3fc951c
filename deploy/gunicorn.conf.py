"""gunicorn's settings for `make serve` and bench/cluster.py (docs/operations.md "Restarts"):
the master loads the app (preload_app) and, before it binds the socket, refuses to start where
`make deploy`'s one-time steps are missing (migrations, static files), then warms the app and
loads the compiled kernels from numba's cache (imhotep_site/warm.py, imhotep_site/kernels.py).
Only then does it listen and fork the workers, each with everything loaded: no connection is
accepted that nobody answers, and a worker started or restarted at any load answers at once.
Where the cache does not hold this install's kernels, they compile in a detached process while
the service answers with the pure engine and /healthz says 503 "warming" (issue #52).
A code change needs a restart (a HUP forks new workers from the loaded master, old code)."""

import sys
import time

preload_app = True


def on_starting(server):
    # After the app is loaded (preload_app), before the socket is bound and any worker forked.
    from imhotep_site import kernels
    from imhotep_site.warm import release, unready, warm

    began = time.monotonic()
    problems = unready()
    if problems:
        release()
        server.log.error("not starting: %s. Run `make deploy` (migrate, collectstatic, compile the kernels) "
                         "once after installing or upgrading, then start again (docs/operations.md)",
                         "; ".join(problems))
        sys.exit(3)
    compiling = None
    if not kernels.ready():
        # A cache from another numba, Python or kernel source: compiled by a detached process (or
        # the one a previous start left running), not here, so the socket is bound at once;
        # meanwhile every answer plays the pure engine and /healthz says "warming".
        compiling = kernels.warming() or kernels.compile_in_background()
        server.log.warning("the compiled kernels are not in %s: compiling them in the background (pid %d, about "
                           "40 CPU s); until then /healthz answers 503 \"warming\" and the pure engine serves. "
                           "`make deploy` compiles them before a restart", kernels.cache_dir(), compiling)
    statuses = warm(server.app.wsgi(), games=compiling is None)
    server.log.info("app warmed before listening and forking in %.1f s: %s", time.monotonic() - began, statuses)
