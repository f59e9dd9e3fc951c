"""A two-seat event as a FIDE TRF, built with py4swiss's models: the file the export offers,
and the input py4swiss pairs from (the 2025 edition). py4swiss reads and writes TRF16 with
the TRF(x) extensions (XXR rounds, XXZ absent players); it has no TRF-2026 writer, and neither
has caissify-pairings, so the export is TRF16."""

from __future__ import annotations

from py4swiss.trf import ParsedTrf  # type: ignore[import-untyped]
from py4swiss.trf.codes import PlayerCode  # type: ignore[import-untyped]
from py4swiss.trf.results import ColorToken, ResultToken, RoundResult  # type: ignore[import-untyped]
from py4swiss.trf.sections import PlayerSection, TournamentSection, XSection  # type: ignore[import-untyped]

from games.events.pairing.types import Entrants, History

_UNPAIRED = RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.ZERO_POINT_BYE)


def _round_results(player: int, boards, numbers: dict[int, int]) -> RoundResult:
    for b in boards:
        if player not in b.seats:
            continue
        if b.bye:
            return RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.PAIRING_ALLOCATED_BYE)
        i = b.seats.index(player)
        other = b.seats[1 - i]
        colour = ColorToken.WHITE if i == 0 else ColorToken.BLACK
        if b.points is None:
            result = ResultToken.ZERO_POINT_BYE  # not finished: nothing to count yet
            return RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=result)
        mine, theirs = b.points[i], b.points[1 - i]
        result = ResultToken.WIN if mine > theirs else ResultToken.LOSS if mine < theirs else ResultToken.DRAW
        return RoundResult(id=numbers[other], color=colour, result=result)
    return _UNPAIRED


def build(
    everyone: list[int],
    history: History,
    total_rounds: int,
    *,
    names: dict[int, str] | None = None,
    playing: Entrants | None = None,
    lots: Entrants | None = None,
    title: str = "",
    ranks: dict[int, int] | None = None,
) -> tuple[ParsedTrf, dict[int, int]]:
    """The TRF of the rounds played, and each player's starting number. ``everyone``: all who
    ever entered; those not in ``playing`` are left out of the next round (XXZ).
    ``total_rounds`` is written as XXR as given (the event's rounds; the pairing passes one
    more than played when an event runs over). ``ranks``: the rank column (the event's
    standings); without it, points then starting number."""
    drawn = lots or playing or Entrants.drawn(everyone, 0)
    order = sorted(everyone, key=drawn.lot)
    numbers = {p: i + 1 for i, p in enumerate(order)}
    points = history.points()
    ranked = sorted(order, key=lambda p: (-points.get(p, 0.0), numbers[p]))
    rank = {p: i + 1 for i, p in enumerate(ranked)}
    if ranks:
        rank.update(ranks)
    sections = [
        PlayerSection(
            code=PlayerCode.PLAYER,
            starting_number=numbers[p],
            name=(names or {}).get(p, f"Player {p}")[:33],
            points_times_ten=round(points.get(p, 0.0) * 10),
            rank=rank[p],
            results=[_round_results(p, boards, numbers) for boards in history.rounds],
        )
        for p in order
    ]
    absent = set() if playing is None else {numbers[p] for p in order if p not in set(playing.players)}
    trf = ParsedTrf(
        player_sections=sections,
        tournament_section=TournamentSection(tournament_name=title or None),
        x_section=XSection(number_of_rounds=total_rounds, zeroed_ids=absent),
    )
    return trf, numbers


def text(trf: ParsedTrf) -> str:
    lines = trf.tournament_section.to_strings()
    lines += [section.to_string() for section in trf.player_sections]
    lines += trf.x_section.to_strings()
    return "\n".join(lines) + "\n"
