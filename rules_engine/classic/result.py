"""The base game's score as the service reads it (`rules_engine.scores`): its JSON, F3's result,
says ``tie_broken_by_sled`` (C8) and each player's colour and rank."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.scores import Json, PlayerScore, ScoreLine, ScoreResult

GAME_ID = "classic"


@dataclass(frozen=True, slots=True)
class ClassicScore(ScoreResult):
    """A base game's score: winners share a win when the sled does not separate them (C8)."""

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"game": self.game}
        if self.variants:
            out["variants"] = list(self.variants)
        out.update(winners=list(self.winners), tie_broken_by_sled=self.tie_broken,
                   players=[p.to_json() for p in self.players])
        return out


def typed(result: Mapping[str, Any]) -> ClassicScore:
    """The typed form of a result `rules_engine.classic.scoring` worked out (its JSON)."""
    return ClassicScore(
        game=str(result.get("game", GAME_ID)),
        players=tuple(
            PlayerScore(
                name=p.get("name"),
                total=p["total"],
                breakdown=p["breakdown"],
                lines=tuple(ScoreLine(line["monument"], line["side"], line["rule"], line["text"], line["points"],
                                      line.get("variant")) for line in p["lines"]),
                colour=p.get("colour"),
                rank=p.get("rank"),
            )
            for p in result["players"]
        ),
        winners=tuple(result["winners"]),
        tie_broken=bool(result["tie_broken_by_sled"]),
        variants=tuple(result.get("variants") or ()),
    )
