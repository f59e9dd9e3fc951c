"""The board-data page (/games/board-data/classic/): a club admin copies the B boards' numbers
once; each problem is named by its place on the board, in the reader's language; export and
import as JSON with the same checks, all or nothing."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from games import boarddata
from games.models import BoardData
from games.ui.classic.board_data import ClassicBoardData

pytestmark = pytest.mark.django_db

URL = reverse("games:board-data", args=["classic"])


def _page_fields(data: dict) -> dict:
    """The page's POST for ``data`` (the form the admin fills in)."""
    fields = {k: "" if v is None else str(v) for k, v in ClassicBoardData().initial(data).items()}
    return {"action": "save", **fields}


def test_a_club_admin_fills_the_page_and_a_first_version_is_stored(admin_client, staff, test_set):
    response = admin_client.post(URL, _page_fields(test_set))
    assert response.status_code == 302
    version = BoardData.objects.get()
    assert (version.version, version.entered_by, version.data) == (1, staff, test_set)


def test_every_save_is_a_new_version(admin_client, test_set):
    admin_client.post(URL, _page_fields(test_set))
    test_set["obelisks_b"]["towers"] = [95, 90]
    admin_client.post(URL, _page_fields(test_set))
    assert list(BoardData.objects.order_by("version").values_list("version", flat=True)) == [1, 2]
    assert boarddata.current("classic").data["obelisks_b"] == {"towers": [95, 90]}


def test_the_page_shows_the_current_version_in_its_fields(admin_client, entered):
    body = admin_client.get(URL).content.decode()
    assert 'name="tower1" value="99"' in body and "version 1" in body


def test_a_member_may_not_open_the_page(alice):
    client = Client()
    client.force_login(alice)
    assert client.get(URL).status_code == 403


@pytest.mark.parametrize(
    ("language", "named"),
    [
        ("en", "pyramid 2, second row, first space: a second-level space scores 4, got 5"),
        ("de", "Pyramide 2, zweite Reihe, erstes Feld: ein Feld der zweiten Reihe zählt 4, erhalten: 5"),
        ("ru", "пирамида 2, второй ряд, первое место: место второго ряда приносит 4, получено: 5"),
        ("hu", "2. piramis, második sor, első mező: egy második sori mező 4 pontot ér, kapott: 5"),
        ("ja", "ピラミッド2、2段目、1番目のマス：2段目のマスは4点です（受け取った値：5）"),
    ],
)
def test_a_refusal_names_the_board_place_in_the_readers_language(admin_client, test_set, language, named):
    test_set["pyramids_b"]["pyramids"][1][2]["value"] = 5  # pyramid 2's second row scores 4 (C6.2)
    response = admin_client.post(URL, _page_fields(test_set), headers={"accept-language": language})
    body = response.content.decode()
    assert response.status_code == 200 and named in body
    assert not BoardData.objects.exists()


def test_the_refusal_is_shown_beside_its_field(admin_client, test_set):
    test_set["burial_chamber_b"]["points"]["4"] = [8, 4, 2, 5]
    body = admin_client.post(URL, _page_fields(test_set)).content.decode()
    field = body.index('name="chamber4_p1"')
    problem = body.index("burial chamber with 4 players: must not give a later place more points")
    assert 0 < problem - field < 400


def test_a_rule_fixed_number_is_refused_naming_its_place(admin_client, test_set):
    test_set["burial_chamber_b"]["points"]["4"] = [9, 4, 2, 0]
    body = admin_client.post(URL, _page_fields(test_set)).content.decode()
    assert "burial chamber with 4 players, place 1: is fixed by the rules" in body


def test_a_gap_in_a_row_is_refused_at_the_space_after_it(admin_client):
    body = admin_client.post(URL, {"action": "save", "pyr3_r1_s1": "1", "pyr3_r1_s3": "5"}).content.decode()
    assert "pyramid 3, first row, third space: enter a row&#x27;s spaces from the left" in body


def test_an_empty_page_stores_nothing(admin_client):
    body = admin_client.post(URL, {"action": "save"}).content.decode()
    assert "Nothing was entered" in body and not BoardData.objects.exists()


def test_export_gives_the_version_as_json(admin_client, entered, test_set):
    response = admin_client.get(reverse("games:board-data-export", args=["classic"]))
    document = json.loads(response.content)
    assert (document["game"], document["version"], document["data"]) == ("classic", 1, test_set)


def _upload(client, text: str, name="board.json"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post(URL, {"action": "import", "file": SimpleUploadedFile(name, text.encode())})


def test_an_export_imported_by_another_club_is_a_new_version(admin_client, entered):
    exported = admin_client.get(reverse("games:board-data-export", args=["classic"])).content.decode()
    assert _upload(admin_client, exported).status_code == 302
    assert BoardData.objects.count() == 2 and boarddata.current("classic").data == entered.data


def test_an_import_runs_the_same_checks_and_stores_nothing_when_one_fails(admin_client, test_set):
    test_set["temple_b"]["spaces"]["3"][1] = "gold"
    body = _upload(admin_client, json.dumps({"format": "imhotep-board-data", "game": "classic", "data": test_set}))
    assert "temple with 3 players, second space: the bonus must be one of" in body.content.decode()
    assert not BoardData.objects.exists()


def test_an_import_that_is_not_json_is_refused(admin_client):
    assert "the file is not JSON" in _upload(admin_client, "{nope").content.decode()


def test_the_game_page_says_which_board_data_the_game_used(client, entered, alice):
    from games.services.recording import import_record
    from rules_engine.classic.game import new_record

    game = import_record(new_record(["Ana", "Ben"], 4, sides={"temple": "B"}), user=alice).game
    body = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert game.board_data == entered
    assert "the club's version 1" in body


def test_the_history_navigation_links_a_club_admin_to_the_page(admin_client):
    body = admin_client.get(reverse("games:list")).content.decode()
    assert f'href="{URL}"' in body and "Board data (Base game)" in body


def test_the_history_navigation_has_no_link_for_a_member(alice):
    client = Client()
    client.force_login(alice)
    assert URL not in client.get(reverse("games:list")).content.decode()
