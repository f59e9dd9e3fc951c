"""The explorer's words: the service (games.services.explorer) answers in ids and numbers; the
page and the API word them here. A section's title and whose wins it counts, a row's label (a
seat, a side, a market card, a site) and a move's, in the game's own words (its board view's
``fact_words``, else the games' ``terms``, else the key as it is).

Words are ``Message`` values made in English (whoever asks first), said in each reader's
language when drawn: the page's ``|say``, the API's ``say``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.utils import translation

from games.services.explorer import Exploration, Node, Section
from games.ui.gameui import BoardView
from games.ui.registry import game_ui, ui_registry
from rules_engine.messages import Message, msg

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: A section's id: its title, and whose wins its rates count.
SECTIONS: dict[str, tuple[Message, Message]] = {
    "seats": (msg("Win rate by seat"), msg("Win rate of the player in that seat (seat 1 starts).")),
    "sides": (msg("By sides played"), msg("Win rate of the player who started.")),
    "first_move": (msg("By first move"), msg("Win rate of the player who started.")),
    "first_to_five": (msg("First to five obelisks"), msg(
        "Win rate of the player who was first to hold five obelisk tokens, by the obelisk's side.")),
    "first_card": (msg("By market card taken first"), msg(
        "Win rate of the player who took the game's first market card.")),
    "top_site": (msg("By site scoring most"), msg(
        "Win rate of each player by the site that brought them most points (ties left out).")),
}


class Worded:
    """A part of the answer with its words beside it: the part's own attributes (read through),
    plus the words given (which shadow the part's, e.g. a section's rows worded)."""

    def __init__(self, part: object, **words: Any) -> None:
        self._part = part
        vars(self).update(words)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._part, name)


def worded(answer: Exploration) -> Worded:
    """``answer`` with its words: ``sections`` with ``title``, ``whose`` and rows with ``label``,
    ``tree`` nodes with ``label``; everything else as the service answered."""
    board = game_ui(answer.filters.game_type).board
    with translation.override(settings.LANGUAGE_CODE):  # English messages, said when drawn
        sections = [_section(section, board) for section in answer.sections]
        tree = _nodes(answer.tree, board, 0)
    return Worded(answer, sections=sections, tree=tree)


def answer_json(answer: Exploration) -> dict[str, Any]:
    """The answer's JSON (``Exploration.to_json``) with its words (messages, not said yet)."""
    shown = worded(answer)
    data = answer.to_json()
    for section, section_json in zip(shown.sections, data["sections"], strict=True):
        section_json.update(title=section.title, whose=section.whose)
        for row, row_json in zip(section.rows, section_json["rows"], strict=True):
            row_json["label"] = row.label

    def label(nodes: list[Worded], nodes_json: list[dict[str, Any]]) -> None:
        for node, node_json in zip(nodes, nodes_json, strict=True):
            node_json["label"] = node.label
            label(node.children, node_json["children"])

    label(shown.tree, data["tree"])
    return data


def _section(section: Section, board: BoardView) -> Worded:
    title, whose = SECTIONS[section.id]
    keys = [row.key for row in section.rows]
    return Worded(section, title=title, whose=whose,
                  rows=[Worded(row, label=row_label(section.id, row.key, board, keys)) for row in section.rows])


def row_label(section_id: str, key: str, board: BoardView, keys: list[str]) -> StrOrPromise:
    """A row of section ``section_id`` in words; ``keys``: every row's key of that section."""
    if section_id == "seats":
        players, seat = key.split("-")
        # One table size (the Duel): "seat 1", not "2 players: seat 1".
        if len({k.split("-")[0] for k in keys}) == 1:
            return msg("seat {seat}", seat=int(seat))
        return msg("{players} players: seat {seat}", players=int(players), seat=int(seat))
    if section_id == "sides":
        part, side = key.rsplit("-", 1)
        return msg("{part}: side {side}", part=term(part), side=side)
    if section_id == "first_to_five":
        return msg("{part}: side {side}", part=term("obelisk"), side=key)
    if section_id == "first_move":
        return move_words(board, key, 0)
    if section_id in ("first_card", "top_site"):
        return board.fact_words(section_id, key, None) or term(key)
    return key


def _nodes(nodes: list[Node], board: BoardView, ply: int) -> list[Worded]:
    return [Worded(node, label=move_words(board, node.rate.key, ply), children=_nodes(node.children, board, ply + 1))
            for node in nodes]


def move_words(board: BoardView, key: str, ply: int) -> str:
    """A move (its key: compact JSON) in the game's words, else as it is."""
    return board.fact_words("opening", json.loads(key), ply) or key


def term(key: str) -> StrOrPromise:
    """A part, card or site by the game's own words (``GameUI.terms``), else as it is."""
    found = ui_registry().terms.get(key)  # lazy: said in each reader's language
    return found if found is not None else key
