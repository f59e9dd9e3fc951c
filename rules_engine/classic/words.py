"""The base game's words for people (docs/i18n.md): the board's names of sites, market cards
and colours, the names of the moves a refusal is about, and the places within a move where it
went wrong. All are `Message` values, so the web app says them in the reader's language.

Refusals name where they happened as a *context*: a move kind (``"place"``, ``"sail card"`` …)
or a small tuple built from one (``(AT, "sail", ship, site)``: "sail: ship 2 at the market").
Tuples cost nothing on the success path; `doing` turns one into words only when a move is
refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine.classic.components import SITES
from rules_engine.messages import Message, msg, pmsg

SITE_NAMES: dict[str, Message] = {
    # Translators: a building site of Imhotep: Builder of Egypt (the market board).
    "market": msg("market"),
    # Translators: a building site of Imhotep: Builder of Egypt (the pyramids board).
    "pyramids": msg("pyramids"),
    # Translators: a building site of Imhotep: Builder of Egypt (the temple board).
    "temple": msg("temple"),
    # Translators: a building site of Imhotep: Builder of Egypt (the burial chamber board).
    "burial-chamber": msg("burial chamber"),
    # Translators: a building site of Imhotep: Builder of Egypt (the obelisks board).
    "obelisks": msg("obelisks"),
}
SITE_NAME_AT: tuple[Message, ...] = tuple(SITE_NAMES[s] for s in SITES)  # by site index

CARD_NAMES: dict[str, Message] = {
    # Translators: a red market card of Imhotep: Builder of Egypt.
    "entrance": msg("entrance"),
    # Translators: a red market card of Imhotep: Builder of Egypt.
    "sarcophagus": msg("sarcophagus"),
    # Translators: a red market card of Imhotep: Builder of Egypt.
    "paved-path": msg("paved path"),
    # Translators: a green market card of Imhotep: Builder of Egypt (decorates the pyramids).
    "decoration-pyramids": msg("pyramids decoration"),
    # Translators: a green market card of Imhotep: Builder of Egypt (decorates the temple).
    "decoration-temple": msg("temple decoration"),
    # Translators: a green market card of Imhotep: Builder of Egypt (decorates the burial chamber).
    "decoration-burial-chamber": msg("burial chamber decoration"),
    # Translators: a green market card of Imhotep: Builder of Egypt (decorates the obelisks).
    "decoration-obelisks": msg("obelisks decoration"),
    # Translators: the purple market card of Imhotep: Builder of Egypt.
    "statue": msg("statue"),
    # Translators: a blue market card of Imhotep: Builder of Egypt; also the move of playing it.
    "lever": msg("lever"),
    # Translators: a blue market card of Imhotep: Builder of Egypt; also the move of playing it.
    "hammer": msg("hammer"),
    # Translators: a blue market card of Imhotep: Builder of Egypt (the card "sail"); also the move of sailing a ship.
    "sail": msg("sail"),
    # Translators: a blue market card of Imhotep: Builder of Egypt; also the move of playing it.
    "chisel": msg("chisel"),
}

COLOUR_NAMES: dict[str, Message] = {
    # Translators: a player's colour of stones (Imhotep: Builder of Egypt).
    "black": msg("black"),
    # Translators: a player's colour of stones (Imhotep: Builder of Egypt).
    "white": msg("white"),
    # Translators: a player's colour of stones (Imhotep: Builder of Egypt).
    "brown": msg("brown"),
    # Translators: a player's colour of stones (Imhotep: Builder of Egypt).
    "grey": msg("grey"),
}

# The moves a refusal names first ("place: ship 1 slot 1 already holds a black stone").
MOVE_NAMES: dict[str, Message] = {
    # Translators: the move "get stones" (from the quarry onto the sled), naming the move a message is about.
    "get-stones": msg("get stones"),
    # Translators: the move "place a stone on a ship", naming the move a message is about.
    "place": msg("place"),
    # Translators: the move of sailing a ship to a site, naming the move a message is about.
    "sail": pmsg("move", "sail"),
    "lever": CARD_NAMES["lever"],
    "hammer": CARD_NAMES["hammer"],
    # Translators: the move of playing the blue card "sail", naming the move a message is about.
    "sail card": msg("sail card"),
    "chisel": CARD_NAMES["chisel"],
    # Translators: the move "pass", naming the move a message is about.
    "pass": msg("pass"),
    # Translators: the game's setup (before the first move), naming what a message is about.
    "setup": msg("setup"),
}

# Where a refusal happened: a key of MOVE_NAMES, or a tuple whose first entry is one of these.
Context = str | tuple[Any, ...]

AT = 0  # (AT, what, ship 0-based, site index): a ship unloading at a site
BY_RED_CARD = 1  # (BY_RED_CARD, what, card id): a red card putting its stone on a site
MARKET_OF = 2  # (MARKET_OF, what, round 0-based): the market a round turns up
PYRAMID_BONUS_CARD = 3  # (PYRAMID_BONUS_CARD, what): the card a pyramid bonus space draws
TEMPLE_BONUS_CARD = 4  # (TEMPLE_BONUS_CARD, what, space 1-based): the card a temple space draws
TAKES_CARD = 5  # (TAKES_CARD, what, colour id): a player taking a market card
CHOOSES_PYRAMID = 6  # (CHOOSES_PYRAMID, what, colour id)
MAY_PLACE = 7  # (MAY_PLACE, what, colour id)
POINT_OR_STONES = 8  # (POINT_OR_STONES, what, colour id, space 1-based)


def site_name(site: str | int) -> Message:
    """The board's name of a site, by id (``"burial-chamber"``) or index (`components.SITES`)."""
    return SITE_NAME_AT[site] if isinstance(site, int) else SITE_NAMES[site]


def card_name(card: str) -> Message:
    return CARD_NAMES[card]


def colour_name(colour: str) -> Message:
    return COLOUR_NAMES[colour]


def chamber_place(column: int, row: int) -> Message:
    """A place of the burial chamber (C5.4) from 0-based indexes, as the board counts it."""
    # Translators: a place of the burial chamber (C5.4): columns from the left, rows from the top.
    return msg("column {column}, row {row} of the burial chamber", column=column + 1, row=row + 1)


def doing(what: Context) -> Message:
    """The words for a refusal's context (see the module docstring)."""
    if isinstance(what, str):
        return MOVE_NAMES[what]
    kind, outer = what[0], doing(what[1])
    if kind == AT:
        # Translators: where a move went wrong, e.g. "sail: ship 2 at the market".
        return msg("{what}: ship {ship} at the {site}", what=outer, ship=what[2] + 1, site=site_name(what[3]))
    if kind == BY_RED_CARD:
        # Translators: where a move went wrong: a red market card delivering its stone, e.g. "…, entrance".
        return msg("{what}, {card}", what=outer, card=card_name(what[2]))
    if kind == MARKET_OF:
        return msg("{what}: round {round} market", what=outer, round=what[2] + 1)
    if kind == PYRAMID_BONUS_CARD:
        return msg("{what}: pyramid bonus card", what=outer)
    if kind == TEMPLE_BONUS_CARD:
        return msg("{what}: temple space {space} bonus card", what=outer, space=what[2])
    if kind == TAKES_CARD:
        return msg("{what}: {colour} takes a card", what=outer, colour=colour_name(what[2]))
    if kind == CHOOSES_PYRAMID:
        return msg("{what}: {colour} chooses a pyramid", what=outer, colour=colour_name(what[2]))
    if kind == MAY_PLACE:
        return msg("{what}: {colour} may place a stone (pyramid bonus)", what=outer, colour=colour_name(what[2]))
    assert kind == POINT_OR_STONES
    return msg(
        "{what}: {colour} on temple space {space} takes 1 point or 2 stones",
        what=outer,
        colour=colour_name(what[2]),
        space=what[3],
    )


def refusal(what: Context, reason: Message) -> Message:
    """``reason`` prefixed with where it happened: "place: ship 4 has 1 slot, no slot 2 (C1)"."""
    # Translators: a refused move: where it went wrong, then why.
    return msg("{what}: {reason}", what=doing(what), reason=reason)


def semicolons(parts: Iterable[Message]) -> Message:
    """Sentences joined with "; " (at least one)."""
    parts = list(parts)
    out = parts[0]
    for part in parts[1:]:
        # Translators: two parts of a list of problems or of rows, joined by a semicolon.
        out = msg("{earlier}; {later}", earlier=out, later=part)
    return out


def and_list(items: Iterable[Message]) -> Message:
    """Items as "a, b and c" (at least one)."""
    items = tuple(items)
    if len(items) == 1:
        return items[0]
    # Translators: the end of a list, e.g. "pyramids, temple and obelisks"; {items} is the start, joined by commas.
    return msg("{items} and {last}", items=items[:-1], last=items[-1])
