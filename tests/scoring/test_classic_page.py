"""/score/classic: one view, one template; htmx gets the result partial and every field's error
slot out of band; the page scores the rules."""

import re

import pytest

from tests.scoring.classic_page_helpers import C10_CHAMBER, HTMX, URL, chamber_fields, get, html, totals

# --------------------------------------------------------------------------- the page


def test_full_page_loads_the_chamber_script_and_htmx_from_our_own_static_files(client):
    body = html(client.get(URL))
    assert 'src="/static/js/chamber.js"' in body
    assert "htmx" in body and "unpkg.com" not in body and "cdn." not in body


def test_full_page_defaults_are_four_players_zero_and_sides_a(client):
    body = html(client.get(URL))
    assert 'name="players" value="4" id="id_players_2" checked' in body
    for i, colour in enumerate(("black", "white", "brown", "grey")):
        assert f'name="p{i}_name" value="Player {i + 1}"' in body
        assert re.search(rf'<select name="p{i}_colour"[^>]*>.*?<option value="{colour}" selected>', body, re.S)
    for site in ("market", "pyramids", "temple", "burial-chamber", "obelisks"):
        assert f'name="side_{site}" value="A" id="id_side_{site}_0" checked>' in body


def test_c1_every_player_block_is_on_the_page_and_css_hides_those_not_in_play(client):
    body = html(get(client, [("players", 2)]))
    for i in range(4):
        assert f'<fieldset class="player" id="player-{i}">' in body
    assert 'name="players" value="2" id="id_players_0" checked' in body


def test_c7_decorations_are_three_toggles_per_site(client):
    body = html(client.get(URL))
    for site in ("pyramids", "temple", "burial-chamber", "obelisks"):
        assert body.count(f'name="p0_deco_{site}"') == 3


def test_c5_4_chamber_cells_are_selects_with_every_colour_and_grow_by_one_column(client):
    body = html(get(client, chamber_fields(C10_CHAMBER)))
    assert body.count('class="cell-select"') == 6 * 3  # 5 filled columns + one empty
    assert '<option value="brown" selected>' in body
    cell = re.search(r'<select name="bc_6_3".*?</select>', body, re.S)[0]
    assert re.findall(r'<option value="([^"]*)"', cell) == ["", "black", "white", "brown", "grey"]


def test_c9_reached_boxes_are_on_the_page_for_pharaohs_wrath(client):
    body = html(client.get(URL))
    assert 'name="variants" value="pharaohs-wrath"' in body
    assert body.count('name="p0_reached"') == 4


def test_c6_b_sides_without_board_data_are_marked_on_the_switches(client):
    body = html(client.get(URL))
    side = re.search(r'<fieldset class="switch" id="side-burial-chamber">.*?</fieldset>', body, re.S)[0]
    assert "B cannot be scored yet" in side
    # Temple B scored on the track during play: its end-game board needs no open number (C8).
    temple = re.search(r'<fieldset class="switch" id="side-temple">.*?</fieldset>', body, re.S)[0]
    assert "cannot be scored" not in temple
    market = re.search(r'<fieldset class="switch" id="side-market">.*?</fieldset>', body, re.S)[0]
    assert "cannot be scored" not in market  # C6.1 is complete


def test_page_answers_vary_on_the_htmx_header(client):
    assert "HX-Request" in client.get(URL)["Vary"]


def test_page_refuses_post(client):
    assert client.post(URL).status_code == 405


def test_home_page_links_to_the_base_game_calculator(client):
    assert 'href="/score/classic"' in html(client.get("/"))


# --------------------------------------------------------------------------- htmx


def test_htmx_request_gets_the_result_and_the_error_slots_only(client):
    body = html(get(client, [("p0_track", 12)], **HTMX))
    assert body.lstrip().startswith('<section id="result" class="result classic-result"')
    assert "<html" not in body and '<form id="classic-form"' not in body
    assert 'name="p0_track"' not in body and 'name="bc_1_1"' not in body  # inputs are never swapped
    assert '<div class="field-error" id="err-p0_track" hx-swap-oob="true"></div>' in body
    assert '<div class="field-error" id="err-chamber" hx-swap-oob="true"></div>' in body


def test_htmx_error_slots_match_the_page_slots(client):
    page = set(re.findall(r'id="err-([^"]+)"', html(client.get(URL))))
    partial = set(re.findall(r'id="err-([^"]+)" hx-swap-oob="true"', html(client.get(URL, **HTMX))))
    assert page == partial


def test_htmx_history_restore_gets_the_full_page(client):
    body = html(client.get(URL, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX))
    assert "<html" in body and '<form id="classic-form"' in body


def test_without_javascript_a_plain_get_shows_the_result(client):
    body = html(get(client, [("players", 2), ("p0_name", "Ana"), ("p0_track", 30), ("p1_track", 20)]))
    assert '<form id="classic-form"' in body
    assert '<span class="who">Ana</span>' in body and '<span class="total">30</span>' in body


# --------------------------------------------------------------------------- scoring through the page

SCORING_CASES = [
    # (id, fields, breakdown key, points per player)
    ("c10_chamber_rulebook_example", [*chamber_fields(C10_CHAMBER)], "burial_chamber", [1, 3, 7, 17]),
    ("c10_obelisks_2p_1_vs_0", [("players", 2), ("p0_obelisk", 1)], "obelisks", [10, 0]),
    ("c10_obelisks_2p_2_vs_3", [("players", 2), ("p0_obelisk", 2), ("p1_obelisk", 3)], "obelisks", [1, 10]),
    ("c10_obelisks_2p_1_vs_1", [("players", 2), ("p0_obelisk", 1), ("p1_obelisk", 1)], "obelisks", [5, 5]),
    ("c10_obelisks_3p_0_2_1", [("players", 3), ("p1_obelisk", 2), ("p2_obelisk", 1)], "obelisks", [0, 12, 6]),
    (
        "c10_obelisks_4p_three_tied",
        [("p0_obelisk", 1), ("p1_obelisk", 1), ("p2_obelisk", 1)],
        "obelisks",
        [10, 10, 10, 0],
    ),
    (
        "c10_statues",
        [("p0_statues", 1), ("p1_statues", 2), ("p2_statues", 3), ("p3_statues", 4)],
        "statues",
        [1, 3, 6, 10],
    ),
    (
        "c7_decoration_one_point_per_3_stones",
        [("p0_deco_pyramids", 1), ("site_stones_pyramids", 16)],
        "decorations",
        [5, 0, 0, 0],
    ),
    (
        "c7_chamber_decoration_counts_the_grid",
        [("p1_deco_burial-chamber", 1), *chamber_fields(C10_CHAMBER)],
        "decorations",
        [0, 4, 0, 0],
    ),
    ("c8_unplayed_blue_cards", [("p2_blue", 3)], "blue_cards", [0, 0, 3, 0]),
    ("c8_track", [("p0_track", 41), ("p3_track", 7)], "track", [41, 0, 0, 7]),
    (
        "c9_pharaohs_wrath",
        [
            ("players", 2),
            ("variants", "pharaohs-wrath"),
            *[("p0_reached", s) for s in ("pyramids", "temple", "burial-chamber", "obelisks")],
            ("p1_reached", "temple"),
        ],
        "pharaohs_wrath",
        [0, -5],
    ),
]


@pytest.mark.parametrize(("fields", "key", "points"), [c[1:] for c in SCORING_CASES], ids=[c[0] for c in SCORING_CASES])
def test_page_scores_the_rules(client, fields, key, points):
    assert [p["breakdown"][key] for p in totals(client, fields)] == points


def test_c5_4_chamber_lines_are_shown_with_their_rule(client):
    body = html(get(client, chamber_fields(C10_CHAMBER), **HTMX))
    grey = re.search(r'<table class="breakdown[^"]*" id="score-3">.*?</table>', body, re.S)[0]
    assert 'data-monument="burial_chamber"' in grey and "C5.4" in grey
    assert '<span class="total">17</span>' in grey


def test_c6_1_market_side_b_scores_like_side_a(client):
    assert [p["total"] for p in totals(client, [("side_market", "B"), ("p0_track", 3)])] == [3, 0, 0, 0]


def test_c8_winner_is_named(client):
    body = html(get(client, [("players", 3), ("p0_name", "Ana"), ("p0_track", 40), ("p1_track", 38)], **HTMX))
    assert "Ana wins with 40 points." in body
    assert re.search(r'<tr class="is-winner"><td>1</td>\s*<th scope="row"><span class="chip chip-black"', body)


def test_c8_tie_broken_by_sled_stones_is_explained(client):
    fields = [
        ("players", 2),
        ("p0_name", "Ana"),
        ("p1_name", "Ben"),
        ("p0_track", 30),
        ("p1_track", 30),
        ("p0_sled", 1),
        ("p1_sled", 3),
    ]
    body = html(get(client, fields, **HTMX))
    assert "Ben wins: tied at 30 points with Ana (1), the tie is broken by sled stones" in body
    calc = get(client, fields).context["calc"]
    assert [p.rank for p in calc.players] == [2, 1]


def test_c8_tie_the_sled_does_not_break_is_a_shared_win(client):
    fields = [
        ("players", 3),
        ("p0_name", "Ana"),
        ("p2_name", "Cy"),
        ("p0_track", 30),
        ("p2_track", 30),
        ("p0_sled", 2),
        ("p2_sled", 2),
        ("p1_track", 12),
    ]
    body = html(get(client, fields, **HTMX))
    assert "Shared win: Ana and Cy with 30 points each and 2 stones on the sled." in body  # C8
    assert body.count('<span class="shared">shared win</span>') == 2
