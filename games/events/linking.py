"""Linking a stored game to the event table it was played at. Called where results are
written (the calculator's "save to club history", starting a round, an admin's link), never
from a page that only reads: two readers linking at once used to race on the one-to-one
``Pairing.game`` (IntegrityError on PostgreSQL).

A game fits a table when it is of the event's game type, has exactly the table's players, was
stored since the round started, and the table has no game, no fixed result and nobody withdrawn
from it. A game that fits open tables of two events (or two tables of one) is linked to none:
which table it was is the admin's to say (`lifecycle.link_game`), and the caller tells the
person who saved it."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max

from games.events.models import Event, Pairing, Registration, Round
from games.models import Game


@dataclass(frozen=True)
class Linked:
    """What linking a game did: the table it now belongs to, or the open tables it fits
    (more than one: linked to none)."""

    pairing: Pairing | None = None
    ambiguous: tuple[Pairing, ...] = field(default=())
    #: The one table the game's players sit at whose result is not taken from a game, because
    #: one of them withdrew (a club admin sets it by hand): the saver is told.
    withdrawn: Pairing | None = None


def _players(game: Game) -> frozenset[int]:
    return frozenset(s.player_id for s in game.seats.all())


def _open_tables(game: Game) -> tuple[list[Pairing], list[Pairing]]:
    """The open tables of the current round of every running event of the game's type whose
    players are exactly the game's: those with none of them withdrawn, and the others."""
    players = _players(game)
    if not players:
        return [], []
    tables = list(
        Pairing.objects.filter(round__event__status=Event.Status.RUNNING, round__event__game_type=game.game_type,
                               game__isnull=True, bye=False, fixed_ranks__isnull=True,
                               round__started_at__lte=game.created_at, seats__player_id__in=players)
        .select_related("round__event").prefetch_related("seats").distinct().order_by("pk"))
    tables = [t for t in tables if frozenset(s.player_id for s in t.seats.all()) == players]
    if not tables:
        return [], []
    events = {t.round.event_id for t in tables}
    last = dict(Round.objects.filter(event_id__in=events).values("event_id").annotate(last=Max("number"))
                .values_list("event_id", "last"))
    withdrawn = set(Registration.objects.filter(event_id__in=events, player_id__in=players, withdrawn=True)
                    .values_list("event_id", "player_id"))
    fits: list[Pairing] = []
    gone: list[Pairing] = []
    for t in tables:
        if t.round.number == last[t.round.event_id]:
            (gone if any((t.round.event_id, p) in withdrawn for p in players) else fits).append(t)
    return fits, gone


def link_stored(game: Game) -> Linked:
    """Link ``game`` (just stored, or just finished) to the one open table it fits, under a
    row lock on that table, so two writers never link one table twice."""
    if game.parent_id is not None or Pairing.objects.filter(game=game).exists():
        return Linked()
    fits, gone = _open_tables(game)
    if len(fits) != 1:
        return Linked(ambiguous=tuple(fits) if len(fits) > 1 else (),
                      withdrawn=gone[0] if not fits and len(gone) == 1 else None)
    with transaction.atomic():
        pairing = Pairing.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=fits[0].pk)
        # Re-read under the lock: another writer may have linked it since we looked.
        if pairing.game_id is not None or pairing.fixed_ranks:
            return Linked()
        pairing.game = game
        pairing.save(update_fields=["game"])
    return Linked(pairing=pairing)


def link_round(event: Event) -> int:
    """Link the games stored since the current round started to the event's open tables (the
    games stored by an import or the API, which do not link themselves). Returns how many."""
    round_ = event.round_set.order_by("-number").first()
    if round_ is None or not round_.pairings.filter(game__isnull=True, bye=False).exists():
        return 0
    candidates = (Game.objects.filter(game_type=event.game_type, created_at__gte=round_.started_at,
                                      parent__isnull=True, bot_level__isnull=True,
                                      event_pairing__isnull=True)
                  .prefetch_related("seats").order_by("id"))
    return sum(1 for game in candidates if (linked := link_stored(game)).pairing is not None
               and linked.pairing.round_id == round_.pk)
