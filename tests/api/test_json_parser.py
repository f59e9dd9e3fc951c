"""The API's JSON parser (scoring/parsers.py) gives a client what json gives, the same
document or the same 400 (with words for people)."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.exceptions import ParseError

from scoring.parsers import StrictJSONParser

BODIES = [
    b'{"a": 1}',
    b' {"a": [1, 2.5, -0.0, 1e5, true, null]} \n',
    b'{"a": 1, "a": 2}',  # the last value of a repeated key, as json keeps it
    b'"\\ud83d\\ude00"',  # a surrogate pair is one character
    b"9223372036854775807",  # the largest 64-bit integer
    b"-9223372036854775809",  # one beyond the smallest 64-bit integer
    b"100000000000000000000000000",
    b'{"name": "1234567890123456789012"}',  # 19 digits in text: json's, and the same
    b"1e400",  # json reads infinity
    b"[" * 64 + b"]" * 64,  # as deep as the nesting limit (imhotep_lib/nesting.py) takes
    b"[" + b",".join([b"[]"] * 1000) + b"]",  # many lists, not deep: json's, and the same
]
REFUSED = [
    b"",
    b"NaN",
    b"[Infinity]",
    b'"\\ud800"',
    b'{"a": 1,}',
    b"\xef\xbb\xbf{}",  # a byte order mark
    b'{"a": "x\x01"}',  # a control character in text
    b'{"a": "\xff"}',  # not UTF-8
    b"[" * 65 + b"]" * 65,  # one level past the nesting limit
    b"[" * 2000 + b"]" * 2000,
    b"{} {}",
]


def parse(body: bytes, charset: str = "utf-8"):
    return StrictJSONParser().parse(io.BytesIO(body), "application/json", {"encoding": charset})


def json_reads(body: bytes):
    return json.loads(body.decode("utf-8"))


@pytest.mark.parametrize("body", BODIES, ids=lambda b: b[:30].decode("utf-8", "replace"))
def test_a_body_parses_into_what_json_reads(body):
    document = parse(body)
    assert document == json_reads(body)
    assert type(document) is type(json_reads(body))


@pytest.mark.parametrize("body", REFUSED, ids=lambda b: b[:30].decode("utf-8", "replace"))
def test_a_body_json_refuses_is_a_parse_error_for_people(body):
    with pytest.raises(ParseError, match=r"the request body is not (valid|usable) JSON"):
        parse(body)


def test_a_huge_integer_stays_an_integer():
    assert parse(b'{"obelisk": 100000000000000000000000000}') == {"obelisk": 10**26}


def test_json_words_say_where_a_body_is_broken():
    with pytest.raises(ParseError, match="line 1 column 9"):
        parse(b'{"a": 1,}')


def test_a_utf16_body_is_read_in_its_charset():
    assert parse('{"name": "Gita"}'.encode("utf-16"), "utf-16") == {"name": "Gita"}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_any_json_document_parses_as_json_reads_it(value):
    body = json.dumps(value, ensure_ascii=False).encode("utf-8")
    assert parse(body) == json_reads(body)
