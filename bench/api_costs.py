"""Where a score request's time goes, in process (Django's WSGI handler, as gunicorn calls it; no server, no network):
``/healthz``, then a DRF view that only answers ``{}``, the same with the scoring throttles, with
the JSON parser, with both, and the real ``POST /api/v1/score`` with the D9.1 board; last, the
engine alone scoring that board (``registry.score``, no request). Each line is the median of
``--runs`` calls and its ratio to ``/healthz`` in the same run.

    DJANGO_SETTINGS_MODULE=imhotep_site.settings .venv/bin/python bench/api_costs.py [--runs 400]
    .venv/bin/python bench/api_costs.py --instructions [--runs 20]

``--instructions`` counts instead of timing: each line is the CPU instructions one request
executes (valgrind's callgrind, apt-get install -y valgrind), the same on every run and under
any load. On a shared machine, where timings of the same code differ by a third from one minute
to the next, it is the figure to compare two versions of the code by; the timings say what the
instructions cost on this machine today.

Production settings on a SQLite file and a cache directory of the run's own (REDIS_URL: Redis). The
throttles are raised (IMHOTEP_THROTTLE_ANON) so that no request is refused; they still count
every request in that cache.
"""

import argparse
import atexit
import gc
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
_work = tempfile.mkdtemp(prefix="imhotep-bench-")
atexit.register(shutil.rmtree, _work, ignore_errors=True)
# Production settings (DEBUG off: Django then keeps no query log), a database and a cache of
# the run's own; /healthz's SELECT 1 needs no tables.
for name, value in {
    "DJANGO_SETTINGS_MODULE": "imhotep_site.settings", "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": f"bench-only-{os.getpid()}-{time.time_ns()}-0123456789abcdefghijklmnopqrstuvwxyz",
    "DJANGO_ALLOWED_HOSTS": "testserver", "DJANGO_SECURE_SSL_REDIRECT": "0", "DJANGO_LOG_LEVEL": "WARNING",
    "DATABASE_URL": f"sqlite:///{_work}/bench.sqlite3", "IMHOTEP_CACHE_DIR": f"{_work}/cache",
    "IMHOTEP_THROTTLE_ANON": "100000000/s",
}.items():
    os.environ.setdefault(name, value)

import django  # noqa: E402

django.setup()

from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.urls import path  # noqa: E402
from rest_framework.permissions import AllowAny  # noqa: E402
from rest_framework.renderers import JSONRenderer  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

from imhotep_lib.throttles import SCORING_THROTTLES  # noqa: E402
from imhotep_site.urls import urlpatterns as site_urls  # noqa: E402
from rules_engine.duel.apidocs import D9_1_BOARD  # noqa: E402
from rules_engine.registry import default_registry as registry  # noqa: E402
from scoring.parsers import StrictJSONParser  # noqa: E402


class Empty(APIView):
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]  # as the scoring views
    parser_classes = [StrictJSONParser]
    throttle_classes: list = []
    parse = False

    def post(self, request):
        if self.parse:
            request.data  # noqa: B018  # parsed, as the score view does
        return Response({})


urlpatterns = [
    path("bench/empty", Empty.as_view()),
    path("bench/throttled", Empty.as_view(throttle_classes=SCORING_THROTTLES)),
    path("bench/parsed", Empty.as_view(parse=True)),
    path("bench/both", Empty.as_view(throttle_classes=SCORING_THROTTLES, parse=True)),
    *site_urls,
]


def median_ms(call, runs: int) -> float:
    timeit.repeat(call, number=1, repeat=runs // 8)  # warm up
    return statistics.median(timeit.repeat(call, number=1, repeat=runs)) * 1000


#: Set in the process callgrind runs: it makes the requests and marks the steps.
_UNDER_CALLGRIND = "IMHOTEP_BENCH_UNDER_CALLGRIND"


def run_counted(steps, runs: int) -> None:
    """In the process callgrind watches: every step warmed up, then each step's ``runs``
    requests, with a call to getppid() before the first and after each. Callgrind writes out
    its counts at each getppid() (``--dump-before``), so each step's requests are one file."""
    for _label, call in steps:
        for _ in range(max(runs // 2, 5)):
            call()
    # A process makes one full collection soon after its start, of all it loaded (modules,
    # caches, catalogues): some 30 M instructions. Made here, it falls in no step. After it,
    # requests leave too little behind to cause another (one in 6,000 score requests in a row,
    # the 22nd).
    gc.collect()
    os.getppid()
    for _label, call in steps:
        for _ in range(runs):
            call()
        os.getppid()


def count_instructions(labels: list[str], runs: int) -> None:
    """Runs this script again under callgrind and prints each step's instructions per request."""
    if shutil.which("valgrind") is None:
        sys.exit("api_costs.py --instructions: valgrind is not installed (apt-get install -y valgrind)")
    out = Path(_work) / "callgrind.out"
    print(f"instructions per request (valgrind callgrind), {runs} requests each, in process")
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-before=getppid", f"--callgrind-out-file={out}",
         sys.executable, __file__, "--runs", str(runs)],
        env={**os.environ, _UNDER_CALLGRIND: "1"}, check=True, capture_output=True,
    )
    # Dump 1 is the start and the warm-up; dump i + 1 holds step i; the last file the exit.
    counts = []
    for i in range(2, len(labels) + 2):
        dump = Path(f"{out}.{i}")
        if not dump.exists():
            sys.exit(f"api_costs.py --instructions: callgrind wrote no counts for step {i - 1} ({dump})")
        summary = next(line for line in dump.read_text().splitlines() if line.startswith("summary:"))
        counts.append(int(summary.split()[1]) / runs)
    for label, count in zip(labels, counts, strict=True):
        print(f"{label:38s} {count / 1e6:7.3f} M  {count / counts[0]:5.2f} × /healthz")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=None, help="requests per step (default 400; 20 counted)")
    parser.add_argument("--instructions", action="store_true", help="count instructions (callgrind) instead of timing")
    args = parser.parse_args()
    runs = args.runs or (20 if args.instructions or os.environ.get(_UNDER_CALLGRIND) else 400)
    body = json.dumps(D9_1_BOARD).encode()
    handler = WSGIHandler()

    def request(path: str, data: bytes | None = None) -> int:
        """The answer's status to a request made as gunicorn makes it (GET, or POST of ``data``)."""
        environ = {"REQUEST_METHOD": "POST" if data else "GET", "PATH_INFO": path, "SERVER_NAME": "testserver",
                   "SERVER_PORT": "80", "HTTP_HOST": "testserver", "REMOTE_ADDR": "127.0.0.1",
                   "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(data or b"")}
        if data:
            environ |= {"CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data))}
        statuses = []
        response = handler(environ, lambda status, headers, exc_info=None: statuses.append(status))
        b"".join(response)
        response.close()
        return int(statuses[0].split()[0])

    def engine_scores():
        registry().score(D9_1_BOARD)
        return 200  # checked like the requests' answers

    def post(url):
        return lambda: request(url, body)

    steps = [
        ("GET /healthz", lambda: request("/healthz")),
        ("DRF view answering {}", post("/bench/empty")),
        ("  + the scoring throttles", post("/bench/throttled")),
        ("  + the JSON parser (no throttles)", post("/bench/parsed")),
        ("  + throttles and parser", post("/bench/both")),
        ("POST /api/v1/score (D9.1)", post("/api/v1/score")),
        ("  of it the engine (registry.score)", engine_scores),
    ]
    with override_settings(ROOT_URLCONF=__name__):
        for label, call in steps:
            assert call() == 200, label
        if os.environ.get(_UNDER_CALLGRIND):
            run_counted(steps, runs)
        elif args.instructions:
            count_instructions([label for label, _call in steps], runs)
        else:
            print_timings(steps, runs)


def print_timings(steps, runs: int) -> None:
    print(f"load average before the run: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print(f"median of {runs} requests each, in process")
    baseline = None
    for label, call in steps:
        ms = median_ms(call, runs)
        baseline = baseline or ms
        print(f"{label:38s} {ms:7.3f} ms  {ms / baseline:5.2f} × /healthz")


if __name__ == "__main__":
    main()
