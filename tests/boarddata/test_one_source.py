"""One source for the engine (#32): the club's current board data reaches every scoring and the
games-types answer through the registry, on top of the plugins' (the page wins per key)."""

import types

import pytest
from django.urls import reverse

from rules_engine import hookimpl, registry
from rules_engine.registry import default_registry
from tests.engine.classic.board_helpers import board, player

pytestmark = pytest.mark.django_db

B_CHAMBER = board(player("black", name="Ana"), player("white", name="Ben"),
                  chamber=[["black", "white", "black"]], sides={"burial-chamber": "B"})


def test_without_data_the_api_lists_the_b_sides_unplayable(api_client):
    classic = {g["id"]: g for g in api_client.get("/api/v1/games-types").json()}["classic"]
    assert sorted(classic["unplayable_sides"]) == ["burial-chamber", "obelisks", "pyramids", "temple"]


def test_with_the_clubs_data_the_api_lists_no_unplayable_side(api_client, entered):
    classic = {g["id"]: g for g in api_client.get("/api/v1/games-types").json()}["classic"]
    assert classic["unplayable_sides"] == {} and classic["unscorable_sides"] == {}


def test_the_score_api_scores_a_burial_chamber_b_board_with_the_clubs_data(api_client, entered):
    response = api_client.post("/api/v1/score", B_CHAMBER, format="json")
    assert response.status_code == 200
    assert [p["breakdown"]["burial_chamber"] for p in response.json()["players"]] == [100, 50]


def test_the_calculator_page_scores_a_side_b_board(client, entered):
    query = {"players": "2", "side_burial-chamber": "B", "p1_name": "Ana", "p2_name": "Ben"}
    body = client.get(reverse("calculators:calculator", args=["classic"]), query).content.decode()
    assert "B cannot be scored yet" not in body


def test_the_calculator_marks_b_without_data_and_links_an_admin_to_the_page(admin_client):
    body = admin_client.get(reverse("calculators:calculator", args=["classic"])).content.decode()
    assert "B cannot be scored yet" in body and reverse("games:board-data", args=["classic"]) in body


def test_the_new_game_form_offers_every_b_side_with_the_clubs_data(alice, entered):
    from django.test import Client

    client = Client()
    client.force_login(alice)
    body = client.get("/games/new?game=classic").content.decode()
    assert "side-unavailable" not in body


@pytest.fixture
def plugin_with_towers():
    """A plugin supplying only Obelisks B (towers worth 7): the club's entry wins over it."""

    @hookimpl
    def imhotep_board_data(game_id):
        return {"obelisks_b": {"towers": [7]}} if game_id == "classic" else None

    plugin = types.ModuleType("towers_plugin")
    plugin.imhotep_board_data = imhotep_board_data
    registry.configure(load_entry_points=False, extra_plugins={"towers": plugin})
    yield
    registry.configure(load_entry_points=False)


def test_the_clubs_data_wins_per_key_over_a_plugins(plugin_with_towers, entered):
    assert default_registry().game("classic").data.obelisks_b["towers"] == (99, 90, 80, 70)


def test_a_plugins_key_the_club_did_not_enter_still_counts(plugin_with_towers, staff, test_set):
    from games import boarddata

    del test_set["obelisks_b"]
    boarddata.save("classic", test_set, user=staff)
    assert default_registry().game("classic").data.obelisks_b["towers"] == (7,)


def test_the_page_says_the_clubs_entry_overrides_the_plugin(plugin_with_towers, admin_client, entered):
    body = admin_client.get(reverse("games:board-data", args=["classic"])).content.decode()
    assert "The plugin towers also supplies Obelisks B; the data entered here is used instead." in body
