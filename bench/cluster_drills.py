"""The cluster's drills (bench/cluster.py runs them): a node killed while clients write, and Redis
stopped while clients read; each returns what went wrong, empty when nothing did."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field

from bench.cluster import Cluster

# -- the fault test ------------------------------------------------------------------------


@dataclass
class Write:
    name: str
    writer: int
    started: float
    ended: float
    status: int  # the HTTP status, or 0 when the connection failed


@dataclass
class FaultReport:
    """What the writers saw around the kill; counted, not timed (a busy machine only slows it)."""

    writes: list[Write]
    kill_started: float  # just before SIGKILL was sent
    kill_done: float  # once the instance's processes were gone
    killed_pid: int
    clients: int
    kill_after: int  # acknowledged writes wanted before the kill
    each_after: int  # acknowledged writes wanted from every writer after the kill
    capped: bool  # the cap struck before every writer had its writes after the kill
    stored: set[str]
    survivor_healthy: bool  # the surviving instance's own /healthz answered 200 at the end
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    warm_refused: list[int] = field(default_factory=list)  # warm-up writes refused and sent again
    view_at_kill: dict[str, str] = field(default_factory=dict)  # HAProxy's view once the node was dead
    view_at_end: dict[str, str] = field(default_factory=dict)

    @property
    def acknowledged(self) -> list[Write]:
        # 409: "already stored" — a retried write the dead instance had stored.
        return [w for w in self.writes if w.status in (201, 409)]

    @property
    def failed(self) -> list[Write]:
        return [w for w in self.writes if w.status not in (201, 409)]

    @property
    def lost(self) -> list[str]:
        """Acknowledged writes the database does not have."""
        return [w.name for w in self.acknowledged if w.name not in self.stored]

    @property
    def in_flight(self) -> list[Write]:
        """Writes open at some moment of the kill: sent before it ended, answered after it began.
        The kill lasts from SIGKILL until the port refuses connections (tens of ms on a loaded
        machine): until the last worker is gone the kernel still accepts connections for it."""
        return [w for w in self.writes if w.started < self.kill_done and w.ended > self.kill_started]

    @property
    def in_flight_at_signal(self) -> list[Write]:
        """Writes open when SIGKILL was sent (at most one per writer)."""
        return [w for w in self.writes if w.started < self.kill_started < w.ended]

    @property
    def failed_outside_the_kill(self) -> list[Write]:
        """Failures of writes that were not in flight at the kill: the balancer's to avoid."""
        return [w for w in self.failed if not (w.started < self.kill_done and w.ended > self.kill_started)]

    @property
    def acknowledged_before_kill(self) -> list[Write]:
        return [w for w in self.acknowledged if w.ended < self.kill_started]

    @property
    def after_kill(self) -> list[Write]:
        """Acknowledged writes sent once the instance was dead: the survivor's."""
        return [w for w in self.acknowledged if w.started > self.kill_done]

    def problems(self) -> list[str]:
        """Why the run fails the fault test; empty when it passes."""
        found = []
        if len(self.acknowledged_before_kill) < self.kill_after:
            found.append(f"killed after {len(self.acknowledged_before_kill)} acknowledged writes, "
                         f"not {self.kill_after}")
        if self.lost:
            found.append(f"{len(self.lost)} acknowledged writes missing from the database")
        if self.failed_outside_the_kill or len(self.failed) > len(self.in_flight):
            found.append(f"{len(self.failed)} writes failed, {len(self.failed_outside_the_kill)} of them not in "
                         f"flight at the kill ({len(self.in_flight)} were)")
        if self.capped:
            found.append(f"not every writer had {self.each_after} writes acknowledged after the kill before the cap")
        if not self.survivor_healthy:
            found.append("the surviving instance's /healthz did not answer 200")
        return found

    def after_kill_per_writer(self) -> list[int]:
        counts = [0] * self.clients
        for w in self.after_kill:
            counts[w.writer] += 1
        return counts

    def _statuses(self) -> str:
        counts: dict[int, int] = {}
        for w in self.failed:
            counts[w.status] = counts.get(w.status, 0) + 1
        shown = ", ".join(f"{n} × {'no answer' if s == 0 else s}" for s, n in sorted(counts.items()))
        return f" [{shown}]" if shown else ""

    def lines(self) -> list[str]:
        per_writer = self.after_kill_per_writer()
        return [
            f"fault test (load average before it {' '.join(f'{x:.2f}' for x in self.load_before)}): "
            f"{self.clients} writers storing games through the balancer; instance app1 (PID {self.killed_pid}) "
            f"killed with SIGKILL once {len(self.acknowledged_before_kill)} writes were acknowledged "
            f"(wanted {self.kill_after}), {self.kill_started - self.writes[0].started:.1f} s after the first",
            f"  writes acknowledged (201, or 409 for a retried one): {len(self.acknowledged)}; "
            f"failed: {len(self.failed)}{self._statuses()}; in flight at the kill: {len(self.in_flight)} "
            f"({len(self.in_flight_at_signal)} when SIGKILL was sent, the others sent in the "
            f"{(self.kill_done - self.kill_started) * 1000:.0f} ms until the port refused connections); "
            f"failed outside the kill: {len(self.failed_outside_the_kill)}",
            f"  acknowledged but missing from the database: {len(self.lost)}",
            f"  acknowledged after the kill (served by app2): {len(self.after_kill)}, per writer "
            f"{min(per_writer)}–{max(per_writer)} (wanted {self.each_after} each"
            f"{'; the cap struck first' if self.capped else ''}); app2's /healthz at the end: "
            f"{'200' if self.survivor_healthy else 'no 200'}",
            f"  HAProxy's view: just after the kill {self.view_at_kill}, at the end {self.view_at_end}; warm-up "
            f"writes refused and sent again: {self.warm_refused or 'none'}",
        ]


def _store(url: str, token: str, name: str, writer: int) -> Write:
    from rules_engine.duel.apidocs import D9_1_BOARD  # the rulebook's D9.1 end of game

    board = json.loads(json.dumps(D9_1_BOARD))  # each write names its own players: unique content
    board["players"][0]["name"], board["players"][1]["name"] = name, f"{name} (2)"
    request = urllib.request.Request(f"{url}/api/v1/games", data=json.dumps(board).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return Write(name, writer, started, time.monotonic(), status)


def warm_up(cluster: Cluster, clients: int, seconds: float = 300.0) -> list[int]:
    """Two writes acknowledged from every writer through the balancer, so that both instances
    have answered writes before anything is counted; then both nodes up in HAProxy's view. A
    write refused meanwhile (a loaded machine: a health check late, a node briefly out) is sent
    again, as a client would, until ``seconds``; the refusals' statuses are returned."""
    deadline = time.monotonic() + seconds
    refused: list[int] = []

    def send(c: int) -> None:
        for k in range(2):
            while True:
                write = _store(cluster.url, cluster.token, f"Warm {c}-{k}", c)
                if write.status in (201, 409) or time.monotonic() > deadline:
                    break
                refused.append(write.status)
                time.sleep(0.5)

    threads = [threading.Thread(target=send, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if time.monotonic() > deadline:
        raise RuntimeError(f"warm-up writes not acknowledged in {seconds:.0f} s: statuses {refused}")
    cluster.wait_until_up("app1", "app2", seconds=max(1.0, deadline - time.monotonic()))
    return refused


def fault_test(cluster: Cluster, clients: int = 8, kill_after: int = 16, each_after: int = 5,
               cap: float = 120.0, victim: str = "app1", survivor: str = "app2") -> FaultReport:
    """Warm up, start ``clients`` writers, kill ``victim`` once ``kill_after`` writes are
    acknowledged, and go on until every writer has ``each_after`` writes acknowledged that it
    sent after the kill (or ``cap`` seconds from the start, whatever the machine's load)."""
    load_before = os.getloadavg()
    warm_refused = warm_up(cluster, clients)
    writes: list[Write] = []
    changed = threading.Condition()
    stop = threading.Event()
    kill_done = [float("inf")]  # read by the writers: what counts as after the kill

    def writer(c: int) -> None:
        k = 0
        while not stop.is_set():
            write = _store(cluster.url, cluster.token, f"Fault {c}-{k}", c)
            with changed:
                writes.append(write)
                changed.notify_all()
            k += 1

    def acknowledged() -> int:
        return sum(w.status in (201, 409) for w in writes)

    def each_has_enough() -> bool:
        counts = [0] * clients
        for w in writes:
            if w.status in (201, 409) and w.started > kill_done[0]:
                counts[w.writer] += 1
        return min(counts) >= each_after

    deadline = time.monotonic() + cap
    threads = [threading.Thread(target=writer, args=(c,), daemon=True) for c in range(clients)]
    for t in threads:
        t.start()
    with changed:
        changed.wait_for(lambda: acknowledged() >= kill_after, timeout=max(0.0, deadline - time.monotonic()))
    kill_started = time.monotonic()
    pid = cluster.kill(victim)
    kill_done[0] = time.monotonic()
    view_at_kill = _view(cluster)
    with changed:
        capped = not changed.wait_for(each_has_enough, timeout=max(0.0, deadline - time.monotonic()))
    stop.set()
    for t in threads:
        t.join()
    writes.sort(key=lambda w: w.started)
    stored = cluster.games_named({w.name for w in writes})
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{cluster.ports[survivor]}/healthz", timeout=30) as answer:
            healthy = answer.status == 200
    except OSError:
        healthy = False
    return FaultReport(writes, kill_started, kill_done[0], pid, clients, kill_after, each_after, capped, stored,
                       healthy, load_before, warm_refused, view_at_kill, _view(cluster))


def _view(cluster: Cluster) -> dict[str, str]:
    try:
        return cluster.view()
    except (OSError, IndexError, KeyError) as exc:
        return {"unknown": str(exc)}


# -- Redis killed under load ---------------------------------------------------------------


def redis_outage(cluster: Cluster, clients: int = 8, seconds: float = 20.0) -> list[str]:
    """``clients`` clients read the games list and the standings, score anonymously and store
    games through the balancer for ``seconds``; the cluster's own Redis is killed (SIGKILL) half
    way. Lines: the answers by status before and after the kill, HAProxy's view of each node and
    each node's /healthz after it (imhotep_site/cache_guard.py: slower, never failing)."""
    from rules_engine.duel.apidocs import D9_1_BOARD

    if "redis" not in cluster.processes:
        return ["Redis outage: skipped, the cluster uses a shared Redis (run with --redis-outage: its own)"]
    load_before = os.getloadavg()
    warm_up(cluster, clients)
    answers: list[tuple[float, int, str]] = []
    stop = threading.Event()

    def client(c: int) -> None:
        k = 0
        while not stop.is_set():
            kind = ("list", "standings", "score", "write")[k % 4]
            if kind == "write":
                status = _store(cluster.url, cluster.token, f"Outage {c}-{k}", c).status
            else:
                path, body = {"list": ("/games/", None), "standings": ("/games/standings", None),
                              "score": ("/api/v1/score", json.dumps(D9_1_BOARD).encode())}[kind]
                request = urllib.request.Request(f"{cluster.url}{path}", data=body,
                                                 headers={"Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(request, timeout=60) as answer:
                        answer.read()
                        status = answer.status
                except urllib.error.HTTPError as error:
                    status = error.code
                except OSError:
                    status = 0
            answers.append((time.monotonic(), status, kind))
            k += 1

    threads = [threading.Thread(target=client, args=(c,), daemon=True) for c in range(clients)]
    for t in threads:
        t.start()
    time.sleep(seconds / 2)
    killed = time.monotonic()
    cluster.processes["redis"].send_signal(signal.SIGKILL)
    cluster.processes["redis"].wait()
    time.sleep(seconds / 2)
    view = _view(cluster)
    stop.set()
    for t in threads:
        t.join()
    health = {}
    for name in ("app1", "app2"):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{cluster.ports[name]}/healthz", timeout=30) as answer:
                health[name] = f"{answer.status} {answer.read().decode()}"
        except urllib.error.HTTPError as error:
            health[name] = f"{error.code} {error.read().decode()}"
        except OSError as exc:
            health[name] = str(exc)

    def counts(rows) -> str:
        found: dict[tuple[str, int], int] = {}
        for _, status, kind in rows:
            found[kind, status] = found.get((kind, status), 0) + 1
        return ", ".join(f"{kind} {status}: {n}" for (kind, status), n in sorted(found.items()))

    before = [a for a in answers if a[0] < killed]
    after = [a for a in answers if a[0] >= killed]
    return [f"Redis outage (load average before it {' '.join(f'{x:.2f}' for x in load_before)}): {clients} clients "
            f"for {seconds:.0f} s, Redis killed (SIGKILL) after {seconds / 2:.0f} s",
            f"  before the kill: {counts(before)}",
            f"  after the kill: {counts(after)}; answers 500: {sum(a[1] == 500 for a in after)}, "
            f"other 5xx or none: {sum(a[1] >= 501 or a[1] == 0 for a in after)}",
            f"  HAProxy's view after it: {view}",
            *(f"  {name} /healthz: {body}" for name, body in health.items())]


# -- load figures --------------------------------------------------------------------------
