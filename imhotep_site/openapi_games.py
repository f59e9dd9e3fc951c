"""drf-spectacular postprocessing hook: every registered game's documents in the schema, as the
game itself declares them (`GameType.board_schema`, `record_schema`, `score_schema`,
`api_examples`; rules_engine/apidocs.py), so a plugin's game is documented like the built-in ones
and no view names a game.

* Components: per game ``<Game>Board``, ``<Game>Record``, ``<Game>Score``, ``<Game>Replay`` (the
  game id in PascalCase, e.g. ``ObeliskRaceBoard``), and the unions the endpoints take and answer:
  ``Board``, ``Record``, ``ScoreResponse``, ``ReplayResponse``, each a ``oneOf`` discriminated by
  ``game``.
* Operations marked ``x-game-documents`` (imhotep_lib/game_documents.py) get those schemas and
  every game's examples; the answers shown beside an example are the engine's own, worked out
  here, so the docs cannot drift from the rules.

It runs after drf-spectacular's enum hook: the games' enums stay inline plain enums, named by
the client generator after their field (the enum hook would give the one-value ``game`` enums of
every game one clashing name).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from imhotep_lib.game_documents import MARK
from rules_engine.apidocs import BOARD, RECORD, ApiExample
from rules_engine.errors import BoardError, RecordError
from rules_engine.gametype import GameType
from rules_engine.registry import DEFAULT_GAME, Registry, base_registry

UNIONS = {"board": "Board", "record": "Record", "score": "ScoreResponse", "replay": "ReplayResponse"}
#: What ``history`` a stored game may carry (POST /api/v1/games), shown on that endpoint's examples.
HISTORY_EXAMPLE = {"played_on": "2025-03-14", "location": "Club night"}


def component_prefix(game_id: str) -> str:
    """``obelisk-race`` → ``ObeliskRace``."""
    return "".join(part.capitalize() for part in re.split(r"[^a-z0-9]+", game_id) if part)


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _replay_schema(game: GameType[Any, Any], score: str) -> dict[str, Any]:
    return {
        "type": "object",
        "description": f"A replayed record of {game.name}: whether it ended, how many moves, its score.",
        "properties": {
            "finished": {"type": "boolean", "description": "the game reached its end"},
            "plies": {"type": "integer", "description": "number of moves replayed"},
            "score": _ref(score),
            "states": {"type": "array", "items": {"type": "object", "additionalProperties": True},
                       "description": "only with ?states=1: the state before the first move and after every "
                                      "move (plies + 1 entries, docs/state-json.md)"},
        },
        "required": ["finished", "plies", "score"],
    }


def game_components(registry: Registry) -> dict[str, dict[str, Any]]:
    """Every game's four schemas and the four unions over them."""
    schemas: dict[str, dict[str, Any]] = {}
    mapping: dict[str, dict[str, str]] = {kind: {} for kind in UNIONS}
    for game_id, game in sorted(registry.games.items()):
        prefix = component_prefix(game_id)
        names = {kind: f"{prefix}{kind.capitalize()}" for kind in UNIONS}
        schemas[names["board"]] = game.board_schema()
        schemas[names["record"]] = game.record_schema()
        schemas[names["score"]] = game.score_schema()
        schemas[names["replay"]] = _replay_schema(game, names["score"])
        for kind, name in names.items():
            mapping[kind][game_id] = f"#/components/schemas/{name}"
    said = {"board": "An end-game board", "record": "A game record", "score": "A score result",
            "replay": "A replayed record"}
    for kind, union in UNIONS.items():
        schemas[union] = {
            "oneOf": [{"$ref": ref} for ref in mapping[kind].values()],
            "discriminator": {"propertyName": "game", "mapping": mapping[kind]},
            "description": f"{said[kind]} of one of the games this server knows (GET /api/v1/games-types), "
                           f'by its "game"; a board or record without "game" is {DEFAULT_GAME!r}\'s.',
        }
    return schemas


def _plain(document: Any) -> Any:
    """The engine's answer as plain JSON values: its messages (str subclasses) as str, tuples as
    lists, so that the schema's writer dumps them as it does any JSON."""
    if isinstance(document, str):
        return str(document)
    if isinstance(document, dict):
        return {str(key): _plain(value) for key, value in document.items()}
    if isinstance(document, list | tuple):
        return [_plain(value) for value in document]
    return document


def answer(registry: Registry, example: ApiExample) -> tuple[int, dict[str, Any]]:
    """What the API answers to ``example``: (status, body), as ``POST /api/v1/score`` or
    ``/replay`` in English."""
    try:
        if example.kind == BOARD:
            return 200, _plain(registry.score(example.value).to_json())
        return 200, _plain(registry.replay_summary(example.value))
    except BoardError as exc:
        return 400, _plain({"errors": [{"field": path, "message": message} for path, message in exc.errors]})
    except RecordError as exc:
        return 400, _plain(exc.to_json())


def _key(summary: str, taken: Iterable[str]) -> str:
    key = re.sub(r"[^A-Za-z0-9]+", "_", summary).strip("_") or "example"
    n, candidate = 1, key
    while candidate in taken:
        n += 1
        candidate = f"{key}_{n}"
    return candidate


def _examples(registry: Registry, kinds: tuple[str, ...]) -> list[tuple[ApiExample, int, dict[str, Any]]]:
    return [(example, *answer(registry, example))
            for _game_id, game in sorted(registry.games.items())
            for example in game.api_examples() if example.kind in kinds]


def _add(examples: dict[str, Any], summary: str, value: Any) -> None:
    examples[_key(summary, examples)] = {"summary": summary, "value": value}


def _document(operation: dict[str, Any], body: str, registry: Registry) -> None:
    content = operation.setdefault("requestBody", {}).setdefault("content", {})
    media = content.setdefault("application/json", {})
    examples: dict[str, Any] = {}
    if body == "document":  # stored as a game: every game's accepted documents, with a history
        for example, code, _answer in _examples(registry, (RECORD, BOARD)):
            if code == 200:
                _add(examples, example.summary, {**example.value, "history": HISTORY_EXAMPLE})
        media["examples"] = examples
        return
    union, answered = ("board", "score") if body == BOARD else ("record", "replay")
    media["schema"] = _ref(UNIONS[union])
    answers: dict[str, dict[str, Any]] = {"200": {}, "400": {}}
    for example, code, reply in _examples(registry, (body,)):
        _add(examples, example.summary, dict(example.value))
        _add(answers[str(code)], f"{example.summary}: answer", reply)
    media["examples"] = examples
    responses = operation.setdefault("responses", {})
    for status, found in answers.items():
        reply_media = responses.setdefault(status, {}).setdefault("content", {}).setdefault("application/json", {})
        if status == "200":
            reply_media["schema"] = _ref(UNIONS[answered])
        if found:
            reply_media["examples"] = found


def document_games(result: dict[str, Any], generator: object, request: object, public: bool,
                   **kwargs: Any) -> dict[str, Any]:
    # The plugins' registry without a club's board data: the schema is the same on every server
    # with the same plugins (a club's data changes no shape).
    registry = base_registry()
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    games = game_components(registry)
    clash = sorted(set(games) & set(schemas))
    if clash:
        raise ValueError(f"a game's schema has the name of another component: {', '.join(clash)}")
    schemas.update(games)
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and MARK in operation:
                _document(operation, operation.pop(MARK), registry)
    return result
