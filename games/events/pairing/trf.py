"""A two-seat event as a FIDE TRF, built with py4swiss's models: the file the export offers,
and the input py4swiss pairs from (the 2025 edition). py4swiss reads and writes TRF16 with
the TRF(x) extensions (XXR rounds, XXZ absent players, XXS points); it has no TRF-2026 writer,
and neither has caissify-pairings, so the export is TRF16.

Each round's code says how its points came about (types.py's kinds): 1 / = / 0 played, + / -
a forfeit (a double forfeit: - for both), U the pairing-allocated bye, H and Z the ½- and
0-point byes a player asked for. What the pairing-allocated bye is worth is the event's:
XXS's PAB= (py4swiss, JaVaFo) and bbpPairings' BBU line say it, so a reader scores the U as
the event did and the points column adds up (bbpPairings' checker refuses a file whose
points do not)."""

from __future__ import annotations

from py4swiss.trf import ParsedTrf  # type: ignore[import-untyped]
from py4swiss.trf.codes import PlayerCode  # type: ignore[import-untyped]
from py4swiss.trf.results import (  # type: ignore[import-untyped]
    ColorToken,
    ResultToken,
    RoundResult,
    ScoringPointSystemCode,
)
from py4swiss.trf.sections import PlayerSection, TournamentSection, XSection  # type: ignore[import-untyped]

from games.events.pairing.types import FORFEIT, HALF_BYE, ZERO_BYE, Entrants, History

_BYES = {HALF_BYE: ResultToken.HALF_POINT_BYE, ZERO_BYE: ResultToken.ZERO_POINT_BYE}
_UNPAIRED = RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=ResultToken.ZERO_POINT_BYE)


def _round_results(player: int, boards, numbers: dict[int, int]) -> RoundResult:
    for b in boards:
        if player not in b.seats:
            continue
        if b.bye:
            code = _BYES.get(b.result_kind, ResultToken.PAIRING_ALLOCATED_BYE)
            return RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=code)
        i = b.seats.index(player)
        other = b.seats[1 - i]
        colour = ColorToken.WHITE if i == 0 else ColorToken.BLACK
        if b.points is None:
            result = ResultToken.ZERO_POINT_BYE  # not finished: nothing to count yet
            return RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED, result=result)
        mine, theirs = b.points[i], b.points[1 - i]
        if b.result_kind == FORFEIT:  # a forfeit win, a forfeit loss, or both lost (a double forfeit)
            result = ResultToken.FORFEIT_WIN if mine > theirs else ResultToken.FORFEIT_LOSS
        else:
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
    bye_points: float = 1.0,
    prohibited: frozenset[frozenset[int]] = frozenset(),
) -> tuple[ParsedTrf, dict[int, int]]:
    """The TRF of the rounds played, and each player's starting number. ``everyone``: all who
    ever entered; those not in ``playing`` are left out of the next round (XXZ).
    ``total_rounds`` is written as XXR as given (the event's rounds; the pairing passes one
    more than played when an event runs over). ``ranks``: the rank column (the event's
    standings); without it, points then starting number. ``bye_points``: what the event's
    pairing-allocated bye is worth (XXS PAB=). ``prohibited``: pairs never to be paired, one
    XXP line each (JaVaFo's extension; py4swiss reads two numbers a line, bbpPairings any)."""
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
    forbidden = {tuple(sorted(numbers[p] for p in pair)) for pair in prohibited if pair <= numbers.keys()}
    x_section = XSection(number_of_rounds=total_rounds, zeroed_ids=absent, forbidden_pairs=forbidden)
    x_section.scoring_point_system.apply_code(ScoringPointSystemCode.PAIRING_ALLOCATED_BYE, round(bye_points * 10))
    trf = ParsedTrf(
        player_sections=sections,
        tournament_section=TournamentSection(tournament_name=title or None),
        x_section=x_section,
    )
    return trf, numbers


def bye_points(trf: ParsedTrf) -> float:
    """What the file's pairing-allocated bye is worth (its XXS PAB=)."""
    score = trf.x_section.scoring_point_system.score_dict
    return score[(ResultToken.PAIRING_ALLOCATED_BYE, ColorToken.BYE_OR_NOT_PAIRED)] / 10


def text(trf: ParsedTrf) -> str:
    lines = trf.tournament_section.to_strings()
    lines += [section.to_string() for section in trf.player_sections]
    lines += trf.x_section.to_strings()
    # bbpPairings reads the bye's points from its own line, not XXS (its README, "BBU").
    lines.append(f"BBU {bye_points(trf):4.1f}")
    return "\n".join(lines) + "\n"
