"""What the live-entry page (/games/<id>/play) offers: the legal moves of the player to move,
grouped the way people play them (duel.md D4), and the tokens a person names when a move of a
transcribed game turns tokens face up (formats.md F2 "Recording a physical game"; which ones:
`rules_engine.duel.transcription`).

Only moves the engine lists (`legal_moves`) are offered; each carries its F2 JSON, which the
page posts back unchanged (plus the drawn tokens in a transcribed game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from games.services import reason_of
from games.ui.duel.geometry import line_name
from games.ui.duel.token_labels import read_labels
from games.ui.gameui import Choice
from rules_engine.duel.labels import LabelError
from rules_engine.duel.transcription import Draw, TokensNeeded, answers
from rules_engine.messages import msg, plural

# D4.3 action tokens, in the order the page lists them.
ACTION_KINDS = ("take-token", "place-meeples", "place-unload", "swap-unload")


@dataclass
class Menu:
    cells: dict[str, Choice] = field(default_factory=dict)  # D4.1: cell -> place move
    boats: dict[str, Choice] = field(default_factory=dict)  # D4.2: boat -> unload move
    actions: dict[str, list[Choice]] = field(default_factory=dict)  # D4.3: token -> its moves
    pass_move: Choice | None = None  # D4.4

    @property
    def empty(self) -> bool:
        return not (self.cells or self.boats or self.actions or self.pass_move)


def _label(move: Mapping) -> str:
    kind = move["type"]
    if kind == "take-token":
        # Translators: a choice of the action token "take 1 token": which boat slot to take, e.g. "take row 2 slot 1".
        return msg("take {boat} slot {slot}", boat=line_name(move["boat"]), slot=move["slot"])
    if kind == "place-meeples":
        # Translators: a choice of the action token "place 2–3 meeples"; {cells} lists harbor cells (a1 … c3).
        return msg("meeples on {cells}", cells=tuple(move["cells"]))
    if kind == "place-unload":
        first, *more = map(line_name, move["boats"])
        if more:
            # Translators: a choice of the action token "place 1 meeple and unload 1–2×", unloading two boats.
            return msg("meeple on {cell}, then unload {first} then {then}",
                       cell=move["cell"], first=first, then=more[0])
        # Translators: a choice of the action token "place 1 meeple and unload 1–2×", unloading one boat.
        return msg("meeple on {cell}, then unload {first}", cell=move["cell"], first=first)
    if kind == "swap-unload":
        a, b = move["slots"]
        # Translators: a choice of the action token "swap 2 tokens and unload",
        # e.g. "swap row 1 slots 1↔3, then unload row 1".
        return msg("swap {boat} slots {a}↔{b}, then unload {unload}", boat=line_name(move["boat"]), a=a, b=b,
                   unload=line_name(move["unload"]))
    return kind


def legal_menu(moves_json: list[dict]) -> Menu:
    """The legal moves (F2 dicts, in the engine's order) grouped for the page. The labels are
    ``Message`` values: the menu is built once per position and shared between readers."""
    menu = Menu()
    for move in moves_json:
        kind = move["type"]
        if kind == "place":
            # Translators: a legal move on the live-entry page: put a meeple on a harbor cell (a1 … c3).
            menu.cells[move["cell"]] = Choice(move, msg("place on {cell}", cell=move["cell"]))
        elif kind == "unload":
            menu.boats[move["boat"]] = Choice(move, msg("unload {boat}", boat=line_name(move["boat"])))
        elif kind == "pass":
            menu.pass_move = Choice(move, msg("pass (no legal action, D4.4)"))
        else:
            menu.actions.setdefault(kind, []).append(Choice(move, _label(move)))
    menu.actions = {k: menu.actions[k] for k in ACTION_KINDS if k in menu.actions}
    return menu


def draw_what(draw: Draw) -> str:
    """What a draw names, for the person entering it (a ``Message``)."""
    if draw.boat is None:
        # Translators: the token a "take 1 token" turns face up from the reserve (D4.3), asked for
        # in a transcribed game.
        return msg("the reserve token turned up")
    # Translators: the tokens drawn from the supply to refill an unloaded boat (D4.2 step 4), e.g. "… onto row 2".
    return msg("the 3 tokens drawn onto {boat}", boat=line_name(draw.boat))


def read_draws(data: Mapping[str, str], need: TokensNeeded) -> tuple[dict, list[str]]:
    """The tokens tapped or typed into the draw form (``data``: field -> text, labels such as
    ``#7 Ob T2``) as the move's ``refill``, ``refills`` or ``reveal`` (`GameType.with_table`'s
    answers); the problems a person must fix (a word that names no token, the wrong number of
    tokens), as ``Message`` values. Whether a token can still be face down is the engine's
    check, which names the token."""
    drawn: list = []
    problems: list[str] = []
    for draw in need.draws:
        what = draw_what(draw)
        try:
            tokens = read_labels(data.get(draw.field, "") or "")
        except LabelError as exc:
            # Translators: a problem with the tokens typed for a draw,
            # e.g. "the 3 tokens drawn onto row 2: 'x' is not a token …".
            problems.append(msg("{what}: {problem}", what=what, problem=reason_of(exc)))
            continue
        if len(tokens) != draw.count:
            problems.append(plural(
                # Translators: too few or too many tokens typed for a draw,
                # e.g. "the 3 tokens drawn onto row 2: give 3 tokens, got 2".
                "{what}: give {n} token, got {got}", "{what}: give {n} tokens, got {got}",
                what=what, n=draw.count, got=len(tokens),
            ))
            continue
        drawn.append((draw, tokens))
    return answers(drawn), problems
