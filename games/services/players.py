"""Players are matched by name, case-insensitively (one club, one "Ana")."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import IntegrityError, transaction

from games.models import Player, name_key, normalize_name

MAX_NAME_LENGTH = Player._meta.get_field("name").max_length


def check_names(names: object, path: str = "players") -> list[str]:
    """The seat names of a document, cleaned; raises ValueError naming the bad entry."""
    if not isinstance(names, Sequence) or isinstance(names, str) or not names:
        raise ValueError(f"{path} must be a non-empty list of player names, got {names!r}")
    cleaned: list[str] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        if not isinstance(raw, str) or not normalize_name(raw):
            raise ValueError(f"{path}[{i}] must be a player's name, got {raw!r}")
        name = normalize_name(raw)
        if len(name) > MAX_NAME_LENGTH:
            raise ValueError(
                f"{path}[{i}] is {len(name)} characters long; names have at most {MAX_NAME_LENGTH}"
            )
        key = name_key(name)
        if key in seen:
            raise ValueError(
                f"{path}[{i}]: {name!r} already sits at seat {seen[key] + 1}; a player plays once per game"
            )
        seen[key] = i
        cleaned.append(name)
    return cleaned


def players_by_name(names: Sequence[str]) -> list[Player]:
    """The players with these names, in order, creating the new ones (call inside a transaction)."""
    keys = [name_key(n) for n in names]
    found = {p.name_key: p for p in Player.objects.filter(name_key__in=keys)}
    out = []
    for name, key in zip(names, keys, strict=True):
        player = found.get(key)
        if player is None:
            player = _create(name, key)
            found[key] = player
        out.append(player)
    return out


def _create(name: str, key: str) -> Player:
    # Two imports may create the same new player at once; the loser reads the winner's row.
    try:
        with transaction.atomic():
            return Player.objects.create(name=name)
    except IntegrityError:
        return Player.objects.get(name_key=key)
