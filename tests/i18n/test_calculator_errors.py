"""Every problem both score calculators can show, rendered in every language, reads as the
board does (issue 39 "Words"): no field path or 0-based index (``burial_chamber[2][2]``,
``players[0]``) and, outside English, no English colour word or abbreviation (``Bl/Br/Wh``)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.conf import settings

from tests.i18n.pages import readable_texts
from tests.scoring.test_classic_page_problems import PROBLEMS as CLASSIC_PROBLEMS

LANGUAGES = [code for code, _name in settings.LANGUAGES]
HTMX = {"HTTP_HX_REQUEST": "true"}
PATH = re.compile(r"\w+\[\d+\]|\[\d+\]")
ENGLISH_COLOURS = re.compile(r"\b(?:Bl|Br|Wh|Gr|Gy|black|white|brown|grey)\b", re.I)

CLASSIC = [(name, fields) for name, fields, *_ in CLASSIC_PROBLEMS] + [
    ("chamber_gap_in_a_later_column",
     [("bc_1_1", "black"), ("bc_1_2", "black"), ("bc_1_3", "black"), ("bc_2_1", "white"), ("bc_3_1", "white")]),
    ("chamber_colour_not_in_play_later", [("players", 2), ("bc_1_1", "black"), ("bc_1_2", "grey")]),
    ("chamber_cell_not_a_colour", [("bc_1_1", "purple")]),
    ("site_stones_missing_for_the_second_player", [("p1_deco_temple", 1)]),
    ("obelisk_stones_side_b_missing", [("side_obelisks", "B"), ("p2_deco_obelisks", 1)]),
    ("too_many_statues_one_player", [("p3_statues", 11)]),
    ("burial_chamber_b_not_yet", [("side_burial-chamber", "B")]),
    ("pharaohs_wrath_reached", [("variants", "pharaohs-wrath"), ("p0_reached", "market")]),
    ("duplicate_colours_three_players", [("players", 3), ("p2_colour", "white")]),
    ("negative_track", [("p0_track", -3)]),
    ("more_sled_than_box", [("p1_sled", 6), ("p1_obelisk", 30)]),
]
DUEL = [
    ("tomb_on_both_sides", [("p0_tomb", 7), ("p1_tomb", 7)]),
    ("thirteen_obelisks", [("p0_obelisk", 13)]),
    ("obelisks_together", [("p0_obelisk", 7), ("p1_obelisk", 6)]),
    ("fourth_temple_token", [("p0_temple_2", 2), ("p1_temple_2", 2)]),
    ("parse_error", [("p1_meeples", "lots")]),
    ("first_to_five_unanswered", [("side_obelisk", "B"), ("p0_obelisk", 5), ("p1_obelisk", 6)]),
    ("too_many_meeples", [("p0_meeples", 9)]),
    ("tomb_number_unknown", [("p0_tomb", 13)]),
    ("too_many_pyramids", [("p0_light", 9), ("p1_light", 9)]),
]
CASES = [("classic", *case) for case in CLASSIC] + [("duel", *case) for case in DUEL]


def _problems_text(client, game: str, fields, language: str) -> str:
    response = client.get(f"/score/{game}?{urlencode(fields)}", HTTP_ACCEPT_LANGUAGE=language, **HTMX)
    assert response.status_code == 200
    problems = response.context["calc"].problems
    assert problems, "the case must show a problem"
    return " ".join(sorted(readable_texts(response.content.decode())))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "name", "fields"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_calculator_problem_names_no_field_path(client, game, name, fields, language):
    text = _problems_text(client, game, fields, language)
    assert [text[max(0, m.start() - 60):m.end() + 20] for m in PATH.finditer(text)] == []


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
@pytest.mark.parametrize(("game", "name", "fields"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_calculator_problem_names_no_english_colour(client, game, name, fields, language):
    text = _problems_text(client, game, fields, language)
    assert [text[max(0, m.start() - 60):m.end() + 20] for m in ENGLISH_COLOURS.finditer(text)] == []


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_the_burial_chamber_cells_read_in_the_page_language(client, language):
    """Every cell's label and short colour label, the added column's too (chamber.js reads them)."""
    response = client.get("/score/classic?" + urlencode([("bc_1_1", "black"), ("bc_2_1", "white")]),
                          HTTP_ACCEPT_LANGUAGE=language)
    body = response.content.decode()
    start = body.index('<div class="chamber-grid"')
    grid = body[start:body.index("</fieldset>", start)]
    texts = {t.replace("{column}", "").replace("{row}", "") for t in
             readable_texts(grid, ("aria-label", "data-short", "data-cell-label"))}
    assert texts and [t for t in texts if ENGLISH_COLOURS.search(t) or re.search(r"\b(?:Column|row|empty)\b", t)] == []
