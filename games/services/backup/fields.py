"""Readers of a backup line's fields on restore: each returns the value when it has the type
the model holds, else raises `LineError` naming the field; `_clean` runs the model's own
checks; `game_fields` and `game_seats` read a game line's columns and seats with them.
The underscored readers are this package's helpers, not an API.
"""

from __future__ import annotations

import datetime
from collections.abc import Container, Mapping

from django.core.exceptions import ValidationError
from django.utils import timezone

from games.models import Game


class LineError(ValueError):
    """One line of a backup cannot be restored; nothing of it was written."""


def game_fields(data: dict) -> dict:
    fields = {
        "game_type": _text(data, "game_type"),
        "variants": _texts(data, "variants"),
        "sides": _object(data, "sides"),
        "played_on": _date(data, "played_on"),
        "location": _text(data, "location", blank=True),
        "notes": _text(data, "notes", blank=True),
        "source": _text(data, "source"),
        "status": _text(data, "status"),
        "engine_version": _text(data, "engine_version"),
        "plugin_versions": _object(data, "plugin_versions"),
        "board": _optional_object(data, "board"),
        "header": _optional_object(data, "header"),
        **_bot(data),
    }
    if fields["source"] == Game.Source.SCORE and fields["board"] is None:
        raise LineError("a score-only game needs its board")
    if fields["source"] != Game.Source.SCORE and fields["header"] is None:
        raise LineError("a recorded game needs its header")
    return fields


def game_seats(data: dict, players: Container[int]) -> list[dict]:
    """A game line's seats; ``players`` are the backup's player ids restored so far."""
    seats = _list(data, "seats")
    if not seats:
        raise LineError("seats: a game has at least one seat")
    out = []
    for i, seat in enumerate(seats):
        where = f"seats[{i}]"
        if not isinstance(seat, dict):
            raise LineError(f"{where} must be an object")
        order = _int(seat, "order", where)
        if order != i:
            raise LineError(f"{where}.order is {order}; seats are listed in order from 0")
        player = _int(seat, "player", where)
        if player not in players:
            raise LineError(
                f"{where}.player: player id {player} was not restored (missing, refused, or after its games)"
            )
        result = seat.get("result")
        if result is not None and not isinstance(result, dict):
            raise LineError(f"{where}.result must be an object or null")
        out.append(
            {
                "order": order,
                "player": player,
                "colour": _text(seat, "colour", blank=True, where=where),
                "started": _bool(seat, "started", where),
                "result": result,
            }
        )
    if len({s["player"] for s in out}) != len(out):
        raise LineError("seats: a player sits twice in the game")
    return out


def _bot(data: Mapping) -> dict:
    """A game line's bot level and seats (docs/bots.md; absent from files written before them)."""
    level, seats = data.get("bot_level"), data.get("bot_seats", [])
    if level is not None and (not isinstance(level, int) or isinstance(level, bool) or level < 1):
        raise LineError(f"bot_level must be a whole number ≥ 1 or null, got {level!r:.40}")
    if not isinstance(seats, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
        raise LineError(f"bot_seats must be a list of seat numbers, got {seats!r:.40}")
    return {"bot_level": level, "bot_seats": seats}


def _missing(data: Mapping, key: str, where: str) -> str:
    return f"{where + '.' if where else ''}{key}"


def _get(data: Mapping, key: str, where: str):
    if key not in data:
        raise LineError(f"{_missing(data, key, where)} is missing")
    return data[key]


def _int(data: Mapping, key: str, where: str = "") -> int:
    value = _get(data, key, where)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise LineError(f"{_missing(data, key, where)} must be a whole number ≥ 0, got {value!r:.40}")
    return value


def _bool(data: Mapping, key: str, where: str = "") -> bool:
    value = _get(data, key, where)
    if not isinstance(value, bool):
        raise LineError(f"{_missing(data, key, where)} must be true or false, got {value!r:.40}")
    return value


def _text(data: Mapping, key: str, *, blank: bool = False, where: str = "") -> str:
    value = _get(data, key, where)
    if not isinstance(value, str) or (not blank and not value.strip()):
        raise LineError(f"{_missing(data, key, where)} must be {'' if blank else 'non-empty '}text, got {value!r:.40}")
    return value


def _optional_text(data: Mapping, key: str) -> str | None:
    value = data.get(key)
    if value is not None and (not isinstance(value, str) or not value):
        raise LineError(f"{key} must be text or null, got {value!r:.40}")
    return value


def _list(data: Mapping, key: str) -> list:
    value = _get(data, key, "")
    if not isinstance(value, list):
        raise LineError(f"{key} must be a list, got {type(value).__name__}")
    return value


def _texts(data: Mapping, key: str) -> list[str]:
    value = _list(data, key)
    if not all(isinstance(item, str) for item in value):
        raise LineError(f"{key} must be a list of text")
    return value


def _object(data: Mapping, key: str) -> dict:
    value = _get(data, key, "")
    if not isinstance(value, dict):
        raise LineError(f"{key} must be an object, got {type(value).__name__}")
    return value


def _optional_object(data: Mapping, key: str) -> dict | None:
    value = data.get(key)
    if value is not None and not isinstance(value, dict):
        raise LineError(f"{key} must be an object or null, got {type(value).__name__}")
    return value


def _date(data: Mapping, key: str) -> datetime.date:
    value = _get(data, key, "")
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise LineError(f"{key} must be a date as YYYY-MM-DD, got {value!r:.40}") from None


def _datetime(data: Mapping, key: str) -> datetime.datetime:
    value = _get(data, key, "")
    try:
        moment = datetime.datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise LineError(f"{key} must be a date and time in ISO 8601, got {value!r:.40}") from None
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, datetime.UTC)
    return moment


def _clean(instance, exclude: list[str], where: str = "") -> None:
    """The model's own field checks (lengths, choices); uniqueness is the database's job."""
    try:
        instance.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        prefix = f"{where}." if where else ""
        problems = "; ".join(f"{prefix}{name}: {' '.join(messages)}" for name, messages in exc.message_dict.items())
        raise LineError(problems) from None
