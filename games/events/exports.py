"""The event's crosstable as CSV, and a Duel event as a FIDE TRF file."""

from __future__ import annotations

import csv
import io

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.events.models import Event
from games.events.pairing import trf
from games.events.pairing.types import FORFEIT, HALF_BYE, ZERO_BYE, Board, Entrants
from games.events.results import entrants_of, history_of, rounds_of, standings

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> str:
    """A CSV cell a spreadsheet will not run as a formula (OWASP: a leading ' on = + - @ tab CR)."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def crosstable_rows(event: Event) -> list[list[str]]:
    """Rank, player, points, each round's table/opponents/points, the tie-breaks."""
    rounds = rounds_of(event)
    history = history_of(event, rounds)
    rows = standings(event, history)
    names = {r.standing.player: r.name for r in rows}
    head = ["rank", "player", "points", *(f"round {r.number}" for r in rounds), *event.tiebreaks]
    out = [head]
    for row in rows:
        p = row.standing.player
        line = [str(row.standing.rank), row.name, f"{row.standing.points:g}"]
        for boards in history.rounds:
            here = ""
            for b in boards:
                if p in b.seats:
                    i = b.seats.index(p)
                    here = _cell(b, i, names)
            line.append(here)
        line += [_value(row.standing.tiebreaks.get(t)) for t in event.tiebreaks]
        out.append(line)
    return out


#: A requested bye's cell, as TRF16 writes it: H a half-point bye, Z a zero-point bye.
_BYE_CODES = {HALF_BYE: "H", ZERO_BYE: "Z"}


def _cell(board: Board, seat: int, names: dict[int, str]) -> str:
    """A player's round: the opponents and the points ("Ben: 1"); a forfeit's + or -
    ("Ben: +", a double forfeit "Ben: -"), a requested bye's H or Z with its points, a
    pairing-allocated bye "bye: 1"."""
    if board.result_kind in _BYE_CODES:
        code = _BYE_CODES[board.result_kind]
        return f"{code}: {board.points[0]:g}" if board.points else code
    # "; " between opponents: a name may hold spaces ("Nandor Ilona" is one player or two).
    others = "; ".join(names.get(o, "?") for o in board.seats if o != board.seats[seat]) or "bye"
    if board.result_kind == FORFEIT and board.points is not None:
        return f"{others}: {'+' if board.points[seat] > board.points[1 - seat] else '-'}"
    points = "" if board.points is None else f"{board.points[seat]:g}"
    return f"{others}: {points}".strip()


def _value(value: float | None) -> str:
    # A tie-break the player has no value for (the sum of scores of a table fixed by places)
    # is said so, never written as 0.
    return _("not available") if value is None else f"{value:g}"


@require_GET
def crosstable_csv(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    for row in crosstable_rows(event):
        writer.writerow([cell(v) for v in row])
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-crosstable.csv"'
    return response


def trf_text(event: Event) -> str:
    """The event as TRF16 (py4swiss writes no TRF-2026): XXR the event's rounds, the rank
    column the event's standings, an XXP line per pair kept apart (games/events/prohibited.py)."""
    history = history_of(event)
    registrations = entrants_of(event)
    everyone = [r.player_id for r in registrations]
    names = {r.player_id: r.player.name for r in registrations}
    ranks = {row.standing.player: row.standing.rank for row in standings(event, history)}
    parsed, _numbers = trf.build(everyone, history, max(event.rounds, len(history.rounds)), names=names,
                                 lots=Entrants.drawn(everyone, event.seed), title=event.name, ranks=ranks,
                                 bye_points=event.bye_points,
                                 prohibited=frozenset(frozenset(pair) for pair in event.prohibited_pairs.values_list(
                                     "player_a_id", "player_b_id")))
    return trf.text(parsed)


@require_GET
def trf_file(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    if not event.is_pairs:
        raise Http404("TRF is for events of two players a game")
    response = HttpResponse(trf_text(event), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}.trf"'
    return response
