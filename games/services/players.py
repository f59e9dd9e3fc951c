"""Players are matched by name, case-insensitively (one club, one "Ana"). A player with games
is never deleted (their games would lose a seat): they are merged into another player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction

from games.models import Player, Seat, name_key, normalize_name
from games.services import ratings
from games.services.documents import unstorable
from rules_engine.messages import msg, plural

MAX_NAME_LENGTH = Player._meta.get_field("name").max_length


def check_names(names: object, path: str = "players") -> list[str]:
    """The seat names of a document, cleaned; raises ValueError naming the bad entry."""
    if names is None:  # the field left out
        raise ValueError(msg("{field} is missing: the list of the players' names", field=path))
    if not isinstance(names, Sequence) or isinstance(names, str) or not names:
        raise ValueError(
            msg("{field} must be a non-empty list of player names, got {value}", field=path, value=repr(names))
        )
    cleaned: list[str] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        if not isinstance(raw, str) or not normalize_name(raw):
            raise ValueError(msg("{field} must be a player's name, got {value}", field=f"{path}[{i}]", value=repr(raw)))
        name = normalize_name(raw)
        if len(name) > MAX_NAME_LENGTH:
            raise ValueError(msg("{field} is {length} characters long; names have at most {limit}",
                                 field=f"{path}[{i}]", length=len(name), limit=MAX_NAME_LENGTH))
        if (problem := unstorable(name, f"{path}[{i}]")) is not None:
            raise ValueError(problem)
        key = name_key(name)
        if key in seen:
            raise ValueError(
                msg("{field}: {name} already sits at seat {seat}; a player plays once per game",
                    field=f"{path}[{i}]", name=repr(name), seat=seen[key] + 1)
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


# --------------------------------------------------------------------------- delete and merge


class PlayerHasGames(ValueError):
    """A player who sat at games cannot be deleted: their games would lose a seat."""


class MergeRefused(ValueError):
    """Two players cannot be merged (the reason says why)."""


@dataclass(frozen=True)
class Merged:
    target: Player
    seats_moved: int
    game_types: tuple[str, ...]  # whose ratings were rebuilt


def delete_refusal(player: Player) -> str:
    """Why ``player`` cannot be deleted, or "" when they can (no games)."""
    games = player.seats.count()
    if not games:
        return ""
    return plural(
        "{name} sat at {n} game, so they cannot be deleted: their games and results would lose a seat. "
        "Merge them into another player instead (their games move to that player).",
        "{name} sat at {n} games, so they cannot be deleted: their games and results would lose a seat. "
        "Merge them into another player instead (their games move to that player).",
        name=player.name,
        n=games,
    )


def delete_player(player: Player) -> None:
    """Delete a player who has no games. Raises PlayerHasGames otherwise: a player's games
    are never deleted with them (``Seat.player`` is PROTECT as well)."""
    with transaction.atomic():
        refusal = delete_refusal(player)
        if refusal:
            raise PlayerHasGames(refusal)
        player.delete()


def merge_players(source: Player, target: Player) -> Merged:
    """Make ``source`` and ``target`` one player, ``target``: ``source``'s seats (with their
    results) move to ``target``, so does ``source``'s login if ``target`` has none; ``source``
    is deleted and the ratings of every game type ``source`` played are rebuilt from their
    first game (before it neither rating history changes).

    Refused (MergeRefused, nothing changed) when both sat in the same game (a player plays
    once per game, so they are two people) or both have a login."""
    if source.pk == target.pk:
        raise MergeRefused(msg("a player cannot be merged into themselves"))
    with transaction.atomic():
        # Lock both rows, in id order so two merges cannot deadlock.
        locked = {
            p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[source.pk, target.pk]).order_by("pk")
        }
        if len(locked) != 2:
            raise MergeRefused(msg("one of the two players no longer exists"))
        source, target = locked[source.pk], locked[target.pk]
        shared = list(
            Seat.objects.filter(player=source, game__seats__player=target)
            .order_by("game_id")
            .values_list("game_id", flat=True)
        )
        if shared:
            raise MergeRefused(
                plural(
                    "{source} and {target} both sat in game {games}: they are two people, not one",
                    "{source} and {target} both sat in games {games}: they are two people, not one",
                    source=source.name,
                    target=target.name,
                    games=tuple(shared),
                    n=len(shared),
                )
            )
        if source.user_id and target.user_id:
            raise MergeRefused(
                msg("{source} and {target} each have a login; unlink one (admin: the player's user) first",
                    source=source.name, target=target.name)
            )
        starts: dict[str, tuple] = {}
        for game_type, played_on, game_id in (
            Seat.objects.filter(player=source)
            .order_by("game__played_on", "game_id")
            .values_list("game__game_type", "game__played_on", "game_id")
        ):
            starts.setdefault(game_type, (played_on, game_id))
        moved = Seat.objects.filter(player=source).update(player=target)
        user = source.user
        source.delete()  # its rating rows go with it; the rebuild below writes target's
        if user is not None:
            target.user = user
            target.save(update_fields=["user"])
        for game_type, (played_on, game_id) in sorted(starts.items()):
            ratings.rebuild_from(game_type, played_on, game_id)
    return Merged(target=target, seats_moved=moved, game_types=tuple(sorted(starts)))


def within_one_edit(a: str, b: str) -> bool:
    """True when ``b`` is ``a`` with at most one letter inserted, removed or changed."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :]
    return a[i:] == b[i + 1 :]


def lookalikes(names: Sequence[str]) -> dict[str, str]:
    """New names (no player has them) that are one typo away from an existing player's name:
    typed name → the existing name, so a page can ask before creating "Benn" beside "Ben"."""
    keys = {name_key(n): n for n in names}
    existing = dict(Player.objects.values_list("name_key", "name"))
    found = {}
    for key, typed in keys.items():
        if key in existing:
            continue
        match = next((name for other, name in existing.items() if within_one_edit(key, other)), None)
        if match is not None:
            found[typed] = match
    return found
