"""Base-game cards as the table turns them up (F4 ``setup.transcribed``): the choices a page
offers (round cards as printed, the 34 market cards with how many are left) and reading what
was picked. The engine checks every card again (rules_engine/classic/transcription.py).

Words are ``Message`` values (said when the page is drawn); the new-game form's choices are
built once, so they are lazy strings (`games.ui.gameui.drawn`)."""

from __future__ import annotations

from collections.abc import Mapping

from games.ui.gameui import drawn
from rules_engine.classic.components import CARDS, DECK, ROUND_CARDS
from rules_engine.classic.transcription import market_left, round_cards_left
from rules_engine.messages import msg

#: The market cards as a picker lists them (the board's words, capitalised; C7).
CARD_LABELS = {
    "entrance": msg("Entrance"),
    "sarcophagus": msg("Sarcophagus"),
    "paved-path": msg("Paved path"),
    "decoration-pyramids": msg("Pyramids decoration"),
    "decoration-temple": msg("Temple decoration"),
    "decoration-burial-chamber": msg("Burial chamber decoration"),
    "decoration-obelisks": msg("Obelisks decoration"),
    "statue": msg("Statue"),
    "lever": msg("Lever"),
    "hammer": msg("Hammer"),
    "sail": msg("Sail"),
    "chisel": msg("Chisel"),
}


def card_label(card: str) -> str:
    """A market card for a picker: "Paved path" (a ``Message``; an unknown id in words)."""
    return CARD_LABELS.get(card) or card.replace("-", " ").capitalize()


def round_card_label(card) -> str:
    return "-".join(map(str, card))


def parse_round_card(text: str) -> list[int] | None:
    parts = str(text).strip().split("-")
    return [int(p) for p in parts] if len(parts) == 4 and all(p.isdigit() for p in parts) else None


ALL_ROUND_CARDS = sorted({round_card_label(c) for cards in ROUND_CARDS.values() for c in cards}, reverse=True)
MARKET_CHOICES = [(card, drawn(card_label(card))) for card in CARDS]


def market_choices(left: Mapping[str, int]) -> list[dict]:
    """Each market card with how many are left to turn up, for a picker (C7)."""
    return [{"id": card, "label": card_label(card), "left": left.get(card, 0)} for card in CARDS]


def pending_choices(state, players: int, seen_round_cards: list, need) -> dict:
    """What the draw form of the play page offers for ``need`` (a `CardsNeeded`)."""
    return {
        "round_cards": [round_card_label(c) for c in round_cards_left(players, seen_round_cards)]
        if need.round_card else [],
        "market": range(1, need.market + 1),
        "cards": market_choices(market_left(state) if need.market else DECK),
    }


def table_fields(need) -> list[str]:
    """The draw form's fields (the round card's is there even when not asked for)."""
    return ["round_card", *(f"market_{k}" for k in range(1, need.market + 1))]


def table_form(timeline, need) -> dict:
    """The draw form of the play page for ``need``: what it offers."""
    seen = (timeline.record.get("setup") or {}).get("round_cards", [])
    return {"table": pending_choices(timeline.state(timeline.plies), len(timeline.names), seen, need)}


def read_turned_up(data: Mapping[str, str], need) -> tuple[dict, list[str]]:
    """The cards a draw form posted (`GameType.with_table`'s answers: the setup's round cards
    and market draws to add), and the problems to fix (``Message`` values)."""
    problems: list[str] = []
    turned_up: dict = {"round_cards": [], "market_draws": []}
    if need.round_card:
        round_card = parse_round_card(data.get("round_card", ""))
        if round_card is None:
            problems.append(msg("pick the round card that was turned up"))
        else:
            turned_up["round_cards"].append(round_card)
    for k in range(1, need.market + 1):
        card = data.get(f"market_{k}", "")
        if card not in CARDS:
            # Translators: a market card to pick in the draw form, e.g. "pick market card 2 of 4, in the order
            # turned up".
            problems.append(msg("pick market card {k} of {count}, in the order turned up", k=k, count=need.market))
        else:
            turned_up["market_draws"].append(card)
    return turned_up, problems
