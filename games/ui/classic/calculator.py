"""The base-game calculator page's domain step: score the form's F3 board through the registry
and say, in words a person at the table understands, what is wrong with an impossible board and
where (each problem goes to the error slot next to the field it names)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.ui.calculation import Calculation, Problem, display_name, field_words, line_label, lower_first
from games.ui.classic.forms import (
    PLAYERS,
    SITE_NAMES,
    SITE_STONE_LABELS,
    SITE_STONE_SITES,
    SITES,
    ClassicBoardForm,
    unscorable_sides,
)
from games.ui.form_fields import player_title
from rules_engine.errors import BoardError
from rules_engine.registry import default_registry

# F3 field below players[i] → (words, form key below p{i}_: its error slot, and the input to jump to).
_PLAYER_PATHS = {
    # Translators: a player's field in a list of problems ("Ana, name").
    "name": (_("name"), "name"),
    # Translators: a player's field in a list of problems ("Ana, colour").
    "colour": (_("colour"), "colour"),
    "track": (_("score track"), "track"),
    "sled": (_("stones on the sled"), "sled"),
    "obelisk_stones": (_("obelisk stones"), "obelisk"),
    "statues": (_("statues"), "statues"),
    "decorations": (_("decorations"), "decorations"),
    "blue_cards": (_("blue cards"), "blue"),
    "reached": (_("sites reached"), "reached"),
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
    "track": _("Score track"),
    "burial_chamber": _("Burial chamber"),
    "obelisks": _("Obelisks"),
    "decorations": _("Decorations"),
    "statues": _("Statues"),
    "blue_cards": _("Blue cards"),
    # Translators: the variant of C9 (−5 points unless a player reached all four building sites).
    "pharaohs_wrath": _("Pharaoh's wrath"),
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
            return gettext(
                "Shared win: %(names)s with %(total)s points each and %(sled)s stones on the sled (C8)."
            ) % {"names": names, "total": winners[0].total, "sled": winners[0].sled}
        winner = winners[0]
        tied = [p for p in players if p.total == winner.total and p is not winner]
        if self.result.get("tie_broken_by_sled") and tied:
            # Translators: a player tied with the winner and their stones on the sled, e.g. "Ben (2)".
            others = _and([gettext("%(name)s (%(sled)s)") % {"name": p.name, "sled": p.sled} for p in tied])
            return gettext(
                "%(winner)s wins: tied at %(total)s points with %(others)s, the tie is broken by sled stones, "
                "%(sled)s on %(winner)s's sled (C8)."
            ) % {"winner": winner.name, "total": winner.total, "others": others, "sled": winner.sled}
        return gettext("%(winner)s wins with %(total)s points.") % {"winner": winner.name, "total": winner.total}


def calculate(form: ClassicBoardForm) -> ClassicCalculation:
    """Parse the form, build the F3 board, score it; problems instead of a score when the
    board is impossible or a chosen B side cannot be scored yet. The form is told the problems,
    so that each is shown next to its field too."""
    if not form.is_valid():
        calc = ClassicCalculation(problems=tuple(_form_problems(form)))
    else:
        board = form.to_board()
        try:
            calc = ClassicCalculation(board=board, result=default_registry().score(board).to_json())
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
    """ "Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    if len(names) == 1:
        return str(names[0])
    # Translators: the last of several players, e.g. "Ana, Ben and Cy" ({others} is "Ana, Ben").
    return gettext("%(others)s and %(last)s") % {"others": gettext(", ").join(map(str, names[:-1])), "last": names[-1]}


def _board_problem(path: str, message: str, names: list) -> Problem:
    match = _PLAYER_PATH.match(path)
    if match and match[2] and int(match[1]) < len(names):
        i = int(match[1])
        words, key = _PLAYER_PATHS.get(match[2], (match[2].replace("_", " "), None))
        # Translators: a player's field in a list of problems, e.g. "Ana, obelisk stones".
        where = gettext("%(player)s, %(field)s") % {"player": display_name(names[i], i), "field": words}
        if key is None:  # e.g. a plugin variant's input: shown at the top of the player's block
            return Problem(path, where, message, f"player-{i}", f"p{i}_player")
        anchor = _GROUP_ANCHORS.get(key, f"id_p{{i}}_{key}").format(i=i)
        return Problem(path, where, message, anchor, f"p{i}_{key}")
    if match:  # the player as a whole (players[i])
        i = int(match[1])
        if i < len(names):
            return Problem(path, display_name(names[i], i), message, f"player-{i}", f"p{i}_player")
        return Problem(path, player_title(i), message, "player-count", "players")
    match = _CHAMBER_PATH.match(path)
    if match:
        return Problem(path, _chamber_words(match[1], match[2]), message, "chamber", "chamber")
    if path.startswith("sides."):
        site = path.split(".", 1)[1]
        if site in SITE_NAMES:
            # Translators: the side (A or B) of a site, e.g. "Temple side".
            words = gettext("%(site)s side") % {"site": SITE_NAMES[site]}
            return Problem(path, words, message, f"side-{site}", f"side_{site}")
    if path.startswith("site_stones"):
        site = path.split(".", 1)[1] if "." in path else ""
        if site in SITE_STONE_SITES:
            # The field's own label, so that the player finds the field the problem names.
            words = str(SITE_STONE_LABELS[site])
            return Problem(path, words, message, f"id_site_stones_{site}", f"site_stones_{site}")
        return Problem(path, gettext("Stones on the sites"), message, "site-stones", "site_stones_pyramids")
    if path.startswith("variants"):
        return Problem(path, gettext("Variants"), message, "variants", "variants")
    if path == "players":
        return Problem(path, gettext("Players"), message, "player-count", "players")
    return Problem(path, gettext("The board"), message, "classic-form", "")


def _chamber_words(column: str | None, row: str | None) -> str:
    """ "Burial chamber", "Burial chamber, column 3", "Burial chamber, column 3, row 2" (from 0-based indexes)."""
    if column is None:
        return gettext("Burial chamber")
    if row is None:
        # Translators: a column of the burial chamber (C5.4), counted from the left.
        return gettext("Burial chamber, column %(column)s") % {"column": int(column) + 1}
    # Translators: a cell of the burial chamber (C5.4): columns from the left, rows from the top.
    return gettext("Burial chamber, column %(column)s, row %(row)s") % {"column": int(column) + 1, "row": int(row) + 1}


def _form_problems(form: ClassicBoardForm) -> list[Problem]:
    problems = []
    for name, errors in form.errors.items():
        bound = form[name] if name in form.fields else None
        label = bound.label if bound is not None else gettext("the board")
        player = _PLAYER_FORM_FIELD.match(name)
        cell = _CELL_FIELD.match(name)
        if player and int(player[1]) in PLAYERS:
            i = int(player[1])
            words = field_words(form.data.get(f"p{i}_name", ""), i, label)
            slot = _FORM_SLOTS.get(player[2], "player")
            anchor = _GROUP_ANCHORS.get(slot, f"id_{name}").format(i=i)
            slot = f"p{i}_{slot}"
        elif cell:
            # Translators: a cell of the burial chamber in a list of problems, e.g. "Burial chamber, column 3, row 2".
            words = gettext("Burial chamber, %(cell)s") % {"cell": lower_first(label)}
            anchor, slot = "chamber", "chamber"
        elif name == "players":
            words, anchor, slot = gettext("Players"), "player-count", "players"
        elif name.startswith("side_"):
            # Translators: the side (A or B) of a site, e.g. "Temple side".
            words, anchor, slot = gettext("%(site)s side") % {"site": label}, f"side-{name[5:]}", name
        else:
            words, anchor, slot = label, f"id_{name}", name
        problems.extend(Problem(name, words, str(message), anchor, slot) for message in errors)
    return problems
