"""A player's own bye for a coming round (C.07 Art. 16.1.1: half-point or zero-point), where the
event allows it (`Event.requested_byes`): asked for by the player (signed in as the club player)
or by a club admin, taken back before the round starts. Starting the round leaves the player out
of the pairing and gives them a bye table of that kind (`lifecycle.start_round`)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.events.lifecycle import EventError
from games.events.models import ByeRequest, Event, Registration


def allowed_kinds(event: Event) -> list[str]:
    """The bye kinds a player of ``event`` may ask for (none for tables: C.07 is for two seats)."""
    if not event.is_pairs or event.requested_byes == Event.ByeRequests.NONE:
        return []
    if event.requested_byes == Event.ByeRequests.ZERO:
        return [ByeRequest.Kind.ZERO_BYE]
    return [ByeRequest.Kind.HALF_BYE, ByeRequest.Kind.ZERO_BYE]


def coming_rounds(event: Event) -> list[int]:
    """The rounds not started yet, for which a bye may still be asked."""
    started = event.round_set.count()
    return list(range(started + 1, event.rounds + 1)) if event.status != Event.Status.FINISHED else []


def request_bye(registration: Registration, round_number: int, kind: str, user=None) -> ByeRequest:
    """Ask for ``kind`` of bye in round ``round_number`` (one a round; asking again changes the
    kind). Refused when the event allows no such bye, for a round started or past the event's
    last, for a withdrawn player, and on a finished event."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=registration.event_id)
        if event.status == Event.Status.FINISHED:
            raise EventError(_("the event is finished"))
        kinds = allowed_kinds(event)
        if not kinds:
            raise EventError(_("this event does not allow requested byes"))
        if kind not in kinds:
            raise EventError(_("this event allows zero-point byes only"))
        if registration.withdrawn:
            raise EventError(_("%(player)s has withdrawn from the event") % {"player": registration.player.name})
        if round_number not in coming_rounds(event):
            raise EventError(_("a bye can be asked for a round not started yet, from %(first)s to %(last)s") % {
                "first": event.round_set.count() + 1, "last": event.rounds})
        request, _created = ByeRequest.objects.update_or_create(
            event=event, player_id=registration.player_id, round_number=round_number,
            defaults={"kind": kind, "requested_by": user if getattr(user, "is_authenticated", False) else None})
    return request


def cancel_bye(request: ByeRequest) -> None:
    """Take a bye request back, before its round starts."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=request.event_id)
        if event.status == Event.Status.FINISHED or request.round_number not in coming_rounds(event):
            raise EventError(_("round %(round)s has already been started") % {"round": request.round_number})
        request.delete()
