"""A game's score as the service reads it (`GameType.score`, `ReplayBase.score`): typed, with
its JSON (the API's answers, the records) made only by `ScoreResult.to_json`.

`ScoreResult.to_json` is the generic JSON (``winners`` and ``tie_broken``); a game whose stored
results have their own shape subclasses it and says that shape (the Duel's F1 ``winner``, the
base game's ``tie_broken_by_sled`` and ``rank``): the API's JSON stays what it was."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

#: A JSON value (what `to_json` answers).
Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]


class ScoreLine(NamedTuple):
    """One explained line of a player's score. A named tuple, not a frozen dataclass: a score
    makes a dozen, on every keystroke of the calculator, and a tuple costs a third as much to build."""

    monument: str  # the breakdown key the points go to
    side: str | None  # "A"/"B" for monuments, None for the extras
    rule: str  # the rules section, e.g. "D7.4"
    text: str | None  # for people: a translatable Message (docs/i18n.md); None when not asked for
    points: int
    variant: str | None = None  # the variant that added the line

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"monument": self.monument, "side": self.side, "rule": self.rule, "text": self.text,
                                "points": self.points}
        if self.variant is not None:
            out["variant"] = self.variant
        return out


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One seat's score: its total, the points per monument or rule (``breakdown``, in the
    game's order) and the lines that explain them."""

    name: str | None
    total: int
    breakdown: Mapping[str, int]
    lines: tuple[ScoreLine, ...]
    colour: str | None = None  # a game that shows it (the base game)
    rank: int | None = None  # a game that ranks every seat (the base game, C8)

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"name": self.name}
        if self.colour is not None:
            out["colour"] = self.colour
        out.update(total=self.total, breakdown=dict(self.breakdown), lines=[line.to_json() for line in self.lines])
        if self.rank is not None:
            out["rank"] = self.rank
        return out

    def with_lines(self, lines: Sequence[ScoreLine]) -> PlayerScore:
        """This score with ``lines`` added (a variant's): to the lines, the breakdown, the total."""
        breakdown = dict(self.breakdown)
        for line in lines:
            breakdown[line.monument] = breakdown.get(line.monument, 0) + line.points
        return dataclasses.replace(self, total=self.total + sum(line.points for line in lines), breakdown=breakdown,
                                   lines=(*self.lines, *lines))


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """A scored board: every seat's score and who won (``winners``, seat indices; several share
    a tied win), whether a tie-break decided, and the variants applied."""

    game: str
    players: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    tie_broken: bool = False
    variants: tuple[str, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"game": self.game}
        if self.variants:
            out["variants"] = list(self.variants)
        out.update(winners=list(self.winners), tie_broken=self.tie_broken,
                   players=[p.to_json() for p in self.players])
        return out


def with_variant_lines(result: ScoreResult, per_player: Sequence[Sequence[Mapping[str, object]]],
                       variant_id: str) -> ScoreResult:
    """``result`` with one plugin's answer (hook ``imhotep_variant_score``): per player the lines
    it earned, each into the breakdown, the total and the explanation lines; every player shows
    the variant's keys, 0 where unearned."""
    keys = [str(line["key"]) for lines in per_player for line in lines]
    players = []
    for k, player in enumerate(result.players):
        shown = dataclasses.replace(player, breakdown={**player.breakdown,
                                                       **{key: 0 for key in keys if key not in player.breakdown}})
        lines = per_player[k] if k < len(per_player) else ()
        players.append(shown.with_lines([
            ScoreLine(str(line["key"]), None, str(line.get("rule", variant_id)), _text(line["text"]),
                      _points(line["points"]), variant_id)
            for line in lines
        ]))
    return dataclasses.replace(result, players=tuple(players))


def _text(value: object) -> str | None:
    return value if value is None or isinstance(value, str) else str(value)


def _points(value: object) -> int:
    return int(value) if isinstance(value, (int, str, float)) else int(str(value))
