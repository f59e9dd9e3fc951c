"""Per-member limits of the analyses waiting for a worker (issue #52; docs/operations.md
"Quotas"): a member may have at most ``IMHOTEP_QUEUED_ANALYSES_PER_MEMBER`` analyses and
``IMHOTEP_QUEUED_LUCK_PER_MEMBER`` luck analyses ("What decided this game") queued or running
at once (0 or less: no limit). One more is refused with `imhotep_lib.slots.Busy`: 429 with Retry-After on the pages
and the API (imhotep_lib.limits middleware), nothing queued. Analyses already done, or queued by
someone else, are reused and never refused."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models

from imhotep_lib.slots import Busy
from rules_engine.messages import Message, msg

WAITING = ("queued", "running")


def lock_member(user) -> None:
    """Take the member's row for the caller's transaction, so that two requests of theirs at once
    count each other (PostgreSQL; SQLite takes one writer at a time anyway)."""
    if user is not None and user.is_authenticated:
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))


def check(model: type[models.Model], user, row: Any) -> None:
    """Raise `Busy` when ``user`` already has their limit of ``model`` rows waiting besides ``row``
    (the one being queued for them, inside the caller's transaction)."""
    if user is None or not user.is_authenticated:
        return
    limit, words = _limit(model)
    if limit <= 0:
        return
    waiting = model._default_manager.filter(requested_by=user, status__in=WAITING).exclude(pk=row.pk).count()
    if waiting >= limit:
        retry = settings.IMHOTEP_QUEUE_RETRY_AFTER
        raise Busy(msg("{what}: you have {waiting} waiting already, the most a member may have; try again in "
                       "{seconds} seconds, once one is done", what=words, waiting=waiting, seconds=retry),
                   retry_after=retry)


def mark(row: Any, user) -> None:
    """``row``, just queued, counts in ``user``'s queue (none for work queued without a member)."""
    requester = user if user is not None and user.is_authenticated else None
    if row.requested_by_id != (requester.pk if requester else None):
        row.requested_by = requester
        row.save(update_fields=["requested_by", "updated_at"])


def _limit(model: type[models.Model]) -> tuple[int, Message]:
    from games.analysis.models import GameLuck

    if model is GameLuck:
        return settings.IMHOTEP_QUEUED_LUCK_PER_MEMBER, msg("No new “What decided this game”")
    return settings.IMHOTEP_QUEUED_ANALYSES_PER_MEMBER, msg("No new analysis")
