"""Validation of a Duel end-game board (formats.md F1), field by field: the top-level fields,
the monument sides, and each player's counts and token lists against what the box holds
(duel.md D1). `validate_board` returns every problem as ``(field_path, message)``, [] for a
valid board; the limits only the two players together can break are `board_limits`' part.

Path conventions (docs/rulings.md, "F1 — validation details"): a field's own problem is reported
at that field (``players[0].obelisk``); a limit broken only by the two players together
(``≤ 12 obelisks together``, ``tomb 7 held by both``) is reported at the second player's field
(``players[1].obelisk``). The messages are translatable (docs/i18n.md); field paths, keys and
JSON values in them stay as the format writes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.duel.board_limits import (
    ACTION_TOKENS,
    MEEPLES_PER_PLAYER,
    MONUMENTS,
    OBELISK_TOKENS,
    PYRAMID_COLOURS,
    PYRAMID_TOKENS_PER_COLOUR,
    SIDES,
    TEMPLE_TOKENS_PER_VALUE,
    TEMPLE_VALUES,
    TOMB_NUMBERS,
    check_together,
    over_limit,
)
from rules_engine.duel.labels import NAMES
from rules_engine.duel.tokens import TEMPLES, TOMBS
from rules_engine.messages import msg, plural
from rules_engine.validation import int_in, is_int, json_type, player_name, player_object, show, unknown

_TOP_FIELDS = ("game", "sides", "starting_player", "players")
_PLAYER_FIELDS = (
    "name",
    "obelisk",
    "obelisk_first_to_five",
    "temple",
    "pyramid",
    "tomb",
    "action_tokens",
    "meeples_on_harbor",
)


def _int_list(value: object, path: str, allowed: range | tuple[int, ...], what: str, item_name: str,
              errors: list[tuple[str, str]]) -> tuple[list[int], bool]:
    """The allowed integers of a list, and whether every entry was one. Every bad entry is
    reported (by position, counted from 1). ``what`` and ``item_name`` are words for people
    (messages): "temple token values", "a temple value"."""
    if not isinstance(value, list | tuple):
        # Translators: {what} is e.g. "tomb numbers"; {found} e.g. "a number" or "text 'x'".
        errors.append((path, msg("must be a list of {what}, got {found}", what=what, found=json_type(value))))
        return [], False
    good: list[int] = []
    ok = True
    for i, item in enumerate(value, start=1):
        if is_int(item) and item in allowed:
            good.append(item)
        else:
            # Translators: {entry} counts from 1; {item} is e.g. "a tomb number"; {found} what the list holds there.
            errors.append((path, msg("entry {entry} must be {item} {lo}–{hi}, got {found}", entry=i, item=item_name,
                                     lo=min(allowed), hi=max(allowed), found=show(item))))
            ok = False
    return good, ok


def validate_board(data: object) -> list[tuple[str, str]]:
    """Every problem with an F1 board as (field_path, message); [] when it is valid."""
    errors: list[tuple[str, str]] = []
    if not isinstance(data, Mapping):
        # Path "" is the whole document (as in the API's error schema).
        # Translators: {found} is e.g. "a list" or "text 'x'".
        return [("", msg("the board must be a JSON object (an F1 end-game board), got {found}", found=json_type(data)))]

    for key in data:
        if key not in _TOP_FIELDS:
            errors.append(unknown(key, "", _TOP_FIELDS, _FIELD))

    if "game" in data and data["game"] != "duel":
        # Translators: 'duel' is a JSON value (kept as it is); {found} is e.g. "a number" or "text 'x'".
        errors.append(("game", msg("must be 'duel' (or be left out), got {found}", found=json_type(data["game"]))))

    sides = _validate_sides(data.get("sides", {}), errors)

    starting = data.get("starting_player", 0)
    if not is_int(starting) or starting not in (0, 1):
        errors.append(("starting_player", msg("must be 0 or 1 (the index of the player who started), got {found}",
                                              found=show(starting))))

    if "players" not in data:
        errors.append(("players", msg("is required: a list of the 2 players' boards")))
        return errors
    players = data["players"]
    if not isinstance(players, list | tuple):
        errors.append(("players", msg("must be a list of the 2 players' boards, got {found}",
                                      found=json_type(players))))
        return errors
    if len(players) != 2:
        errors.append(("players", msg("exactly 2 players are needed, got {count}", count=len(players))))

    parsed = [_validate_player(p, f"players[{i}]", errors) for i, p in enumerate(players)]
    if len(parsed) == 2 and parsed[0] is not None and parsed[1] is not None:
        check_together(parsed[0], parsed[1], sides, errors)
    return errors


def _validate_sides(sides: object, errors: list[tuple[str, str]]) -> dict[str, str] | None:
    if sides is None or not isinstance(sides, Mapping):
        # Translators: the braces hold JSON (kept as it is); {found} is e.g. "a list".
        errors.append(("sides", msg('must be an object like {{"obelisk": "A", "temple": "B", …}} (or be left out for '
                                    'all A), got {found}', found=json_type(sides))))
        return None
    result = {}
    for key, side in sides.items():
        if key not in MONUMENTS:
            # Translators: the kind of key in "unknown monument (allowed: …)".
            errors.append(unknown(key, "sides", MONUMENTS, msg("monument")))
        elif not isinstance(side, str) or side not in SIDES:
            errors.append((f"sides.{key}", msg("must be 'A' or 'B', got {found}", found=json_type(side))))
        else:
            result[key] = side
    return {m: result.get(m, "A") for m in MONUMENTS}


def _validate_player(p: object, path: str, errors: list[tuple[str, str]]) -> dict[str, Any] | None:
    """One player's fields, each checked on its own. Returns the well-formed values (a field
    missing from the result was bad), or None if the player is not even an object."""
    if not player_object(p, path, _PLAYER_FIELDS, _REQUIRED_HINT, errors):
        return None
    player_name(p, path, errors)  # checked only: `parse_board` reads the name

    v: dict[str, Any] = {}

    if "obelisk" in p:
        v["obelisk"] = int_in(p["obelisk"], f"{path}.obelisk", 0, OBELISK_TOKENS, _WORDS["obelisk"], errors)

    flag = p.get("obelisk_first_to_five", False)
    if not isinstance(flag, bool):
        errors.append((f"{path}.obelisk_first_to_five", msg("must be true or false, got {found}",
                                                            found=json_type(flag))))
    else:
        v["obelisk_first_to_five"] = flag

    if "temple" in p:
        temple, ok = _int_list(p["temple"], f"{path}.temple", TEMPLE_VALUES, _WORDS["temple"],
                               _WORDS["a temple value"], errors)
        over = over_limit(temple, TEMPLE_TOKENS_PER_VALUE)
        for value, n in over:
            # Translators: {token} is e.g. "temple 2"; {limit} how many of it the game has.
            errors.append((f"{path}.temple", plural("{token} appears {n} time; the game has only {limit} (D1)",
                                                    "{token} appears {n} times; the game has only {limit} (D1)",
                                                    token=NAMES[TEMPLES[value - 1]], n=n,
                                                    limit=TEMPLE_TOKENS_PER_VALUE)))
        # Cross-player limits only make sense on a list that is right in itself.
        v["temple"] = temple if ok and not over else None

    if "pyramid" in p:
        pyr = p["pyramid"]
        if not isinstance(pyr, Mapping):
            # Translators: the braces hold JSON (kept as it is); {found} is e.g. "a list".
            errors.append((f"{path}.pyramid", msg('must be an object {{"light": n, "dark": n}}, got {found}',
                                                  found=json_type(pyr))))
        else:
            for key in pyr:
                if key not in PYRAMID_COLOURS:
                    # Translators: the kind of key in "unknown pyramid colour (allowed: light, dark)".
                    errors.append(unknown(key, f"{path}.pyramid", PYRAMID_COLOURS, msg("pyramid colour")))
            for colour in PYRAMID_COLOURS:
                if colour not in pyr:
                    errors.append((f"{path}.pyramid.{colour}", _PYRAMID_REQUIRED[colour]))
                else:
                    v[f"pyramid_{colour}"] = int_in(pyr[colour], f"{path}.pyramid.{colour}", 0,
                                                     PYRAMID_TOKENS_PER_COLOUR, _WORDS[colour], errors)

    if "tomb" in p:
        tomb, ok = _int_list(p["tomb"], f"{path}.tomb", TOMB_NUMBERS, _WORDS["tomb"], _WORDS["a tomb number"],
                             errors)
        twice = over_limit(tomb, 1)
        for number, n in twice:
            # Translators: {token} is e.g. "tomb 7".
            errors.append((f"{path}.tomb", plural("{token} is listed {n} time; there is only one",
                                                  "{token} is listed {n} times; there is only one",
                                                  token=NAMES[TOMBS[number - 1]], n=n)))
        v["tomb"] = tomb if ok and not twice else None

    if "action_tokens" in p:
        v["action_tokens"] = int_in(p["action_tokens"], f"{path}.action_tokens", 0, ACTION_TOKENS,
                                     _WORDS["action_tokens"], errors)
    if "meeples_on_harbor" in p:
        v["meeples_on_harbor"] = int_in(p["meeples_on_harbor"], f"{path}.meeples_on_harbor", 0,
                                         MEEPLES_PER_PLAYER, _WORDS["meeples"], errors)
    return v


# Translators: the kind of key in "unknown field (allowed: …)".
_FIELD = msg("field")

# Words for what a board's fields count, in messages such as "must be a whole number of
# obelisk tokens (0–12), got a list".
_WORDS = {
    # Translators: what a board field counts, as in "must be a whole number of obelisk tokens (0–12)".
    "obelisk": msg("obelisk tokens"),
    # Translators: what a board field lists, as in "must be a list of temple token values, got …".
    "temple": msg("temple token values"),
    # Translators: one entry of a board's list, as in "entry 2 must be a temple value 1–4, got 7".
    "a temple value": msg("a temple value"),
    # Translators: what a board field counts, as in "must be a whole number of light pyramid tokens (0–6)".
    "light": msg("light pyramid tokens"),
    # Translators: what a board field counts, as in "must be a whole number of dark pyramid tokens (0–6)".
    "dark": msg("dark pyramid tokens"),
    # Translators: what a board field lists, as in "must be a list of tomb numbers, got …".
    "tomb": msg("tomb numbers"),
    # Translators: one entry of a board's list, as in "entry 2 must be a tomb number 1–12, got 13".
    "a tomb number": msg("a tomb number"),
    # Translators: what a board field counts, as in "must be a whole number of unused action tokens (0–12)".
    "action_tokens": msg("unused action tokens"),
    # Translators: what a board field counts, as in "must be a whole number of meeples (0–4)".
    "meeples": msg("meeples"),
}

_PYRAMID_REQUIRED = {
    # Translators: a missing field of a board.
    "light": msg("is required (number of light pyramid tokens, 0–6)"),
    # Translators: a missing field of a board.
    "dark": msg("is required (number of dark pyramid tokens, 0–6)"),
}

_REQUIRED_HINT = {
    # Translators: what a missing board field holds, as in "is required (…)".
    "obelisk": msg("number of obelisk tokens, 0–12"),
    # Translators: what a missing board field holds, as in "is required (…)"; [] is JSON's empty list.
    "temple": msg("list of temple token values 1–4, [] if none"),
    "pyramid": '{"light": n, "dark": n}',  # JSON, the same in every language
    # Translators: what a missing board field holds, as in "is required (…)"; [] is JSON's empty list.
    "tomb": msg("list of tomb numbers 1–12, [] if none"),
    # Translators: what a missing board field holds, as in "is required (…)".
    "action_tokens": msg("number of unused action tokens"),
    # Translators: what a missing board field holds, as in "is required (…)".
    "meeples_on_harbor": msg("number of own meeples still on the harbor, 0–4"),
}
