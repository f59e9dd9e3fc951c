"""How an API view says that it takes or answers the games' own documents (boards, records,
scores), which no view names: the marker a view puts on its operation (``extend_schema(...,
extensions=game_documents(...))``), and which the schema hook (imhotep_site/openapi_games.py)
replaces with every registered game's schemas and examples."""

from __future__ import annotations

from typing import Any, Literal

#: The operation's extension the hook reads (and removes).
MARK = "x-game-documents"

#: ``board``: the body is an end-game board, answered by its score (or the problems);
#: ``record``: the body is a game record, answered by its replay (or the rejected move);
#: ``document``: the body is either, stored as a game (examples only: the answer is the game).
Body = Literal["board", "record", "document"]


def game_documents(body: Body) -> dict[str, Any]:
    """The ``extensions`` of an operation whose body is a game's document."""
    return {MARK: body}
