"""The scoring API's renderer writes with orjson (scoring/renderers.py) what DRF's JSON renderer
writes: the same bytes, but that a float may be written in another notation of the same number."""

from __future__ import annotations

import datetime
import decimal
import json
import uuid

import pytest
from django.utils.translation import gettext_lazy
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.renderers import JSONRenderer

from rules_engine.messages import msg
from scoring.renderers import FastJSONRenderer

CASES = {
    "message and lazy text": {"text": msg("Tomb A: {groups}", groups=("1-2 → 4",)), "word": gettext_lazy("field")},
    "date and decimal": {"at": datetime.datetime(2026, 11, 25, 17, 0, 0, 123456, tzinfo=datetime.UTC),
                         "day": datetime.date(2026, 11, 25), "d": decimal.Decimal("1.50")},
    "uuid": {"id": uuid.UUID(int=5)},
    "line separators": {"s": "a\u2028b\u2029c é"},
    "integer beyond 64 bits": {"n": 10**30},
    "nothing": None,
}


def both_write(data) -> tuple[bytes, bytes]:
    return (FastJSONRenderer().render(data, "application/json", {}),
            JSONRenderer().render(data, "application/json", {}))


@pytest.mark.parametrize("data", CASES.values(), ids=CASES.keys())
def test_writes_what_drf_writes(data):
    fast, drf = both_write(data)
    assert fast == drf


def test_an_indent_asked_for_is_drfs():
    written = FastJSONRenderer().render({"a": [1]}, "application/json; indent=2", {})
    assert written == b'{\n  "a": [\n    1\n  ]\n}'


def test_a_score_answer_is_written_by_the_renderer(api_client):
    from scoring.api_examples import D9_1_BOARD

    response = api_client.post("/api/v1/score", D9_1_BOARD, format="json")
    assert response.status_code == 200
    assert response.content == JSONRenderer().render(response.data, "application/json", {})


def documents(*leaves):
    return st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(), *leaves),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=20,
    )


@given(documents())
def test_any_document_without_floats_is_written_as_drf_writes_it(value):
    fast, drf = both_write(value)
    assert fast == drf


@given(documents(st.floats(allow_nan=False, allow_infinity=False)))
def test_floats_are_written_as_the_same_numbers(value):
    fast, drf = both_write([value])
    assert json.loads(fast) == json.loads(drf)
