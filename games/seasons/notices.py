"""Short emails (docs/seasons.md, "Calendar and email"). To members who asked for them: a
challenge made against their player, a league round of theirs starting, a result the other
player entered for them to confirm. Off unless the member ticked it on their calendar page;
nothing is sent to a player without a login or an email. To the club admins with an email (the
organisers, who set it): a result disputed. Sent through Django's email backend (the console in
development, docs/operations.md)."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from games.membership.roles import club_admins
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


def _about(target: Challenge | LeagueGame) -> tuple[str, str, str, str]:
    """The language of its ladder or league, where it is played, and its two players (first seat first)."""
    if isinstance(target, Challenge):
        return target.ladder.language, target.ladder.name, target.challenger.name, target.defender.name
    league = target.round.league
    return league.language, league.name, target.first.name, target.second.name


def result_waiting(target: Challenge | LeagueGame) -> int:
    """Tell the other player of a result one of them entered that it waits for them; the number sent."""
    first = target.challenger_id if isinstance(target, Challenge) else target.first_id
    second = target.defender_id if isinstance(target, Challenge) else target.second_id
    other = second if target.entered_by_id == first else first
    to = _wanting([other]).get(other)
    entered_by = target.entered_by
    if not to or entered_by is None:
        return 0
    language, where, a, b = _about(target)
    with translation.override(language):
        subject = _("%(where)s: %(player)s entered a result for you to confirm") % {
            "where": where, "player": entered_by.name}
        body = _("%(player)s entered the result %(result)s for %(first)s – %(second)s. It counts once you "
                 "confirm it; if it is wrong, dispute it. Both are on the page of %(where)s.") % {
            "player": entered_by.name, "result": target.entered_result, "first": a, "second": b,
            "where": where}
    return send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [to], fail_silently=True)


def result_disputed(target: Challenge | LeagueGame, by) -> int:
    """Tell the organisers (the club admins with an email) that a result waits for them; the number sent."""
    to = sorted(set(club_admins().exclude(email="").values_list("email", flat=True)))
    if not to:
        return 0
    language, where, a, b = _about(target)
    with translation.override(language):
        subject = _("%(where)s: %(player)s disputes a result") % {"where": where, "player": by.name}
        body = _("%(player)s disputes the result %(result)s entered for %(first)s – %(second)s. Set the result "
                 "on the page of disputed results.") % {
            "player": by.name, "result": target.entered_result, "first": a, "second": b}
        if target.dispute_reason:
            body += "\n\n" + _("Their reason: %(reason)s") % {"reason": target.dispute_reason}
    # One email each: an organiser does not see the others' addresses.
    return sum(send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address], fail_silently=True)
               for address in to)
