"""The base game's score as the service reads it (`rules_engine.scores`): its JSON, F3's result,
says ``tie_broken_by_sled`` (C8) and each player's colour and rank."""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.scores import Json, ScoreResult


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
