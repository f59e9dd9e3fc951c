"""What the event pages show: each round's tables (players, points, the game and how to enter
it), and a live table's running score for the big screen."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse

from games.events.models import Event, Pairing, Round
from games.events.results import board_of, outcome
from games.models import Game


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
        moves=moves, progress=progress,
    )


def round_views(event: Event, rounds: list[Round], *, running: bool = False) -> list[RoundView]:
    return [
        RoundView(number=r.number, tables=tuple(table_view(event, p, running=running) for p in r.pairings.all()))
        for r in rounds
    ]
