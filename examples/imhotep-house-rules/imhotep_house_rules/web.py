"""The Obelisk race's pages, as the service's web adapter (``games.ui.GameUI``) wants them:
its three parts, each a subclass overriding only what this game needs — a `Calculator`, a
`BoardView` for the replay and live-entry pages, a `LiveEntry` with a new-game form. Django
is imported here only, and only when the service asks for the game's pages."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django import forms

from games.ui import BoardView, Calculator, GameUI, LiveEntry, NewGameForm, Story
from games.ui.gameui import Told
from games.ui.timeline import Timeline
from imhotep_house_rules.race import GAME_ID, MAX_TAKE, RACE
from rules_engine.errors import BoardError
from rules_engine.registry import default_registry

TEMPLATES = Path(__file__).parent / "templates"


# -- calculator (/score/obelisk-race) ------------------------------------------------------
class RaceBoardForm(forms.Form):
    name0 = forms.CharField(label="First player", required=False, max_length=40)
    name1 = forms.CharField(label="Second player", required=False, max_length=40)
    obelisk0 = forms.IntegerField(label="First player's obelisk", min_value=0, max_value=30)
    obelisk1 = forms.IntegerField(label="Second player's obelisk", min_value=0, max_value=30)




@dataclass
class RaceCalculation:
    problems: list[str] = field(default_factory=list)
    players: list[dict[str, object]] = field(default_factory=list)
    winner: str = ""


class RaceCalculator(Calculator):
    template = "ui/obelisk-race/calculator.html"
    form = RaceBoardForm
    card_title = "Obelisk race scores"
    card_text = f"{RACE.name}: a block a point, the taller obelisk 3 more."

    def data(self, query: Mapping[str, str]) -> dict[str, str]:
        data = {"obelisk0": "0", "obelisk1": "0"}
        data.update({k: value for k in ("name0", "name1", "obelisk0", "obelisk1") if (value := query.get(k))})
        return data

    def calculate(self, form: forms.Form) -> RaceCalculation:
        return calculate(form)


def calculate(form: forms.Form) -> RaceCalculation:
    if not form.is_valid():
        return RaceCalculation(problems=[f"{form.fields[k].label}: {' '.join(map(str, v))}"
                                         for k, v in form.errors.items()])
    names = [form.cleaned_data["name0"] or "First player", form.cleaned_data["name1"] or "Second player"]
    board = {"game": GAME_ID, "players": [{"name": n, "obelisk": form.cleaned_data[f"obelisk{i}"]}
                                          for i, n in enumerate(names)]}
    try:
        result = default_registry().score(board)
    except BoardError as exc:
        return RaceCalculation(problems=[message for _, message in exc.errors])
    players = [{"name": n, **p.to_json()} for n, p in zip(names, result.players, strict=True)]
    return RaceCalculation(players=players, winner=names[result.winners[0]])


# -- replay and live entry ------------------------------------------------------------------
class RaceBoard(BoardView):
    """The two obelisks and the quarry; the moves told all at once (no `describe_move`)."""

    template = "ui/obelisk-race/board.html"
    setup_text = f"Setup: the quarry holds its blocks; take 1 to {MAX_TAKE} a turn."

    def context(self, timeline: Timeline, ply: int, story: object, colours: Sequence[str]) -> dict[str, object]:
        state = timeline.state(ply)
        score = timeline.score_at(ply)
        return {"race": {
            "quarry": state.quarry,
            "over": state.over,
            "players": [{"name": n, "colour": c, "obelisk": h, "blocks": range(h), "total": p["total"],
                         "to_move": i == state.to_move and not state.over}
                        for i, (n, c, h, p) in enumerate(zip(timeline.names, colours, state.heights,
                                                             score["players"], strict=False))],
        }}

    def describe(self, timeline: Timeline) -> list[Told]:
        names = timeline.names
        return [Story(text=f"{names[k % 2]} takes {m['blocks']} block{'s' if m['blocks'] > 1 else ''}")
                for k, m in enumerate(timeline.moves_json)]


class NewRaceForm(NewGameForm):
    first = forms.CharField(label="First player (starts)", max_length=40)
    second = forms.CharField(label="Second player", max_length=40)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("first") and data.get("first") == data.get("second"):
            raise forms.ValidationError("the two players need different names")
        return data

    def known_names(self) -> list[str]:
        return []

    def to_record(self) -> dict[str, Any]:
        return RACE.new_record([self.cleaned_data["first"], self.cleaned_data["second"]], random.Random())


class RaceLive(LiveEntry):
    """Live entry: a menu of the legal takes (nothing hidden, so no table form)."""

    new_form = NewRaceForm
    new_template = "ui/obelisk-race/new.html"
    play_template = "ui/obelisk-race/play.html"

    def menu(self, timeline: Timeline, ply: int, ctx: dict[str, Any], legal: list[dict[str, Any]],
             live: bool) -> list[dict[str, str]]:
        return [{"label": f"Take {m['blocks']} block{'s' if m['blocks'] > 1 else ''}", "json": json.dumps(m)}
                for m in legal] if live else []


UI = GameUI(
    game=GAME_ID,
    templates=TEMPLATES,
    label="Obelisk race",
    calculator=RaceCalculator(),
    board=RaceBoard(),
    live=RaceLive(),
    tie_break="the player who did not start wins",
)
