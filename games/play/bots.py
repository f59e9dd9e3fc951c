"""Games against the bot (docs/bots.md): started from a replay's position (a variation) or as a
new game dealt by the server, with the bot playing the seats the person did not choose. After
every move a person makes, the service plays the bot's moves (`answer`) until a person is to
move or the game is over: each one is chosen by `rules_engine.analysis.bots.choose_move` from
the position as the table shows it (the search deals what is unseen afresh in every playout)
and written by `append_move`, as any live move.

Bot games are never rated nor counted in the club's statistics, standings, explorer or ratings
check (they carry ``bot_level``; see `games.filters.history_games` and the services that skip
variations and bot games alike).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import Game
from games.play.appending import Appended, append_move, undo_last_move
from games.services import reason_of
from games.services.documents import GameMeta
from games.services.recording import import_record
from games.services.variations import play_on_from
from games.ui.timeline import load_timeline
from rules_engine.analysis.bots import BotError, choose_move, level
from rules_engine.errors import RulesError
from rules_engine.messages import msg
from rules_engine.registry import default_registry

__all__ = ["BotError", "answer", "bot_names", "new_bot_game", "play_on_against_bot"]


def _checked_seats(bot_seats: Sequence[object], players: int) -> list[int]:
    seats = sorted({s for s in bot_seats if isinstance(s, int) and not isinstance(s, bool)})
    if not bot_seats:
        raise BotError(msg("the bot must play at least one seat"))
    if len(seats) != len(bot_seats) or any(not 0 <= s < players for s in seats):
        raise BotError(msg("bot_seats must name different seats, from 0 (the first) to {last}", last=players - 1))
    if len(seats) == players:
        raise BotError(msg("keep at least one seat for yourself: the bot cannot play every seat"))
    return seats


def _made_bot_game(game: Game, level_number: int, seats: list[int]) -> Game:
    game.bot_level, game.bot_seats = level_number, seats
    game.save(update_fields=["bot_level", "bot_seats"])
    return game


def play_on_against_bot(game: Game, ply: int, *, user: Any, level_number: int, bot_seats: Sequence[object]) -> Game:
    """A variation of ``game`` after its first ``ply`` moves, with the bot at ``level_number``
    playing ``bot_seats`` (0-based); the bot's moves up to the first person's turn are played.
    Raises BotError, VariationError."""
    level(level_number)
    seats = _checked_seats(bot_seats, game.seats.count())
    with transaction.atomic():
        variation = _made_bot_game(play_on_from(game, ply, user=user), level_number, seats)
    answer(variation)
    return variation


def bot_names(players: int, bot_seats: Sequence[int], person: str) -> list[str]:
    """The seat names of a new bot game: ``person`` at the first seat the bot does not play,
    "Bot 1", "Bot 2"… at the bot's, the other seats (also the person's) "Player 2"…"""
    names = []
    for seat in range(players):
        if seat in bot_seats:
            names.append(f"Bot {bot_seats.index(seat) + 1}")
        elif person not in names:
            names.append(person)
        else:
            names.append(f"Player {seat + 1}")
    return names


def new_bot_game(game_type_id: str, players: int, *, user: Any, level_number: int, bot_seats: Sequence[object],
                 seed: int | None = None) -> Game:
    """A new game of ``game_type_id`` for ``players`` dealt by the server (``seed``: the deal),
    the bot at ``level_number`` playing ``bot_seats``. Raises BotError (also for a game or a
    number of players the registry refuses)."""
    level(level_number)
    seats = _checked_seats(bot_seats, players)
    person = getattr(getattr(user, "club_player", None), "name", None) or user.get_username()
    try:
        game_type = default_registry().game(game_type_id)
        record = game_type.new_record(bot_names(players, seats, person), random.Random(seed))
    except RulesError as exc:
        raise BotError(reason_of(exc)) from None
    meta = GameMeta(played_on=timezone.localdate(), notes=f"Against the bot (level {level_number}).")
    with transaction.atomic():
        outcome = import_record(record, user=user, source=Game.Source.RECORDED, meta=meta, rate=False, distinct=True)
        if outcome.status != "imported" or outcome.game is None:
            raise BotError(outcome.describe())
        game = _made_bot_game(outcome.game, level_number, seats)
    answer(game)
    return game


def move_seed(game: Game, ply: int) -> str:
    """The seed of the bot's move at ``ply``: the same game at the same ply, the same move."""
    return f"bot:{game.pk}:{ply}:{game.bot_level}"


def answer(game: Game) -> list[Appended]:
    """The bot's moves, played and stored, until a person is to move or the game is over
    (none for a game not against the bot). In a game recorded at a table, what a bot move turns
    up is drawn at random from what can still turn up (`GameType.table_draw`); raises BotError
    when the game cannot draw it."""
    played: list[Appended] = []
    if game.bot_level is None:
        return played
    while True:
        game.refresh_from_db(fields=["status", "updated_at"])
        if game.status != Game.Status.IN_PROGRESS:
            return played
        seen_at = game.updated_at
        timeline = load_timeline(game)
        state, game_type = timeline.state(timeline.plies), timeline.game_type
        if game_type.is_over(state) or game_type.to_move(state) not in game.bot_seats:
            return played
        rng = random.Random(move_seed(game, timeline.plies))
        move = choose_move(game_type, state, timeline.record, game.bot_level, rng)
        move_json = game_type.move_to_json(move)
        table = None
        needs = game_type.table_needs(state, move_json)
        if needs is not None:  # a game recorded at a table: what the move turns up is drawn here
            table = game_type.table_draw(state, timeline.record, needs, rng)
            if table is None:
                raise BotError(msg("the bot cannot play on in game {game}: its next move turns up what was not "
                                   "recorded at the table", game=game.pk))
        played.append(append_move(game.pk, timeline.plies, move_json, table=table, shown=timeline, seen_at=seen_at))


def undo_bot_moves(game: Game) -> None:
    """After a person's undo in a game against the bot: the bot's moves before it are taken back
    too, down to the last position where a person was to move (not past the position the game
    was started from: there the bot plays its move again). Nothing for a game not against the bot."""
    game.refresh_from_db()
    if game.bot_level is None:
        return
    start = game.branch_ply or 0
    while True:
        timeline = load_timeline(game)
        plies = timeline.plies
        if plies <= start or timeline.game_type.to_move(timeline.state(plies)) not in game.bot_seats:
            break
        undo_last_move(game.pk, plies)
        game.refresh_from_db()
    answer(game)
