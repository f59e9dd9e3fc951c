"""games.plain_words: what a page says of an engine message (rule ids dropped, field paths said
as a person says them); the API keeps the message as it is."""

import pytest
from django.utils import translation

from games.plain_words import plain


@pytest.mark.parametrize(
    ("engine", "player"),
    [
        ("round 1 ends (C3.4)", "round 1 ends"),
        ("Only legal moves are offered (D4).", "Only legal moves are offered."),
        ("seat 1 starts (C2.3), no empty seat before", "seat 1 starts, no empty seat before"),
        ("(the same for both players, D1)", "(the same for both players)"),
        ("it fills column by column (C5.4, C5.5)", "it fills column by column"),
        ("loses 5 points at the end (classic.md C9).", "loses 5 points at the end."),
        ("Upload game records (formats.md F2): a JSON file", "Upload game records: a JSON file"),
        ("必要です（D3.2）。", "必要です。"),
        ("is required because players[0] holds a decoration", "is required because Player 1 holds a decoration"),
        ("tomb 7 is held by both players", "tomb 7 is held by both players"),
        ("Obelisk (6 tokens)", "Obelisk (6 tokens)"),
    ],
)
def test_a_page_says_an_engine_message_in_the_boards_words(engine, player):
    assert plain(engine) == player


def test_a_field_path_is_said_in_the_readers_language():
    with translation.override("de"):
        assert plain("players[1] holds it") == "Spieler 2 holds it"


def test_the_duels_setup_fields_are_said_as_the_table_names_them():
    assert plain("setup.boats holds 2 × tomb 1; the game has only 1 (D1)") == (
        "the setup holds 2 × tomb 1; the game has only 1")
