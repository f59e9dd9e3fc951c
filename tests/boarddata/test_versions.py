"""Versions are pinned (#32): a second version changes no earlier game's result until a club
admin sees the rescore's changes and confirms them."""

import pytest
from django.urls import reverse

from games import boarddata
from games.models import Game
from games.services.recording import import_board
from games.services.results import recompute_results
from tests.engine.classic.board_helpers import board, player

pytestmark = pytest.mark.django_db

URL = reverse("games:board-data", args=["classic"])


def _totals(game: Game) -> list[int]:
    return [seat.result.total for seat in game.seats.order_by("order")]


@pytest.fixture
def scored(alice, entered) -> Game:
    """A score-only game with the burial chamber B, scored with version 1 (TEST set: 50/10)."""
    b = board(player("black", name="Ana"), player("white", name="Ben"),
              chamber=[["black", "white", "black"]], sides={"burial-chamber": "B"})
    return import_board(b, user=alice).game


@pytest.fixture
def second(staff, test_set):
    test_set["burial_chamber_b"]["points"]["2"] = [60, 30]  # a correction (TEST numbers)
    return boarddata.save("classic", test_set, user=staff).version


def test_a_game_pins_the_version_it_was_scored_with(scored, entered):
    assert scored.board_data == entered


def test_a_second_version_changes_no_earlier_result(scored, second):
    before = _totals(scored)
    recompute_results(scored)  # an engine fix's rescore keeps the game's own version
    scored.refresh_from_db()
    assert _totals(scored) == before and scored.board_data.version == 1


def test_a_new_game_pins_the_second_version(scored, second, alice):
    b = board(player("black", name="Cleo"), player("white", name="Dan"), sides={"burial-chamber": "B"})
    assert import_board(b, user=alice).game.board_data == second


def test_the_preview_shows_the_change_and_stores_nothing(admin_client, scored, second):
    before = _totals(scored)
    response = admin_client.post(URL, {"action": "preview", "games": [scored.pk]})
    body = response.content.decode()
    assert 'id="rescore-confirm"' in body and "Ana 100" in body and "Ana 120" in body
    scored.refresh_from_db()
    assert _totals(scored) == before and scored.board_data.version == 1


def test_a_confirmed_rescore_applies_the_newer_version(admin_client, scored, second):
    response = admin_client.post(URL, {"action": "rescore", "games": [scored.pk]})
    assert response.status_code == 302
    scored.refresh_from_db()
    assert scored.board_data == second and _totals(scored) == [120, 60]


@pytest.fixture
def other(alice, entered) -> Game:
    """Another game scored with version 1."""
    return import_board(board(player("black", name="Eve"), player("white", name="Fay"),
                              chamber=[["white", "black", "white"]], sides={"burial-chamber": "B"}), user=alice).game


def test_only_the_chosen_games_are_rescored(admin_client, scored, other, second):
    admin_client.post(URL, {"action": "rescore", "games": [scored.pk]})
    other.refresh_from_db()
    assert other.board_data.version == 1
