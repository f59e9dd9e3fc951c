"""What the API's documentation (OpenAPI) shows of a game, as the game itself says it: the JSON
Schema of its end-game board, record and score result, and example documents
(`GameType.board_schema`, `record_schema`, `score_schema`, `api_examples`).

The schemas are plain dicts in the OpenAPI 3.0 dialect of JSON Schema (``nullable``, no
``const``); the service puts them into the schema's components, one per game, and answers each
example with the engine's own answer, so the documentation cannot drift from the rules. A game
that declares nothing is documented by the defaults here: the fields every format shares, and one
board and one record made from a random game of its own.

Pure Python (no Django): the engine's documentation of itself.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules_engine.scores import Json

if TYPE_CHECKING:  # pragma: no cover - types only
    from rules_engine.gametype import AnyGame

#: A JSON Schema (OpenAPI 3.0 dialect) as a dict.
Schema = dict[str, Json]

BOARD = "board"
RECORD = "record"
KINDS = (BOARD, RECORD)


@dataclass(frozen=True)
class ApiExample:
    """A document the API's docs show for a game: an end-game board (``kind="board"``, sent to
    ``POST /api/v1/score``) or a game record (``"record"``, sent to ``POST /api/v1/replay``),
    valid or not. The answer shown beside it is the engine's, worked out when the schema is made."""

    kind: str
    summary: str
    value: Mapping[str, object]


# --------------------------------------------------------------------------- building blocks


def enum(values: Sequence[str], description: str = "", **extra: Json) -> Schema:
    """A plain string enum, written inline: a client generator makes it an enum type (wrapping
    it in ``allOf`` made some generators emit an empty object model instead)."""
    return _described({"type": "string", "enum": list(values), **extra}, description)


def or_null(schema: Schema, description: str = "") -> Schema:
    """``schema`` or null, the OpenAPI 3.0 way a client generator reads for an enum: one of the
    enum and ``{"enum": [null]}`` (``nullable`` on an enum made some generators emit three types)."""
    return _described({"oneOf": [schema, {"enum": [None]}]}, description)


def integer(minimum: int | None = None, maximum: int | None = None, description: str = "", **extra: Json) -> Schema:
    out: Schema = {"type": "integer", **extra}
    if minimum is not None:
        out["minimum"] = minimum
    if maximum is not None:
        out["maximum"] = maximum
    return _described(out, description)


def string(description: str = "", **extra: Json) -> Schema:
    return _described({"type": "string", **extra}, description)


def array(items: Schema, description: str = "", **extra: Json) -> Schema:
    return _described({"type": "array", "items": items, **extra}, description)


def obj(properties: Mapping[str, Schema], required: Sequence[str] = (), description: str = "",
        **extra: Json) -> Schema:
    """An object with these properties; others are allowed (OpenAPI's default), as the engine
    names what it does not know rather than the schema refusing it."""
    out: Schema = {"type": "object", "properties": dict(properties), **extra}
    if required:
        out["required"] = list(required)
    return _described(out, description)


def _described(schema: Schema, description: str) -> Schema:
    return {**schema, "description": description} if description else schema


def game_field(game: AnyGame, *, default: bool = False) -> Schema:
    """The ``game`` field: this game's id, the one value (a one-value enum: OpenAPI 3.0 has no
    ``const``). ``default``: the field may be left out (the Duel, the server's default game)."""
    extra = {"default": game.id} if default else {}
    return enum([game.id], f'"{game.id}"' + (" (the default)" if default else ""), **extra)


def sides_field(game: AnyGame, description: str = "") -> Schema:
    """Each scored part of ``game`` and the sides it can be played with; a part left out is on
    its first side."""
    return obj({part: enum(sides, default=sides[0]) for part, sides in game.sides.items()},
               description=description or "the side of each part, shared by all players; a part left out is on "
               "its first side")


VARIANTS = array(string(), description="the ids of the variants played with; see GET /api/v1/games-types")


# --------------------------------------------------------------------------- score result (rules_engine.scores)

SCORE_LINE = obj(
    {
        "monument": string("the breakdown key these points count towards"),
        "side": string('"A"/"B" for a part with sides, null for the extras', nullable=True),
        "rule": string('the rules section, e.g. "D7.4"'),
        "text": string("how the points come about, for people"),
        "points": integer(),
        "variant": string("the variant that added the line; only on a variant's lines"),
    },
    required=("monument", "side", "rule", "text", "points"),
)


def player_score(*, colour: bool = False, rank: bool = False, breakdown: str = "", named: bool = True) -> Schema:
    """`PlayerScore.to_json`: the seat's name, total, points per key and the lines explaining them.
    ``named=False``: the name may be left out (a game's own result JSON may not say it)."""
    properties: dict[str, Schema] = {"name": string(nullable=True)}
    required = ["name", "total", "breakdown", "lines"] if named else ["total", "breakdown", "lines"]
    if colour:
        properties["colour"] = string()
        required.append("colour")
    properties.update(
        total=integer(),
        breakdown=obj({}, additionalProperties={"type": "integer"},
                      description=breakdown or "points per breakdown key"),
        lines=array(SCORE_LINE, description="every point explained, one line per breakdown key or more"),
    )
    if rank:
        properties["rank"] = integer(description="1 for the winners; seats the tie-break does not part share a rank")
        required.append("rank")
    return obj(properties, required)


def default_score_schema(game: AnyGame) -> Schema:
    """`ScoreResult.to_json`, the generic score: ``winners`` and ``tie_broken``. A game whose result
    says it otherwise (its own ``to_json``) declares its own `GameType.score_schema`."""
    return obj(
        {
            "game": game_field(game),
            "variants": VARIANTS,
            "winners": array(integer(), description="the winners' seats (0-based); more than one share the win"),
            "tie_broken": {"type": "boolean", "description": "the best totals were equal and a tie-break decided"},
            "players": array(player_score(named=False), minItems=game.min_players, maxItems=game.max_players),
        },
        required=("game", "players"),
        description=f"The score of an end-game board of {game.name}, every point explained.",
    )


# --------------------------------------------------------------------------- defaults of a game


def default_board_schema(game: AnyGame) -> Schema:
    """The fields every end-game board has; a game's own fields are its to say (`GameType.board_schema`)."""
    return obj(
        {
            "game": game_field(game),
            "sides": sides_field(game),
            "variants": VARIANTS,
            "players": array(obj({"name": string(nullable=True)}), description="the players in seat order",
                             minItems=game.min_players, maxItems=game.max_players),
        },
        required=("game", "players"),
        description=f"An end-game board of {game.name}.",
    )


def default_record_schema(game: AnyGame) -> Schema:
    """The fields every game record has (formats.md F2/F4 share them)."""
    return obj(
        {
            "game": game_field(game),
            "sides": sides_field(game),
            "variants": VARIANTS,
            "players": array(string(), description="the players' names in seat order; players[0] starts",
                             minItems=game.min_players, maxItems=game.max_players),
            "colours": array(string(), description="the seats' colours in seat order"),
            "setup": obj({}, description="what the game deals before the first move"),
            "moves": array(obj({}), description="the moves in order, each a JSON object"),
        },
        required=("game", "players", "moves"),
        description=f"A whole game of {game.name}, move by move.",
    )


def default_examples(game: AnyGame) -> list[ApiExample]:
    """One record and its final board, from a random game of ``game`` (seed 1: the same every time)."""
    record = game.random_record(random.Random(1))
    board = game.replay(record).final_board()
    return [ApiExample(RECORD, f"{game.name}: a whole game", record),
            ApiExample(BOARD, f"{game.name}: the end of that game", board)]


def score_line(monument: str, side: str | None, rule: str, text: str, points: int) -> dict[str, Json]:
    """A score line's JSON (`ScoreLine.to_json`), for a game's examples of its results."""
    return {"monument": monument, "side": side, "rule": rule, "text": text, "points": points}
