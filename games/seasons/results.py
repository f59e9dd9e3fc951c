"""Every ladder and league result flows through `enter`: refused when it cannot count (a
challenge decided already, a closed round, an unknown code, a game of other players), then
counted by `count`. Between the two sits the confirmation (docs/seasons.md, Confirmation): a
result one player enters waits (`Confirmation.State.PENDING`) until the other player confirms
it (`confirm`, then counted) or disputes it (`dispute`: the organiser decides); a result the
organiser enters (``by=None``) counts at once. Each step locks the row, so two players acting at
once are served one after the other."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, Player
from games.seasons import ladder_service, notices
from games.seasons.divisions import RESULTS
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge, Confirmation, LeagueGame

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


def _locked(target: Challenge | LeagueGame) -> tuple[Challenge | LeagueGame, int, int, tuple[str, ...]]:
    """The target locked, its two players (first seat first) and its result codes; refused when
    its result is final already."""
    if isinstance(target, Challenge):
        target = Challenge.objects.select_for_update().select_related("ladder").get(pk=target.pk)
        if target.status != Challenge.Status.OPEN:
            raise SeasonError(_("result: the challenge is decided already (%(status)s)") % {
                "status": target.get_status_display()})
        return target, target.challenger_id, target.defender_id, CHALLENGE_RESULTS
    target = LeagueGame.objects.select_for_update().select_related("round").get(pk=target.pk)
    if target.round.closed:
        raise SeasonError(_("result: round %(round)s is closed: its results are final") % {
            "round": target.round.number})
    return target, target.first_id, target.second_id, tuple(RESULTS)


def enter(target: Challenge | LeagueGame, code: str = "", *, game: Game | None = None,
          by: Player | None = None, now: datetime | None = None) -> bool:
    """A result for a challenge or a league game: by ``code`` or by a recorded ``game`` linked
    to it (its result read from the game). ``by`` is the player who enters it: it then waits for
    the other player; without ``by`` (the organiser) it counts at once. True when it counted."""
    now = now or timezone.now()
    with transaction.atomic():
        target, first, second, allowed = _locked(target)
        if by is not None and by.pk not in (first, second):
            raise SeasonError(_("player: %(name)s does not play this game") % {"name": by.name})
        if game is not None:
            code = code_of_game(game, first, second)
        if code not in allowed:
            raise SeasonError(_("result: %(code)s is not one of %(codes)s") % {
                "code": repr(code[:10]), "codes": ", ".join(allowed)})
        if game is not None and _linked_elsewhere(game, target):
            raise SeasonError(_("game %(game)s counts for another challenge or league game") % {"game": game.pk})
        if by is None:
            _clear(target)
            count(target, code, game, now)
            return True
        if target.confirmation == Confirmation.State.DISPUTED:
            raise SeasonError(_("result: the result is disputed: the organiser decides"))
        if target.confirmation == Confirmation.State.PENDING and target.entered_by_id != by.pk:
            raise SeasonError(_("result: the other player entered a result already: confirm or dispute it"))
        # The same player entering again replaces their waiting entry.
        target.confirmation = Confirmation.State.PENDING
        target.entered_result, target.entered_game, target.entered_by, target.entered_at = code, game, by, now
        target.dispute_reason = ""
        target.save(update_fields=CONFIRMATION_FIELDS)
    notices.result_waiting(target)  # once the entry is stored for good
    return False


#: The fields of a waiting result (`Confirmation`).
CONFIRMATION_FIELDS = ["confirmation", "entered_result", "entered_game", "entered_by", "entered_at",
                       "dispute_reason"]

#: The longest reason a dispute keeps (`Confirmation.dispute_reason`).
REASON_LENGTH = 200


def _clear(target: Challenge | LeagueGame) -> None:
    target.confirmation = Confirmation.State.NONE
    target.entered_result, target.entered_game, target.entered_by, target.entered_at = "", None, None, None
    target.dispute_reason = ""
    target.save(update_fields=CONFIRMATION_FIELDS)


def _waiting_for(target: Challenge | LeagueGame, by: Player, first: int, second: int) -> None:
    """Refused unless a result waits and ``by`` is the other player of the two."""
    if target.confirmation != Confirmation.State.PENDING:
        raise SeasonError(_("result: no result is waiting for confirmation") if not target.confirmation
                          else _("result: the result is disputed: the organiser decides"))
    if by.pk not in (first, second):
        raise SeasonError(_("player: %(name)s does not play this game") % {"name": by.name})
    if by.pk == target.entered_by_id:
        raise SeasonError(_("player: %(name)s entered this result: the other player confirms it") % {
            "name": by.name})


def confirm(target: Challenge | LeagueGame, by: Player | None, now: datetime | None = None) -> None:
    """The other player agrees: the waiting result counts. Without ``by`` the organiser accepts
    the entered result, waiting or disputed."""
    now = now or timezone.now()
    with transaction.atomic():
        target, first, second, _allowed = _locked(target)
        if by is not None:
            _waiting_for(target, by, first, second)
        elif not target.confirmation:
            raise SeasonError(_("result: no result is waiting for confirmation"))
        code, game = target.entered_result, target.entered_game
        _clear(target)
        count(target, code, game, now)


def dispute(target: Challenge | LeagueGame, by: Player, reason: str = "") -> None:
    """The other player disagrees, in a few words (``reason``): the result waits for the organiser
    (`enter` without ``by``), who is told by email."""
    with transaction.atomic():
        target, first, second, _allowed = _locked(target)
        _waiting_for(target, by, first, second)
        target.confirmation = Confirmation.State.DISPUTED
        target.dispute_reason = " ".join(reason.split())[:REASON_LENGTH]
        target.save(update_fields=["confirmation", "dispute_reason"])
    notices.result_disputed(target, by)


def disputed() -> tuple[list[Challenge], list[LeagueGame]]:
    """The disputed results an organiser has to set, oldest first."""
    return (list(Challenge.objects.filter(confirmation=Confirmation.State.DISPUTED, status=Challenge.Status.OPEN)
                 .select_related("ladder", "challenger", "defender", "entered_by").order_by("entered_at", "id")),
            list(LeagueGame.objects.filter(confirmation=Confirmation.State.DISPUTED, round__closed=False)
                 .select_related("division__league", "round", "first", "second", "entered_by")
                 .order_by("entered_at", "id")))


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
