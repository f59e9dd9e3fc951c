"""Running a league: made with its divisions (each a Berger round robin) and a deadline per
round, rounds closed (unplayed games then count by the league's rule), finished (each
division's movement up or down set), and the next league drawn from the movements."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.events.standings import Standing
from games.seasons import divisions as rules
from games.seasons import notices
from games.seasons.errors import SeasonError
from games.seasons.models import Division, DivisionPlayer, League, LeagueGame, LeagueRound
from games.services.players import players_by_name
from rules_engine.registry import DEFAULT_GAME, default_registry


def create_league(*, name: str, divisions: list[list[str]], first_deadline: datetime, days: int = 7,
                  promote: int = 2, unplayed: str = rules.DOUBLE_FORFEIT, game_type: str = DEFAULT_GAME,
                  language: str = "en", user=None, now: datetime | None = None) -> League:
    """A league of ``divisions`` (the top first, each its players by seed), round n's deadline
    ``first_deadline`` + (n − 1) × ``days``."""
    now = now or timezone.now()
    try:
        game = default_registry().game(game_type)
    except ValueError:
        raise SeasonError(_("this server has no game %(game)s") % {"game": repr(game_type[:40])}) from None
    if not game.min_players <= 2 <= game.max_players:
        raise SeasonError(_("a league is played two players a game"))
    if first_deadline <= now:
        raise SeasonError(_("first_deadline: %(deadline)s is in the past") % {"deadline": first_deadline.isoformat()})
    if days < 1:
        raise SeasonError(_("days: give at least one day between deadlines"))
    if unplayed not in rules.UNPLAYED_RULES:
        raise SeasonError(_("unplayed: give one of %(choices)s") % {"choices": ", ".join(rules.UNPLAYED_RULES)})
    if not divisions:
        raise SeasonError(_("divisions: give at least one division of players"))
    with transaction.atomic():
        seeded = [players_by_name(names) if names else [] for names in divisions]
        everyone = [p.pk for d in seeded for p in d]
        if len(set(everyone)) != len(everyone):
            raise SeasonError(_("divisions: a player is in two divisions or twice in one"))
        try:
            schedules = [rules.schedule([p.pk for p in d]) for d in seeded]
            rules.moves([[p.pk for p in d] for d in seeded], promote)
        except rules.LeagueRuleError as exc:
            raise SeasonError(_("divisions: each needs two players or more, and enough to move %(promote)s up "
                                "and down") % {"promote": promote}) from exc
        league = League.objects.create(name=name, game_type=game_type, promote=promote, unplayed=unplayed,
                                       language=language, created_by=user)
        rounds = [LeagueRound.objects.create(league=league, number=n, deadline=first_deadline + (n - 1) * timedelta(
            days=days)) for n in range(1, max(len(s) for s in schedules) + 1)]
        for level, (players, schedule) in enumerate(zip(seeded, schedules, strict=True), start=1):
            division = Division.objects.create(league=league, level=level)
            DivisionPlayer.objects.bulk_create(DivisionPlayer(division=division, player=p, seed=i)
                                               for i, p in enumerate(players, start=1))
            LeagueGame.objects.bulk_create(
                LeagueGame(division=division, round=rounds[n], first_id=a, second_id=b)
                for n, games in enumerate(schedule) for a, b in games)
    notices.round_started(rounds[0])
    return league


def close_round(round_: LeagueRound) -> int:
    """Close a round (at or before its deadline): its results are final, a game without one
    counts by the league's rule. Returns the number of games without a result."""
    with transaction.atomic():
        locked = LeagueRound.objects.select_for_update().get(pk=round_.pk)
        if locked.closed:
            raise SeasonError(_("round %(round)s is closed already") % {"round": locked.number})
        locked.closed = True
        locked.save(update_fields=["closed"])
        round_.closed = True
        unplayed = locked.games.filter(result="").count()
    following = locked.league.league_rounds.filter(number=locked.number + 1, closed=False,
                                                   deadline__gt=timezone.now()).first()
    if following is not None:  # the next round starts when this one closes
        notices.round_started(following)
    return unplayed


def close_due(league: League, now: datetime | None = None) -> list[int]:
    """Close every open round whose deadline has passed; their numbers."""
    now = now or timezone.now()
    due = list(league.league_rounds.filter(closed=False, deadline__lt=now))
    for r in due:
        close_round(r)
    return [r.number for r in due]


def games_of(division: Division) -> list[rules.Game]:
    rows = division.games.select_related("round").order_by("round__number", "id")
    return [rules.Game(g.round.number, g.first_id, g.second_id, g.result) for g in rows]


def closed_rounds(league: League) -> set[int]:
    return set(league.league_rounds.filter(closed=True).values_list("number", flat=True))


@dataclass(frozen=True)
class DivisionLine:
    standing: Standing
    name: str
    movement: str


def division_table(division: Division, closed: set[int] | None = None) -> list[DivisionLine]:
    league = division.league
    members = list(division.members.select_related("player").order_by("seed"))
    rows = rules.division_standings([m.player_id for m in members], games_of(division),
                                    closed_rounds(league) if closed is None else closed, league.unplayed)
    info = {m.player_id: m for m in members}
    return [DivisionLine(r, info[r.player].player.name, info[r.player].movement) for r in rows]


def finish(league: League) -> list[list[tuple[int, str]]]:
    """End the league: every round must be closed; each player's movement is set."""
    with transaction.atomic():
        locked = League.objects.select_for_update().get(pk=league.pk)
        if locked.status == League.Status.FINISHED:
            raise SeasonError(_("the league is finished already"))
        still = list(locked.league_rounds.filter(closed=False).values_list("number", flat=True))
        if still:
            raise SeasonError(_("close round %(round)s first") % {"round": still[0]})
        divisions = list(locked.divisions.order_by("level"))
        closed = closed_rounds(locked)
        finishing = [rules.finishing_order([line.standing for line in division_table(d, closed)]) for d in divisions]
        moved = rules.moves(finishing, locked.promote)
        for division, rows in zip(divisions, moved, strict=True):
            for player, movement in rows:
                DivisionPlayer.objects.filter(division=division, player_id=player).update(movement=movement)
        locked.status = League.Status.FINISHED
        locked.save(update_fields=["status"])
        league.status = locked.status
        return moved


def next_league(league: League, *, name: str, first_deadline: datetime, days: int = 7, user=None,
                now: datetime | None = None) -> League:
    """The next league, its divisions drawn from this one's movements (`divisions.next_divisions`)."""
    if league.status != League.Status.FINISHED:
        raise SeasonError(_("finish the league first"))
    divisions = list(league.divisions.order_by("level"))
    closed = closed_rounds(league)
    finishing = [[line.name for line in division_table(d, closed)] for d in divisions]
    ids = {line.name: line.standing.player for d in divisions for line in division_table(d, closed)}
    by_id = {v: k for k, v in ids.items()}
    drawn = rules.next_divisions([[ids[n] for n in names] for names in finishing], league.promote)
    return create_league(name=name, divisions=[[by_id[p] for p in d] for d in drawn], first_deadline=first_deadline,
                         days=days, promote=league.promote, unplayed=league.unplayed, game_type=league.game_type,
                         language=league.language, user=user, now=now)
