"""Variants on top of a game's own scoring (the registry calls these): which variant ids a
document may list, the per-player inputs a variant reads (taken out of the board and checked),
and a replay whose scores apply a record's variants."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from rules_engine.errors import BoardError, shown
from rules_engine.gametype import ReplayBase, VariantField
from rules_engine.messages import msg
from rules_engine.scores import ScoreResult

if TYPE_CHECKING:
    from rules_engine.registry import Registry


def problems(doc: Mapping[str, object], game_id: str, known: Collection[tuple[str, str]]) -> list[tuple[str, str]]:
    """What is wrong with a document's ``variants`` (``known``: the registered (game, variant)
    pairs), as (field path, message) pairs."""
    chosen = doc.get("variants", [])
    if not isinstance(chosen, list):
        return [("variants", msg("must be a list of variant ids"))]
    out: list[tuple[str, str]] = []
    for i, v in enumerate(chosen):
        if not isinstance(v, str) or (game_id, v) not in known:
            # Translators: no variants at all, as in "known: none".
            names = tuple(sorted(vid for g, vid in known if g == game_id)) or msg("none")
            # Translators: {variant} is the id a document gave, {game} a game id, {known} lists variant ids.
            out.append((f"variants[{i}]", msg("unknown variant {variant} for {game}; known: {known}",
                                              variant=shown(v), game=game_id, known=names)))
        elif v in chosen[:i]:
            out.append((f"variants[{i}]", msg("variant {variant} is listed twice", variant=repr(v))))
    return out


def split_inputs(
    board: Mapping[str, object], fields: Mapping[str, tuple[VariantField, ...]]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The board without the variants and their per-player inputs, and per variant id (the
    keys of ``fields``) each player's inputs, checked against the variant's fields. Raises
    `BoardError` naming every bad input."""
    names = {f.name: f for per_variant in fields.values() for f in per_variant}
    stripped = {k: v for k, v in board.items() if k != "variants"}
    players = board.get("players")
    if not isinstance(players, list):
        return stripped, {v: [] for v in fields}
    errors: list[tuple[str, str]] = []
    values: list[dict[str, object]] = []
    new_players = []
    for i, player in enumerate(players):
        if not isinstance(player, Mapping):
            new_players.append(player)
            values.append({})
            continue
        mine = {}
        for name, f in names.items():
            raw = player.get(name, f.default)
            path = f"players[{i}].{name}"
            if f.kind == "bool":
                if not isinstance(raw, bool):
                    errors.append((path, msg("must be true or false, got {found}", found=shown(raw))))
            elif isinstance(raw, bool) or not isinstance(raw, int):
                errors.append((path, msg("must be a whole number, got {value}", value=shown(raw))))
            elif not f.minimum <= raw <= f.maximum:
                errors.append((path, msg("must be between {lo} and {hi}, got {value}", lo=f.minimum, hi=f.maximum,
                                         value=raw)))
            mine[name] = raw
        values.append(mine)
        new_players.append({k: v for k, v in player.items() if k not in names})
    if errors:
        raise BoardError(errors)
    stripped["players"] = new_players
    inputs = {v: [{f.name: vals[f.name] for f in per_variant} for vals in values] for v, per_variant in fields.items()}
    return stripped, inputs


class VariantReplay(ReplayBase):
    """A game's replay whose scores apply the record's variants (through the registry)."""

    def __init__(self, replay: ReplayBase, registry: Registry, variants: list[str]) -> None:
        self._replay = replay
        self.states, self.moves = replay.states, replay.moves
        self._registry = registry
        self.variants = list(variants)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._replay, name)

    def final_board(self, ply: int | None = None) -> Mapping[str, object]:
        return self._replay.final_board(ply)

    def score(self, ply: int | None = None) -> ScoreResult:
        return self._registry.score({**self._replay.final_board(ply), "variants": self.variants})

    def extended(self, raw_move: object) -> VariantReplay | None:
        longer = self._replay.extended(raw_move)
        return None if longer is None else VariantReplay(longer, self._registry, self.variants)
