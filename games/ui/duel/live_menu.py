"""What the live-entry page (/games/<id>/play) offers: the legal moves of the player to move,
grouped the way people play them (duel.md D4), and which tokens a transcribed game must be
told when a move turns tokens face up (formats.md F2 "Recording a physical game").

Only moves the engine lists (`legal_moves`) are offered; each carries its F2 JSON, which the
page posts back unchanged (plus the drawn tokens in a transcribed game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from games.ui.duel.geometry import line_name
from games.ui.gameui import Choice
from rules_engine.duel.labels import LabelError, parse_labels

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
        return f"take {line_name(move['boat'])} slot {move['slot']}"
    if kind == "place-meeples":
        return "meeples on " + ", ".join(move["cells"])
    if kind == "place-unload":
        return f"meeple on {move['cell']}, then unload " + " then ".join(map(line_name, move["boats"]))
    if kind == "swap-unload":
        a, b = move["slots"]
        return f"swap {line_name(move['boat'])} slots {a}↔{b}, then unload {line_name(move['unload'])}"
    return kind


def legal_menu(moves_json: list[dict]) -> Menu:
    """The legal moves (F2 dicts, in the engine's order) grouped for the page."""
    menu = Menu()
    for move in moves_json:
        kind = move["type"]
        if kind == "place":
            menu.cells[move["cell"]] = Choice(move, f"place on {move['cell']}")
        elif kind == "unload":
            menu.boats[move["boat"]] = Choice(move, f"unload {line_name(move['boat'])}")
        elif kind == "pass":
            menu.pass_move = Choice(move, "pass (no legal action, D4.4)")
        else:
            menu.actions.setdefault(kind, []).append(Choice(move, _label(move)))
    menu.actions = {k: menu.actions[k] for k in ACTION_KINDS if k in menu.actions}
    return menu


@dataclass(frozen=True)
class Draw:
    """One group of tokens a transcribed move must name: ``field`` is the form field."""

    field: str  # "refill", "refills-0", "refills-1", "reveal"
    count: int  # 3 for a refilled boat, 1 for a revealed reserve token
    what: str  # for the person: "the 3 tokens drawn onto row 2"


def draws_needed(state, move: Mapping) -> list[Draw]:
    """Which drawn tokens a move needs in a transcribed game ([] when the draw order is
    stored as setup.supply): an unload refills its boat while the supply lasts (D4.2 step 4),
    a take-token turns up the reserve's top token while the reserve lasts (D4.3)."""
    if not getattr(state, "transcription", False):
        return []
    supply = state.supply_count
    kind = move.get("type")
    if kind in ("unload", "swap-unload"):
        boat = move["boat"] if kind == "unload" else move["unload"]
        return [Draw("refill", 3, f"the 3 tokens drawn onto {line_name(boat)}")] if supply > 0 else []
    if kind == "place-unload":
        draws = []
        for k, boat in enumerate(move["boats"]):
            if supply > 0:  # each refill takes 3 from the supply (D4.2 step 4)
                draws.append(Draw(f"refills-{k}", 3, f"the 3 tokens drawn onto {line_name(boat)}"))
                supply -= 3
        return draws
    if kind == "take-token" and state.reserve_count > 0:
        return [Draw("reveal", 1, "the reserve token turned up")]
    return []


def with_draws(move: Mapping, draws: list[Draw], data: Mapping[str, str]) -> tuple[dict, list[str]]:
    """``move`` completed with the tokens tapped or typed into the draw form (``data``: field ->
    text, labels such as ``#7 Ob T2``); the problems a person must fix (a word that names no
    token, the wrong number of tokens). Whether a token can still be face down is the
    engine's check, which names the token."""
    out = dict(move)
    problems = []
    refills: list = []
    for draw in draws:
        try:
            tokens = parse_labels(data.get(draw.field, "") or "")
        except LabelError as exc:
            problems.append(f"{draw.what}: {exc}")
            continue
        if len(tokens) != draw.count:
            want = "1 token" if draw.count == 1 else f"{draw.count} tokens"
            problems.append(f"{draw.what}: give {want}, got {len(tokens)}")
            continue
        if draw.field == "refill":
            out["refill"] = tokens
        elif draw.field == "reveal":
            out["reveal"] = tokens[0]
        else:
            refills.append(tokens)
    if move.get("type") == "place-unload" and refills:
        # F2 (our extension, docs/rulings.md): one entry per unloaded boat, None when removed.
        out["refills"] = refills + [None] * (len(move["boats"]) - len(refills))
    return out, problems
