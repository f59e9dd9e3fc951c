"""Uploads of game records, imported by a background task (issue 29; docs/operations.md).

The upload page and ``POST /api/v1/imports`` check the upload's limits, keep it as an
`ImportJob` and answer 202 at once; a worker (django-tasks, games/tasks.py) imports it record by
record, each record in its own transaction together with its ratings-out-of-date mark, writes the
progress as it goes, and rates the new games at the end (`ratings.catch_up`). A worker that dies
halfway leaves every stored game marked: the next import or background task rates them. Its job
holds a lease the dead worker no longer renews (games/leases.py): the next worker queues it again,
and the upload is imported again, storing only the records still missing (a record already
stored is recognised by its content hash).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import translation

from games import leases, task_queue
from games.import_models import ImportJob
from games.services import recording
from games.services.documents import parse_documents
from imhotep_lib.translation import say

#: Records between two progress writes.
PROGRESS_EVERY = 20


def start(text: str, *, user, language: str) -> ImportJob:
    """Keep the upload ``text`` (JSON or ndjson records) as a job and queue its import. Raises
    `LimitExceeded` (413) and stores nothing for an upload over the import limits."""
    documents = parse_documents(text)
    recording.check_upload(documents)
    # Committed before it is queued (no transaction here): a worker must find the job.
    job = ImportJob.objects.create(created_by=user, language=language, text=text, total=len(documents))
    task_queue.enqueue("games.tasks.import_upload", str(job.pk))
    job.refresh_from_db()  # a worker in this process (IMHOTEP_TASKS=immediate) may have run it already
    return job


def run(job_id: str) -> None:
    """Import a queued job (a worker calls this); a job already claimed is left alone."""
    with transaction.atomic():
        job = ImportJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != ImportJob.Status.QUEUED:
            return
        leases.claim(ImportJob, job_id)
    lease = leases.Renewal(ImportJob, job_id)
    counts = {recording.Outcome.IMPORTED: 0, recording.Outcome.DUPLICATE: 0, recording.Outcome.REJECTED: 0}
    lines: list[dict] = []

    def progress(outcome: recording.Outcome) -> None:
        counts[outcome.status] += 1
        lines.append(_line(outcome))
        # Progress every few records; the lease renewed when due, whatever the progress.
        lease.update(**(_progress(lines, counts) if len(lines) % PROGRESS_EVERY == 0 else {}))

    try:
        with translation.override(job.language):
            recording.import_many(parse_documents(job.text), user=job.created_by, on_outcome=progress)
    except leases.LeaseLost:  # another worker found this one stale and imports it: leave it to it
        return
    except Exception as exc:  # the progress page says so; the worker goes on with the next task
        ImportJob.objects.filter(pk=job_id).update(status=ImportJob.Status.FAILED, error=str(exc)[:2000])
        raise
    try:
        lease.update(status=ImportJob.Status.DONE, text="", lease_until=None, **_progress(lines, counts))
    except leases.LeaseLost:
        return


def resume_stalled() -> int:
    """Queue again the imports whose worker died (games/leases.py: a worker calls this when it
    starts and every lease period while it runs). The upload is imported again from its start: the
    records stored already are recognised and skipped. Returns how many were queued."""
    queued = leases.requeue_stale(ImportJob)
    for pk in queued:
        task_queue.enqueue("games.tasks.import_upload", str(pk))
    return len(queued)


def _line(outcome: recording.Outcome) -> dict:
    """One record's outcome as the progress page and the API show it, said in the job's language."""
    return {"record": outcome.number, "status": outcome.status, "game": outcome.game.pk if outcome.game else None,
            "move": outcome.move, "reason": say(outcome.reason) if outcome.reason else ""}


def _progress(lines: list[dict], counts: dict) -> dict:
    return {"done": len(lines), "outcomes": list(lines), "imported": counts[recording.Outcome.IMPORTED],
            "duplicates": counts[recording.Outcome.DUPLICATE], "rejected": counts[recording.Outcome.REJECTED]}


def job_body(job: ImportJob) -> dict:
    """The job for the API: its progress, and each record's outcome once done."""
    from django.urls import reverse

    return {
        "id": str(job.pk), "status": job.status, "total": job.total, "done": job.done,
        "imported": job.imported, "duplicates": job.duplicates, "rejected": job.rejected,
        "outcomes": job.outcomes if job.finished else [], "error": job.error, "restarts": job.restarts,
        "status_url": reverse("games-api:import-detail", args=[job.pk]),
        "progress_url": reverse("games:import-job", args=[job.pk]),
    }
