"""What the Duel box holds (duel.md D1) and the F1 board limits that only the two players
together can break: the four monuments and their two sides, how many tokens of each kind there
are, and the checks across both players' boards (formats.md F1) — at most 12 obelisks, 3 of each
temple value, 6 pyramids of each colour and 12 action tokens between them, each tomb held by
one player only, and who was first to five obelisks on obelisk side B (D7.1 B).

`check_together` runs on two players' fields that were each well-formed on their own
(`board_validation`); a limit broken only by the two together is reported at the second
player's field (``players[1].obelisk``; docs/rulings.md, "F1 — validation details").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules_engine.duel.labels import NAMES
from rules_engine.duel.tokens import TEMPLES, TOMBS
from rules_engine.messages import msg, plural

MONUMENTS = ("obelisk", "temple", "pyramid", "tomb")
SIDES = ("A", "B")
PYRAMID_COLOURS = ("light", "dark")

# D1: 12 tokens of each kind.
OBELISK_TOKENS = 12
TEMPLE_VALUES = (1, 2, 3, 4)
TEMPLE_TOKENS_PER_VALUE = 3
PYRAMID_TOKENS_PER_COLOUR = 6
TOMB_NUMBERS = range(1, 13)
ACTION_TOKENS = 12
MEEPLES_PER_PLAYER = 4
OBELISKS_FOR_BONUS = 5  # D7.1 B


def over_limit(values: Sequence[int], limit: int) -> list[tuple[int, int]]:
    """The ``(value, count)`` pairs seen more than ``limit`` times in ``values``, in order of value."""
    if len(values) <= limit or (limit == 1 and len(set(values)) == len(values)):
        return []  # the common case, answered without counting (this runs on every keystroke)
    return sorted((value, n) for value, n in Counter(values).items() if n > limit)


def check_together(a: dict[str, Any], b: dict[str, Any], sides: dict[str, Any] | None,
                   errors: list[tuple[str, str]]) -> None:
    """F1 limits that only the two players together can break (reported at players[1])."""

    def both(key: str) -> tuple[Any, ...] | None:
        x, y = a.get(key), b.get(key)
        return None if x is None or y is None else (x, y)

    if (pair := both("obelisk")) and sum(pair) > OBELISK_TOKENS:
        # Translators: {a} + {b} = {total} are the two players' counts and their sum.
        errors.append(("players[1].obelisk", msg("the players hold {a} + {b} = {total} obelisk tokens together; the "
                                                 "game has only 12", a=pair[0], b=pair[1], total=sum(pair))))
    if pair := both("temple"):
        for value, n in over_limit([*pair[0], *pair[1]], TEMPLE_TOKENS_PER_VALUE):
            # Translators: {token} is e.g. "temple 2"; {limit} how many of it the game has.
            errors.append(("players[1].temple", plural("{token} appears {n} time across both players; the game has "
                                                       "only {limit}",
                                                       "{token} appears {n} times across both players; the game has "
                                                       "only {limit}", token=NAMES[TEMPLES[value - 1]], n=n,
                                                       limit=TEMPLE_TOKENS_PER_VALUE)))
    for colour in PYRAMID_COLOURS:
        if (pair := both(f"pyramid_{colour}")) and sum(pair) > PYRAMID_TOKENS_PER_COLOUR:
            if colour == "light":
                # Translators: {a} + {b} = {total} are the two players' counts and their sum.
                why = msg("the players hold {a} + {b} = {total} light pyramid tokens together; the game has only 6",
                          a=pair[0], b=pair[1], total=sum(pair))
            else:
                # Translators: {a} + {b} = {total} are the two players' counts and their sum.
                why = msg("the players hold {a} + {b} = {total} dark pyramid tokens together; the game has only 6",
                          a=pair[0], b=pair[1], total=sum(pair))
            errors.append((f"players[1].pyramid.{colour}", why))
    if pair := both("tomb"):
        for number in sorted(set(pair[0]) & set(pair[1])):
            # Translators: {token} is e.g. "tomb 7".
            errors.append(("players[1].tomb", msg("{token} is held by both players", token=NAMES[TOMBS[number - 1]])))
    if (pair := both("action_tokens")) and sum(pair) > ACTION_TOKENS:
        # Translators: {a} + {b} = {total} are the two players' counts and their sum.
        errors.append(("players[1].action_tokens", msg("the players hold {a} + {b} = {total} action tokens together; "
                                                       "the game has only 12", a=pair[0], b=pair[1],
                                                       total=sum(pair))))

    # D7.1 B / F1: who was first to five obelisks matters only when both reached five.
    # On side A the flag is ignored entirely (docs/rulings.md, "F1 obelisk_first_to_five").
    if sides is None or sides["obelisk"] != "B":
        return
    obelisks = both("obelisk")
    for i, p in enumerate((a, b)):
        if p.get("obelisk_first_to_five") and p.get("obelisk") is not None \
                and p["obelisk"] < OBELISKS_FOR_BONUS:
            # Translators: {n} is the player's obelisk tokens (0 to 4).
            why = plural("cannot be true with {n} obelisk tokens: first to five needs at least 5 (D7.1 B)",
                         "cannot be true with {n} obelisk tokens: first to five needs at least 5 (D7.1 B)",
                         n=p["obelisk"])
            errors.append((f"players[{i}].obelisk_first_to_five", why))
    flags = both("obelisk_first_to_five")
    if obelisks and flags and min(obelisks) >= OBELISKS_FOR_BONUS:
        marked = sum(flags)
        if marked == 0:
            # Translators: {a} and {b} are the players' obelisk tokens; obelisk_first_to_five is a field (kept).
            why = msg("with obelisk side B and both players holding at least 5 obelisk tokens ({a} and {b}), exactly "
                      "one must be marked obelisk_first_to_five (D7.1 B); neither is", a=obelisks[0], b=obelisks[1])
            errors.append(("players[1].obelisk_first_to_five", why))
        elif marked == 2:
            # Translators: {a} and {b} are the players' obelisk tokens; obelisk_first_to_five is a field (kept).
            why = msg("with obelisk side B and both players holding at least 5 obelisk tokens ({a} and {b}), exactly "
                      "one must be marked obelisk_first_to_five (D7.1 B); both are", a=obelisks[0], b=obelisks[1])
            errors.append(("players[1].obelisk_first_to_five", why))
