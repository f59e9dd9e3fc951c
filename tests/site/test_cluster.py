"""The multi-node deployment on loopback (bench/cluster.py: PostgreSQL, Redis, two gunicorn
instances behind HAProxy, a task worker): one instance is killed by its PID while 8 writers
store games, and no acknowledged write is lost, no write fails but the ones in flight at the
kill, and the other instance goes on serving.

Counted, not timed: the kill comes once KILL_AFTER writes are acknowledged, and the writers go
on until each has EACH_AFTER writes acknowledged that it sent after the kill, so a loaded
machine makes the test slower, never emptier (the cap only ends a run that cannot finish). Nothing
is assumed ready (issue 38): the cluster waits until HAProxy sees both instances up (its stats
socket), and the warm-up until every writer's writes are acknowledged."""

import os
import shutil

import pytest

from bench.cluster import PG_ADMIN, Cluster
from bench.cluster_drills import fault_test
from tests.services import port_open

# One pytest-xdist worker starts the cluster (a module fixture) and runs its three tests, and the
# load script's: both collect static files into the checkout's staticfiles/.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("staticfiles")]

WRITERS = 8
KILL_AFTER = 16
EACH_AFTER = 5


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
    found = fault_test(cluster, clients=WRITERS, kill_after=KILL_AFTER, each_after=EACH_AFTER, cap=120.0)
    print("\n".join(found.lines()))  # the figures, in the log of a run with -s or -rP
    return found


def test_the_instance_is_killed_only_after_the_writes_before_it(report):
    assert len(report.acknowledged_before_kill) >= KILL_AFTER, report.lines()


def test_no_acknowledged_write_is_lost_when_an_instance_dies(report):
    assert report.acknowledged and report.lost == [], report.lines()


def test_only_requests_in_flight_at_the_kill_may_fail(report):
    assert report.failed_outside_the_kill == [], report.lines()
    assert len(report.failed) <= len(report.in_flight), report.lines()


def test_every_writer_is_served_after_the_kill(report):
    assert not report.capped, report.lines()
    assert min(report.after_kill_per_writer()) >= EACH_AFTER, report.lines()


def test_the_other_instance_answers_its_health_check(report):
    assert report.survivor_healthy, report.lines()


def test_the_balancer_sees_the_killed_instance_down_and_the_other_up(report):
    assert report.view_at_end == {"app1": "DOWN", "app2": "UP"}, report.lines()
