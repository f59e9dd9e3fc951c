"""Every CSV the service writes shows a cell that begins like a formula as text (issue 29,
OWASP "CSV injection"): a leading single quote before =, +, -, @, tab and carriage return."""

import csv
import io

import pytest

from games.services.exporting import cell
from games.services.recording import import_board
from tests.games.conftest import duel_board

pytestmark = pytest.mark.django_db

FORMULA = '=HYPERLINK("http://x","y")'


def rows(client) -> list[dict]:
    raw = b"".join(client.get("/games/results.csv").streaming_content)
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))


def test_a_player_named_like_a_formula_is_written_as_text(client):
    import_board(duel_board((FORMULA, "Ben")))
    assert {r["player"] for r in rows(client)} == {"'" + FORMULA, "Ben"}


def test_a_location_beginning_with_at_is_written_as_text(client):
    import_board({**duel_board(), "history": {"location": "@SUM(A1)"}})
    assert {r["location"] for r in rows(client)} == {"'@SUM(A1)"}


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@A1", "\tx", "\rx"])
def test_each_formula_start_gets_a_quote(text):
    assert cell(text) == "'" + text


@pytest.mark.parametrize("value", ["Ana", "a=b", 10, -3, ""])
def test_other_cells_and_numbers_are_written_as_they_are(value):
    assert cell(value) == value
