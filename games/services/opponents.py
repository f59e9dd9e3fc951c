"""A player against the others: head-to-head records, rival, nemesis and favourite opponent.

"Beat" means finished ahead in the results' ranks (1 = first), so a 3- or 4-player game
counts between every pair of its players; equal ranks (a shared win) are draws. Only
finished games with results count. Two queries per call, whatever the club's size.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.conf import settings

from games.models import Game, Player, Seat


@dataclass
class Record:
    """One player's record against one opponent."""

    opponent: Player
    wins: int = 0
    losses: int = 0
    draws: int = 0
    by_type: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def per_game_type(self) -> list[tuple[str, list[int]]]:
        """(game type, [wins, losses, draws]) sorted by game type. For templates: they would
        look ``by_type.items`` up as the key "items" of the defaultdict, creating it."""
        return sorted(self.by_type.items())

    @property
    def score(self) -> float:
        """Share of the points against this opponent (a draw is half), 0–1."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def add(self, game_type: str, outcome: int) -> None:
        """outcome: 0 win, 1 loss, 2 draw (also the index into by_type's triples)."""
        if outcome == 0:
            self.wins += 1
        elif outcome == 1:
            self.losses += 1
        else:
            self.draws += 1
        self.by_type[game_type][outcome] += 1


@dataclass(frozen=True)
class Opponents:
    records: list[Record]  # most games first
    rival: Record | None  # most games against
    nemesis: Record | None  # lowest score (below half) against, among opponents met often enough
    favourite: Record | None  # highest score (above half) against, among opponents met often enough


def _ranks(player: Player):
    """(game id, game type) → {player id: rank} for every finished game ``player`` sat in."""
    games = Seat.objects.filter(player=player, game__status=Game.Status.FINISHED, result__isnull=False,
                                game__parent__isnull=True, game__bot_level__isnull=True,
                                ).values("game_id")  # variations and bot games are not results
    rows = Seat.objects.filter(game_id__in=games, result__isnull=False).values_list(
        "game_id", "game__game_type", "player_id", "result__rank"
    )
    ranks: dict[tuple[int, str], dict[int, int]] = defaultdict(dict)
    for game_id, game_type, player_id, rank in rows:
        ranks[(game_id, game_type)][player_id] = rank
    return ranks


def opponents(player: Player) -> Opponents:
    records: dict[int, Record] = {}
    for (_, game_type), ranks in _ranks(player).items():
        mine = ranks.get(player.pk)
        if mine is None:
            continue
        for other, theirs in ranks.items():
            if other == player.pk:
                continue
            record = records.get(other)
            if record is None:
                record = records[other] = Record(opponent=Player(pk=other))
            record.add(game_type, 0 if mine < theirs else 1 if mine > theirs else 2)
    names = Player.objects.in_bulk(list(records))
    for pk, record in records.items():
        record.opponent = names[pk]
    ordered = sorted(records.values(), key=lambda r: (-r.games, r.opponent.name_key))
    often = [r for r in ordered if r.games >= settings.IMHOTEP_MIN_OPPONENT_GAMES]
    return Opponents(
        records=ordered,
        rival=ordered[0] if ordered else None,
        nemesis=min((r for r in often if r.score < 0.5), key=lambda r: (r.score, -r.games), default=None),
        favourite=max((r for r in often if r.score > 0.5), key=lambda r: (r.score, r.games), default=None),
    )


def head_to_head(player: Player, other: Player) -> Record:
    """``player``'s record against ``other`` (wins, losses, draws, per game type)."""
    record = Record(opponent=other)
    for (_, game_type), ranks in _ranks(player).items():
        if player.pk in ranks and other.pk in ranks:
            mine, theirs = ranks[player.pk], ranks[other.pk]
            record.add(game_type, 0 if mine < theirs else 1 if mine > theirs else 2)
    return record
