"""A club's house rule for the Duel, and a small house game with its own pages (the Obelisk
race, ``race.py`` and ``web.py``), as an Imhotep plugin (entry point group "imhotep").

The engine hooks are marked with ``rules_engine.hookimpl``; the pages hook with a marker of
the web side's project, ``imhotep_ui``, made here with pluggy so that loading this module
needs no Django (the service imports ``web.py`` only when it asks for the pages)."""

from collections.abc import Mapping, Sequence
from typing import Any

import pluggy

from imhotep_house_rules.race import RACE
from rules_engine import hookimpl
from rules_engine.gametype import GameType, Variant, VariantField

ui_hookimpl = pluggy.HookimplMarker("imhotep_ui")

GAME = "duel"
VARIANT = "scarabs"
POINTS_PER_SCARAB = 2
COMPLETE_PYRAMID_BONUS = 3
FULL_PYRAMID = 6


@hookimpl
def imhotep_variants() -> list[Variant]:
    return [
        Variant(
            id=VARIANT,
            game=GAME,
            name="Scarab house rule",
            description="Scarab cards score 2 each; a complete pyramid (6 tokens of one colour) scores 3 more.",
        )
    ]


@hookimpl
def imhotep_variant_fields(game_id: str, variant_id: str) -> list[VariantField] | None:
    if (game_id, variant_id) != (GAME, VARIANT):
        return None
    return [VariantField(name="scarabs", label="Scarab cards", minimum=0, maximum=3,
                         help="Scarab cards held at the end (house rule)")]


@hookimpl
def imhotep_variant_score(game_id: str, variant_id: str, board: Mapping[str, Any], result: Mapping[str, Any],
                          inputs: Sequence[Mapping[str, int]]) -> list[list[dict[str, object]]] | None:
    if (game_id, variant_id) != (GAME, VARIANT):
        return None
    answer: list[list[dict[str, object]]] = []
    for player, values in zip(board["players"], inputs, strict=True):
        lines: list[dict[str, object]] = []
        scarabs = values["scarabs"]
        if scarabs:
            lines.append({"key": "scarabs", "points": scarabs * POINTS_PER_SCARAB,
                          "text": f"Scarabs: {scarabs} × {POINTS_PER_SCARAB} → {scarabs * POINTS_PER_SCARAB}"})
        pyramid = player.get("pyramid", {})
        complete = [colour for colour in ("light", "dark") if pyramid.get(colour) == FULL_PYRAMID]
        if complete:
            bonus = COMPLETE_PYRAMID_BONUS * len(complete)
            lines.append({"key": "scarabs", "points": bonus,
                          "text": f"Complete pyramid ({', '.join(complete)}) → {bonus}"})
        answer.append(lines)
    return answer


@hookimpl
def imhotep_games() -> list[GameType[Any, Any]]:
    return [RACE]


@ui_hookimpl
def imhotep_game_ui() -> list[object]:
    from imhotep_house_rules.web import UI

    return [UI]
