"""Running an event: registering and checking in players, withdrawing them, starting a round
(pairing it from the results so far), starting a table's game live, linking a game stored from
the calculator to its table, and fixing a result. Every change is one transaction."""

from __future__ import annotations

import hashlib
import random
from importlib import metadata

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext as _

from games.events import linking
from games.events.models import Event, Pairing, PairingSeat, Registration, Round
from games.events.pairing.round_robin import round_robin_field, round_robin_round
from games.events.pairing.swiss_dutch import ProhibitedPairing, swiss_round
from games.events.pairing.tables import seat_round
from games.events.pairing.types import Entrants, History, Table
from games.events.results import history_of, rounds_of, unfinished_tables
from games.events.standings import DEFAULT_PLACE_POINTS, PAIR_DEFAULT_TIEBREAKS, TABLE_TIEBREAKS
from games.models import Game, Player
from games.services import reason_of
from games.services.players import players_by_name
from games.services.recording import Outcome, import_record
from imhotep_lib.translation import say
from rules_engine.errors import RulesError
from rules_engine.registry import default_registry


class EventError(ValueError):
    """A change refused, with a sentence for the admin."""


def create_event(*, name: str, game_type: str, kind: str, rounds: int, user=None, seed: int | None = None,
                 scoring: str = Event.Scoring.PLACES, place_points=None, bye_points: float = 1.0,
                 language: str = "en", pairing_edition: str = Event.PairingEdition.DUTCH_2026,
                 requested_byes: str = Event.ByeRequests.NONE) -> Event:
    try:
        game = default_registry().game(game_type)
    except ValueError:
        raise EventError(_("this server has no game %(game)s") % {"game": repr(game_type[:40])}) from None
    pairs = kind != Event.Kind.TABLES
    if pairs and not game.min_players <= 2 <= game.max_players:
        raise EventError(_("%(game)s is not played by two players") % {"game": say(game.name)})
    if not pairs and game.max_players < 3:
        raise EventError(_("%(game)s is not played by three or more players") % {"game": say(game.name)})
    if not pairs and requested_byes != Event.ByeRequests.NONE:
        raise EventError(_("requested byes are for events of two players a game"))
    fields = {
        "name": name, "game_type": game_type, "kind": kind, "rounds": rounds, "created_by": user, "scoring": scoring,
        "place_points": _place_points(place_points), "bye_points": bye_points, "language": language,
        "tiebreaks": list(PAIR_DEFAULT_TIEBREAKS if pairs else TABLE_TIEBREAKS), "pairing_edition": pairing_edition,
        "requested_byes": requested_byes,
    }
    if seed is not None:
        fields["seed"] = seed
    return Event.objects.create(**fields)


def _place_points(given) -> dict[str, list[float]]:
    """Place points by table size, as stored: the defaults for each size, a size's own where
    given (a dict by size; one list is the 4-player table's)."""
    points = {str(n): list(p) for n, p in DEFAULT_PLACE_POINTS.items()}
    if isinstance(given, dict):
        points.update({str(n): [float(x) for x in p] for n, p in given.items()})
    elif given:
        points["4"] = [float(x) for x in given]
    return points


def register(event: Event, name: str, *, checked_in: bool = False) -> Registration:
    if event.kind == Event.Kind.ROUND_ROBIN and event.round_set.exists():
        raise EventError(_("a round robin takes no new players once it has started"))
    with transaction.atomic():
        _refuse_finished(event.pk)
        (player,) = players_by_name([name])
        registration, _created = Registration.objects.get_or_create(event=event, player=player)
        if checked_in and not registration.checked_in:
            registration.checked_in = True
            registration.save(update_fields=["checked_in"])
    return registration


def set_checked_in(registration: Registration, checked_in: bool) -> None:
    with transaction.atomic():
        _refuse_finished(registration.event_id)
        registration.checked_in = checked_in
        registration.save(update_fields=["checked_in"])


def withdraw(registration: Registration) -> None:
    """The player is paired no more; their results so far stay in the standings."""
    with transaction.atomic():
        _refuse_finished(registration.event_id)
        registration.withdrawn = True
        registration.save(update_fields=["withdrawn"])


def _refuse_finished(event_id: int) -> None:
    """Refuse a change to a finished event's players or results: its standings are final. The
    event's row stays locked until the caller's transaction ends, so finishing waits for it."""
    if Event.objects.select_for_update().values_list("status", flat=True).get(pk=event_id) == Event.Status.FINISHED:
        raise EventError(_("the event is finished"))


def _playing(event: Event, number: int | None = None) -> list[int]:
    """The players to pair: checked in, not withdrawn, and (for round ``number``) without a
    bye they asked for (`requested_byes`)."""
    away = requested_byes(event, number) if number is not None else {}
    return [p for p in event.registrations.filter(checked_in=True, withdrawn=False)
            .order_by("player_id").values_list("player_id", flat=True) if p not in away]


def requested_byes(event: Event, number: int) -> dict[int, str]:
    """The byes players not withdrawn asked for in round ``number``: player id → bye kind."""
    withdrawn = event.registrations.filter(withdrawn=True).values_list("player_id", flat=True)
    return dict(event.bye_requests.filter(round_number=number).exclude(player_id__in=withdrawn)
                .order_by("player_id").values_list("player_id", "kind"))


def _prohibited(event: Event) -> frozenset[frozenset[int]]:
    """The pairs the organiser keeps apart (games/events/prohibited.py)."""
    return frozenset(frozenset(pair) for pair in event.prohibited_pairs.values_list("player_a_id", "player_b_id"))


def _registered(event: Event) -> list[int]:
    return list(event.registrations.order_by("player_id").values_list("player_id", flat=True))


def pair_next(event: Event, rounds: list[Round]) -> list[Table]:
    """The tables of the round after ``rounds`` (pure: the seed, the players and the results)."""
    return _paired(event, history_of(event, rounds), _playing(event, len(rounds) + 1))


#: What a kept preview was paired by, part of its key, so a deploy that changes it pairs afresh:
#: the pairing libraries' versions and ours (bump it with any change to games/events/pairing
#: that changes a pairing).
PAIRING_VERSION = 3
_PAIRED_BY = (PAIRING_VERSION, *(metadata.version(d) for d in ("caissify-pairings", "py4swiss", "networkx")))
PREVIEW_SECONDS = 3600


def preview_next(event: Event, rounds: list[Round]) -> list[Table]:
    """`pair_next`, kept in the cache under everything the pairing reads (the seed, who plays,
    the results, the event's kind, rounds and edition, what pairs: `_PAIRED_BY`). Every big
    screen shows the next round and polls every 2 s, and a 200-player Swiss takes about 0.4
    CPU s to pair: the first poll after a change pairs, the others read. Starting the round
    pairs afresh from the same inputs, so it seats what the screens showed."""
    history, playing = history_of(event, rounds), _playing(event, len(rounds) + 1)
    inputs = (event.pk, str(event.kind), event.seed, event.rounds, str(event.pairing_edition), event.bye_points,
              _registered(event), playing, history, sorted(_prohibited(event)), _PAIRED_BY)
    key = "imhotep:event-next:" + hashlib.sha256(repr(inputs).encode()).hexdigest()
    tables = cache.get(key)
    if tables is None:
        tables = _paired(event, history, playing)
        cache.set(key, tables, PREVIEW_SECONDS)
    return tables


def _paired(event: Event, history: History, playing: list[int]) -> list[Table]:
    if event.kind == Event.Kind.TABLES:
        return seat_round(Entrants.drawn(playing, event.seed), history)
    if event.kind == Event.Kind.SWISS:
        # Pairing numbers by lot over everyone registered, as the TRF export numbers them
        # (C.04.3 E.5 reads a number's parity); the bye worth the event's bye points.
        lots = Entrants.drawn(_registered(event), event.seed).lots
        entrants = Entrants(players=tuple(playing), seed=event.seed, lots=lots, prohibited=_prohibited(event))
        try:
            return swiss_round(entrants, history, event.rounds, event.pairing_edition, bye_points=event.bye_points)
        except ProhibitedPairing as exc:
            names = names_by_id({p for pair in exc.pairs for p in pair})
            raise EventError(_("no pairing of this round keeps apart %(pairs)s: allow one of them to meet") % {
                "pairs": "; ".join(f"{names[a]} – {names[b]}" for a, b in exc.pairs)}) from exc
    field = round_robin_field(history, playing)
    return round_robin_round(Entrants.drawn(field, event.seed), history, playing)


def start_round(event: Event, number: int | None = None) -> Round:
    """Pair and store the next round. Refused while a table of the last round has no result,
    after the last round, with fewer than two players checked in, and when ``number`` (the round
    the admin's page offered) is not the next one: a second press, or a second admin, starts
    nothing. The games stored for the last round are linked to their tables first."""
    with transaction.atomic():
        event, rounds = _locked_and_linked(event)
        if number is not None and number != len(rounds) + 1:
            raise EventError(_("round %(round)s has already been started") % {"round": number})
        if rounds:
            _refuse_open_tables(rounds[-1])
        if len(rounds) >= event.rounds:
            raise EventError(_("all %(rounds)s rounds have been played") % {"rounds": event.rounds})
        if len(_playing(event, len(rounds) + 1)) < 2:
            raise EventError(_("check in at least two players first"))
        tables = pair_next(event, rounds)
        round_ = Round.objects.create(event=event, number=len(rounds) + 1)
        for t in tables:
            pairing = Pairing.objects.create(round=round_, table=t.number, bye=t.bye)
            PairingSeat.objects.bulk_create(
                PairingSeat(pairing=pairing, order=i, player_id=p) for i, p in enumerate(t.seats))
        # The byes players asked for: left out of the pairing, each a bye table after the others.
        for n, (player, kind) in enumerate(requested_byes(event, round_.number).items(), start=len(tables) + 1):
            pairing = Pairing.objects.create(round=round_, table=n, bye=True, kind=kind)
            PairingSeat.objects.create(pairing=pairing, order=0, player_id=player)
        if event.status == Event.Status.REGISTRATION:
            event.status = Event.Status.RUNNING
            event.save(update_fields=["status"])
    return round_


def can_finish(event: Event, rounds: list[Round]) -> bool:
    """Whether the page offers "Finish event": the last round is played to the end."""
    return (event.status == Event.Status.RUNNING and len(rounds) >= event.rounds
            and not unfinished_tables(rounds[-1]))


def finish(event: Event) -> None:
    """Close the event after its last round: no more rounds, players or live games."""
    with transaction.atomic():
        event, rounds = _locked_and_linked(event)
        if len(rounds) < event.rounds:
            raise EventError(_("round %(round)s of %(rounds)s has not been played yet") % {
                "round": len(rounds) + 1, "rounds": event.rounds})
        _refuse_open_tables(rounds[-1])
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])


def _locked_and_linked(event: Event) -> tuple[Event, list[Round]]:
    """The event re-read under its row lock (refused once finished), the games stored for its
    last round linked to their tables, and its rounds: what starting a round and finishing
    both decide on."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise EventError(_("the event is finished"))
    linking.link_round(event)
    return event, rounds_of(event)


def _refuse_open_tables(round_: Round) -> None:
    open_tables = unfinished_tables(round_)
    if open_tables:
        raise EventError(_("round %(round)s still has tables without a result: %(tables)s") % {
            "round": round_.number, "tables": ", ".join(str(t) for t in open_tables)})


def _names(pairing: Pairing) -> list[str]:
    return [s.player.name for s in pairing.seats.select_related("player").order_by("order")]


def _withdrawn(pairing: Pairing) -> list[str]:
    return [r.player.name for r in Registration.objects.filter(
        event_id=pairing.round.event_id, withdrawn=True, player__event_seats__pairing=pairing).select_related("player")]


def _check_playable(pairing: Pairing) -> None:
    """Why the table can have no game of its own now: a bye, a finished event, an earlier
    round, a fixed result, a player who has withdrawn."""
    event = pairing.round.event
    if pairing.bye:
        raise EventError(_("a bye has no game"))
    if event.status == Event.Status.FINISHED:
        raise EventError(_("the event is finished"))
    if event.round_set.filter(number__gt=pairing.round.number).exists():
        raise EventError(_("round %(round)s is over: its tables take no new games") % {
            "round": pairing.round.number})
    if pairing.fixed_ranks:
        raise EventError(_("table %(table)s already has a result set by hand") % {"table": pairing.table})
    gone = _withdrawn(pairing)
    if gone:
        raise EventError(_("%(players)s withdrew from the event: a club admin sets table %(table)s's result "
                           "by hand") % {"players": ", ".join(gone), "table": pairing.table})


def seated_names(pairing: Pairing) -> list[str]:
    """The table's players in seat order (the first seat starts)."""
    return _names(pairing)


def deal(pairing: Pairing) -> dict:
    """The table's game as the service deals it (`GameType.new_record`, a fresh shuffle), the
    players seated as paired: any registered game, plugin games included."""
    try:
        return default_registry().game(pairing.round.event.game_type).new_record(_names(pairing), random.Random())
    except RulesError as exc:  # a game gone from the server, or a table it cannot seat
        raise EventError(say(reason_of(exc))) from None


def start_live_game(pairing: Pairing, user, record: dict | None = None) -> tuple[Game, bool]:
    """Start the table's game in live entry and link it to the table, in one transaction under
    a row lock on the table: of two presses at once the second waits, then finds the first's
    game and gets it back (``created`` False) instead of a second game. ``record`` is the setup
    the table chose on the new-game form (transcribed, turned up at the table, or dealt); its
    players must be the table's, in seat order. None: dealt by the service (`deal`)."""
    names = _names(pairing)
    if record is not None and [p if isinstance(p, str) else p.get("name") for p in record.get("players", [])] != names:
        raise EventError(_("table %(table)s is played by %(players)s, in this order") % {
            "table": pairing.table, "players": " – ".join(names)})
    with transaction.atomic():
        # No join to the game here: PostgreSQL re-reads a locked row once the first press
        # commits, but a joined row stays as the statement's snapshot saw it (none yet).
        locked = Pairing.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=pairing.pk)
        if locked.game_id is None:
            _check_playable(locked)
            outcome = import_record(record if record is not None else deal(locked), user=user,
                                    source=Game.Source.RECORDED, distinct=True)
            if outcome.status != Outcome.IMPORTED or outcome.game is None:
                raise EventError(say(outcome.reason) if outcome.reason else _("the game could not be started"))
            # Conditional: on SQLite the lock above is the whole database's, taken at the first write.
            if Pairing.objects.filter(pk=locked.pk, game__isnull=True).update(game=outcome.game):
                return outcome.game, True
            transaction.set_rollback(True)
    return Game.objects.get(event_pairing__pk=pairing.pk), False


def _players_of(game: Game) -> set[int]:
    return {s.player_id for s in game.seats.all()}


def link_games(event: Event) -> int:
    """Link the games stored since the current round started to their tables (`linking`)."""
    return linking.link_round(event)


def link_game(pairing: Pairing, game_id: int) -> None:
    """Link a stored game to the table by hand (its players must be the table's)."""
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None:
        raise EventError(_("there is no game %(game)s") % {"game": game_id})
    if game.game_type != pairing.round.event.game_type:
        raise EventError(_("game %(game)s is of another game type") % {"game": game_id})
    if _players_of(game) != {s.player_id for s in pairing.seats.all()}:
        raise EventError(_("game %(game)s was not played by this table's players") % {"game": game_id})
    with transaction.atomic():
        _refuse_finished(pairing.round.event_id)
        locked = Pairing.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=pairing.pk)
        other = Pairing.objects.filter(game=game).exclude(pk=pairing.pk).select_related("round__event").first()
        if other is not None:
            raise EventError(_("game %(game)s already belongs to table %(table)s of %(event)s") % {
                "game": game_id, "table": other.table, "event": other.round.event.name})
        gone = _withdrawn(locked)
        if gone:
            raise EventError(_("%(players)s withdrew from the event: a club admin sets table %(table)s's result "
                               "by hand") % {"players": ", ".join(gone), "table": locked.table})
        locked.game = game
        locked.save(update_fields=["game"])


def fix_result(pairing: Pairing, ranks: list[int] | None, kind: str = Pairing.Kind.PLAYED) -> None:
    """Set each seat's place by hand (a wrongly stored game; with ``kind`` FORFEIT a forfeit:
    rank 1 won by forfeit, 2 lost, every seat 2 a double forfeit: `result_entry`); None clears
    it. Refused while the table's game is still being recorded live (its result is on its
    way), and with a shared place for a game that has none (the Duel: D7.6)."""
    if pairing.bye:
        raise EventError(_("a bye has no game"))
    if ranks is not None:
        seats = pairing.seats.count()
        forfeit = kind == Pairing.Kind.FORFEIT
        if len(ranks) != seats or any(not 1 <= r <= seats for r in ranks) or (1 not in ranks and not forfeit):
            raise EventError(_("give a place from 1 to %(seats)s for each of the %(seats)s seats, one of them 1")
                             % {"seats": seats})
        if forfeit and (seats != 2 or ranks not in ([1, 2], [2, 1], [2, 2])):
            raise EventError(_("a forfeit is won by one seat of two, or lost by both"))
        _refuse_shared_place(pairing, ranks, forfeit)
    with transaction.atomic():
        _refuse_finished(pairing.round.event_id)
        locked = Pairing.objects.select_for_update(of=("self",)).get(pk=pairing.pk)
        live = locked.game_id is not None and Game.objects.filter(
            pk=locked.game_id, status=Game.Status.IN_PROGRESS).exists()
        if ranks is not None and live:
            raise EventError(_("table %(table)s's game %(game)s is still being recorded live: finish or abandon "
                               "it first") % {"table": locked.table, "game": locked.game_id})
        locked.fixed_ranks = ranks
        locked.kind = "" if ranks is None else kind
        locked.save(update_fields=["fixed_ranks", "kind"])
    pairing.fixed_ranks, pairing.kind = ranks, locked.kind


def _refuse_shared_place(pairing: Pairing, ranks: list[int], forfeit: bool) -> None:
    """A game whose ranking always parts its players (`GameType.shared_places` False) has no
    shared place to enter; a double forfeit shares no place, both lose."""
    if forfeit or len(set(ranks)) == len(ranks):
        return
    try:
        game = default_registry().game(pairing.round.event.game_type)
    except ValueError:  # a game gone from the server: nothing says its places cannot be shared
        return
    if game.shared_places:
        return
    raise EventError(_("%(game)s has no draw or shared place (its rules give equal totals a winner): give each "
                       "seat its own place, e.g. 1 2") % {"game": say(game.name)})


def names_by_id(ids) -> dict[int, str]:
    return dict(Player.objects.filter(pk__in=list(ids)).values_list("pk", "name"))
