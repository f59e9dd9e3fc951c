"""Duel end-game boards (formats.md F1): what a person reads off the table for the score
calculator, parsed and checked against the physical limits of the box (duel.md D1).

`parse_board` turns an F1 JSON dict into a `DuelBoard` or raises `BoardError` listing every
problem as ``(field_path, message)``. A `DuelBoard` built directly (e.g. by a replay) is
checked the same way on construction, so `scoring.score` can trust any board it is given.

Path conventions (docs/rulings.md, "F1 — validation details"): a field's own problem is reported at
that field (``players[0].obelisk``); a limit broken only by the two players together
(``≤ 12 obelisks together``, ``tomb 7 held by both``) is reported at the second player's
field (``players[1].obelisk``). The messages are translatable (docs/i18n.md); field paths,
keys and JSON values in them stay as the format writes them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.duel.labels import NAMES
from rules_engine.duel.tokens import TEMPLES, TOMBS
from rules_engine.errors import BoardError
from rules_engine.messages import msg, plural
from rules_engine.validation import int_in, is_int, json_type, player_name, player_object, show, unknown

MONUMENTS = ("obelisk", "temple", "pyramid", "tomb")
SIDES = ("A", "B")

# D1: 12 tokens of each kind.
OBELISK_TOKENS = 12
TEMPLE_VALUES = (1, 2, 3, 4)
TEMPLE_TOKENS_PER_VALUE = 3
PYRAMID_TOKENS_PER_COLOUR = 6
TOMB_NUMBERS = range(1, 13)
ACTION_TOKENS = 12
MEEPLES_PER_PLAYER = 4
OBELISKS_FOR_BONUS = 5  # D7.1 B

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
_PYRAMID_FIELDS = ("light", "dark")


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """One player's monuments and extras at the end (F1 ``players[i]``)."""

    name: str | None
    obelisk: int
    obelisk_first_to_five: bool
    temple: tuple[int, ...]  # one entry per temple token: its value 1–4 (kept sorted)
    pyramid_light: int
    pyramid_dark: int
    tomb: tuple[int, ...]  # the tomb numbers held, 1–12 (kept sorted)
    action_tokens: int
    meeples_on_harbor: int

    def __post_init__(self) -> None:
        # Keep the board immutable and order-free (callers often pass unsorted lists), so two
        # boards holding the same tokens compare equal.
        for key in ("temple", "tomb"):
            value = getattr(self, key)
            if isinstance(value, list | tuple):
                try:
                    object.__setattr__(self, key, tuple(sorted(value)))
                except TypeError:  # junk entries: leave them for DuelBoard's validation to name
                    object.__setattr__(self, key, tuple(value))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "obelisk": self.obelisk,
            "obelisk_first_to_five": self.obelisk_first_to_five,
            "temple": sorted(self.temple),
            "pyramid": {"light": self.pyramid_light, "dark": self.pyramid_dark},
            "tomb": sorted(self.tomb),
            "action_tokens": self.action_tokens,
            "meeples_on_harbor": self.meeples_on_harbor,
        }


@dataclass(frozen=True, slots=True)
class DuelBoard:
    """A whole F1 board. ``sides`` always names every monument (missing ones are "A").

    Construction validates (raises `BoardError`), and copies ``sides`` so the board owns it;
    treat ``sides`` as read-only.
    """

    sides: dict[str, str]
    starting_player: int
    players: tuple[PlayerBoard, PlayerBoard]

    def __post_init__(self) -> None:
        sides = self.sides
        if isinstance(sides, Mapping):
            # Fill omitted monuments with "A" (F1) and take our own copy.
            sides = {m: sides.get(m, "A") for m in MONUMENTS} | {
                k: v for k, v in sides.items() if k not in MONUMENTS
            }
            object.__setattr__(self, "sides", sides)
        if isinstance(self.players, list):
            object.__setattr__(self, "players", tuple(self.players))
        errors = _validate(self._raw())
        if errors:
            raise BoardError(errors)

    def _raw(self) -> dict[str, Any]:
        """The board as F1-shaped data *without* coercion, for validation of direct builds."""
        players = self.players
        raw_players: object = players
        if isinstance(players, tuple) and all(isinstance(p, PlayerBoard) for p in players):
            raw_players = [
                {
                    "name": p.name,
                    "obelisk": p.obelisk,
                    "obelisk_first_to_five": p.obelisk_first_to_five,
                    "temple": p.temple,
                    "pyramid": {"light": p.pyramid_light, "dark": p.pyramid_dark},
                    "tomb": p.tomb,
                    "action_tokens": p.action_tokens,
                    "meeples_on_harbor": p.meeples_on_harbor,
                }
                for p in players
            ]
        elif isinstance(players, tuple):
            raw_players = list(players)
        return {"sides": self.sides, "starting_player": self.starting_player, "players": raw_players}

    def to_json(self) -> dict[str, Any]:
        """The canonical F1 dict: every field present, temple and tomb sorted."""
        return {
            "game": "duel",
            "sides": {m: self.sides[m] for m in MONUMENTS},
            "starting_player": self.starting_player,
            "players": [p.to_json() for p in self.players],
        }


def parse_board(data: object) -> DuelBoard:
    """Validate an F1 dict (formats.md F1) and build the board.

    Raises `BoardError` listing every problem found; never TypeError/KeyError for bad input.
    """
    errors = _validate(data)
    if errors:
        raise BoardError(errors)
    assert isinstance(data, Mapping)
    given_sides = data.get("sides") or {}
    players = tuple(
        PlayerBoard(
            name=p.get("name"),
            obelisk=p["obelisk"],
            obelisk_first_to_five=p.get("obelisk_first_to_five", False),
            temple=tuple(p["temple"]),
            pyramid_light=p["pyramid"]["light"],
            pyramid_dark=p["pyramid"]["dark"],
            tomb=tuple(p["tomb"]),
            action_tokens=p["action_tokens"],
            meeples_on_harbor=p["meeples_on_harbor"],
        )
        for p in data["players"]
    )
    # Already validated above: skip DuelBoard.__post_init__'s second check (this runs on
    # every keystroke of the calculator).
    board = object.__new__(DuelBoard)
    object.__setattr__(board, "sides", {m: given_sides.get(m, "A") for m in MONUMENTS})
    object.__setattr__(board, "starting_player", data.get("starting_player", 0))
    object.__setattr__(board, "players", players)
    return board


# --------------------------------------------------------------------------- validation


def _int_list(value: object, path: str, allowed: range | tuple[int, ...], what: str, item_name: str,
              errors: list[Any]) -> tuple[list[int], bool]:
    """The allowed integers of a list, and whether every entry was one. Every bad entry is
    reported (by position, counted from 1). ``what`` and ``item_name`` are words for people
    (messages): "temple token values", "a temple value"."""
    if not isinstance(value, list | tuple):
        # Translators: {what} is e.g. "tomb numbers"; {found} e.g. "a number" or "text 'x'".
        errors.append((path, msg("must be a list of {what}, got {found}", what=what, found=json_type(value))))
        return [], False
    good: list[int] = []
    ok = True
    lo, hi = min(allowed), max(allowed)
    for i, item in enumerate(value, start=1):
        if not is_int(item) or item not in allowed:
            # Translators: {entry} counts from 1; {item} is e.g. "a tomb number"; {found} what the list holds there.
            errors.append((path, msg("entry {entry} must be {item} {lo}–{hi}, got {found}", entry=i, item=item_name,
                                     lo=lo, hi=hi, found=show(item))))
            ok = False
        else:
            good.append(item)
    return good, ok


def _validate(data: object) -> list[tuple[str, str]]:
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
        _validate_together(parsed[0], parsed[1], sides, errors)
    return errors


def _validate_sides(sides: object, errors: list[Any]) -> dict[str, str] | None:
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


def _validate_player(p: object, path: str, errors: list[Any]) -> dict[str, Any] | None:
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
        over = _over_limit(Counter(temple), TEMPLE_TOKENS_PER_VALUE)
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
                if key not in _PYRAMID_FIELDS:
                    # Translators: the kind of key in "unknown pyramid colour (allowed: light, dark)".
                    errors.append(unknown(key, f"{path}.pyramid", _PYRAMID_FIELDS, msg("pyramid colour")))
            for colour in _PYRAMID_FIELDS:
                if colour not in pyr:
                    errors.append((f"{path}.pyramid.{colour}", _PYRAMID_REQUIRED[colour]))
                else:
                    v[f"pyramid_{colour}"] = int_in(pyr[colour], f"{path}.pyramid.{colour}", 0,
                                                     PYRAMID_TOKENS_PER_COLOUR, _WORDS[colour], errors)

    if "tomb" in p:
        tomb, ok = _int_list(p["tomb"], f"{path}.tomb", TOMB_NUMBERS, _WORDS["tomb"], _WORDS["a tomb number"],
                             errors)
        twice = _over_limit(Counter(tomb), 1)
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


def _over_limit(counts: Counter[int], limit: int) -> list[tuple[int, int]]:
    return sorted((value, n) for value, n in counts.items() if n > limit)


def _validate_together(a: dict[str, Any], b: dict[str, Any], sides: dict[str, Any] | None, errors: list[Any]) -> None:
    """F1 limits that only the two players together can break (reported at players[1])."""

    def both(key: str) -> tuple[Any, ...] | None:
        x, y = a.get(key), b.get(key)
        return None if x is None or y is None else (x, y)

    if (pair := both("obelisk")) and sum(pair) > OBELISK_TOKENS:
        # Translators: {a} + {b} = {total} are the two players' counts and their sum.
        errors.append(("players[1].obelisk", msg("the players hold {a} + {b} = {total} obelisk tokens together; the "
                                                 "game has only 12", a=pair[0], b=pair[1], total=sum(pair))))
    if pair := both("temple"):
        counts = Counter(pair[0]) + Counter(pair[1])
        for value, n in _over_limit(counts, TEMPLE_TOKENS_PER_VALUE):
            # Translators: {token} is e.g. "temple 2"; {limit} how many of it the game has.
            errors.append(("players[1].temple", plural("{token} appears {n} time across both players; the game has "
                                                       "only {limit}",
                                                       "{token} appears {n} times across both players; the game has "
                                                       "only {limit}", token=NAMES[TEMPLES[value - 1]], n=n,
                                                       limit=TEMPLE_TOKENS_PER_VALUE)))
    for colour in _PYRAMID_FIELDS:
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
