"""The club the backup tests export and restore, and helpers to read and tamper with the file."""

import datetime
import io
import json

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from games.models import Game, Move, Player, Rating, Result, Seat
from games.services import editing
from games.services.documents import GameMeta
from games.services.recording import import_board, import_record
from tests.factories import PlayerFactory, UserFactory
from tests.games.conftest import winning_board
from tests.kit import random_record

DAY = datetime.date(2025, 3, 1)


def build_club():
    """Players (one with a login, one who never played, unicode names), recorded and
    score-only Duel games, finished, in progress and abandoned, with creators, places and
    notes, a game against the bot, and a player renamed after their games were stored."""
    recorder = UserFactory(username="recorder")
    PlayerFactory(name="Ana", user=UserFactory(username="ana_login"))
    PlayerFactory(name="Idle Ida")
    for i, (a, b) in enumerate([("Ana", "Ben"), ("Ben", "Zoë Ünal"), ("Cleo", "Ana"), ("Zoë Ünal", "Cleo")]):
        import_record(
            random_record(300 + i, players=(a, b)),
            user=recorder if i % 2 else None,
            source=Game.Source.RECORDED,
            meta=GameMeta(played_on=DAY + datetime.timedelta(days=i), location="Café Karnak", notes="ﬁnal 𓉴"),
        )
    import_board(winning_board("Ana", "Cleo", DAY - datetime.timedelta(days=3)), user=recorder)
    import_board(winning_board("Ben", "Ana", DAY + datetime.timedelta(days=1), margin=5))
    import_record(random_record(310, players=("Ben", "Cleo"), moves=17, played_on=DAY))  # in progress
    abandoned = import_record(random_record(311, players=("Ana", "Cleo"), played_on=DAY)).game
    editing.update_game(abandoned, status=Game.Status.ABANDONED, notes="left early")
    against_bot = import_record(random_record(312, players=("Cleo", "Bot 1"), played_on=DAY), rate=False).game
    Game.objects.filter(pk=against_bot.pk).update(bot_level=4, bot_seats=[1])  # docs/bots.md
    ben = Player.objects.get(name="Ben")
    ben.name = "Benjamin"
    ben.save()


def dump() -> dict:
    """Every row of the club, by natural keys, users by username (accounts are not backed up)."""
    games = []
    for game in Game.objects.order_by("id").values():
        game["created_by"] = (
            get_user_model().objects.filter(pk=game.pop("created_by_id")).values_list("username", flat=True).first()
        )
        games.append(game)
    return {
        "players": list(
            Player.objects.order_by("id").values_list("id", "name", "name_key", "user__username", "created_at")
        ),
        "games": games,
        "seats": list(
            Seat.objects.order_by("game_id", "order").values_list("game_id", "order", "player_id", "colour", "started")
        ),
        "moves": list(Move.objects.order_by("game_id", "ply").values_list("game_id", "ply", "data")),
        "results": list(
            Result.objects.order_by("seat__game_id", "seat__order").values_list(
                "seat__game_id", "seat__order", "total", "breakdown", "rank", "winner", "tie_broken"
            )
        ),
        "ratings": list(
            Rating.objects.order_by("game_id", "player_id").values_list(
                "player_id", "game_id", "game_type", "played_on", "mu", "sigma", "ordinal", "won"
            )
        ),
    }


def wipe():
    """Delete every row (games first: seats protect their players)."""
    Game.objects.all().delete()
    Player.objects.all().delete()
    get_user_model().objects.all().delete()
    assert not any(model.objects.exists() for model in (Game, Seat, Move, Result, Rating, Player))


def export(path) -> list[str]:
    call_command("export_all", str(path))
    return path.read_text(encoding="utf-8").splitlines()


def import_all(path, *args) -> tuple[str, CommandError | None]:
    out = io.StringIO()
    try:
        call_command("import_all", str(path), *args, stdout=out)
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


def write(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def game_line_numbers(lines) -> list[int]:
    return [n for n, line in enumerate(lines, start=1) if json.loads(line)["kind"] == "game"]


def game_lines(lines) -> list[tuple[int, dict]]:
    """(line number, parsed line) of every game line."""
    return [(n, json.loads(lines[n - 1])) for n in game_line_numbers(lines)]


def replace_line(path, lines, number: int, data: dict) -> None:
    lines[number - 1] = json.dumps(data)
    write(path, lines)
