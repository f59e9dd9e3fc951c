"""Where a score request's time goes, in process (Django's test client, no server, no network):
``/healthz``, then a DRF view that only answers ``{}``, the same with the scoring throttles, with
the JSON parser, with both, and the real ``POST /api/v1/score`` with the D9.1 board; last, the
engine alone scoring that board (``registry.score``, no request). Each line is the median of
``--runs`` calls and its ratio to ``/healthz`` in the same run.

    DJANGO_SETTINGS_MODULE=imhotep_site.settings .venv/bin/python bench/api_costs.py [--runs 400]

Production settings on a SQLite file and a file cache of the run's own (REDIS_URL: Redis). The
throttles are raised (IMHOTEP_THROTTLE_ANON) so that no request is refused; they still count
every request in that cache.
"""

import argparse
import atexit
import json
import os
import shutil
import statistics
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

from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.urls import path  # noqa: E402
from rest_framework.permissions import AllowAny  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

from imhotep_site.urls import urlpatterns as site_urls  # noqa: E402
from scoring.api_examples import D9_1_BOARD  # noqa: E402
from scoring.engine import registry  # noqa: E402
from scoring.parsers import StrictJSONParser  # noqa: E402
from scoring.renderers import FastJSONRenderer  # noqa: E402
from scoring.throttles import SCORING_THROTTLES  # noqa: E402


class Empty(APIView):
    permission_classes = [AllowAny]
    renderer_classes = [FastJSONRenderer]  # as the scoring views
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=400)
    runs = parser.parse_args().runs
    body = json.dumps(D9_1_BOARD)
    client = Client()

    def engine_scores():
        registry().score(D9_1_BOARD)
        return HttpResponse()  # checked like the requests' answers

    def post(url):
        return lambda: client.post(url, body, content_type="application/json")

    steps = [
        ("GET /healthz", lambda: client.get("/healthz")),
        ("DRF view answering {}", post("/bench/empty")),
        ("  + the scoring throttles", post("/bench/throttled")),
        ("  + the JSON parser (no throttles)", post("/bench/parsed")),
        ("  + throttles and parser", post("/bench/both")),
        ("POST /api/v1/score (D9.1)", post("/api/v1/score")),
        ("  of it the engine (registry.score)", engine_scores),
    ]
    print(f"load average before the run: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print(f"median of {runs} requests each, in process")
    with override_settings(ROOT_URLCONF=__name__):
        baseline = None
        for label, call in steps:
            assert call().status_code == 200, label
            ms = median_ms(call, runs)
            baseline = baseline or ms
            print(f"{label:38s} {ms:7.3f} ms  {ms / baseline:5.2f} × /healthz")


if __name__ == "__main__":
    main()
