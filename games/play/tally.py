"""The end of a game recorded live (issue 39): the line naming the winner(s) and the score, and
the check of the engine's score against the totals the players counted by hand at the table.

A hand count is typed per player and monument (``tally_<seat>_<key>``, the keys of the score
result's ``breakdown``); each monument whose typed number differs from the engine's is named,
so a mis-tapped move or a miscounted board is found where it is. The engine's number of a cell
is shown only once the players typed theirs there, or asked for them all (``tally_show``): shown
beside empty fields, it would be copied instead of counted (issue 50). Both games' results work:
the Duel's ``winner`` (one seat, D7.6) and the base game's ``winners`` (shared wins, C8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext

#: The largest count typed for one monument (a sanity cap; a board's real scores stay far below).
MAX_TYPED = 999


def winners_of(result: Mapping[str, Any]) -> list[int]:
    """Seats of the winner(s): the base game's ``winners``, the Duel's single ``winner``."""
    if "winners" in result:
        return list(result.get("winners") or [])
    winner = result.get("winner")
    return [] if winner is None else [winner]


def _and(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    # Translators: the last of several players, e.g. "Ana, Ben and Cy" ({others} is "Ana, Ben").
    return gettext("%(others)s and %(last)s") % {"others": gettext(", ").join(names[:-1]), "last": names[-1]}


def game_over_line(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """ "Game over: Ana wins with 34 points (Ben 28)." in the reader's language."""
    totals = [p["total"] for p in result["players"]]
    won = winners_of(result)
    # Translators: a player and their final score, in the list of the others after the winner, e.g. "Ben 28".
    others = gettext(", ").join(
        gettext("%(name)s %(total)s") % {"name": names[i], "total": totals[i]}
        for i in range(len(totals))
        if i not in won
    )
    if not won:
        return gettext("Game over.")
    if len(won) == 1:
        line = ngettext(
            "Game over: %(winner)s wins with %(total)s point", "Game over: %(winner)s wins with %(total)s points",
            totals[won[0]],
        ) % {"winner": names[won[0]], "total": totals[won[0]]}
    else:
        line = ngettext(
            "Game over: %(winners)s share the win with %(total)s point each",
            "Game over: %(winners)s share the win with %(total)s points each",
            totals[won[0]],
        ) % {"winners": _and([names[i] for i in won]), "total": totals[won[0]]}
    # Translators: the game-over line, then the other players' scores, e.g. "… wins with 34 points (Ben 28)."
    return gettext("%(line)s (%(others)s).") % {"line": line, "others": others} if others else f"{line}."


@dataclass(frozen=True)
class TallyCell:
    field: str  # the input's name
    player: str
    engine: int
    typed: int | None  # None: not typed (or not a number)
    revealed: bool = False  # the players asked to see the engine's numbers without typing them

    @property
    def differs(self) -> bool:
        return self.typed is not None and self.typed != self.engine

    @property
    def shown(self) -> bool:
        """Whether the page shows the engine's number: after the players typed theirs, or asked."""
        return self.revealed or self.typed is not None


@dataclass(frozen=True)
class TallyRow:
    key: str  # the breakdown key ("obelisk", "burial_chamber", …): {{ key|label }} names it
    cells: tuple[TallyCell, ...]  # one per seat

    @property
    def differs(self) -> bool:
        return any(c.differs for c in self.cells)


@dataclass(frozen=True)
class Tally:
    rows: tuple[TallyRow, ...]
    totals: tuple[TallyCell, ...]  # the engine's total, and the sum of what was typed (all rows typed)
    revealed: bool = False  # the players asked to see the engine's numbers

    @property
    def opened(self) -> bool:
        """Whether the check is open on the page: something was typed, or the numbers were asked for."""
        return self.typed or self.revealed

    @property
    def typed(self) -> bool:
        return any(c.typed is not None for row in self.rows for c in row.cells)

    @property
    def differences(self) -> list[TallyRow]:
        return [row for row in self.rows if row.differs]


def _number(raw: object) -> int | None:
    try:
        value = int(str(raw).strip())
    except (TypeError, ValueError):
        return None
    return value if -MAX_TYPED <= value <= MAX_TYPED else None


def tally(result: Mapping[str, Any], names: Sequence[str], data: Mapping[str, Any]) -> Tally:
    """The engine's points per monument beside the counts typed in ``data`` (a GET query);
    ``tally_show`` in it shows them all, typed or not."""
    players = result["players"]
    revealed = bool(data.get("tally_show"))
    keys = list(players[0]["breakdown"]) if players else []
    rows = tuple(
        TallyRow(key, tuple(
            TallyCell(f"tally_{i}_{key}", names[i], p["breakdown"][key], _number(data.get(f"tally_{i}_{key}")),
                      revealed)
            for i, p in enumerate(players)
        ))
        for key in keys
    )
    totals = []
    for i, p in enumerate(players):
        typed = [row.cells[i].typed for row in rows]
        total = sum(t for t in typed if t is not None) if typed and all(t is not None for t in typed) else None
        totals.append(TallyCell(f"tally_{i}_total", names[i], p["total"], total, revealed))
    return Tally(rows, tuple(totals), revealed)
