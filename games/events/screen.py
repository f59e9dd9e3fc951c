"""The big screen (/events/<id>/screen): read-only, no sign-in, in the event's language. The
page cycles through the current round's tables, the standings and the next round's pairings on
its own; htmx polls the ``live`` partial every 2 s, so a live board is at most ~2 s behind."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import translation
from django.views.decorators.http import require_GET

from games.events import lifecycle
from games.events.models import Event
from games.events.pairing.types import Table
from games.events.presenting import kind_label, round_views, tiebreak_columns
from games.events.results import history_of, rounds_of, standings


def _next_round(event: Event, rounds, current) -> list[tuple[int, list[str]]]:
    """The next round's tables once the current one is complete (a preview: the admin starts it)."""
    if current is None or not current.done or len(rounds) >= event.rounds:
        return []
    try:
        tables: list[Table] = lifecycle.preview_next(event, rounds)
    except Exception:  # a preview only: a pairing problem is the admin's to see when they start the round
        return []
    asked = lifecycle.requested_byes(event, len(rounds) + 1)  # seated after the pairing, as starting does
    names = lifecycle.names_by_id({p for t in tables for p in t.seats} | set(asked))
    paired = [(t.number, [names.get(p, "?") for p in t.seats]) for t in tables]
    return paired + [(n, [f"{names.get(p, '?')} ({kind_label(kind, None)})"])
                     for n, (p, kind) in enumerate(asked.items(), start=len(tables) + 1)]


def _context(event: Event) -> dict:
    # A read only (polled every 2 s by every screen): games are linked when they are saved.
    rounds = rounds_of(event)
    views = round_views(event, rounds[-1:], running=True)
    current = views[-1] if views else None
    rows = standings(event, history_of(event, rounds))[:16]
    return {
        "event": event,
        "current": current,
        "standings": rows,
        "tiebreak_columns": tiebreak_columns(event.tiebreaks, rows),
        "next_round": _next_round(event, rounds, current),
        "next_number": len(rounds) + 1,
    }


@require_GET
def screen(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    with translation.override(event.language):
        response = render(request, "events/screen.html", _context(event))
    return response


@require_GET
def screen_live(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    with translation.override(event.language):
        response = render(request, "events/screen.html#live", _context(event))
    return response
