"""A challenge ladder's rules (docs/seasons.md, "Ladder"), on the ladder's order: a list of
player ids, the top first. Pure Python: the services read the rows, call these, write back.

- A player may challenge one of the ``reach`` players directly above them (`check_challenge`),
  while neither is in another open challenge.
- A challenge the challenger wins moves them to the defender's place, the defender and everyone
  between down one (`after_result`); one the defender wins changes nothing.
- A challenge not played by its deadline (`after_deadline`): under FORFEIT the defender, who had
  to make themselves available, loses it by forfeit (the challenger moves up as if they had
  won); under EXPIRE it lapses and nothing moves.
- A player with no game or challenge for the ladder's inactivity period drops below the next
  ``drop`` active players (`after_inactivity`; fewer at the foot of the ladder); the period then
  starts again, so they drop again only after another period without playing. A player in an
  open challenge is not idle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

FORFEIT = "forfeit"
EXPIRE = "expire"
DEADLINE_RULES = (FORFEIT, EXPIRE)


class LadderError(ValueError):
    """A ladder move refused, said for the player."""


@dataclass(frozen=True)
class Refusal:
    """Why a challenge is refused, as a code and its values (the service words it)."""

    code: str
    values: dict


def check_challenge(order: Sequence[int], challenger: int, defender: int, reach: int,
                    busy: Sequence[int] = ()) -> Refusal | None:
    """None when ``challenger`` may challenge ``defender``; else why not: not on the ladder,
    oneself, a player below, one more than ``reach`` places above, either already in an open
    challenge (``busy``)."""
    if challenger not in order:
        return Refusal("not_on_ladder", {"player": challenger})
    if defender not in order:
        return Refusal("not_on_ladder", {"player": defender})
    if challenger == defender:
        return Refusal("oneself", {})
    mine, theirs = order.index(challenger), order.index(defender)
    if theirs > mine:
        return Refusal("below", {"place": theirs + 1})
    if mine - theirs > reach:
        return Refusal("out_of_reach", {"place": theirs + 1, "mine": mine + 1, "reach": reach,
                                        "highest": mine - reach + 1})
    for p in (challenger, defender):
        if p in busy:
            return Refusal("busy", {"player": p})
    return None


def after_result(order: Sequence[int], challenger: int, defender: int, challenger_won: bool) -> list[int]:
    """The order after a challenge is decided. The winner takes the loser's place only when the
    challenger won and stands below the defender (the places of both as they are now)."""
    out = list(order)
    if not challenger_won:
        return out
    mine, theirs = out.index(challenger), out.index(defender)
    if mine < theirs:  # already above (moved up by others' drops): nothing to take
        return out
    out.pop(mine)
    out.insert(theirs, challenger)
    return out


def after_deadline(order: Sequence[int], challenger: int, defender: int, rule: str) -> tuple[list[int], str]:
    """The order after a challenge's deadline passed unplayed, and how it was decided
    (FORFEIT: the defender forfeits; EXPIRE: it lapses)."""
    if rule not in DEADLINE_RULES:
        raise LadderError(f"deadline rule {rule!r}: give one of {', '.join(DEADLINE_RULES)}")
    if rule == FORFEIT:
        return after_result(order, challenger, defender, True), FORFEIT
    return list(order), EXPIRE


def inactive(last_active: Mapping[int, datetime], now: datetime, period: timedelta) -> set[int]:
    """The players whose last game or challenge is ``period`` or more ago."""
    return {p for p, when in last_active.items() if now - when >= period}


def after_inactivity(order: Sequence[int], dropping: set[int], drop: int) -> list[int]:
    """Each of ``dropping`` moved down past the next ``drop`` players who are not dropping
    themselves (fewer at the foot of the ladder), the lowest first: idle players keep their
    order among themselves, and two idle neighbours both drop rather than swap back."""
    out = list(order)
    for p in sorted(dropping, key=out.index, reverse=True):
        i = out.index(p)
        below = [j for j in range(i + 1, len(out)) if out[j] not in dropping][:drop]
        if not below:
            continue
        out.pop(i)
        out.insert(below[-1], p)  # just after the last passed (its index moved up one by the pop)
    return out
