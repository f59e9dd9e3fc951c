"""The multi-node deployment on loopback (bench/cluster.py: PostgreSQL, Redis, two gunicorn
instances behind HAProxy, a task worker): one instance is killed mid-run by its PID, and no
acknowledged write is lost, no request fails beyond the ones in flight, and the other instance
goes on serving."""

import os
import shutil

import pytest

from bench.cluster import PG_ADMIN, Cluster, fault_test
from tests.services import port_open

# One pytest-xdist worker starts the cluster (a module fixture) and runs its three tests, and the
# load script's: both collect static files into the checkout's staticfiles/.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("staticfiles")]


@pytest.fixture(scope="module")
def cluster():
    if shutil.which("haproxy") is None or not port_open(5432):
        if os.environ.get("CI"):
            pytest.fail("the cluster test needs haproxy and PostgreSQL (.ci/run installs and starts them)")
        pytest.skip(f"needs haproxy and PostgreSQL at {PG_ADMIN}")
    with Cluster(load_demo=False) as started:
        yield started


@pytest.fixture(scope="module")
def report(cluster):
    return fault_test(cluster, clients=4, before=1.0, after=2.0)


def test_no_acknowledged_write_is_lost_when_an_instance_dies(report):
    assert report.acknowledged and report.lost == []


def test_only_requests_in_flight_may_fail(report):
    assert len(report.failed) <= report.clients, report.lines()


def test_the_other_instance_keeps_serving(report):
    assert len(report.after_kill) >= 4, report.lines()
