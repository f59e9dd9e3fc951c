"""What the event pages show: each round's tables (players, points, the game and how to enter
it), and a live table's running score for the big screen."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from games.events import result_entry
from games.events.models import Event, Pairing, Round
from games.events.pairing.types import FORFEIT, HALF_BYE, PAIRING_BYE, ZERO_BYE
from games.events.results import Outcome, board_of, outcome
from games.models import Game
from games.ui import game_ui
from rules_engine.registry import default_registry


@dataclass(frozen=True)
class SeatView:
    name: str
    points: float | None
    score: int | None
    live_score: int | None = None


@dataclass(frozen=True)
class TableView:
    pairing: Pairing
    number: int
    seats: tuple[SeatView, ...]
    bye: bool
    game_id: int | None
    live: bool
    done: bool
    fixed: bool
    calculator_url: str
    moves: int | None = None
    progress: str = ""
    #: Why a table of equal game scores has a winner, e.g. a tied Duel (D7.6: the player who
    #: did not start wins); "" otherwise.
    tie_note: str = ""
    #: How the points came about (`Board.kind`) and its words: "bye", "half-point bye",
    #: "forfeit", "double forfeit"; "" for a game played.
    kind: str = ""
    kind_label: str = ""
    #: A two-seat table's results an admin may enter (`result_entry.choices`) and the one set.
    result_choices: tuple[tuple[str, str], ...] = ()
    result_code: str = ""


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: tuple[TableView, ...]

    @property
    def done(self) -> bool:
        return all(t.done for t in self.tables)


def calculator_url(event: Event, names: list[str]) -> str:
    """The calculator of the event's game with the table's players filled in."""
    # "players": how many seats a calculator offers, for the games that let you choose.
    query = {"players": str(len(names)), **{f"p{i}_name": name for i, name in enumerate(names)}}
    return f"{reverse('calculators:calculator', args=[event.game_type])}?{urlencode(query)}"


def _running(game: Game) -> tuple[list | None, int | None, str]:
    """A live game's running scores (seat order of the game), moves and round, from its replay."""
    from games.ui.timeline import load_timeline  # the replay loads the engines

    try:
        timeline = load_timeline(game)
        state = timeline.state_json(timeline.plies)
    except Exception:  # a board that cannot be replayed (NoReplay, RulesError, …) shows no running score
        return None, None, ""
    totals = [((p.get("score") or {}).get("total")) for p in state.get("players", [])]
    progress = f"{state['round']}/{state['rounds']}" if "round" in state and "rounds" in state else ""
    return totals, timeline.plies, progress


def tie_note(event: Event, names: list[str], result: Outcome, fixed: bool) -> str:
    """"Tied at 31: Ben wins (the player who did not start wins)" for a game whose totals are
    equal but whose ranks are not (the game's own tie-break: D7.6 for the Duel); "" otherwise.
    A result fixed by hand is the admin's, not the tie-break's."""
    if fixed or not result.scores or not result.ranks or len(set(result.scores)) != 1:
        return ""
    winners = [n for n, r in zip(names, result.ranks, strict=False) if r == 1]
    if len(winners) != 1 or len(set(result.ranks)) == 1:
        return ""
    rule = str(game_ui(event.game_type).tie_break)  # a bare adapter (no web adapter) says ""
    words = {"score": result.scores[0], "winner": winners[0], "rule": rule}
    if rule:
        return _("Tied at %(score)s: %(winner)s wins (%(rule)s).") % words
    return _("Tied at %(score)s: %(winner)s wins on the game's tie-break.") % words


def kind_label(kind: str, points: tuple[float, ...] | None) -> str:
    """The words for how a table's points came about; "" for a game played."""
    if kind == FORFEIT:
        return _("double forfeit") if points and not any(points) else _("forfeit")
    return {PAIRING_BYE: _("bye"), HALF_BYE: _("half-point bye"), ZERO_BYE: _("zero-point bye")}.get(kind, "")


def _shared_places(event: Event) -> bool:
    try:
        return default_registry().game(event.game_type).shared_places
    except ValueError:  # a game gone from the server
        return True


def table_view(event: Event, pairing: Pairing, *, running: bool = False) -> TableView:
    board = board_of(event, pairing)
    result = outcome(pairing)
    names = [s.player.name for s in pairing.seats.all()]
    game = pairing.game
    live = game is not None and game.status == Game.Status.IN_PROGRESS
    live_scores, moves, progress = None, None, ""
    if running and live and game is not None:
        totals, moves, progress = _running(game)
        if totals is not None:
            by_player = {s.player_id: totals[s.order] for s in game.seats.all() if s.order < len(totals)}
            live_scores = [by_player.get(s.player_id) for s in pairing.seats.all()]
    seats = tuple(
        SeatView(
            name=name,
            points=board.points[i] if board.points else None,
            score=result.scores[i] if result.scores else None,
            live_score=live_scores[i] if live_scores else None,
        )
        for i, name in enumerate(names)
    )
    return TableView(
        pairing=pairing, number=pairing.table, seats=seats, bye=pairing.bye, game_id=pairing.game_id, live=live,
        done=board.points is not None, fixed=bool(pairing.fixed_ranks), calculator_url=calculator_url(event, names),
        moves=moves, progress=progress, tie_note=tie_note(event, names, result, bool(pairing.fixed_ranks)),
        kind=board.result_kind, kind_label=kind_label(board.result_kind, board.points),
        result_choices=tuple(result_entry.choices(names, draws=_shared_places(event)))
        if event.is_pairs and len(names) == 2 and not pairing.bye else (),
        result_code=result_entry.code_of(pairing) if pairing.fixed_ranks else "",
    )


def tiebreak_columns(tiebreaks: list[str], rows) -> list[str]:
    """The tie-breaks worth a column: those some row has a value for. The direct encounter is
    None for every player no one was level with when it was reached (C.07 Art. 6), so once
    the others part every tie its column read "not available" in every row: left out."""
    return [t for t in tiebreaks if any(r.standing.tiebreaks.get(t) is not None for r in rows)]


def round_views(event: Event, rounds: list[Round], *, running: bool = False) -> list[RoundView]:
    return [
        RoundView(number=r.number, tables=tuple(table_view(event, p, running=running) for p in r.pairings.all()))
        for r in rounds
    ]
