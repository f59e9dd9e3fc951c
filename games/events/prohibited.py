"""Pairs of players an organiser keeps apart in a Swiss (family members, say): marked by a club
admin before or during the event, never paired in any round after (C.04.3 as in force from
1 February 2026 lets the arbiter forbid pairs: an absolute criterion, kept as a repeat meeting
is). The pairing reads them as `Entrants.prohibited` (`lifecycle._paired`); a round that no
pairing can pair with them apart is refused, naming them."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.events.lifecycle import EventError
from games.events.models import Event, ProhibitedPair, Registration
from games.events.results import entrants_of


def prohibit(event: Event, first: int, second: int, user=None) -> ProhibitedPair:
    """Keep players ``first`` and ``second`` (player ids) apart in ``event``: the same pair in
    either order, marked once. Refused for a player paired with themself, a player not
    registered (or withdrawn), an event that is not a Swiss, and a finished event."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.kind != Event.Kind.SWISS:
            raise EventError(_("only a Swiss pairing keeps players apart"))
        if event.status == Event.Status.FINISHED:
            raise EventError(_("the event is finished"))
        if first == second:
            raise EventError(_("choose two different players"))
        registered = {r.player_id: r for r in Registration.objects.select_related("player")
                      .filter(event=event, player_id__in=(first, second))}
        for player in (first, second):
            if player not in registered:
                raise EventError(_("both players must be registered for the event"))
            if registered[player].withdrawn:
                raise EventError(_("%(player)s has withdrawn from the event") % {
                    "player": registered[player].player.name})
        low, high = sorted((first, second))
        pair, _created = ProhibitedPair.objects.get_or_create(
            event=event, player_a_id=low, player_b_id=high,
            defaults={"created_by": user if getattr(user, "is_authenticated", False) else None})
    return pair


def allow(pair: ProhibitedPair) -> None:
    """Let the two be paired again from the next round on (refused once the event is finished)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=pair.event_id)
        if event.status == Event.Status.FINISHED:
            raise EventError(_("the event is finished"))
        pair.delete()


def pairs_of(event: Event) -> list[ProhibitedPair]:
    """The event's prohibited pairs with their players, by the first player's name."""
    return list(event.prohibited_pairs.select_related("player_a", "player_b")
                .order_by("player_a__name_key", "player_b__name_key"))


def page_part(event: Event, is_admin: bool) -> dict:
    """The event page's "Players kept apart" section: a Swiss's pairs and who may be chosen (the
    organiser's list: shown to club admins only)."""
    if not is_admin or event.kind != Event.Kind.SWISS:
        return {"apart_pairs": None, "apart_players": []}
    return {"apart_pairs": pairs_of(event), "apart_players": [r for r in entrants_of(event) if not r.withdrawn]}
