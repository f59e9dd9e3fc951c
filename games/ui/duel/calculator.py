"""The calculator page's domain step: score the form's board through the registry and say,
in words a person at the table understands, what is wrong with an impossible board."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.ui.calculation import Calculation, Problem, display_name, field_words, line_label
from games.ui.duel.forms import MONUMENT_NAMES, DuelBoardForm
from rules_engine.errors import BoardError
from rules_engine.registry import default_registry

# F1 field (below players[i]) → (words, id of the input to jump to; {i} is the player).
_PLAYER_PATHS = {
    # Translators: a player's field in a list of problems ("Ana, name").
    "name": (_("name"), "id_p{i}_name"),
    "obelisk": (_("obelisk tokens"), "id_p{i}_obelisk"),
    "temple": (_("temple tokens"), "id_p{i}_temple_1"),
    "pyramid": (_("pyramids"), "id_p{i}_light"),
    "pyramid.light": (_("light pyramid"), "id_p{i}_light"),
    "pyramid.dark": (_("dark pyramid"), "id_p{i}_dark"),
    # Translators: a player's tomb tokens in a list of problems ("Ana, tomb").
    "tomb": (_("tomb"), "p{i}-tomb"),
    "action_tokens": (_("unused action tokens"), "id_p{i}_actions"),
    "meeples_on_harbor": (_("meeples on the harbor"), "id_p{i}_meeples"),
}
# Fields of the whole board → the input to jump to; their words are worked out when asked.
_TOP_ANCHORS = {**{f"sides.{m}": f"side-{m}" for m in MONUMENT_NAMES}, "starting_player": "starting-player"}
# Form field (below p{i}_) → the F1 field it feeds, for the form's own parse errors.
_FORM_TO_F1 = {
    "obelisk": "obelisk",
    "light": "pyramid.light",
    "dark": "pyramid.dark",
    "tomb": "tomb",
    "actions": "action_tokens",
    "meeples": "meeples_on_harbor",
    "name": "name",
}
_PLAYER_PATH = re.compile(r"^players\[(\d+)\]\.(.+)$")
_PLAYER_FORM_FIELD = re.compile(r"^p(\d)_(.+)$")

# Breakdown keys (F1 result) → words for the lines' first column.
LINE_LABELS = {"action_tokens": _("Action tokens"), "meeples": _("Meeples"), **MONUMENT_NAMES}


@dataclass(frozen=True)
class ScoredPlayer:
    index: int
    name: str
    total: int
    lines: list[dict]
    winner: bool


@dataclass(frozen=True)
class DuelCalculation(Calculation):
    @property
    def players(self) -> list[ScoredPlayer]:
        if self.result is None:
            return []
        return [
            ScoredPlayer(
                index=i,
                name=display_name(p.get("name"), i),
                total=p["total"],
                winner=self.result.get("winner") == i,
                lines=[{**line, "label": line_label(line, LINE_LABELS)} for line in p.get("lines", [])],
            )
            for i, p in enumerate(self.result["players"])
        ]

    @property
    def summary(self) -> str:
        """Who won, and why when it was a tie (D7.6)."""
        if self.result is None:
            return ""
        players = self.players
        winner = players[self.result["winner"]]
        if self.result.get("tie_broken"):
            loser = players[1 - winner.index]
            return gettext("Tied at %(total)s: %(winner)s wins because %(loser)s started (D7.6).") % {
                "total": winner.total, "winner": winner.name, "loser": loser.name}
        loser_total = min(p.total for p in players)
        return gettext("%(winner)s wins, %(total)s to %(other)s.") % {
            "winner": winner.name, "total": winner.total, "other": loser_total}


def calculate(form: DuelBoardForm) -> DuelCalculation:
    """Parse the form, build the F1 board, score it; problems instead of a score when the
    board is impossible."""
    if not form.is_valid():
        return DuelCalculation(problems=tuple(_form_problems(form)))
    board = form.to_board()
    try:
        result = default_registry().score(board).to_json()
    except BoardError as exc:
        names = [p.get("name") for p in board["players"]]
        return DuelCalculation(
            board=board, problems=tuple(_board_problem(path, msg, names) for path, msg in exc.errors)
        )
    return DuelCalculation(board=board, result=result)


def _board_problem(path: str, message: str, names: list) -> Problem:
    match = _PLAYER_PATH.match(path)
    if match and match[2] == "obelisk_first_to_five":
        # The form asks one question for both players, so the only way to get here is not
        # to have answered it (D7.1 B); say that rather than the F1 flag's rule.
        return Problem(
            path,
            gettext("Who reached 5 obelisk tokens first"),
            gettext("choose a player: with obelisk side B "
                    "and both holding 5 or more, the first to 5 scores 12 and the other 6 (D7.1)"),
            "first-to-five",
        )
    if match and int(match[1]) < len(names):
        i = int(match[1])
        words, anchor = _PLAYER_PATHS.get(match[2], (match[2].replace("_", " "), f"player-{i}"))
        # Translators: a player's field in a list of problems, e.g. "Ana, obelisk tokens".
        where = gettext("%(player)s, %(field)s") % {"player": display_name(names[i], i), "field": words}
        return Problem(path, where, message, anchor.format(i=i))
    return Problem(path, _top_words(path), message, _TOP_ANCHORS.get(path, "duel-form"))


def _top_words(path: str) -> str:
    """A field of the whole board in words: "Obelisk side", "Who started", "The board"."""
    monument = path.removeprefix("sides.")
    if monument in MONUMENT_NAMES:
        # Translators: the side (A or B) of a monument, e.g. "Obelisk side".
        return gettext("%(monument)s side") % {"monument": MONUMENT_NAMES[monument]}
    if path == "starting_player":
        return gettext("Who started")
    return gettext("The board")


def _form_problems(form: DuelBoardForm) -> list[Problem]:
    problems = []
    for name, errors in form.errors.items():
        bound = form[name] if name in form.fields else None
        label = bound.label if bound is not None else gettext("the board")
        match = _PLAYER_FORM_FIELD.match(name)
        if match:
            i = int(match[1])
            words = field_words(form.data.get(f"p{i}_name", ""), i, label)
            anchor = _PLAYER_PATHS.get(_FORM_TO_F1.get(match[2], ""), ("", f"id_{name}"))[1].format(i=i)
        else:
            words, anchor = label, f"id_{name}"
        problems.extend(Problem(name, words, str(message), anchor) for message in errors)
    return problems
