"""The Duel's token faces in the reader's language (duel.md D1; docs/glossary "Token labels"):
each language labels every token, shortly and unambiguously, shows its labels on the palette
and the board, and reads them (and the English ones) when a setup or a draw is typed."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games.models import Game
from games.services.recording import import_record
from games.ui.duel.token_labels import label, labels, read_labels
from rules_engine.duel.labels import SHORT, LabelError
from rules_engine.duel.tokens import TEMPLES, TOKEN_IDS
from rules_engine.registry import default_registry
from tests.factories import UserFactory
from tests.kit import random_record

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
GLOSSARY = Path(settings.BASE_DIR) / "docs" / "glossary"


def _glossary_labels(language: str) -> dict[str, str]:
    """English label -> the language's label, from the glossary's "Token labels" table."""
    text = (GLOSSARY / f"{language}.md").read_text(encoding="utf-8").split("## Token labels", 1)[1]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in text.splitlines() if line.startswith("| ")]
    return {row[1]: row[2] for row in rows[1:] if row[1] != "---"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_d1_every_token_has_a_short_label_of_its_own(language):
    with translation.override(language):
        table = labels()
    assert set(table) == set(TOKEN_IDS)
    assert all(0 < len(face) <= 4 for face in table.values()), table
    assert len(set(table.values())) == len(table), table


@pytest.mark.parametrize("language", LANGUAGES)
def test_d1_each_label_is_the_glossarys(language):
    with translation.override(language):
        shown = {SHORT[t]: label(t) for t in TOKEN_IDS if not t.startswith(("temple-", "tomb-"))}
        shown["T1–T4"] = f"{label(TEMPLES[0])}–{label(TEMPLES[-1])}"
        shown["#1–#12"] = f"{label('tomb-1')}–{label('tomb-12')}"
    assert _glossary_labels(language) == shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_d1_the_languages_labels_and_the_english_ones_read_back_as_their_token(language):
    with translation.override(language):
        for token in TOKEN_IDS:
            assert read_labels(label(token)) == [token], (language, label(token))
            assert read_labels(label(token).lower()) == [token], (language, label(token))
            assert read_labels(SHORT[token]) == [token], (language, SHORT[token])


def test_d1_a_word_naming_no_token_is_refused_with_the_readers_labels():
    with translation.override("de"), pytest.raises(LabelError) as refused:
        read_labels("#5 Skarabäus")
    text = str(refused.value)
    assert "'Skarabäus' is not a token" in text
    assert "PH" in text and "Nimm" in text and "VtE" in text and "SwU" not in text


@pytest.fixture
def club_client(db, client):
    client.force_login(UserFactory(username="alice", is_staff=True))
    return client


GERMAN_BOATS = {  # the boats of tests/replay BOATS_ON_TABLE, typed with the German labels
    "boat_row_1": "Ob Ob T1", "boat_row_2": "PH PD #1", "boat_row_3": "#2 #3 Nimm",
    "boat_col_a": "Ob, T2, #4", "boat_col_b": "ph #5 P23", "boat_col_c": "T3 #6 Ob",
}


def test_f2_a_german_reader_transcribes_a_setup_with_the_german_labels(club_client):
    form = {"player_1": "Ana", "colour_1": "black", "player_2": "Ben", "colour_2": "white", "starter": "1",
            "setup": "transcribe", "side_obelisk": "A", "side_temple": "B", "side_pyramid": "A", "side_tomb": "A",
            **GERMAN_BOATS}
    response = club_client.post("/games/new", form, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code in (302, 303), response.content.decode()[:2000]
    assert Game.objects.get().header["setup"]["boats"] == [
        ["obelisk", "obelisk", "temple-1"], ["pyramid-light", "pyramid-dark", "tomb-1"],
        ["tomb-2", "tomb-3", "take-token"], ["obelisk", "temple-2", "tomb-4"],
        ["pyramid-light", "tomb-5", "place-meeples"], ["temple-3", "tomb-6", "obelisk"]]


def test_d1_the_palette_shows_the_japanese_faces(club_client):
    page = club_client.get("/games/new", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    faces = re.findall(r'data-token="([^"]+)" data-short="([^"]+)"', page)
    with translation.override("ja"):
        assert faces == [(t, label(t)) for t in TOKEN_IDS]
    assert ("pyramid-light", "明ピ") in faces and ("swap-unload", "替降") in faces


def test_d2_the_board_shows_the_japanese_faces(club_client):
    record = random_record(7)
    game = import_record(record, user=UserFactory(), source=Game.Source.RECORDED).game
    page = club_client.get(f"/games/{game.pk}/replay?ply=0", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    face = r'<span class="token token-[a-z-]+" title="[^"]*">([^<]+)</span>'
    shown = [html.unescape(text) for text in re.findall(face, page)]
    boats = default_registry().replay(record).states[0].boats
    with translation.override("ja"):
        expected = [label(t) for line in boats.values() if line for t in line if t is not None]
    assert shown and sorted(shown) == sorted(expected)


@pytest.mark.parametrize("language", ["en", "de"])
def test_d1_the_palettes_key_names_every_label_in_the_readers_language(club_client, language):
    page = club_client.get("/games/new", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    key = page.split('<details class="palette-key">', 1)[1].split("</details>", 1)[0]
    pairs = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", key))
    with translation.override(language):
        shown = {label(t): html.unescape(pairs.get(html.escape(label(t)), ""))
                 for t in TOKEN_IDS if not t.startswith("tomb")}
    assert all(shown.values()), shown
    assert ("helle Pyramide" if language == "de" else "light pyramid") in shown.values()


def test_d2_the_boards_key_names_the_labels_in_the_readers_language(club_client):
    game = import_record(random_record(7), user=UserFactory(), source=Game.Source.RECORDED).game
    page = club_client.get(f"/games/{game.pk}/replay?ply=3", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    key = page.split('id="board-token-key"', 1)[1].split("</details>", 1)[0]
    with translation.override("de"):
        assert f"<dt>{html.escape(label('pyramid-light'))}</dt><dd>helle Pyramide</dd>" in key
