"""The "start a Duel game" form (/games/new): who plays, colours, who starts, the side of each
monument, and the setup — shuffled by the server or transcribed from the table (formats.md F2).

`to_record()` gives the F2 record (no moves yet) the club history stores.
"""

from __future__ import annotations

import random

from django import forms

from games import engine
from games.models import Player
from games.player_checks import NewPlayersField, check_lookalikes
from games.services.players import check_names
from games.ui.duel.geometry import BOATS, MONUMENTS, line_name
from rules_engine.duel.game import shuffled_supply
from rules_engine.duel.labels import FACES, TOKEN_COUNTS, LabelError, parse_labels
from rules_engine.errors import RulesError

COLOURS = (("black", "black"), ("white", "white"))
SIDES = (("A", "A"), ("B", "B"))
SHUFFLE, TRANSCRIBE = "shuffle", "transcribe"


def server_supply(rng: random.Random | None = None) -> list[str]:
    """A D3 shuffle stored as the explicit draw order (setup.supply), so a stored game never
    depends on the random generator again."""
    return shuffled_supply(rng if rng is not None else random.Random())


def palette_of(left: dict[str, int]) -> list[dict]:
    """The token faces for the tapping palette, each with how many can still turn up."""
    return [{"token": f.token, "short": f.short, "name": f.name, "kind": f.kind, "left": left.get(f.token, 0)}
            for f in FACES]


def boat_field(boat: str) -> str:
    return f"boat_{boat.replace('-', '_')}"


class NewDuelForm(forms.Form):
    player_1 = forms.CharField(label="Player 1", max_length=60)
    colour_1 = forms.ChoiceField(label="Colour", choices=COLOURS, initial="black")
    player_2 = forms.CharField(label="Player 2", max_length=60)
    colour_2 = forms.ChoiceField(label="Colour", choices=COLOURS, initial="white")
    starter = forms.TypedChoiceField(label="Who starts", choices=((1, "Player 1"), (2, "Player 2")),
                                     coerce=int, initial=1, widget=forms.RadioSelect)
    new_players = NewPlayersField()
    setup = forms.ChoiceField(
        label="Setup",
        choices=((SHUFFLE, "Shuffled by the server"), (TRANSCRIBE, "Transcribed from our table")),
        initial=SHUFFLE, widget=forms.RadioSelect)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for monument in MONUMENTS:
            self.fields[f"side_{monument}"] = forms.ChoiceField(
                label=monument.capitalize(), choices=SIDES, initial="A", widget=forms.RadioSelect)
        for boat in BOATS:
            self.fields[boat_field(boat)] = forms.CharField(
                label=f"{line_name(boat).capitalize()} boat", required=False,
                help_text="3 tokens, slot 1 (nearest the harbor) first: tap them below, or type e.g. #3 Ob T1",
                widget=forms.TextInput(attrs={"placeholder": "#3 Ob T1", "data-need": "3",
                                              "autocapitalize": "off", "spellcheck": "false"}))

    @property
    def side_fields(self):
        return [self[f"side_{m}"] for m in MONUMENTS]

    @staticmethod
    def palette() -> list[dict]:
        """Every token face with how many are in the box (D1): a setup draws from all 60."""
        return palette_of(TOKEN_COUNTS)

    @property
    def boat_fields(self):
        return [self[boat_field(b)] for b in BOATS]

    @staticmethod
    def known_names() -> list[str]:
        return list(Player.objects.order_by("name_key").values_list("name", flat=True))

    def clean(self):
        data = super().clean() or {}
        names = [data.get("player_1"), data.get("player_2")]
        if all(names):
            try:
                data["names"] = check_names(names)
            except ValueError as exc:
                raise forms.ValidationError(str(exc).replace("players[1]", "Player 2")) from None
            check_lookalikes(self, data["names"], dict(zip(data["names"], ("player_1", "player_2"), strict=True)))
        if data.get("colour_1") and data.get("colour_1") == data.get("colour_2"):
            self.add_error("colour_2", "the two players need different colours")
        if data.get("setup") == TRANSCRIBE:
            boats: list[list[str]] = []
            for boat in BOATS:
                try:
                    tokens = parse_labels(data.get(boat_field(boat)) or "")
                except LabelError as exc:
                    self.add_error(boat_field(boat), f"{line_name(boat)}: {exc}")
                    boats.append([])
                    continue
                if len(tokens) != 3:
                    self.add_error(boat_field(boat), f"{line_name(boat)}: give the 3 tokens on the boat, "
                                                     f"got {len(tokens)} (D3.2)")
                boats.append(tokens)
            data["boats"] = boats
        if not self.errors and data.get("setup") == TRANSCRIBE:
            try:
                engine.registry().replay(self.to_record())
            except RulesError as exc:  # the engine names the bad token (D1, F2)
                raise forms.ValidationError(f"the boats as transcribed are not a Duel setup: "
                                            f"{getattr(exc, 'reason', exc)}") from None
        return data

    def to_record(self, supply: list[str] | None = None) -> dict:
        """The F2 record (no moves): players[0] is the one who starts (F2)."""
        data = self.cleaned_data
        seats = [(data["names"][0], data["colour_1"]), (data["names"][1], data["colour_2"])]
        if data["starter"] == 2:
            seats.reverse()
        if data["setup"] == TRANSCRIBE:
            setup = {"boats": data["boats"]}
        else:
            setup = {"supply": supply if supply is not None else server_supply()}
        return {
            "game": "duel",
            "sides": {m: data[f"side_{m}"] for m in MONUMENTS},
            "players": [name for name, _ in seats],
            "colours": [colour for _, colour in seats],
            "setup": setup,
            "moves": [],
        }
