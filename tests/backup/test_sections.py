"""The sections of format version 3 (issue 52, docs/backups.md): luck analyses, each player's
puzzle queue, uploads' outcomes and invitations; what export_all and import_all say they wrote
and read, section by section; a version 2 file still restores; a bad line of the new sections is
refused naming its line, section and record."""

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.analysis.models import GameAnalysis, GameLuck, Puzzle
from games.events.models import Event
from games.import_models import ImportJob
from games.membership.models import Invite
from games.models import Game, Move, Player, Result, Seat
from tests.backup.club import build_whole_club, carried_rows, import_all, wipe_all, write

pytestmark = pytest.mark.django_db
VERSION_2 = Path(__file__).parent / "data" / "version-2.ndjson"


@pytest.fixture
def exported(settings, tmp_path):
    build_whole_club(settings)
    path = tmp_path / "club.ndjson"
    err = io.StringIO()
    call_command("export_all", str(path), stderr=err)
    return path, path.read_text(encoding="utf-8").splitlines(), err.getvalue()


def _numbered(lines, kind) -> list[tuple[int, dict]]:
    return [(n, data) for n, line in enumerate(lines, start=1) if (data := json.loads(line))["kind"] == kind]


def test_export_all_says_per_section_what_it_wrote(exported):
    _, lines, err = exported
    said = err.splitlines()
    assert said[0].endswith(f": {len(lines)} lines (a header, then per section):")
    games = Game.objects.all()
    seats, results, moves = Seat.objects.count(), Result.objects.count(), Move.objects.count()
    assert f"  games {games.count()} (seats {seats}, results {results}, moves {moves})" in said
    assert "  luck analyses 1" in said and "  puzzle queues 2 (puzzles 2)" in said
    assert "  import jobs 1" in said and "  invitations 2" in said and "  analyses 1" in said
    assert ("  events 1 (registrations 4, bye requests 1, prohibited pairs 1, rounds 1, pairings 2, "
            "pairing seats 4)") in said
    assert said[-1] == "  not written, rebuilt by import_all: ratings, explorer facts"


def test_import_all_says_per_section_what_it_restored_the_same_as_export(exported):
    path, _, err = exported
    written = err.splitlines()[1:-1]
    wipe_all()
    out, error = import_all(path)
    assert error is None, out
    lines = out.splitlines()
    at = lines.index("Restored, per section:")
    assert lines[at + 1:at + 1 + len(written)] == written


def test_the_header_counts_the_new_sections(exported):
    _, lines, _ = exported
    counts = json.loads(lines[0])["counts"]
    assert (counts["luck_analyses"], counts["puzzle_queues"], counts["puzzles"]) == (1, 2, 2)
    assert (counts["import_jobs"], counts["invites"]) == (1, 2)


def test_only_finished_luck_analyses_and_uploads_are_carried(exported, tmp_path):
    # A queued one is worked out again when asked (docs/backups.md).
    game = Game.objects.filter(source="recorded", status="finished").order_by("-id").first()
    GameLuck.objects.create(game=game, engine_version="x", record_hash="y", playouts=6)
    ImportJob.objects.create(text='{"game": "duel"}', total=1)
    path = tmp_path / "again.ndjson"
    call_command("export_all", str(path), stderr=io.StringIO())
    kinds = [json.loads(line)["kind"] for line in path.read_text().splitlines()]
    assert (kinds.count("luck"), kinds.count("import_job")) == (1, 1)


def test_a_version_2_backup_still_restores(db):
    # tests/backup/data/version-2.ndjson: written by export_all before format version 3 (the club
    # build_whole_club built then; its luck analysis, puzzles, upload and invitations were dropped).
    out, error = import_all(VERSION_2)
    assert error is None, out
    header = json.loads(VERSION_2.read_text().splitlines()[0])
    assert header["format_version"] == 2
    counts = header["counts"]
    assert (get_user_model().objects.count(), Player.objects.count(), Game.objects.count()) == (
        counts["users"], counts["players"], counts["games"])
    assert Event.objects.count() == 1 and GameAnalysis.objects.count() == 1
    assert not (GameLuck.objects.exists() or Puzzle.objects.exists() or ImportJob.objects.exists()
                or Invite.objects.exists())
    assert "  accounts 5 (memberships 3, language preferences 0)" in out.splitlines()
    assert "  puzzle queues 0 (puzzles 0)" in out.splitlines()


def test_a_version_2_file_with_a_line_of_version_3_is_refused(db, tmp_path):
    lines = VERSION_2.read_text().splitlines()
    extra = {"kind": "invite", "id": 9, "rows": []}
    path = tmp_path / "v2.ndjson"
    write(path, [*lines, json.dumps(extra)])
    out, error = import_all(path, "--atomic")
    assert error is not None
    assert "the header does not count invites, but the file holds 1" in out
    assert not Game.objects.exists()


def test_a_puzzle_of_a_game_not_restored_is_refused_naming_line_section_and_record(exported):
    path, lines, _ = exported
    (n, queue), *_ = _numbered(lines, "puzzle_queue")
    queue["rows"][0]["fields"]["game"] = 999
    lines[n - 1] = json.dumps(queue)
    write(path, lines)
    wipe_all()
    out, error = import_all(path)
    assert error is not None and error.returncode == 1
    assert (f"line {n}: puzzle queue of player {queue['id']}: puzzle.game is game 999, which was not restored"
            in out)
    assert not Puzzle.objects.filter(player_id=queue["id"]).exists()
    assert Puzzle.objects.count() == 1  # the other player's queue is restored


def test_with_atomic_a_refused_puzzle_queue_writes_nothing(exported):
    path, lines, _ = exported
    (n, queue), *_ = _numbered(lines, "puzzle_queue")
    queue["rows"][0]["fields"]["interval"] = -3
    lines[n - 1] = json.dumps(queue)
    write(path, lines)
    wipe_all()
    out, error = import_all(path, "--atomic")
    assert error is not None and "nothing was written" in str(error)
    assert f"line {n}: puzzle queue of player {queue['id']}: puzzle.interval: Ensure this value is greater" in out
    assert not any(carried_rows().values())


def test_a_puzzle_in_another_player_s_queue_is_refused(exported):
    path, lines, _ = exported
    (n, queue), (_, other) = _numbered(lines, "puzzle_queue")
    queue["rows"].append(other["rows"][0])
    lines[n - 1] = json.dumps(queue)
    write(path, lines)
    wipe_all()
    out, _ = import_all(path)
    assert (f"line {n}: puzzle queue of player {queue['id']}: puzzle(s) {other['rows'][0]['pk']} are not "
            f"player {queue['id']}'s") in out


def test_an_import_job_line_whose_id_is_not_a_uuid_is_refused(exported):
    path, lines, _ = exported
    (n, job), = _numbered(lines, "import_job")
    job["id"] = 7
    lines[n - 1] = json.dumps(job)
    write(path, lines)
    wipe_all()
    out, _ = import_all(path)
    assert f"line {n}: id must be an import job's UUID, got 7" in out


def test_a_file_cut_in_the_new_sections_is_reported(exported):
    path, lines, _ = exported
    last = _numbered(lines, "invite")[-1][0]
    write(path, lines[:last - 1])
    wipe_all()
    out, error = import_all(path)
    assert error is not None
    assert "the header announces 2 invites but the file holds 1" in out and "cut short" in out
