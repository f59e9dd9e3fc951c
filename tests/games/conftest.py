"""Helpers of the club-history tests: real engine records and boards, users, API clients."""

import copy
import datetime

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game, Move, Player, Rating, Result, Seat

EMPTY = {"obelisk": 0, "temple": [], "pyramid": {"light": 0, "dark": 0}, "tomb": [], "action_tokens": 0,
         "meeples_on_harbor": 0}


def duel_board(names=("Ana", "Ben"), first=None, second=None, sides=None, starting_player=0, played_on=None):
    """An F1 board; each player's monuments default to empty (0 points)."""
    board = {
        "game": "duel",
        "sides": sides or {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"},
        "starting_player": starting_player,
        "players": [
            {"name": names[0], **copy.deepcopy(EMPTY), **(first or {})},
            {"name": names[1], **copy.deepcopy(EMPTY), **(second or {})},
        ],
    }
    if played_on is not None:
        board["history"] = {"played_on": played_on.isoformat()}
    return board


def winning_board(winner: str, loser: str, day: datetime.date, margin: int = 3) -> dict:
    """A board where ``winner`` scores ``margin`` obelisk points (plus 6 for having more, D7.1 A)."""
    return duel_board((winner, loser), first={"obelisk": margin}, played_on=day)


def row_counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in (Game, Seat, Move, Result, Player, Rating)}


def token_client(user) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client
