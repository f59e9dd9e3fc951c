"""Reading uploads and the history metadata; the rating chart's SVG."""

import datetime
from types import SimpleNamespace

import pytest

from games.charts import rating_chart_svg
from games.services.documents import decode_upload, parse_documents, split_history


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1}', [(1, {"a": 1}, "")]),
        ('[{"a": 1}, {"b": 2}]', [(1, {"a": 1}, ""), (2, {"b": 2}, "")]),
        ('{"a": 1}\n\n{"b": 2}\n', [(1, {"a": 1}, ""), (2, {"b": 2}, "")]),
        ("\ufeff[]", []),
        ("", [(1, None, "the file is empty")]),
        ("{oops", [(1, None, "not valid JSON: Expecting property name enclosed in double quotes (line 1 column 2)")]),
        ('{"a": 1}\n{oops', [(1, {"a": 1}, ""),
                              (2, None, "line 2 is not valid JSON: Expecting property name enclosed in double "
                                        "quotes (column 2)")]),
    ],
)
def test_upload_is_one_document_a_list_or_ndjson(text, expected):
    assert [(d.number, d.document, d.error) for d in parse_documents(text)] == expected


def test_upload_that_is_not_utf8_is_refused_with_the_byte():
    with pytest.raises(ValueError, match="not UTF-8 text \\(byte 0"):
        decode_upload(b"\xff\xfe")


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ("2025-01-01", "history must be an object"),
        ({"played_on": "01.02.2025"}, "history.played_on must be a date as YYYY-MM-DD, got '01.02.2025'"),
        ({"location": 7}, "history.location must be text, got 7"),
        ({"location": "x" * 121}, "history.location is 121 characters long; at most 120"),
    ],
)
def test_malformed_history_is_refused_naming_the_field(history, message):
    with pytest.raises(ValueError, match=message.replace("(", "\\(").replace(")", "\\)")):
        split_history({"game": "duel", "history": history})


def test_history_is_taken_out_of_the_document():
    meta, rest = split_history({"game": "duel", "history": {"played_on": "2025-01-02", "notes": " hi "}})
    assert rest == {"game": "duel"}
    assert (meta.played_on, meta.location, meta.notes) == (datetime.date(2025, 1, 2), "", "hi")


def rating(n: int, ordinal: float):
    return SimpleNamespace(ordinal=ordinal, played_on=datetime.date(2025, 1, 1 + n), game_id=n + 1)


def test_chart_has_one_point_per_rated_game_and_escapes_the_title():
    svg = rating_chart_svg([rating(0, -2.0), rating(1, 1.5), rating(2, 4.0)], title='<b>"Ana"</b>')
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") == 3
    assert "&lt;b&gt;&quot;Ana&quot;&lt;/b&gt;" in svg and "<b>" not in svg
    assert "2025-01-01" in svg and "2025-01-03" in svg


def test_chart_of_no_games_is_empty():
    assert rating_chart_svg([], title="x") == ""
