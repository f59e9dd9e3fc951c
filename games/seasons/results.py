"""Every ladder and league result flows through `enter`: refused when it cannot count (a
challenge decided already, a closed round, an unknown code, a game of other players), then
counted by `count`. A later confirmation step (the other player agrees) sits between the two:
`enter` would park the result and the confirmation call `count`."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game
from games.seasons import ladder_service
from games.seasons.divisions import RESULTS
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge, LeagueGame

#: A challenge's results: the challenger's then the defender's (a forfeit is the deadline's).
CHALLENGE_RESULTS = ("1-0", "0-1")


def code_of_game(game: Game, first: int, second: int) -> str:
    """A finished recorded game's result as a code, seat ``first``'s then ``second``'s."""
    if game.status != Game.Status.FINISHED:
        raise SeasonError(_("game %(game)s is not finished") % {"game": game.pk})
    ranks = {}
    for seat in game.seats.select_related("result"):
        result = getattr(seat, "result", None)
        if result is not None:
            ranks[seat.player_id] = result.rank
    if set(ranks) != {first, second}:
        raise SeasonError(_("game %(game)s was not played by these two players") % {"game": game.pk})
    a, b = ranks[first], ranks[second]
    return "=" if a == b else "1-0" if a < b else "0-1"


def enter(target: Challenge | LeagueGame, code: str = "", *, game: Game | None = None,
          now: datetime | None = None) -> None:
    """A result for a challenge or a league game: by ``code`` or by a recorded ``game`` linked
    to it (its result read from the game)."""
    now = now or timezone.now()
    with transaction.atomic():
        if isinstance(target, Challenge):
            target = Challenge.objects.select_for_update().select_related("ladder").get(pk=target.pk)
            first, second = target.challenger_id, target.defender_id
            if target.status != Challenge.Status.OPEN:
                raise SeasonError(_("the challenge is decided already (%(status)s)") % {
                    "status": target.get_status_display()})
            allowed: tuple[str, ...] = CHALLENGE_RESULTS
        else:
            target = LeagueGame.objects.select_for_update().select_related("round").get(pk=target.pk)
            first, second = target.first_id, target.second_id
            if target.round.closed:
                raise SeasonError(_("round %(round)s is closed: its results are final") % {
                    "round": target.round.number})
            allowed = tuple(RESULTS)
        if game is not None:
            code = code_of_game(game, first, second)
        if code not in allowed:
            raise SeasonError(_("result: %(code)s is not one of %(codes)s") % {
                "code": repr(code[:10]), "codes": ", ".join(allowed)})
        if game is not None and _linked_elsewhere(game, target):
            raise SeasonError(_("game %(game)s counts for another challenge or league game") % {"game": game.pk})
        count(target, code, game, now)


def _linked_elsewhere(game: Game, target: Challenge | LeagueGame) -> bool:
    challenges = Challenge.objects.filter(game=game)
    league_games = LeagueGame.objects.filter(game=game)
    if isinstance(target, Challenge):
        challenges = challenges.exclude(pk=target.pk)
    else:
        league_games = league_games.exclude(pk=target.pk)
    return challenges.exists() or league_games.exists()


def count(target: Challenge | LeagueGame, code: str, game: Game | None, now: datetime) -> None:
    """Count an accepted result: a ladder's order moves; a league game's result is stored."""
    if game is not None:
        target.game = game
    if isinstance(target, Challenge):
        ladder_service.decide(target, code == "1-0", now)
    else:
        target.result = code
        target.save(update_fields=["result", "game"])
