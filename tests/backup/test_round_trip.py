"""export_all / import_all: the whole club into an empty database and back, nothing lost;
each refused line named by its number with nothing of it written (docs/operations.md)."""

import datetime
import io
import json
import random

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.models import Game, Player
from games.services import editing
from games.services.documents import GameMeta
from games.services.recording import import_board, import_record
from rules_engine.registry import default_registry
from tests.backup.club import DAY, dump, export, game_line_numbers, import_all, wipe, write
from tests.games.conftest import winning_board
from tests.kit import random_record

pytestmark = pytest.mark.django_db


def test_round_trip_into_an_empty_database_loses_nothing(club):
    before, path, _ = club
    assert before["ratings"] and before["moves"] and any(g["status"] == "in_progress" for g in before["games"])
    wipe()
    out, error = import_all(path)
    assert error is None, out
    assert dump() == before


def test_header_gives_versions_and_counts(club):
    before, _, lines = club
    header = json.loads(lines[0])
    assert header["format"] == "imhotep-club-backup" and header["format_version"] == 4
    assert header["engine_version"] and header["app_version"]
    assert header["counts"]["players"] == len(before["players"])
    assert header["counts"]["games"] == len(before["games"])
    assert header["counts"]["users"] == get_user_model().objects.count() == 2
    lined = ("users", "board_data", "players", "games", "events", "analyses")
    assert len(lines) == 1 + sum(header["counts"][kind] for kind in lined)


def test_ratings_are_rebuilt_not_read_from_the_file(club):
    before, path, _ = club
    assert '"mu"' not in path.read_text()
    wipe()
    import_all(path)
    assert dump()["ratings"] == before["ratings"]


def test_a_version_1_backup_still_restores_and_creates_its_logins_without_a_password(club, tmp_path):
    # Version 1 (before issue 38) carried players and games only: accounts by username.
    _, _, lines = club
    header = json.loads(lines[0])
    header["format_version"] = 1
    header["counts"] = {k: v for k, v in header["counts"].items() if k in ("players", "games", "seats", "moves",
                                                                             "results")}
    older = [json.dumps(header)] + [line for line in lines[1:] if json.loads(line)["kind"] in ("player", "game")]
    path = tmp_path / "v1.ndjson"
    write(path, older)
    wipe()
    out, error = import_all(path)
    assert error is None, out
    assert "without a password: ana_login, recorder" in out
    user = get_user_model().objects.get(username="recorder")
    assert not user.has_usable_password()
    assert Player.objects.get(name="Ana").user.username == "ana_login"


def test_new_games_after_a_restore_get_fresh_ids(club):
    before, path, _ = club
    wipe()
    import_all(path)
    outcome = import_board(winning_board("Ana", "Newcomer", DAY + datetime.timedelta(days=30)))
    assert outcome.status == "imported"
    assert outcome.game.pk > max(g["id"] for g in before["games"])
    assert Player.objects.get(name="Newcomer").pk > max(p[0] for p in before["players"])


def test_export_to_standard_output(club):
    _, _, lines = club
    out = io.StringIO()
    call_command("export_all", stdout=out)
    assert [json.loads(line)["kind"] for line in out.getvalue().splitlines()] == [
        json.loads(line)["kind"] for line in lines
    ]


def test_import_refuses_a_database_that_is_not_empty(club):
    before, path, _ = club
    _, error = import_all(path)
    assert error is not None
    assert "restores into an empty database" in str(error) and "nothing was written" in str(error)
    assert dump() == before


def test_merge_adds_what_is_missing_and_skips_games_already_stored(club):
    before, path, _ = club
    lost = Game.objects.filter(status="finished").order_by("id").first()
    lost_seats = list(lost.seats.order_by("order").values_list("player__name", "result__total"))
    lost_id, lost_hash = lost.pk, lost.content_hash
    editing.delete_game(lost)
    out, error = import_all(path, "--merge")
    assert error is None, out
    assert f"restored 0 player(s) and 1 game(s); {len(before['players'])} player(s) matched by name" in out
    assert f"{len(before['games']) - 1} game(s) already stored, skipped" in out
    back = Game.objects.get(content_hash=lost_hash)
    assert back.pk != lost_id  # merged games get new ids
    assert list(back.seats.order_by("order").values_list("player__name", "result__total")) == lost_seats
    assert Player.objects.count() == len(before["players"])
    ratings_after = dump()["ratings"]
    assert len(ratings_after) == len(before["ratings"])


def test_a_corrupt_line_is_reported_by_number_and_the_others_are_restored(club, tmp_path):
    before, path, lines = club
    n = game_line_numbers(lines)[2]
    lines[n - 1] = lines[n - 1][: len(lines[n - 1]) // 2]  # half a line
    write(path, lines)
    wipe()
    out, error = import_all(path)
    assert error is not None and error.returncode == 1
    assert f"line {n}: not valid JSON" in out
    assert Game.objects.count() == len(before["games"]) - 1
    assert "the header announces" in out  # the missing game is counted as well


def test_a_corrupt_line_with_atomic_writes_nothing(club):
    _, path, lines = club
    n = game_line_numbers(lines)[-1]
    lines[n - 1] = lines[n - 1].replace('"seats":', '"seats":{', 1)
    write(path, lines)
    wipe()
    out, error = import_all(path, "--atomic")
    assert error is not None
    assert f"line {n}:" in out and "nothing was written" in str(error)
    assert not Game.objects.exists() and not Player.objects.exists()


def test_a_duplicate_game_line_is_refused_and_written_once(club):
    before, path, lines = club
    n = game_line_numbers(lines)[0]
    lines.append(lines[n - 1])
    write(path, lines)
    wipe()
    out, error = import_all(path)
    assert error is not None
    assert f"line {len(lines)}: game {json.loads(lines[n - 1])['id']} is a duplicate of line {n}" in out
    assert "header announces" not in out  # the same game twice is not one more game
    assert dump()["games"] == before["games"]


def test_a_duplicate_player_name_is_refused(club):
    _, path, lines = club
    extra = {"kind": "player", "id": 999, "name": "ANA", "user": None, "created_at": "2025-01-01T00:00:00+00:00"}
    first_game = game_line_numbers(lines)[0]
    lines.insert(first_game - 1, json.dumps(extra))
    write(path, lines)
    wipe()
    out, _ = import_all(path)
    assert f"line {first_game}: player 'ANA': the same name as on line" in out


@pytest.mark.parametrize("cut", ["at a line end", "inside a line"])
def test_a_truncated_file_is_reported(club, cut):
    before, path, lines = club
    kept = lines[:-2]
    text = "".join(line + "\n" for line in kept)
    if cut == "inside a line":
        text += lines[-2][:100]
    path.write_text(text, encoding="utf-8")
    wipe()
    out, error = import_all(path)
    assert error is not None
    assert f"the header announces {len(before['games'])} games but the file holds {len(before['games']) - 2}" in out
    assert "cut short" in out


def test_a_file_without_a_header_is_refused(tmp_path):
    path = tmp_path / "records.ndjson"
    write(path, [json.dumps(random_record(1))])
    _, error = import_all(path)
    assert error is not None and "not a backup header" in str(error)


def test_classic_game_round_trip(tmp_path):
    # The base game's record generator is part of the engine: an error of it fails this test.
    record = default_registry().game("classic").random_record(random.Random(7))
    record["players"] = ["Ana", "Ben", "Cleo", "Dan"][: len(record["players"])]
    outcome = import_record(record, meta=GameMeta(played_on=DAY))
    assert outcome.status == "imported", outcome.describe()
    import_record(random_record(5), meta=GameMeta(played_on=DAY))
    before = dump()
    path = tmp_path / "club.ndjson"
    export(path)
    wipe()
    out, error = import_all(path)
    assert error is None, out
    assert dump() == before


def test_a_line_that_is_not_utf8_is_reported(club):
    _, path, lines = club
    n = game_line_numbers(lines)[1]
    raw = [line.encode() for line in lines]
    raw[n - 1] = raw[n - 1].replace(b'"notes":"', b'"notes":"\xff', 1)
    path.write_bytes(b"".join(line + b"\n" for line in raw))
    wipe()
    out, _ = import_all(path)
    assert f"line {n}: not UTF-8 text" in out
