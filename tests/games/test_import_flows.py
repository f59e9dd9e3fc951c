"""Importing records: the upload page, manage.py import_records/export_records, load_demo."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from games.events.models import Event
from games.models import Game, Move, Player, Rating, Result
from games.services.demo import OTHER_GAMES
from games.services.generated import LOCATION
from games.services.recording import import_record
from tests.games.conftest import row_counts
from tests.games.test_recording import illegal_at
from tests.kit import random_record

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("immediate_tasks")]


def upload(client, content: bytes, name="records.json"):
    return client.post("/games/import", {"file": SimpleUploadedFile(name, content)})


def test_import_page_needs_a_login(client):
    response = client.get("/games/import")
    assert response.status_code == 302
    assert response["Location"].startswith("/account/login")


def test_import_page_reports_each_record_and_a_summary_line(client, alice):
    client.force_login(alice)
    good = random_record(50)
    bad, k = illegal_at(random_record(51))
    content = json.dumps([good, good, bad, {"players": "nobody"}]).encode()
    response = upload(client, content)
    body = response.content.decode()
    assert response.status_code == 202
    assert "4 records read: 1 imported, 1 duplicate, 2 rejected." in body
    assert f"move {k + 1}: place" in body  # numbered as the replay's move list shows it
    assert Game.objects.count() == 1
    assert Game.objects.get().created_by == alice


def test_import_page_says_a_record_without_players_misses_them(client, alice):
    client.force_login(alice)
    body = upload(client, json.dumps({"format": "F2", "game": "duel"}).encode()).content.decode()
    assert "players is missing: the list of the players&#x27; names" in body
    assert "None" not in body and Game.objects.count() == 0


def test_import_page_reads_ndjson_and_reports_a_bad_line(client, alice):
    client.force_login(alice)
    content = (json.dumps(random_record(52)) + "\n\n{not json\n" + json.dumps(random_record(53)) + "\n").encode()
    body = upload(client, content, "records.ndjson").content.decode()
    assert "3 records read: 2 imported, 0 duplicates, 1 rejected." in body
    assert "line 3 is not valid JSON" in body
    assert Game.objects.count() == 2


def test_import_page_htmx_answers_only_the_outcome(client, alice):
    client.force_login(alice)
    content = SimpleUploadedFile("r.json", json.dumps(random_record(54)).encode())
    response = client.post("/games/import", {"file": content}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 202
    assert body.lstrip().startswith('<div id="import-outcome"')
    assert "<html" not in body


def test_import_page_rejects_a_file_that_is_not_utf8(client, alice):
    client.force_login(alice)
    response = upload(client, b"\xff\xfe\x00bad")
    assert response.status_code == 400
    assert "not UTF-8" in response.content.decode()
    assert Game.objects.count() == 0


def test_import_records_command_prints_a_line_per_record_and_a_progress_bar(tmp_path, capsys):
    path = tmp_path / "records.ndjson"
    path.write_text("\n".join(json.dumps(random_record(s)) for s in (55, 56, 55)) + "\n")
    call_command("import_records", str(path))
    out, err = capsys.readouterr()
    assert "record 1: imported as game" in out
    assert "record 3: duplicate of game" in out
    assert "3 records: 2 imported, 1 duplicate, 0 rejected" in out
    assert "Importing" in err and "3/3" in err  # tqdm on stderr
    assert Game.objects.count() == 2


def test_import_records_command_exits_1_naming_the_move_of_a_rejected_record(tmp_path, capsys):
    bad, k = illegal_at(random_record(57))
    path = tmp_path / "records.json"
    path.write_text(json.dumps([random_record(58), bad]))
    with pytest.raises(CommandError) as excinfo:
        call_command("import_records", str(path), "--no-progress")
    assert excinfo.value.returncode == 1
    assert "1 rejected" in str(excinfo.value)
    out, _ = capsys.readouterr()
    assert f"record 2: rejected at move {k + 1}: place" in out
    assert Game.objects.count() == 1 and Move.objects.count() == len(random_record(58)["moves"])


def test_import_records_command_says_which_file_it_cannot_read(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_records", str(tmp_path / "missing.json"))


def test_export_records_command_writes_ndjson_that_imports_back(tmp_path):
    import_record(random_record(59))
    import_record(random_record(60, players=("Cleo", "Dan")))
    out = tmp_path / "all.ndjson"
    call_command("export_records", "--output", str(out), "--player", "cleo")
    lines = out.read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["players"] == ["Cleo", "Dan"]


def test_load_demo_games_tops_the_generated_games_up_to_n_with_results_and_ratings():
    call_command("load_demo", "--games", "30")
    call_command("load_demo", "--games", "50")
    generated = Game.objects.filter(location=LOCATION)
    assert generated.count() == 50
    assert Result.objects.filter(seat__game__in=generated).count() == 100
    assert Rating.objects.filter(game_type="duel", player__name__startswith="Generated player").exists()


def test_load_demo_builds_the_club_once():
    call_command("load_demo")
    assert Player.objects.count() == 8
    # 40 of the club's history and 8 of the demo club night (4 tables in each of its 2 played rounds)
    assert Game.objects.filter(game_type="duel").count() == 40 + 8
    assert Game.objects.filter(game_type="classic", source=Game.Source.RECORDED).count() == OTHER_GAMES
    recorded = Game.objects.filter(game_type="duel", source=Game.Source.RECORDED).count()
    assert recorded > 30 and Game.objects.filter(source=Game.Source.SCORE).count() == 48 - recorded
    # every demo game is finished: 2 seats per Duel, 3 and 4 seats alternately per base game
    assert Result.objects.filter(seat__game__game_type="duel").count() == 96
    assert Result.objects.filter(seat__game__game_type="classic").count() == 7 * OTHER_GAMES // 2
    counts = row_counts()
    call_command("load_demo")
    assert row_counts() == counts


def test_load_demo_holds_a_club_night_two_rounds_in_with_its_games_linked():
    call_command("load_demo")
    event = Event.objects.get(name="Demo club night")
    rounds = list(event.round_set.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3]
    played = [p for r in rounds[:2] for p in r.pairings.all()]
    assert len(played) == 8 and all(p.game_id is not None for p in played)
    assert all(p.game_id is None for p in rounds[2].pairings.all())
