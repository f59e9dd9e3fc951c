"""The "start a base game" form (/games/new?game=classic): 2–4 players in seat order with
their colours, the side of each of the five sites, the variants, and the shuffle seed.

The game deals the setup (`GameType.new_record`, C2) with ``random.Random`` of the shuffle
seed, so the same seed deals the same setup, and the record stores the deal with the seed it
was dealt from. A setup turned up at the table gives round 1's card and market here (F4
``setup.transcribed``); a whole transcribed setup is entered by importing an F4 record.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.models import Game, Player
from games.player_checks import NewPlayersField, check_lookalikes
from games.services import reason_of
from games.services.players import check_names
from games.ui.classic.describe import site_name
from games.ui.classic.forms import SITE_NAMES
from games.ui.classic.table import ALL_ROUND_CARDS, MARKET_CHOICES, parse_round_card, round_card_label
from games.ui.gameui import NewGameForm, drawn
from imhotep_lib.translation import say
from rules_engine.classic.components import COLOURS, GAME_ID, MAX_PLAYERS, MIN_PLAYERS, ROUND_CARDS, SITES
from rules_engine.classic.plugin import ClassicGame
from rules_engine.classic.words import COLOUR_NAMES
from rules_engine.errors import RulesError
from rules_engine.messages import msg
from rules_engine.registry import default_registry

SIDES = (("A", "A"), ("B", "B"))
MAX_SEED = 2**63 - 1

#: What a B side lacks, in the players' words (classic.md C6 ⚠): shown beside the disabled
#: choice, so a side is never offered and then refused.
MISSING_DATA = {
    # Translators: what the pyramids' side B lacks (classic.md C6 ⚠), after "we don't know".
    "pyramids": msg("the pyramids' shapes, what each space is worth and where the bonuses are"),
    # Translators: what the temple's side B lacks (classic.md C6 ⚠), after "we don't know".
    "temple": msg("which temple space gives which bonus"),
    # Translators: what the burial chamber's side B lacks (classic.md C6 ⚠), after "we don't know".
    "burial-chamber": msg("how many points each row gives"),
    # Translators: what the obelisks' side B lacks (classic.md C6 ⚠), after "we don't know".
    "obelisks": msg("what each tower space is worth"),
}


class SideSelect(forms.RadioSelect):
    """Radio buttons of which some values are shown but cannot be chosen."""

    def __init__(self, *args, disabled: tuple[str, ...] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.disabled = disabled

    def create_option(self, *args, **kwargs):
        option = super().create_option(*args, **kwargs)
        if option["value"] in self.disabled:
            option["attrs"]["disabled"] = True
        return option


class RoundCardSelect(forms.Select):
    """Round cards, each saying the player counts it belongs to (``data-players="2 3"``, C1): the
    page (js/new-game.js) offers only those of the count of names entered."""

    def create_option(self, *args, **kwargs):
        option = super().create_option(*args, **kwargs)
        if option["value"]:
            counts = [n for n, cards in ROUND_CARDS.items() if option["value"] in {round_card_label(c) for c in cards}]
            option["attrs"]["data-players"] = " ".join(map(str, counts))
        return option


class NewClassicForm(NewGameForm):
    # Tells /games/new which form a post is for (the action's ?game=classic does too).
    game = forms.CharField(widget=forms.HiddenInput, initial=GAME_ID, required=False)
    seed = forms.IntegerField(
        label=_("Shuffle seed"),
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text=_("Leave empty for a fresh shuffle; the same seed deals the same round cards and market cards."),
    )
    new_players = NewPlayersField()
    setup = forms.ChoiceField(
        label=_("Setup"),
        choices=(("shuffle", _("Shuffled by the server")), ("table", _("Turned up at our table"))),
        initial="shuffle",
        required=False,  # empty: shuffled by the server
        widget=forms.RadioSelect,
    )
    round_card = forms.ChoiceField(
        label=_("Round 1's card"),
        required=False,
        choices=[("", "—"), *((c, c) for c in ALL_ROUND_CARDS)],
        widget=RoundCardSelect,
        help_text=_("The ship sizes as printed on the card turned up for round 1."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        colours = [(c, drawn(COLOUR_NAMES.get(c, c))) for c in COLOURS]
        for n in range(1, MAX_PLAYERS + 1):
            # Translators: a seat at the table, in the order of play (seat 1 starts, C2.3).
            seat = gettext("Seat %(n)s") % {"n": n}
            self.fields[f"player_{n}"] = forms.CharField(label=seat, max_length=60, required=n <= MIN_PLAYERS)
            self.fields[f"colour_{n}"] = forms.ChoiceField(label=_("Colour"), choices=colours, initial=COLOURS[n - 1])
        game = default_registry().game(GAME_ID)
        # A side is unavailable when no player count has its data; partial data (a plugin's,
        # for some player counts) stays choosable and the engine names the missing count.
        unavailable = set.intersection(*(set(game.unplayable_sides(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)))
        self.unavailable_notes = {}
        for site in SITES:
            disabled = ("B",) if site in unavailable else ()
            self.fields[f"side_{site}"] = forms.ChoiceField(
                label=SITE_NAMES[site], choices=SIDES, initial="A", widget=SideSelect(disabled=disabled)
            )
            if disabled:
                self.unavailable_notes[site] = msg(
                    # Translators: a B side the base game has no board data for (classic.md C6 ⚠); {missing}
                    # says what is not known, e.g. "which temple space gives which bonus".
                    "Side B of the {site} can't be played yet: we don't know {missing}. "
                    "A club admin can enter this board data, or a plugin can supply it.",
                    site=site_name(site), missing=MISSING_DATA[site],
                )
        for k in range(1, 6):
            self.fields[f"market_{k}"] = forms.ChoiceField(
                label=gettext("Market card %(n)s") % {"n": k}, required=False, choices=[("", "—"), *MARKET_CHOICES]
            )
        variants = [
            (v["id"], drawn(v["name"]))
            for g in default_registry().describe() if g["id"] == GAME_ID for v in g["variants"]
        ]
        self.fields["variants"] = forms.MultipleChoiceField(
            label=_("Variants"), choices=variants, required=False, widget=forms.CheckboxSelectMultiple
        )

    @property
    def seats(self):
        return [(self[f"player_{n}"], self[f"colour_{n}"]) for n in range(1, MAX_PLAYERS + 1)]

    @property
    def market_fields(self):
        return [self[f"market_{k}"] for k in range(1, 6)]

    @property
    def side_fields(self):
        return [(self[f"side_{site}"], self.unavailable_notes.get(site, "")) for site in SITES]

    @staticmethod
    def known_names() -> list[str]:
        return list(Player.objects.order_by("name_key").values_list("name", flat=True))

    @classmethod
    def last_time(cls, user) -> dict | None:
        """The form's values of the last base game ``user`` started here (issue 50: "same players
        as last time", one tap): the names in their seats (seat 1 starts, C2.3), their colours,
        the sides, the variants and whether the cards were turned up at the table; None before
        the first."""
        game = (Game.objects.filter(created_by=user, game_type=GAME_ID, source=Game.Source.RECORDED)
                .order_by("-pk").first() if user.is_authenticated else None)
        if game is None:
            return None
        names = [seat.player.name for seat in game.seats.select_related("player").order_by("order")]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            return None
        header = game.header or {}
        colours = header.get("colours") or COLOURS[: len(names)]
        values: dict[str, Any] = {f"player_{n}": name for n, name in enumerate(names, 1)}
        values.update({f"colour_{n}": colour for n, colour in enumerate(colours, 1)})
        values.update({f"side_{site}": side for site, side in (game.sides or {}).items() if site in SITES})
        values["variants"] = list(header.get("variants") or [])
        values["setup"] = "table" if (header.get("setup") or {}).get("transcribed") else "shuffle"
        return values

    @classmethod
    def seated(cls, names):
        return {f"player_{n}": names[n - 1] if n <= len(names) else "" for n in range(1, MAX_PLAYERS + 1)}

    def clean(self):
        data = super().clean() or {}
        seats: list[tuple[int, str, Any]] = []
        gap = False
        for n in range(1, MAX_PLAYERS + 1):
            name = (data.get(f"player_{n}") or "").strip()
            if not name:
                gap = True
                continue
            if gap:
                self.add_error(f"player_{n}",
                               gettext("fill the seats in order: seat 1 starts, no empty seat before"))
            seats.append((n, name, data.get(f"colour_{n}")))
        if len(seats) < MIN_PLAYERS:
            raise forms.ValidationError(gettext("the base game needs %(least)s to %(most)s players")
                                        % {"least": MIN_PLAYERS, "most": MAX_PLAYERS})
        try:
            data["names"] = check_names([name for _n, name, _colour in seats])
        except ValueError as exc:
            raise forms.ValidationError(say(reason_of(exc))) from None
        fields = {name: f"player_{n}" for (n, _name, _colour), name in zip(seats, data["names"], strict=True)}
        check_lookalikes(self, data["names"], fields)
        for site, note in self.unavailable_notes.items():
            if data.get(f"side_{site}") == "B":  # a hand-made post: the page never offers it
                self.add_error(f"side_{site}", say(note))
        colours = [c for _n, _name, c in seats]
        for k, (n, _name, colour) in enumerate(seats):
            if colour in colours[:k]:
                self.add_error(f"colour_{n}", gettext(
                    "%(colour)s is already taken: each player needs their own colour"
                ) % {"colour": say(COLOUR_NAMES.get(colour, colour))})
        data["colours"] = colours
        if data.get("setup") == "table":
            self._clean_table(data, len(seats))
        if data.get("seed") is None:
            data["seed"] = secrets.randbelow(MAX_SEED)
        if not self.errors:
            try:
                default_registry().replay(self.to_record())
            except RulesError as exc:  # e.g. a B side whose board data is missing (classic.md C6 ⚠)
                raise forms.ValidationError(gettext("this game cannot be set up: %(reason)s")
                                            % {"reason": say(getattr(exc, "reason", None) or reason_of(exc))}) from None
        return data

    def _clean_table(self, data: dict, players: int) -> None:
        """Round 1's card and market as turned up at the table (F4 setup.transcribed)."""
        card = data.get("round_card") or ""
        if card not in {round_card_label(c) for c in ROUND_CARDS[players]}:
            self.add_error("round_card", gettext("pick round 1's card: one of the %(players)s-player round cards")
                           % {"players": players})
        size = 4 if data.get("side_market") == "A" else 5
        market = [data.get(f"market_{k}") or "" for k in range(1, size + 1)]
        for k, picked in enumerate(market, 1):
            if not picked:
                self.add_error(f"market_{k}", ngettext(
                    "pick the %(n)s market card turned up for round 1, in order",
                    "pick the %(n)s market cards turned up for round 1, in order",
                    size,
                ) % {"n": size})
        data["table"] = {"round_cards": [parse_round_card(card) or []], "market_draws": market, "transcribed": True}

    def to_record(self) -> dict:
        """The F4 record (no moves): players[0] is seat 1, who starts (C2.3), dealt by the game
        (`GameType.new_record`) from the shuffle seed, or with the cards turned up at the table."""
        data = self.cleaned_data
        game = default_registry().game(GAME_ID)
        assert isinstance(game, ClassicGame)  # this form is the base game's own
        record = game.new_record(
            data["names"], random.Random(data["seed"]), seed=data["seed"], colours=data["colours"],
            sides={site: data[f"side_{site}"] for site in SITES}, variants=data.get("variants") or ())
        if data.get("setup") == "table":
            return {**record, "setup": data["table"]}
        return record
