"""How the standings show a tie-break's value (games/events/templatetags/events.py)."""

import pytest
from django.utils import translation

from games.events.templatetags.events import tiebreak_value


@pytest.mark.parametrize(
    ("value", "shown"),
    [(34, "34"), (34.5, "34.5"), (0.25, "0.25"), (12.75, "12.75"), (None, "not available")],
)
def test_a_tiebreak_value_shows_every_digit_it_has(value, shown):
    with translation.override("en"):
        assert tiebreak_value(value) == shown


def test_a_quarter_point_in_german_keeps_both_digits():
    with translation.override("de"):
        assert tiebreak_value(37.25) == "37,25"
