"""Hypothesis strategies of the fuzz tests: what JSON (and careless Python callers) can
deliver, and mutations of real documents."""

from __future__ import annotations

import math

from hypothesis import strategies as st

from rules_engine.registry import Registry

#: Every built-in game: the fuzzers cover each (the Duel, the base game, any built-in plugin).
#: Built here without installed plugins, as the suite's registry is (tests/conftest.py): this
#: runs at collection, before that registry is configured.
GAMES = sorted(Registry(load_entry_points=False).games)

#: Integers as JSON delivers them: small, boundary and huge (Python parses up to 4300 digits).
INTS = st.integers(-3, 12) | st.sampled_from([2**31, -(2**63), 10**100, -(10**4000)]) | st.integers()
TEXT = st.text(max_size=12) | st.sampled_from(["", " ", "a1", "А1", "🜁", "\u0000", "\ud800", "x" * 5000])
SCALARS = st.none() | st.booleans() | INTS | st.floats(allow_nan=False, allow_infinity=False) | TEXT
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=5),
    max_leaves=15,
)
#: What only a Python caller can pass: NaN, infinities, tuples, sets, bytes, objects.
PYTHON_ONLY = st.sampled_from([math.nan, math.inf, -math.inf, (1, 2), {1, 2}, b"\xff", object(), 1j, ...])


def deep(depth: int, leaf: object = None) -> object:
    """``[[[...leaf...]]]`` nested ``depth`` times: deeper than repr and json can recurse."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def mutate(data: st.DataObject, value: object, junk: st.SearchStrategy) -> object:
    """``value`` with one part changed: a key dropped, added or set to junk, a list item
    replaced, removed or duplicated, or the whole value replaced."""
    if isinstance(value, dict) and value and data.draw(st.booleans()):
        value = dict(value)
        key = data.draw(st.sampled_from(sorted(value)))
        action = data.draw(st.sampled_from(["drop", "junk", "recurse", "add"]))
        if action == "drop":
            del value[key]
        elif action == "junk":
            value[key] = data.draw(junk)
        elif action == "recurse":
            value[key] = mutate(data, value[key], junk)
        else:
            value[data.draw(TEXT)] = data.draw(junk)
        return value
    if isinstance(value, list) and value and data.draw(st.booleans()):
        value = list(value)
        i = data.draw(st.integers(0, len(value) - 1))
        action = data.draw(st.sampled_from(["drop", "recurse", "repeat"]))
        if action == "drop":
            del value[i]
        elif action == "recurse":
            value[i] = mutate(data, value[i], junk)
        else:
            value.insert(i, value[i])
        return value
    return data.draw(junk)
