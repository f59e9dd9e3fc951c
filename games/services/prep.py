"""An opponent's prep sheet (issue 41): the explorer's counts from one player's side, over all
their finished games of a game type or over the games they played with one other player (a
pair): their results, their seat, the sides played and their own first move, each rate with its
number of games and its 95 % Wilson interval (`explorer.wilson`).

Counted from the explorer's facts (`GameFacts`, see games/services/explorer.py): the facts say
who won in play order and which seat started; the seats say where the player sat. Kept in the
shared cache under the history's version and the facts' as the explorer's answers are, and
bounded the same way (`games.read_limits`, the explorer's kind): an answer not kept is worked
out only while a slot is free, else `Busy` (429); facts still missing are queued for a fill in
the background (`explorer.bring_up_to_date`) and reported as not counted.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache

from games import read_limits
from games.models import Game, GameFacts, Seat
from games.services import explorer, history_version
from games.services.explorer import Rate, Section, _ranked, move_key

#: Plies of the explorer's facts that hold a first move: seats beyond them have none counted.
FIRST_MOVE_SEATS = 3


@dataclass
class Habits:
    """``player``'s games of ``game_type`` (with ``opponent`` at the table too, if given):
    ``results`` the player's wins (and the opponent's, for a pair), ``sections`` by seat
    (``seats``), by sides (``sides``) and, per seat k, the player's first move (``first_move_k``)."""

    game_type: str
    player: int
    opponent: int | None
    games: int
    uncounted: int
    results: list[Rate]
    sections: list[Section]


def habits(game_type: str, player: int, opponent: int | None = None,
           caller: read_limits.Caller | None = None) -> Habits:
    """The habits of ``player`` (against ``opponent``), kept in the cache (`explorer.explore`'s
    rules: the history's version, the facts' version; worked out within ``caller``'s limits)."""
    key = f"imhotep:prep:{history_version.current()}:{explorer.facts_version()}:{game_type}:{player}:{opponent}"
    answer = cache.get(key)
    if answer is not None:
        return answer
    with read_limits.computing("explorer", caller):
        left = explorer.uncounted(game_type).count()
        explorer.bring_up_to_date(game_type, left)  # in the background: a reader replays nothing
        answer = count(game_type, player, opponent, left)
    cache.set(key, answer, explorer.PARTIAL_SECONDS if left else explorer.CACHE_SECONDS)
    return answer


def count(game_type: str, player: int, opponent: int | None = None, not_counted: int = 0) -> Habits:
    """Count ``player``'s games (two queries: the facts, then the seats of those games)."""
    rows = GameFacts.objects.filter(game__game_type=game_type, game__status=Game.Status.FINISHED,
                                    game__parent__isnull=True, game__seats__player_id=player)
    if opponent is not None:
        rows = rows.filter(game__seats__player_id=opponent)
    facts = dict(rows.values_list("game_id", "facts"))
    seated: dict[int, list[int]] = {}
    for game_id, player_id in (Seat.objects.filter(game_id__in=rows.values("game_id"))
                               .order_by("game_id", "order").values_list("game_id", "player_id")):
        seated.setdefault(game_id, []).append(player_id)

    mine, theirs = Rate(str(player)), Rate(str(opponent))
    tables: dict[str, dict[str, Rate]] = {}

    def add(section: str, key: str, won: int) -> None:
        tables.setdefault(section, {}).setdefault(key, Rate(key)).add(bool(won))

    games = 0
    for game_id, fact in facts.items():
        won, starter = list(fact.get("won") or ()), int(fact.get("starter") or 0)
        players = seated.get(game_id, [])
        n = len(won)
        if not n or len(players) != n or player not in players:
            continue
        games += 1
        place = (players.index(player) - starter) % n
        me = won[place]
        mine.add(bool(me))
        if opponent is not None and opponent in players:
            theirs.add(bool(won[(players.index(opponent) - starter) % n]))
        add("seats", f"{n}-{place + 1}", me)
        for part, side in (fact.get("sides") or {}).items():
            add("sides", f"{part}-{side}", me)
        opening = (fact.get("engine") or {}).get("opening") or []
        if place < min(len(opening), FIRST_MOVE_SEATS):
            add(f"first_move_{place + 1}", move_key(opening[place]), me)

    seats = sorted(tables.get("seats", {}).values(), key=lambda r: tuple(int(k) for k in r.key.split("-")))
    sections = [Section("seats", seats), Section("sides", _ranked(tables.get("sides", {}).values()))]
    sections += [Section(f"first_move_{k}", _ranked(tables[f"first_move_{k}"].values()))
                 for k in range(1, FIRST_MOVE_SEATS + 1) if f"first_move_{k}" in tables]
    results = [mine] + ([theirs] if opponent is not None else [])
    return Habits(game_type, player, opponent, games, not_counted, results, sections)
