"""Running a ladder: players join at the bottom, challenge upward, challenges past their
deadline are decided by the ladder's rule and idle players drop (`refresh`). Every change is
one transaction under a lock on the ladder's row, so two challenges at once are decided in turn."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Player
from games.seasons import ladder as rules
from games.seasons import notices
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge, Ladder, Rung
from games.services.players import players_by_name
from rules_engine.registry import DEFAULT_GAME, default_registry


def create_ladder(*, name: str, game_type: str = DEFAULT_GAME, reach: int = 3, challenge_days: int = 14,
                  deadline_rule: str = rules.FORFEIT, inactive_days: int = 30, inactive_drop: int = 1,
                  language: str = "en", user=None) -> Ladder:
    try:
        game = default_registry().game(game_type)
    except ValueError:
        raise SeasonError(_("this server has no game %(game)s") % {"game": repr(game_type[:40])}) from None
    if not game.min_players <= 2 <= game.max_players:
        raise SeasonError(_("a ladder is played two players a game"))
    if reach < 1:
        raise SeasonError(_("reach: a challenge reaches at least one place up"))
    if deadline_rule not in rules.DEADLINE_RULES:
        raise SeasonError(_("deadline_rule: give forfeit or expire"))
    if challenge_days < 1 or inactive_days < 1:
        raise SeasonError(_("give at least one day to play a challenge and before an idle player drops"))
    return Ladder.objects.create(name=name, game_type=game_type, reach=reach, challenge_days=challenge_days,
                                 deadline_rule=deadline_rule, inactive_days=inactive_days,
                                 inactive_drop=inactive_drop, language=language, created_by=user)


def order_of(ladder: Ladder) -> list[int]:
    return list(ladder.rungs.order_by("place").values_list("player_id", flat=True))


def _write_order(ladder: Ladder, order: list[int]) -> None:
    rungs = {r.player_id: r for r in ladder.rungs.all()}
    changed = []
    for place, player in enumerate(order, start=1):
        rung = rungs[player]
        if rung.place != place:
            rung.place = place
            changed.append(rung)
    Rung.objects.bulk_update(changed, ["place"])


def _locked(ladder: Ladder) -> Ladder:
    return Ladder.objects.select_for_update().get(pk=ladder.pk)


def join(ladder: Ladder, name: str, now: datetime | None = None) -> Rung:
    """A player joins at the bottom."""
    now = now or timezone.now()
    with transaction.atomic():
        _locked(ladder)
        (player,) = players_by_name([name])
        if ladder.rungs.filter(player=player).exists():
            raise SeasonError(_("%(player)s is on the ladder already") % {"player": player.name})
        return Rung.objects.create(ladder=ladder, player=player, place=ladder.rungs.count() + 1, last_active=now)


def _player(name: str) -> Player:
    from games.models import name_key

    found = Player.objects.filter(name_key=name_key(name)).first()
    if found is None:
        raise SeasonError(_("%(player)s is not on the ladder") % {"player": name[:60]})
    return found


def _busy(ladder: Ladder) -> set[int]:
    open_ = ladder.challenges.filter(status=Challenge.Status.OPEN).values_list("challenger_id", "defender_id")
    return {p for pair in open_ for p in pair}


def _refusal(refusal: rules.Refusal, names: dict[int, str]) -> str:
    v = refusal.values
    if refusal.code == "not_on_ladder":
        return _("%(player)s is not on the ladder") % {"player": names.get(v["player"], "?")}
    if refusal.code == "oneself":
        return _("a player cannot challenge themselves")
    if refusal.code == "below":
        return _("defender: place %(place)s is below the challenger; challenge upward") % v
    if refusal.code == "out_of_reach":
        return _("defender: place %(place)s is out of reach from place %(mine)s (at most %(reach)s places up: "
                 "place %(highest)s or below)") % v
    return _("%(player)s is in an open challenge already") % {"player": names.get(v["player"], "?")}


def challenge(ladder: Ladder, challenger: str, defender: str, *, deadline: datetime | None = None,
              now: datetime | None = None) -> Challenge:
    """Open a challenge; refused out of reach, downward, to oneself, with a deadline in the past,
    or while either player has an open challenge."""
    now = now or timezone.now()
    if deadline is not None and deadline <= now:
        raise SeasonError(_("deadline: %(deadline)s is in the past") % {"deadline": deadline.isoformat()})
    with transaction.atomic():
        ladder = _locked(ladder)
        _refresh(ladder, now)
        a, b = _player(challenger), _player(defender)
        order = order_of(ladder)
        refusal = rules.check_challenge(order, a.pk, b.pk, ladder.reach, tuple(_busy(ladder)))
        if refusal is not None:
            raise SeasonError(_refusal(refusal, {a.pk: a.name, b.pk: b.name}))
        made = Challenge.objects.create(ladder=ladder, challenger=a, defender=b,
                                        deadline=deadline or now + timedelta(days=ladder.challenge_days))
        ladder.rungs.filter(player_id=a.pk).update(last_active=now)
    notices.challenge_made(made)  # once the challenge is stored for good
    return made


def decide(challenge: Challenge, challenger_won: bool, now: datetime, status: str | None = None) -> None:
    """Count a decided challenge: the order moves (`ladder.after_result`), both players were active.
    Called by `results.count` (a played result) and by `refresh` (a deadline passed)."""
    ladder = _locked(challenge.ladder)
    order = rules.after_result(order_of(ladder), challenge.challenger_id, challenge.defender_id, challenger_won)
    _write_order(ladder, order)
    challenge.status = status or (Challenge.Status.WON if challenger_won else Challenge.Status.LOST)
    challenge.decided_at = now
    challenge.save(update_fields=["status", "decided_at", "game"])
    ladder.rungs.filter(player_id__in=[challenge.challenger_id, challenge.defender_id]).update(last_active=now)


def refresh(ladder: Ladder, now: datetime | None = None) -> dict[str, int]:
    """Decide the challenges past their deadline and drop the idle players, as of ``now``."""
    with transaction.atomic():
        return _refresh(_locked(ladder), now or timezone.now())


def _refresh(ladder: Ladder, now: datetime) -> dict[str, int]:
    due = list(ladder.challenges.filter(status=Challenge.Status.OPEN, deadline__lt=now).order_by("deadline", "id"))
    for c in due:
        if ladder.deadline_rule == rules.FORFEIT:
            # The defender's forfeit: only the challenger was active.
            order = rules.after_result(order_of(ladder), c.challenger_id, c.defender_id, True)
            _write_order(ladder, order)
            c.status = Challenge.Status.FORFEITED
        else:
            c.status = Challenge.Status.EXPIRED
        c.decided_at = c.deadline
        c.save(update_fields=["status", "decided_at"])
    period = timedelta(days=ladder.inactive_days)
    busy = _busy(ladder)
    last = {r.player_id: r.last_active for r in ladder.rungs.all() if r.player_id not in busy}
    idle = rules.inactive(last, now, period)
    if idle:
        _write_order(ladder, rules.after_inactivity(order_of(ladder), idle, ladder.inactive_drop))
        ladder.rungs.filter(player_id__in=idle).update(last_active=now)  # the period starts again
    return {"decided": len(due), "dropped": len(idle)}
