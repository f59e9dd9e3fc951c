"""Short emails to members who asked for them (docs/seasons.md, "Calendar and email"): a
challenge made against their player, a league round of theirs starting. Off unless the member
ticked it on their calendar page; nothing is sent to a player without a login or an email.
Sent through Django's email backend (the console in development, docs/operations.md)."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from games.seasons.models import CalendarFeed, Challenge, LeagueGame, LeagueRound


def _wanting(player_ids: Iterable[int]) -> dict[int, str]:
    """Player id → email of those whose member asked for notices."""
    rows = CalendarFeed.objects.filter(email_notices=True, user__club_player__in=list(player_ids)).exclude(
        user__email="").values_list("user__club_player", "user__email")
    return dict(rows)


def _deadline(moment) -> str:
    return formats.date_format(timezone.localtime(moment), "DATE_FORMAT")


def challenge_made(challenge: Challenge) -> int:
    """Tell the defender; the number of emails sent."""
    to = _wanting([challenge.defender_id]).get(challenge.defender_id)
    if not to:
        return 0
    ladder = challenge.ladder
    with translation.override(ladder.language):
        subject = _("%(challenger)s challenges you on %(ladder)s") % {
            "challenger": challenge.challenger.name, "ladder": ladder.name}
        body = _("Ladder challenge: %(challenger)s – %(defender)s. Play it by %(deadline)s.") % {
            "challenger": challenge.challenger.name, "defender": challenge.defender.name,
            "deadline": _deadline(challenge.deadline)}
    return send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [to], fail_silently=True)


def round_started(round_: LeagueRound) -> int:
    """Tell each player of the round who asked; the number of emails sent."""
    games = list(LeagueGame.objects.filter(round=round_).select_related("first", "second"))
    wanting = _wanting({p for g in games for p in (g.first_id, g.second_id)})
    league = round_.league
    sent = 0
    for g in games:
        for player in (g.first_id, g.second_id):
            if player not in wanting:
                continue
            with translation.override(league.language):
                subject = _("%(league)s: round %(round)s has started") % {"league": league.name,
                                                                          "round": round_.number}
                body = _("League round %(round)s: %(first)s – %(second)s. Play it by %(deadline)s.") % {
                    "round": round_.number, "first": g.first.name, "second": g.second.name,
                    "deadline": _deadline(round_.deadline)}
            sent += send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [wanting[player]], fail_silently=True)
    return sent
