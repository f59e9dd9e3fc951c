"""``manage.py red_card_ruling``: the stored base games the C7 ruling of 2026-11-28 (a red card
discarded after its effect) replays differently, each with the board data it was played with."""

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.factories import BoardDataFactory, recorded_game

DATA_DIR = Path(__file__).parents[1] / "data"
C7_DATA = json.loads((DATA_DIR / "board_data_c7_red_card.json").read_text())["data"]
C7_RECORD = json.loads((DATA_DIR / "classic" / "c7_red_card_reshuffle.json").read_text())["record"]
EVENT = 41  # tests/engine/classic/test_c7_red_card.py

pytestmark = pytest.mark.django_db


def run() -> list[str]:
    out = io.StringIO()
    call_command("red_card_ruling", stdout=out)
    return out.getvalue().splitlines()


def test_c7_ruling_command_lists_a_game_that_hits_the_case():
    game = recorded_game(C7_RECORD, board_data=BoardDataFactory(data=C7_DATA))
    lines = run()
    assert lines[0].startswith(f"game {game.pk} ({game.played_on}): differs from move {EVENT + 1}; now replays; "
                               "before refused at move 56:")
    assert lines[-1].startswith("1 of 1 stored base games replay differently")


def test_c7_ruling_command_leaves_out_a_game_that_does_not():
    recorded_game({**C7_RECORD, "moves": C7_RECORD["moves"][:EVENT]}, board_data=BoardDataFactory(data=C7_DATA))
    assert run() == ["0 of 1 stored base games replay differently under the C7 ruling "
                     "(1 played with Pyramids B were replayed)."]
