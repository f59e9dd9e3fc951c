"""Each monument readable as text (issue 39): the base game's sites name their stones by colour
word and count, besides the coloured dots; a spectator's screen reader hears each new move."""

import re

import pytest
from django.test import Client

from games.ui.classic.presenters import sites_view
from tests.kit import random_record
from tests.replay.conftest import store

STATE = {
    "players": [{"colour": "black"}, {"colour": "white"}, {"colour": "brown"}],
    "sites": {
        "pyramids": {"side": "A", "stones": ["white", "black", "white"]},
        "temple": {"side": "A", "width": 5, "stones": ["brown", "brown", "black", "white", "brown", "black"]},
        "burial-chamber": {"side": "A", "columns": [["black", "black", "white"], ["brown"]]},
        "obelisks": {"side": "A", "heights": {"black": 0, "white": 4, "brown": 1}},
    },
}


def test_c5_each_site_counts_its_stones_per_colour_in_seat_order():
    counts = {site["id"]: site.get("stone_counts") for site in sites_view(STATE)}
    assert counts == {
        "market": None,
        "pyramids": [("black", 1), ("white", 2)],
        "temple": [("black", 2), ("white", 1), ("brown", 3)],
        "burial-chamber": [("black", 2), ("white", 1), ("brown", 1)],
        "obelisks": [("white", 4), ("brown", 1)],
    }


@pytest.mark.django_db
def test_the_replay_says_the_stones_in_words_and_has_a_live_region_for_new_moves(alice):
    game = store(random_record(5, ["Ana", "Ben", "Cy"], game="classic", moves=30), alice)
    body = Client().get(f"/games/{game.pk}/replay?ply=30").content.decode()
    assert body.count('<p class="site-stones">') == 4
    first = body.split('<p class="site-stones">', 1)[1].split("</p>", 1)[0]
    assert re.fullmatch(r"(no stones yet|\d+ (black|white|brown|grey) stones?( · )?)+", first), first
    assert '<p id="move-announcer" class="vh" aria-live="polite" aria-atomic="true"></p>' in body
