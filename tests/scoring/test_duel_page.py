"""/score/duel: one view, one template; htmx gets the result partial only."""

import json
import re
from html import unescape
from urllib.parse import urlencode

import pytest

from rules_engine.duel.apidocs import D9_1_BOARD
from rules_engine.registry import default_registry
from tests.factories import UserFactory

URL = "/score/duel"
HTMX = {"HTTP_HX_REQUEST": "true"}

# D9.1 for player 1 as the form's fields (white has 6 obelisks: no bonus for black).
D9_1_FIELDS = [
    ("p0_name", "Black"),
    ("p0_obelisk", 2),
    ("p0_temple_1", 1),
    ("p0_temple_2", 1),
    ("p0_temple_4", 1),
    ("p0_light", 4),
    ("p0_dark", 6),
    *[("p0_tomb", n) for n in (1, 2, 3, 4, 5, 6, 11)],
    ("p0_actions", 2),
    ("p0_meeples", 1),
    ("p1_name", "White"),
    ("p1_obelisk", 6),
    ("p1_temple_3", 2),
    ("p1_light", 2),
    *[("p1_tomb", n) for n in (8, 9, 12)],
    ("p1_actions", 3),
]


def get(client, fields=(), **headers):
    return client.get(f"{URL}?{urlencode(list(fields))}", **headers)


def html(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


# --------------------------------------------------------------------------- the page


def test_full_page_defaults_are_zero_sides_a_and_player_names(client):
    body = html(client.get(URL))
    assert 'name="p0_name" value="Player 1"' in body and 'name="p1_name" value="Player 2"' in body
    assert 'name="p1_meeples" value="0"' in body
    for monument in ("obelisk", "temple", "pyramid", "tomb"):
        assert f'name="side_{monument}" value="A" id="id_side_{monument}_0" checked>' in body
    assert 'name="starting_player" value="0" id="id_starting_player_0" checked>' in body


def test_d1_form_has_one_side_switch_per_monument_for_both_players(client):
    body = html(client.get(URL))
    for monument in ("obelisk", "temple", "pyramid", "tomb"):
        assert body.count(f'name="side_{monument}"') == 2  # A and B, shared


def test_d7_4_form_has_twelve_tomb_toggles_per_player(client):
    body = html(client.get(URL))
    assert body.count('name="p0_tomb"') == 12 and body.count('name="p1_tomb"') == 12


def test_d9_1_entered_in_the_form_shows_69_and_every_line(client):
    body = html(get(client, D9_1_FIELDS))
    assert '<span class="who">Black</span> <span class="total">69</span>' in body
    for text in (
        "Obelisk A: 2 tokens → 2 (White has more: no bonus)",
        "Temple A: 1 + 2 + 4 symbols → 7",
        "Pyramid A: light 4 → 10, dark 6 → 21",
        "Tomb A: 1-2-3-4-5-6 → 25, 11 → 1",
        "Action tokens: 2 unused → 2",
        "Meeples: 1 on the harbor → 1",
    ):
        assert text in body
    assert "Black wins, 69 to 29." in body


def test_d9_1_form_board_is_the_f1_example_board(client):
    context = get(client, D9_1_FIELDS).context
    board = context["calc"].board
    black = D9_1_BOARD["players"][0]
    assert board["players"][0] == {**black, "temple": sorted(black["temple"])}


def test_page_answers_vary_on_the_htmx_header(client):
    assert "HX-Request" in client.get(URL)["Vary"]


def test_page_refuses_post(client):
    assert client.post(URL).status_code == 405


# --------------------------------------------------------------------------- htmx


def test_htmx_request_gets_only_the_result_partial(client):
    body = html(get(client, D9_1_FIELDS, **HTMX))
    assert body.lstrip().startswith('<section id="result"')
    assert "<html" not in body and '<form id="duel-form"' not in body and "site-header" not in body
    assert '<span class="total">69</span>' in body


def test_htmx_partial_never_contains_the_inputs_being_typed_in(client):
    body = html(get(client, D9_1_FIELDS, **HTMX))
    assert 'name="p0_obelisk"' not in body and 'name="p0_tomb"' not in body


def test_htmx_history_restore_gets_the_full_page(client):
    body = html(get(client, D9_1_FIELDS, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX))
    assert "<html" in body and '<form id="duel-form"' in body


@pytest.mark.parametrize(
    ("fields", "shown"),
    [
        ([("side_obelisk", "B"), ("p0_obelisk", 5), ("p1_obelisk", 6)], True),
        ([("side_obelisk", "A"), ("p0_obelisk", 5), ("p1_obelisk", 6)], False),
        ([("side_obelisk", "B"), ("p0_obelisk", 4), ("p1_obelisk", 6)], False),
    ],
    ids=["side-b-both-5", "side-a", "side-b-one-below-5"],
)
def test_d7_1_first_to_five_question_is_sent_out_of_band_only_when_it_matters(client, fields, shown):
    body = html(get(client, fields, **HTMX))
    assert '<div id="first-to-five" hx-swap-oob="true">' in body  # always: it may have to disappear
    assert ('name="first_to_five"' in body) is shown


def test_d7_1_first_to_five_question_is_on_the_full_page_when_it_matters(client):
    body = html(get(client, [("side_obelisk", "B"), ("p0_obelisk", 5), ("p1_obelisk", 6)]))
    assert body.count('name="first_to_five"') == 2
    assert "hx-swap-oob" not in body


def test_d7_1_unanswered_first_to_five_is_a_problem_not_a_score(client):
    body = html(get(client, [("side_obelisk", "B"), ("p0_obelisk", 5), ("p1_obelisk", 6)], **HTMX))
    assert "Who reached 5 obelisk tokens first" in body and "choose a player" in body
    assert 'class="total"' not in body


def test_d7_1_answered_first_to_five_scores_12_and_6(client):
    fields = [("side_obelisk", "B"), ("p0_obelisk", 5), ("p1_obelisk", 6), ("first_to_five", 1)]
    calc = get(client, fields).context["calc"]
    assert [p["breakdown"]["obelisk"] for p in calc.result["players"]] == [6, 12]


def test_d7_6_tie_says_who_wins_and_why(client):
    body = html(get(client, [("starting_player", 0)], **HTMX))
    assert "Tied at 0: Player 2 wins because Player 1 started." in body  # D7.6


# --------------------------------------------------------------------------- impossible boards


def test_f1_tomb_number_on_both_sides_is_named_in_words(client):
    body = html(get(client, [("p0_tomb", 7), ("p1_name", "Ben"), ("p1_tomb", 7)], **HTMX))
    assert '<a href="#p1-tomb"><strong>Ben, tomb</strong></a>: tomb 7 is held by both players' in body
    assert 'class="total"' not in body


def test_f1_thirteen_obelisks_is_named_in_words(client):
    body = html(get(client, [("p0_obelisk", 13)], **HTMX))
    assert "<strong>Player 1, obelisk tokens</strong></a>: must be between 0 and 12, got 13" in body


def test_f1_obelisks_together_above_12_is_named_in_words(client):
    body = html(get(client, [("p0_obelisk", 7), ("p1_obelisk", 6)], **HTMX))
    assert "<strong>Player 2, obelisk tokens</strong></a>: the players hold 7 + 6 = 13 obelisk tokens" in body


def test_f1_fourth_temple_token_of_a_value_is_named_in_words(client):
    body = html(get(client, [("p0_temple_2", 2), ("p1_temple_2", 2)], **HTMX))
    assert "<strong>Player 2, temple tokens</strong>" in body and "temple 2 appears 4 times" in body


def test_form_parse_error_is_named_in_words(client):
    body = html(get(client, [("p1_name", "Ben"), ("p1_meeples", "lots")], **HTMX))
    assert ('<a href="#id_p1_meeples"><strong>Ben, meeples on the harbor</strong></a>: Enter a whole number.') in body


# --------------------------------------------------------------------------- saving


@pytest.mark.django_db
def test_signed_in_user_can_save_a_valid_board_to_club_history(client):
    client.force_login(UserFactory())
    body = html(get(client, D9_1_FIELDS))
    assert '<form class="save" method="post" action="/games/save-score"' in body
    assert 'name="csrfmiddlewaretoken"' in body
    [value] = re.findall(r'<input type="hidden" name="board" value="([^"]*)">', body)
    board = json.loads(unescape(value))
    assert board["game"] == "duel"
    assert board["players"][0]["tomb"] == [1, 2, 3, 4, 5, 6, 11]
    assert default_registry().score(board).to_json()["players"][0]["total"] == 69


@pytest.mark.django_db
def test_the_save_form_is_outside_the_live_result_so_an_update_never_replaces_it(client):
    client.force_login(UserFactory())
    assert "/games/save-score" in html(get(client, D9_1_FIELDS))
    assert "/games/save-score" not in html(get(client, D9_1_FIELDS, **HTMX))


def test_anonymous_user_sees_no_save_form(client):
    assert "/games/save-score" not in html(get(client, D9_1_FIELDS))
