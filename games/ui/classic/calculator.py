"""The base-game calculator page's domain step: score the form's F3 board through the registry
and say, in words a person at the table understands, what is wrong with an impossible board and
where (each problem goes to the error slot next to the field it names)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from games.ui.classic.forms import (
    PLAYERS,
    SITE_NAMES,
    SITE_STONE_SITES,
    SITES,
    ClassicBoardForm,
    unscorable_sides,
)
from rules_engine.errors import BoardError
from scoring.calculation import Calculation, Problem, display_name, field_words, line_label
from scoring.engine import score_board
from scoring.form_fields import player_title

# F3 field below players[i] → (words, form key below p{i}_: its error slot, and the input to jump to).
_PLAYER_PATHS = {
    "name": ("name", "name"),
    "colour": ("colour", "colour"),
    "track": ("score track", "track"),
    "sled": ("stones on the sled", "sled"),
    "obelisk_stones": ("obelisk stones", "obelisk"),
    "statues": ("statues", "statues"),
    "decorations": ("decorations", "decorations"),
    "blue_cards": ("blue cards", "blue"),
    "reached": ("sites reached", "reached"),
}
# Anchors of fields that are groups of inputs rather than one input.
_GROUP_ANCHORS = {"decorations": "p{i}-decorations", "reached": "p{i}-reached"}
# Form field below p{i}_ → its error slot, for the form's own parse errors.
_FORM_SLOTS = {**{k: k for _, k in _PLAYER_PATHS.values()}, **{f"deco_{s}": "decorations" for s in SITES}}

_PLAYER_PATH = re.compile(r"^players\[(\d+)\](?:\.([a-z_]+))?")
_CHAMBER_PATH = re.compile(r"^burial_chamber(?:\[(\d+)\])?(?:\[(\d+)\])?")
_PLAYER_FORM_FIELD = re.compile(r"^p(\d)_(.+)$")
_CELL_FIELD = re.compile(r"^bc_(\d+)_(\d)$")

# Breakdown keys (F3 result) → words for the lines' first column.
LINE_LABELS = {
    "track": "Score track",
    "burial_chamber": "Burial chamber",
    "obelisks": "Obelisks",
    "decorations": "Decorations",
    "statues": "Statues",
    "blue_cards": "Blue cards",
    "pharaohs_wrath": "Pharaoh's wrath",
}


@dataclass(frozen=True)
class ScoredPlayer:
    index: int
    name: str
    colour: str
    total: int
    rank: int
    winner: bool
    sled: int
    lines: list[dict]


@dataclass(frozen=True)
class ClassicCalculation(Calculation):
    @property
    def impossible(self) -> list[Problem]:
        return [p for p in self.problems if not p.not_yet]

    @property
    def not_yet(self) -> list[Problem]:
        """The chosen B sides that cannot be scored yet (board data missing, C6 ⚠)."""
        return [p for p in self.problems if p.not_yet]

    @functools.cached_property  # the template asks several times (summary, standings, tables)
    def players(self) -> list[ScoredPlayer]:
        if self.result is None:
            return []
        winners = set(self.result.get("winners", []))
        board_players = (self.board or {}).get("players", [])
        return [
            ScoredPlayer(
                index=i,
                name=display_name(p.get("name"), i),
                colour=p.get("colour", ""),
                total=p["total"],
                rank=p.get("rank", 0),
                winner=i in winners,
                sled=board_players[i].get("sled", 0) if i < len(board_players) else 0,
                lines=[{**line, "label": line_label(line, LINE_LABELS)} for line in p.get("lines", [])],
            )
            for i, p in enumerate(self.result["players"])
        ]

    @property
    def standings(self) -> list[ScoredPlayer]:
        return sorted(self.players, key=lambda p: (p.rank, p.index))

    @property
    def shared_win(self) -> bool:
        return len(self.result.get("winners", [])) > 1 if self.result else False

    @property
    def summary(self) -> str:
        """Who won, and how a tie was settled (C8)."""
        if self.result is None:
            return ""
        players = self.players
        winners = [players[i] for i in self.result.get("winners", [])]
        if not winners:
            return ""
        if len(winners) > 1:
            names = _and([w.name for w in winners])
            return (
                f"Shared win: {names} with {winners[0].total} points each and "
                f"{winners[0].sled} stones on the sled (C8)."
            )
        winner = winners[0]
        tied = [p for p in players if p.total == winner.total and p is not winner]
        if self.result.get("tie_broken_by_sled") and tied:
            others = _and([f"{p.name} ({p.sled})" for p in tied])
            return (
                f"{winner.name} wins: tied at {winner.total} points with {others}, "
                f"the tie is broken by sled stones, {winner.sled} on {winner.name}'s sled (C8)."
            )
        return f"{winner.name} wins with {winner.total} points."


def calculate(form: ClassicBoardForm) -> ClassicCalculation:
    """Parse the form, build the F3 board, score it; problems instead of a score when the
    board is impossible or a chosen B side cannot be scored yet. The form is told the problems,
    so that each is shown next to its field too."""
    if not form.is_valid():
        calc = ClassicCalculation(problems=tuple(_form_problems(form)))
    else:
        board = form.to_board()
        try:
            calc = ClassicCalculation(board=board, result=score_board(board))
        except BoardError as exc:
            names = [p.get("name") for p in board["players"]]
            # The game says which sides it has no data for; a problem there is "not yet", not "impossible".
            waiting = {f"sides.{site}" for site, sides in unscorable_sides().items() if board["sides"][site] in sides}
            calc = ClassicCalculation(
                board=board,
                problems=tuple(
                    replace(_board_problem(path, msg, names), not_yet=path in waiting) for path, msg in exc.errors
                ),
            )
    form.show(calc.problems)
    return calc


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _board_problem(path: str, message: str, names: list) -> Problem:
    match = _PLAYER_PATH.match(path)
    if match and match[2] and int(match[1]) < len(names):
        i = int(match[1])
        words, key = _PLAYER_PATHS.get(match[2], (match[2].replace("_", " "), None))
        if key is None:  # e.g. a plugin variant's input: shown at the top of the player's block
            return Problem(path, f"{display_name(names[i], i)}, {words}", message, f"player-{i}", f"p{i}_player")
        anchor = _GROUP_ANCHORS.get(key, f"id_p{{i}}_{key}").format(i=i)
        return Problem(path, f"{display_name(names[i], i)}, {words}", message, anchor, f"p{i}_{key}")
    if match:  # the player as a whole (players[i])
        i = int(match[1])
        if i < len(names):
            return Problem(path, display_name(names[i], i), message, f"player-{i}", f"p{i}_player")
        return Problem(path, player_title(i), message, "player-count", "players")
    match = _CHAMBER_PATH.match(path)
    if match:
        words = "Burial chamber"
        if match[1] is not None:
            words += f", column {int(match[1]) + 1}"
        if match[2] is not None:
            words += f", row {int(match[2]) + 1}"
        return Problem(path, words, message, "chamber", "chamber")
    if path.startswith("sides."):
        site = path.split(".", 1)[1]
        if site in SITE_NAMES:
            return Problem(path, f"{SITE_NAMES[site]} side", message, f"side-{site}", f"side_{site}")
    if path.startswith("site_stones"):
        site = path.split(".", 1)[1] if "." in path else ""
        if site in SITE_STONE_SITES:
            return Problem(
                path, f"Stones on the {SITE_NAMES[site]}", message, f"id_site_stones_{site}", f"site_stones_{site}"
            )
        return Problem(path, "Stones on the sites", message, "site-stones", "site_stones_pyramids")
    if path.startswith("variants"):
        return Problem(path, "Variants", message, "variants", "variants")
    if path == "players":
        return Problem(path, "Players", message, "player-count", "players")
    return Problem(path, "The board", message, "classic-form", "")


def _form_problems(form: ClassicBoardForm) -> list[Problem]:
    problems = []
    for name, errors in form.errors.items():
        bound = form[name] if name in form.fields else None
        label = bound.label if bound is not None else "the board"
        player = _PLAYER_FORM_FIELD.match(name)
        cell = _CELL_FIELD.match(name)
        if player and int(player[1]) in PLAYERS:
            i = int(player[1])
            words = field_words(form.data.get(f"p{i}_name", ""), i, label)
            slot = _FORM_SLOTS.get(player[2], "player")
            anchor = _GROUP_ANCHORS.get(slot, f"id_{name}").format(i=i)
            slot = f"p{i}_{slot}"
        elif cell:
            words, anchor, slot = f"Burial chamber, {label[:1].lower()}{label[1:]}", "chamber", "chamber"
        elif name == "players":
            words, anchor, slot = "Players", "player-count", "players"
        elif name.startswith("side_"):
            words, anchor, slot = f"{label} side", f"side-{name[5:]}", name
        else:
            words, anchor, slot = label, f"id_{name}", name
        problems.extend(Problem(name, words, str(message), anchor, slot) for message in errors)
    return problems
