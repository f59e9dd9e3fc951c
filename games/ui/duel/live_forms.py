"""The "start a Duel game" form (/games/new): who plays, colours, who starts, the side of each
monument, and the setup — shuffled by the server or transcribed from the table (formats.md F2).

`to_record()` gives the F2 record (no moves yet) the club history stores.
"""

from __future__ import annotations

import random

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.models import Game, Player
from games.plain_words import plain
from games.player_checks import NewPlayersField, check_lookalikes
from games.services import reason_of
from games.services.players import check_names
from games.ui.duel.geometry import BOATS, MONUMENTS, line_name
from games.ui.duel.token_labels import label, read_labels
from games.ui.gameui import NewGameForm
from imhotep_lib.translation import say
from rules_engine.duel.labels import FACES, LabelError
from rules_engine.duel.tokens import TOKEN_COUNTS
from rules_engine.errors import RulesError
from rules_engine.registry import default_registry

# Translators: a player's colour (of the Duel's meeples).
COLOURS = (("black", _("black")), ("white", _("white")))
SIDES = (("A", "A"), ("B", "B"))
SHUFFLE, TRANSCRIBE = "shuffle", "transcribe"
#: The monuments as the side radios name them (D1).
MONUMENT_LABELS = {"obelisk": _("Obelisk"), "temple": _("Temple"), "pyramid": _("Pyramid"), "tomb": _("Tomb")}


def palette_of(left: dict[str, int]) -> list[dict]:
    """The token faces for the tapping palette, each with how many can still turn up (``short``:
    the label in the reader's language, ``english`` the engine's; ``name``: the board's words, a
    ``Message``)."""
    return [{"token": f.token, "short": label(f.token), "english": f.short, "name": f.name, "kind": f.kind,
             "left": left.get(f.token, 0)}
            for f in FACES]


def boat_field(boat: str) -> str:
    return f"boat_{boat.replace('-', '_')}"


def boat_label(boat: str) -> str:
    """A boat's field label, "Row 1 boat", "Column a boat" (in the active language)."""
    kind, _dash, which = boat.partition("-")
    if kind == "row":
        # Translators: the field for the tokens on the boat of a harbor row (1–3).
        return gettext("Row %(row)s boat") % {"row": which}
    # Translators: the field for the tokens on the boat of a harbor column (a–c).
    return gettext("Column %(column)s boat") % {"column": which}


class NewDuelForm(NewGameForm):
    player_1 = forms.CharField(label=_("Player 1"), max_length=60)
    colour_1 = forms.ChoiceField(label=_("Colour"), choices=COLOURS, initial="black")
    player_2 = forms.CharField(label=_("Player 2"), max_length=60)
    colour_2 = forms.ChoiceField(label=_("Colour"), choices=COLOURS, initial="white")
    starter = forms.TypedChoiceField(label=_("Who starts"), choices=((1, _("Player 1")), (2, _("Player 2"))),
                                     coerce=int, initial=1, widget=forms.RadioSelect)
    new_players = NewPlayersField()
    setup = forms.ChoiceField(
        label=_("Setup"),
        choices=((SHUFFLE, _("Shuffled by the server")), (TRANSCRIBE, _("Transcribed from our table"))),
        initial=SHUFFLE, widget=forms.RadioSelect)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for monument in MONUMENTS:
            self.fields[f"side_{monument}"] = forms.ChoiceField(
                label=MONUMENT_LABELS[monument], choices=SIDES, initial="A", widget=forms.RadioSelect)
        help_text = gettext("3 tokens, slot 1 (nearest the harbor) first: tap them below, or type e.g. #3 Ob T1")
        example = f"#3 {label('obelisk')} {label('temple-1')}"  # the reader's labels (the catalogue's help too)
        for boat in BOATS:
            self.fields[boat_field(boat)] = forms.CharField(
                label=boat_label(boat), required=False, help_text=help_text,
                widget=forms.TextInput(attrs={"placeholder": example, "data-need": "3",
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

    @classmethod
    def last_time(cls, user) -> dict | None:
        """The form's values of the last Duel ``user`` started here (issue 50: "same players as
        last time", one tap): who played, in the seats they had (the first began), their colours,
        the sides and how the setup was entered; None before the first."""
        game = (Game.objects.filter(created_by=user, game_type="duel", source=Game.Source.RECORDED)
                .order_by("-pk").first() if user.is_authenticated else None)
        if game is None:
            return None
        names = [seat.player.name for seat in game.seats.select_related("player").order_by("order")]
        if len(names) != 2:
            return None
        header = game.header or {}
        colours = header.get("colours") or ["black", "white"]
        setup = header.get("setup") or {}
        values = {"player_1": names[0], "player_2": names[1], "colour_1": colours[0], "colour_2": colours[1],
                  "starter": 1, "setup": SHUFFLE if "supply" in setup else TRANSCRIBE}
        values.update({f"side_{m}": side for m, side in (game.sides or {}).items() if m in MONUMENTS})
        return values

    @staticmethod
    def known_names() -> list[str]:
        return list(Player.objects.order_by("name_key").values_list("name", flat=True))

    @classmethod
    def seated(cls, names):
        first, second = names
        return {"player_1": first, "player_2": second, "starter": 1}

    def clean(self):
        data = super().clean() or {}
        names = [data.get("player_1"), data.get("player_2")]
        if all(names):
            try:
                data["names"] = check_names(names)
            except ValueError as exc:
                raise forms.ValidationError(say(reason_of(exc)).replace("players[1]", gettext("Player 2"))) from None
            check_lookalikes(self, data["names"], dict(zip(data["names"], ("player_1", "player_2"), strict=True)))
        if data.get("colour_1") and data.get("colour_1") == data.get("colour_2"):
            self.add_error("colour_2", gettext("the two players need different colours"))
        if data.get("setup") == TRANSCRIBE:
            boats: list[list[str]] = []
            for boat in BOATS:
                try:
                    tokens = read_labels(data.get(boat_field(boat)) or "")
                except LabelError as exc:
                    # Translators: a boat's tokens could not be read, e.g. "row 1: 'x' is not a token …".
                    self.add_error(boat_field(boat), gettext("%(boat)s: %(problem)s") % {
                        "boat": say(line_name(boat)), "problem": say(reason_of(exc))})
                    boats.append([])
                    continue
                if len(tokens) != 3:
                    self.add_error(boat_field(boat), gettext(
                        "%(boat)s: give the 3 tokens on the boat, got %(got)s"
                    ) % {"boat": say(line_name(boat)), "got": len(tokens)})
                boats.append(tokens)
            data["boats"] = boats
        if not self.errors and data.get("setup") == TRANSCRIBE:
            try:
                default_registry().replay(self.to_record())
            except RulesError as exc:  # the engine names the bad token (D1, F2)
                reason = plain(say(getattr(exc, "reason", None) or reason_of(exc)))
                raise forms.ValidationError(gettext("the boats as transcribed are not a Duel setup: %(reason)s")
                                            % {"reason": reason}) from None
        return data

    def to_record(self) -> dict:
        """The F2 record (no moves) the Duel deals (`GameType.new_record`: the D3 shuffle as the
        explicit draw order), or with the boats as transcribed: players[0] is the one who starts (F2)."""
        data = self.cleaned_data
        seats = [(data["names"][0], data["colour_1"]), (data["names"][1], data["colour_2"])]
        if data["starter"] == 2:
            seats.reverse()
        record = default_registry().game("duel").new_record(
            [name for name, _ in seats], random.Random(), colours=[colour for _, colour in seats],
            sides={m: data[f"side_{m}"] for m in MONUMENTS})
        if data["setup"] == TRANSCRIBE:
            record["setup"] = {"boats": data["boats"]}
        return record
