"""Seasons: made, given events, and their standings read from the events' own (finished events
only: a running event's places are not final)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from games.events.models import Event
from games.events.results import history_of, standings
from games.seasons import standings as rules
from games.seasons.errors import SeasonError
from games.seasons.models import Season, SeasonEvent
from rules_engine.registry import default_registry


def create_season(*, name: str, game_type: str, best_of: int = 4, scale: str = rules.PLACES,
                  place_scale=None, tiebreaks=None, language: str = "en", user=None) -> Season:
    try:
        default_registry().game(game_type)
    except ValueError:
        raise SeasonError(_("this server has no game %(game)s") % {"game": repr(game_type[:40])}) from None
    if scale not in rules.SCALES:
        raise SeasonError(_("scale: give one of %(choices)s") % {"choices": ", ".join(rules.SCALES)})
    if best_of < 1:
        raise SeasonError(_("best_of: count at least one result"))
    points = [float(p) for p in (place_scale or rules.DEFAULT_PLACE_SCALE)]
    if any(p < 0 for p in points) or points != sorted(points, reverse=True):
        raise SeasonError(_("place_scale: give points for 1st, 2nd, … from the most down, none below 0"))
    order = list(tiebreaks if tiebreaks is not None else rules.DEFAULT_TIEBREAKS)
    unknown = [t for t in order if t not in rules.TIEBREAKS]
    if unknown:
        raise SeasonError(_("tiebreaks: %(given)s is not one of %(choices)s") % {
            "given": repr(str(unknown[0])[:30]), "choices": ", ".join(rules.TIEBREAKS)})
    return Season.objects.create(name=name, game_type=game_type, best_of=best_of, scale=scale, place_scale=points,
                                 tiebreaks=order, language=language, created_by=user)


def add_event(season: Season, event: Event) -> SeasonEvent:
    if event.game_type != season.game_type:
        raise SeasonError(_("event %(event)s is of another game than the season") % {"event": event.name})
    with transaction.atomic():
        link, created = SeasonEvent.objects.get_or_create(season=season, event=event)
    if not created:
        raise SeasonError(_("event %(event)s is in the season already") % {"event": event.name})
    return link


@dataclass(frozen=True)
class SeasonLine:
    row: rules.SeasonRow
    name: str


def placings(season: Season) -> tuple[list[rules.Placing], dict[int, str], list[Event]]:
    """Every player's final place and points in each finished event of the season, their names,
    and the season's events (oldest first)."""
    events = list(Event.objects.filter(season_links__season=season).order_by("created_at", "id"))
    out: list[rules.Placing] = []
    names: dict[int, str] = {}
    for event in events:
        if event.status != Event.Status.FINISHED:
            continue
        for row in standings(event, history_of(event)):
            names[row.standing.player] = row.name
            out.append(rules.Placing(event.pk, row.standing.player, row.standing.rank, row.standing.points))
    return out, names, events


def season_table(season: Season) -> list[SeasonLine]:
    found, names, _events = placings(season)
    rows = rules.season_standings(found, season.best_of, season.scale, season.place_scale or
                                  rules.DEFAULT_PLACE_SCALE, season.tiebreaks or rules.DEFAULT_TIEBREAKS)
    return [SeasonLine(r, names[r.player]) for r in rows]
