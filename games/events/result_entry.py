"""A two-seat table's result as a club enters it: a win either way, a forfeit either way, a
double forfeit, or (for a game that has them) a draw. Each is the seats' places and how the
points came about (`Pairing.kind`), stored by `lifecycle.fix_result`; the tie-breaks read the
kind as C.07 Art. 16 says (standings.py) and the TRF writes its code."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.events import lifecycle
from games.events.lifecycle import EventError
from games.events.models import Pairing

PLAYED, FORFEIT = Pairing.Kind.PLAYED, Pairing.Kind.FORFEIT
#: The codes (TRF16's: 1/0 a game, +/- a forfeit; "=" a shared place): seat 1's then seat 2's.
RESULTS: dict[str, tuple[list[int], str]] = {
    "1-0": ([1, 2], PLAYED),
    "0-1": ([2, 1], PLAYED),
    "=": ([1, 1], PLAYED),
    "+-": ([1, 2], FORFEIT),
    "-+": ([2, 1], FORFEIT),
    "--": ([2, 2], FORFEIT),
}


def code_of(pairing: Pairing) -> str:
    """The code of the result an admin set at the table ("" for none: the game's, or nothing)."""
    ranks = list(pairing.fixed_ranks or [])
    kind = pairing.kind or PLAYED
    return next((code for code, (r, k) in RESULTS.items() if r == ranks and k == kind), "")


def choices(names: list[str], *, draws: bool) -> list[tuple[str, str]]:
    """The results offered for a table of ``names`` (seat order), in the reader's language."""
    first, second = names
    offered = [
        ("1-0", _("%(player)s won") % {"player": first}),
        ("0-1", _("%(player)s won") % {"player": second}),
        ("+-", _("%(winner)s won by forfeit (%(absent)s did not play)") % {"winner": first, "absent": second}),
        ("-+", _("%(winner)s won by forfeit (%(absent)s did not play)") % {"winner": second, "absent": first}),
        ("--", _("Double forfeit (neither played)")),
    ]
    if draws:
        offered.insert(2, ("=", _("Draw (a shared place)")))
    return offered


def enter_result(pairing: Pairing, code: str) -> None:
    """Set the table's result from its code ("" clears it). Refused for a code not listed, at a
    table of other than two seats or of a tables event (its places are its result), and as
    `lifecycle.fix_result` refuses (a finished event, a game being recorded, a draw in a game
    without one)."""
    if not code:
        lifecycle.fix_result(pairing, None)
        return
    if code not in RESULTS:
        raise EventError(_("%(code)s is not a result: give one of %(codes)s") % {
            "code": repr(code[:10]), "codes": ", ".join(RESULTS)})
    if pairing.bye:
        raise EventError(_("a bye has no game"))
    if not pairing.round.event.is_pairs or pairing.seats.count() != 2:  # place points: the places say it
        raise EventError(_("give table %(table)s's places in seat order, e.g. 2 1 3") % {"table": pairing.table})
    ranks, kind = RESULTS[code]
    lifecycle.fix_result(pairing, list(ranks), kind)


def set_result(pairing: Pairing, code: str | None = None, places: list[int] | None = None) -> None:
    """A table's result as the page's form or the API gives it: a code (`enter_result`) or, for
    a larger table, its places in seat order (`lifecycle.fix_result`)."""
    if code is not None:
        enter_result(pairing, code)
    else:
        lifecycle.fix_result(pairing, places)
