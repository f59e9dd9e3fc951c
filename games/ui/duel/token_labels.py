"""The Duel's token faces in the reader's language: the short labels drawn on the boats, on
the tapping palette and typed while transcribing (duel.md D1).

The engine's labels (`rules_engine.duel.labels.SHORT`: Ob, PL, T2, #7, Take …) stay the
canonical English ones and `parse_labels` reads only those; each language's labels come from
its rulebook's words (docs/glossary/<lang>.md, table "Token labels") and are translated here
with the context "token label". A typed label of the reader's language is turned into the
token's record id before the engine reads the text, so English labels keep working too.
"""

from __future__ import annotations

import re

from django.utils.translation import pgettext_lazy

from games.services import reason_of
from rules_engine.duel.labels import SHORT, LabelError, parse_labels
from rules_engine.duel.tokens import (
    ACTIONS,
    OBELISK,
    PLACE_MEEPLES,
    PLACE_UNLOAD,
    PYRAMID_DARK,
    PYRAMID_LIGHT,
    SWAP_UNLOAD,
    TAKE_TOKEN,
    TEMPLES,
    TOKEN_IDS,
    TOMBS,
)
from rules_engine.messages import Message, msg

# Each a literal so makemessages finds it. Tombs keep their numbers (#1–#12) in every language.
_TRANSLATED = {
    # Translators: the short label on the obelisk token (at most 4 characters, unique; docs/glossary "Token labels").
    OBELISK: pgettext_lazy("token label", "Ob"),
    # Translators: the short label on a light pyramid token (at most 4 characters, unique).
    PYRAMID_LIGHT: pgettext_lazy("token label", "PL"),
    # Translators: the short label on a dark pyramid token (at most 4 characters, unique).
    PYRAMID_DARK: pgettext_lazy("token label", "PD"),
    # Translators: the short label on the temple token with 1 symbol (the temple's initial and the value).
    TEMPLES[0]: pgettext_lazy("token label", "T1"),
    # Translators: the short label on the temple token with 2 symbols.
    TEMPLES[1]: pgettext_lazy("token label", "T2"),
    # Translators: the short label on the temple token with 3 symbols.
    TEMPLES[2]: pgettext_lazy("token label", "T3"),
    # Translators: the short label on the temple token with 4 symbols.
    TEMPLES[3]: pgettext_lazy("token label", "T4"),
    # Translators: the short label on the action token "take 1 token" (at most 4 characters, unique).
    TAKE_TOKEN: pgettext_lazy("token label", "Take"),
    # Translators: the short label on the action token "place 2–3 meeples" (at most 4 characters, unique).
    PLACE_MEEPLES: pgettext_lazy("token label", "P23"),
    # Translators: the short label on the action token "place 1 meeple and unload 1–2×" (at most 4 characters).
    PLACE_UNLOAD: pgettext_lazy("token label", "P1U"),
    # Translators: the short label on the action token "swap 2 tokens and unload" (at most 4 characters).
    SWAP_UNLOAD: pgettext_lazy("token label", "SwU"),
}
_SPLIT = re.compile(r"([\s,;]+)")


def label(token: str) -> str:
    """The short label of ``token`` (a record id) in the active language; an unknown id as it is."""
    if token in _TRANSLATED:
        return str(_TRANSLATED[token])
    return SHORT.get(token, token)


def labels() -> dict[str, str]:
    """Every token's short label in the active language, by record id (the box's order)."""
    return {t: label(t) for t in TOKEN_IDS}


def examples() -> str:
    """The labels the forms read, as a refusal lists them: "Ob, PL, PD, T1–T4, #1–#12, Take, …"."""
    words = labels()
    return ", ".join([
        words[OBELISK], words[PYRAMID_LIGHT], words[PYRAMID_DARK],
        f"{words[TEMPLES[0]]}–{words[TEMPLES[-1]]}", f"{words[TOMBS[0]]}–{words[TOMBS[-1]]}",
        *(words[a] for a in ACTIONS),
    ])


def to_record_ids(text: str) -> str:
    """``text`` with each word that is a label of the active language replaced by its token's
    record id (which `parse_labels` reads in every language); other words stay as typed."""
    local = {v.casefold(): t for t, v in labels().items() if v != SHORT[t]}
    if not local:
        return str(text)
    return "".join(local.get(part.casefold(), part) for part in _SPLIT.split(str(text)))


def read_labels(text: str) -> list[str]:
    """The record ids of the tokens typed or tapped in ``text``, labels of the active language
    or English ones. LabelError's message lists the reader's own labels."""
    try:
        return parse_labels(to_record_ids(text))
    except LabelError as exc:
        reason = reason_of(exc)
        if isinstance(reason, Message) and "examples" in reason.params:
            raise LabelError(msg(reason.template, **{**reason.params, "examples": examples()})) from None
        raise

