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


def wipe_all() -> None:
    """Delete every row a backup carries (`wipe`, then the club's own rows)."""
    from games.events.models import Event
    from games.import_models import ImportJob
    from games.membership.models import Invite
    from games.models import BoardData
    from games.seasons.models import Ladder, League, Season

    Season.objects.all().delete()
    Ladder.objects.all().delete()
    League.objects.all().delete()
    Event.objects.all().delete()
    ImportJob.objects.all().delete()
    Invite.objects.all().delete()
    wipe()
    BoardData.objects.all().delete()
    assert not any(carried_rows().values())


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


def _few_playouts(settings) -> None:
    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 6
    settings.IMHOTEP_LUCK_MOVE_PLAYOUTS = 2
    settings.IMHOTEP_LUCK_DEEP_PLAYOUTS = 4
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def build_whole_club(settings) -> dict:
    """`build_club` and everything else a club keeps (issues 38 and 52): accounts with roles
    (an admin, a guest, a member linked to the player Ana), a board-data version and a base-game
    game pinned to it, a Swiss event with its first round's games linked, a half-point bye
    asked for its second round and a pair kept apart, and what `add_worked_out` adds."""
    from games import boarddata
    from games.events import lifecycle
    from games.events.byes import request_bye
    from games.events.models import ByeRequest, Event
    from games.events.prohibited import prohibit
    from games.membership.roles import Role, set_role
    from rules_engine.classic.game import new_record
    from tests.events.helpers import duel_event
    from tests.factories import board_data_test_set

    _few_playouts(settings)
    build_club()
    admin = UserFactory(username="manager", is_staff=True)
    set_role(admin, Role.ADMIN)
    guest = UserFactory(username="guest")
    set_role(guest, Role.GUEST)
    member = get_user_model().objects.get(username="ana_login")  # linked to the player Ana
    pinned_to = boarddata.save("classic", board_data_test_set(), user=admin).version
    classic = import_record(new_record(["Ana", "Ben"], 4, sides={"temple": "B"}), user=member).game
    assert classic.board_data == pinned_to
    event = duel_event(["Ana", "Cleo", "Dora", "Eve"])
    lifecycle.start_round(event)
    for pairing in event.round_set.get().pairings.filter(bye=False):  # each table's board, stored
        first, second = (seat.player.name for seat in pairing.seats.order_by("order"))
        import_board(winning_board(first, second, DAY + datetime.timedelta(days=9)), user=member)
    assert lifecycle.link_games(event) == 2
    Event.objects.filter(pk=event.pk).update(requested_byes=Event.ByeRequests.HALF)
    request_bye(event.registrations.get(player__name="Cleo"), 2, ByeRequest.Kind.HALF_BYE, user=admin)
    prohibit(event, *event.registrations.filter(player__name__in=("Dora", "Eve")).values_list("player_id", flat=True),
             user=admin)
    analysed = Game.objects.filter(game_type="duel", status="finished", source="recorded").order_by("id").first()
    job = add_worked_out(settings, analysed, admin=admin, member=member, invited=Player.objects.get(name="Idle Ida"))
    add_seasons(event, admin)
    return {"admin": admin, "event": event, "analysed": analysed, "classic": classic, "job": job}


def add_seasons(event, admin) -> None:
    """A season holding ``event``, a ladder with a challenge decided by a recorded game and one
    open with a result waiting for confirmation, and a league of two divisions with a result
    entered and a round closed (issue 55)."""
    from django.utils import timezone

    from games.seasons import ladder_service, league_service, results, season_service

    season = season_service.create_season(name="Saison 2026", game_type="duel", best_of=2, user=admin)
    season_service.add_event(season, event)
    ladder = ladder_service.create_ladder(name="Leiter", reach=2, user=admin)
    for name in ("Ana", "Ben", "Cleo", "Zoë Ünal"):
        ladder_service.join(ladder, name)
    decided = ladder_service.challenge(ladder, "Cleo", "Ana")
    results.enter(decided, game=import_board(winning_board("Cleo", "Ana", DAY), user=admin).game)
    waiting = ladder_service.challenge(ladder, "Zoë Ünal", "Ben")
    # A result one player entered, waiting for the other's confirmation (docs/seasons.md).
    results.enter(waiting, "1-0", by=waiting.challenger)
    league = league_service.create_league(name="Liga", divisions=[["Ana", "Ben"], ["Cleo", "Zoë Ünal"]], promote=1,
                                          first_deadline=timezone.now() + datetime.timedelta(days=7), user=admin)
    results.enter(league.divisions.get(level=1).games.get(), "1-0")
    league_service.close_round(league.league_rounds.get(number=1))


def add_worked_out(settings, analysed: Game, *, admin, member, invited: Player):
    """What a club works out and keeps besides its games (issue 52): a finished analysis and
    luck analysis of ``analysed``, two puzzles of it in its players' queues (one answered, one
    missed: spaced-repetition state), ``member``'s finished upload of records with its outcomes
    (returned), and two invitations of ``admin`` (one pending for ``invited``, one accepted)."""
    from games.analysis import service as analysis
    from games.analysis.luck import request_luck, run_luck
    from games.analysis.models import GameAnalysis, GameLuck, Puzzle
    from games.analysis.puzzle_queue import answer, store_puzzles
    from games.membership.invites import accept_invite, create_invite
    from games.membership.roles import Role
    from games.services import importing
    from games.ui.timeline import load_timeline

    _few_playouts(settings)
    done, _ = analysis.request_analysis(analysed)
    analysis.run_analysis(done.pk)  # as the worker does (the test's transaction never commits)
    done.refresh_from_db()
    assert done.status == GameAnalysis.Status.DONE
    luck, _ = request_luck(analysed)
    run_luck(luck.pk)
    luck.refresh_from_db()
    assert luck.status == GameLuck.Status.DONE, luck.error
    # With so few playouts no decision is clear enough to make a puzzle (rules_engine/analysis/
    # puzzles.py): two of its decisions are made puzzles, as a longer analysis would find them.
    timeline = load_timeline(analysed)
    decisions = [t for t in luck.terms if t["kind"] == "decision"][4:6]
    luck.puzzles = [{"move": t["move"], "seat": t["seat"], "win": 0.5, "best_win": 0.8, "second_win": 0.5,
                     "played_win": 0.3, "best": timeline.game_type.move_to_json(
                         timeline.game_type.legal_moves(timeline.state(t["move"]))[0])} for t in decisions]
    luck.save(update_fields=["puzzles"])
    assert store_puzzles(luck, DAY + datetime.timedelta(days=10)) == 2
    solved, missed = Puzzle.objects.order_by("pk")
    assert answer(solved, solved.best, own=True, today=DAY + datetime.timedelta(days=20))
    assert not answer(missed, {"not": "the best"}, own=True, today=DAY + datetime.timedelta(days=20))
    upload = [random_record(320, players=("Dora", "Eve")), {"game": "duel"}]  # the second is refused
    job = importing.start("".join(json.dumps(record) + "\n" for record in upload), user=member, language="de")
    job.refresh_from_db()
    assert job.status == job.Status.DONE and job.imported == 1 and job.rejected == 1, job.error
    create_invite(created_by=admin, role=Role.MEMBER, player=invited, email="invited@example.org")
    accepted = create_invite(created_by=admin, role=Role.GUEST)
    accept_invite(accepted.secret, username="newcomer", password="a long pass phrase 52", player=None,
                  new_player_name="Nora Newcomer")
    return job


#: Rows a restore writes with new ids: compared by their game and place instead.
_NEW_IDS = {"games.Seat", "games.Result", "games.Move"}


def carried_rows() -> dict[str, list]:
    """Every row of every table a backup carries (games.services.backup.tables), as the database
    holds it, but for what a backup leaves out by design (LEFT_OUT): the unfinished analyses,
    luck analyses and uploads, the moves' recording keys, and the new ids of seats, results and
    moves (each is named by its game and seat order or ply instead)."""
    from games.services.backup import fileformat
    from games.services.backup.tables import carried_models

    subsets = {"analysis.GameAnalysis": fileformat.finished_analyses, "analysis.GameLuck": fileformat.finished_luck,
               "games.ImportJob": fileformat.finished_imports}
    out = {}
    for model in carried_models():
        label = model._meta.label
        rows = subsets[label]() if label in subsets else model._default_manager.all()
        if label in _NEW_IDS:
            place = ("seat__game_id", "seat__order") if label == "games.Result" else (
                ("game_id", "ply") if label == "games.Move" else ("game_id", "order"))
            fields = [f.attname for f in model._meta.concrete_fields if f.name not in ("id", "seat", "move_id")]
            values = list(rows.order_by(*place).values(*dict.fromkeys((*place, *fields))))
        else:
            values = list(rows.order_by("pk").values())
        out[label] = values
    return out

