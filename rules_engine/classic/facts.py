"""What the club's explorer counts of a finished base game (`GameType.explorer_facts`): the
first market card taken and by whom (C5.1), and the building site that brought each player
most points (C5.2–C5.5, C6, C8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules_engine.classic.components import BUILDING_SITES, PYRAMIDS_A_OVERFLOW, PYRAMIDS_A_VALUES
from rules_engine.classic.deliveries import tower_values
from rules_engine.classic.state import ClassicState
from rules_engine.scores import PlayerScore


def explorer_facts(replay: Any) -> dict[str, Any]:
    """The facts of a finished base game's replay (every state kept): ``first_card`` and
    ``top_site``."""
    return {"first_card": first_card(replay.states, [m.to_json() for m in replay.moves]),
            "top_site": top_sites(replay.state, replay.score().players)}


def first_card(states: Sequence[ClassicState], moves: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """``{"card": id, "seat": n}``: the first card taken at the market in the game and the seat
    that took it (the owner of the first stone unloaded there, C4.3, C5.1), or None."""
    for k, move in enumerate(moves):
        take = move.get("take")
        if move.get("site") != "market" or not take:
            continue
        before = states[k]
        ship = int(move["ship"]) - 1
        slots = list(before._slots[ship * 4: ship * 4 + 4])
        if move.get("type") == "play" and move.get("card") == "sail":
            slots[int(move["slot"]) - 1] = before._to_move  # the sail card places a stone first (C7)
        order = [int(s) - 1 for s in move["order"]] if move.get("order") else \
            [i for i, owner in enumerate(slots) if owner is not None]  # bow to stern (C4.3)
        card = take[0]["pair"] if isinstance(take[0], Mapping) else take[0]  # Market B keeps one of a pair (C6.1)
        return {"card": str(card), "seat": slots[order[0]]}
    return None


def site_points(state: ClassicState, breakdown: Mapping[str, int], player: int) -> dict[str, int]:
    """The points each building site brought ``player`` by the end: the pyramids' and the
    obelisks' towers' points as their stones arrived (C5.2, C6.2, C6.5), the temple's the rest
    of the score track (its scoring at every round's end, C5.3, C6.3: the track holds nothing
    else), the burial chamber and the obelisks' end scoring as the final scoring gave them (C8)."""
    data = state.data
    pyramids = 0
    if state.sides["pyramids"] == "A":
        pyramids = sum(PYRAMIDS_A_VALUES[k] if k < len(PYRAMIDS_A_VALUES) else PYRAMIDS_A_OVERFLOW
                       for k, owner in enumerate(state._pyr) if owner == player)
    else:
        pyramids_b = cast("Mapping[str, Any]", data.pyramids_b)
        shapes = pyramids_b["pyramids"]
        pyramids = sum(shapes[k][j]["value"] for k, stones in enumerate(state._pyrb)
                       for j, owner in enumerate(stones) if owner == player)
        pyramids += pyramids_b.get("overflow", 1) * sum(1 for owner in state._pyr if owner == player)
    towers = 0
    if state.sides["obelisks"] == "B":
        values = tower_values(state)
        towers = sum(values[k] for k, owner in enumerate(state._towers) if owner == player)
    return {
        "pyramids": pyramids,
        "temple": state._track[player] - pyramids - towers,
        "burial-chamber": int(breakdown.get("burial_chamber", 0)),
        "obelisks": towers + int(breakdown.get("obelisks", 0)),
    }


def top_sites(state: ClassicState, players: Sequence[PlayerScore]) -> list[str | None]:
    """Per seat, the building site that brought the player most points (`site_points`); None
    when two or more sites tie, or none brought a point."""
    tops: list[str | None] = []
    for i, p in enumerate(players):
        points = site_points(state, p.breakdown, i)
        best = max(points[site] for site in BUILDING_SITES)
        leaders = [site for site in BUILDING_SITES if points[site] == best]
        tops.append(leaders[0] if best > 0 and len(leaders) == 1 else None)
    return tops
