"""The memo of parsed moves (rules_engine/moves.py `memoized`, #40): a dict read before gives
an equal move, and a dict that differs only in a value's type (True or 1.0 for 1) or is bad
is still checked, and refused, every time."""

import pytest

from rules_engine.classic.moveparse import parse_move as classic_parse
from rules_engine.classic.moves import PlayLever
from rules_engine.duel.moves import PlaceUnload, SwapUnload, parse_move
from rules_engine.errors import IllegalMoveError
from rules_engine.moves import memo_key


def test_memo_key_keeps_field_names_and_list_values():
    assert memo_key({"type": "place-meeples", "cells": ["a1", "b2"]}) == (("type", "place-meeples"),
                                                                          ("cells", ("a1", "b2")))


def test_memo_key_keeps_a_transcripts_refills_as_lists_in_a_list():
    raw = {"type": "place-unload", "cell": "a1", "boats": ["row-1"], "refills": [["tomb-1", "pyramid", "ship"]]}
    assert memo_key(raw) == (("type", "place-unload"), ("cell", "a1"), ("boats", ("row-1",)),
                             ("refills", (("tomb-1", "pyramid", "ship"),)))


def test_memo_key_refuses_a_refill_holding_a_value_that_only_compares_equal():
    assert memo_key({"type": "place-unload", "cell": "a1", "boats": ["row-1"], "refills": [["tomb-1", True]]}) is None


@pytest.mark.parametrize("value", [True, 1.0, {"n": 1}, [[1]]])
def test_memo_key_refuses_values_that_only_compare_equal(value):
    assert memo_key({"type": "swap-unload", "slots": [value, 2]}) is None


def test_duel_compound_move_read_twice_is_equal():
    raw = {"type": "place-unload", "cell": "a1", "boats": ["row-1", "col-a"]}
    assert parse_move(raw) == parse_move(dict(raw)) == PlaceUnload("a1", ("row-1", "col-a"))


def test_duel_bool_slot_refused_after_the_int_slot_was_read():
    good = {"type": "swap-unload", "boat": "row-1", "slots": [1, 2], "unload": "col-a"}
    assert parse_move(good) == SwapUnload("row-1", (1, 2), "col-a")
    with pytest.raises(IllegalMoveError, match="slots must be 1, 2 or 3, got bool True"):
        parse_move({**good, "slots": [True, 2]})


def test_duel_bad_compound_move_refused_every_time():
    raw = {"type": "place-meeples", "cells": ["a1", "a1"]}
    for _ in range(2):
        with pytest.raises(IllegalMoveError, match="lists cell a1 twice"):
            parse_move(raw)


def test_classic_lever_read_twice_is_equal():
    raw = {"type": "play", "card": "lever", "ship": 1, "site": "temple", "order": [2, 1]}
    assert classic_parse(raw) == classic_parse(dict(raw)) == PlayLever(1, "temple", (2, 1))
