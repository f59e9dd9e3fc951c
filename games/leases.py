"""Leases of background work (issue 38): an analysis or an import job a worker runs holds a lease
(its owner, and until when) that the worker renews while it works. A worker that dies stops
renewing it; its work is then stale, and is queued again (`requeue_stale`) when a worker starts,
every `LEASE_SECONDS` while one runs, and when someone asks for an analysis again. Running again
restarts it from the beginning: an analysis is the same figures (one seed per ply), an import
skips the records already stored (their content hash).

Stale: the lease has expired, or its owner is a process of this machine that is gone (so a
worker started right after a crash need not wait for the lease to run out)."""

from __future__ import annotations

import datetime
import logging
import os
import socket
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

log = logging.getLogger(__name__)


def seconds() -> int:
    return settings.IMHOTEP_TASK_LEASE_SECONDS


def me() -> str:
    """This process as a lease's owner: host and PID."""
    return f"{socket.gethostname()}:{os.getpid()}"


def until() -> datetime.datetime:
    return timezone.now() + datetime.timedelta(seconds=seconds())


class Leased(models.Model):
    """Mixin of a model a worker runs: status ``queued``/``running`` plus the lease."""

    lease_owner = models.CharField(max_length=100, blank=True, help_text=_("The worker running it (host:PID)."))
    lease_until = models.DateTimeField(null=True, blank=True, help_text=_("Its worker renews this while it runs."))
    restarts = models.PositiveIntegerField(default=0, help_text=_("Times it was queued again after its worker died."))

    class Meta:
        abstract = True

    @property
    def restarted(self) -> bool:
        return self.restarts > 0


class LeaseLost(Exception):
    """Another worker took the work over (this one's lease had been found stale)."""


def owner_gone(owner: str) -> bool:
    """A process of this machine that no longer runs. Another machine's: not known (False)."""
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False


def is_stale(owner: str, lease_until: datetime.datetime | None) -> bool:
    """Running, but by nobody: "running" with an expired lease is not running."""
    return lease_until is None or lease_until < timezone.now() or owner_gone(owner)


def stamped(model: type[Leased], fields: dict[str, object]) -> dict[str, object]:
    """``fields`` with ``updated_at`` now, for a model that has it: ``update()`` skips auto_now."""
    if "updated_at" in fields or not any(f.name == "updated_at" for f in model._meta.concrete_fields):
        return fields
    return {**fields, "updated_at": timezone.now()}


def claim(model: type[Leased], pk: object, **fields: object) -> int:
    """Mark a queued row running under this process's lease (inside the caller's transaction)."""
    return model._default_manager.filter(pk=pk).update(
        **stamped(model, {"status": "running", "lease_owner": me(), "lease_until": until(), **fields}))


def requeue(model: type[Leased], pk: object, owner: str, lease_until: datetime.datetime | None) -> bool:
    """Queue again a stale row; False when it changed meanwhile (its owner renewed it, or another
    process queued it first: only one of them matches the row as it was read)."""
    return bool(model._default_manager.filter(pk=pk, status="running", lease_owner=owner,  # type: ignore[misc]
                                              lease_until=lease_until).update(
        **stamped(model, {"status": "queued", "lease_owner": "", "lease_until": None, "restarts": F("restarts") + 1})))


def queue(row: Any, created: bool, enqueue: Callable[[Any], object]) -> bool:
    """Queue ``row`` (just got or created, inside the caller's transaction) unless its work is
    running or done: a running row whose worker is gone is queued again, a failed one retried.
    ``enqueue(pk)`` runs once the transaction commits. True when it was queued."""
    model = type(row)
    if not created and row.status == "running":
        # "Running" with a lease its worker no longer renews is not running.
        if not (is_stale(row.lease_owner, row.lease_until)
                and requeue(model, row.pk, row.lease_owner, row.lease_until)):
            return False
        row.refresh_from_db()
    elif not created and row.status != "failed":
        return False
    else:
        row.status, row.error = "queued", ""
        row.save(update_fields=["status", "error", "updated_at"])
    transaction.on_commit(lambda: enqueue(row.pk))
    return True


def run(model: type[Any], pk: object, compute: Callable[[Any, Renewal], None]) -> None:
    """Run the queued row ``pk`` once, under this process's lease: claimed in a transaction (a
    second worker given it finds it claimed and does nothing), ``compute(row, lease)`` outside
    it. A lost lease (another worker found this one stale and runs it) leaves it to that worker;
    an error marks the row failed, for the page to show, and is raised again."""
    with transaction.atomic():
        row = model._default_manager.select_for_update().filter(pk=pk).first()
        if row is None:  # deleted since it was queued (its game deleted): nothing to do (issue #52)
            log.info("%s %s is gone; its task ends", model.__name__, pk)
            return
        if row.status != "queued":
            return
        claim(model, pk, runs=row.runs + 1)
    lease = Renewal(model, pk)
    try:
        compute(row, lease)
    except LeaseLost:
        return
    except Exception as exc:  # the page shows it; the worker goes on with the next task
        failed = stamped(model, {"status": "failed", "error": str(exc)[:2000]})
        if not model._default_manager.filter(pk=pk).update(**failed):
            # The row went while it ran (its game deleted, reading it failed): no one to tell.
            log.info("%s %s went while it ran (%s: %s); its task ends", model.__name__, pk, type(exc).__name__, exc)
            return
        raise


def requeue_stale(model: type[Leased]) -> list[object]:
    """Queue again the running rows whose worker is gone; their primary keys."""
    running = model._default_manager.filter(status="running")  # type: ignore[misc]
    # Expired, never leased (before leases existed), or owned by a process of this machine.
    candidates = running.filter(Q(lease_until__lt=timezone.now()) | Q(lease_until=None)
                                | Q(lease_owner__startswith=f"{socket.gethostname()}:"))
    return [pk for pk, owner, lease_until in candidates.values_list("pk", "lease_owner", "lease_until")
            if is_stale(owner, lease_until) and requeue(model, pk, owner, lease_until)]


class Renewal:
    """A worker's renewals of its lease, at most every quarter of the lease (cheap to call per
    step of the work). Raises `LeaseLost` when the row is no longer this worker's."""

    def __init__(self, model: type[Leased], pk: object):
        self.model, self.pk, self.last = model, pk, time.monotonic()

    def due(self) -> bool:
        return time.monotonic() - self.last >= seconds() / 4

    def update(self, **fields: object) -> None:
        """Write ``fields`` (progress), renewing the lease when due; ``updated_at`` moves with
        every write (``update()`` skips auto_now), so the row says when it last progressed."""
        if self.due() and "lease_until" not in fields:
            fields["lease_until"] = until()
            self.last = time.monotonic()
        if not fields:
            return
        if not self.model._default_manager.filter(pk=self.pk, lease_owner=me()).update(**stamped(self.model, fields)):
            raise LeaseLost(self.pk)
