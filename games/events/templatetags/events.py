"""Filters for the event pages: a tie-break's name in the reader's language and its value, a dict lookup."""

from django import template
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext_lazy as _

register = template.Library()

TIEBREAK_NAMES = {
    "buchholz_cut1": _("Buchholz Cut-1"),
    "buchholz": _("Buchholz"),
    "median_buchholz": _("Median Buchholz"),
    "sonneborn_berger": _("Sonneborn-Berger"),
    "direct_encounter": _("Direct encounter"),
    "score_sum": _("Sum of scores"),
    "wins": _("Table wins"),
}


@register.filter
def tiebreak_name(key: str) -> str:
    return str(TIEBREAK_NAMES.get(key, key))


@register.filter
def tiebreak_value(value) -> str:
    """A tie-break's value; one the player has none for (the sum of scores of a table fixed
    by places) says so, never 0."""
    if value is None:
        return str(_("not available"))
    # Sonneborn-Berger multiplies half points: a quarter shows as one (0.25, not 0.3).
    return floatformat(value, "-1" if float(value) * 10 == round(float(value) * 10) else "-2")


@register.filter
def get(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else None
