"""Small template filters of the club-history pages."""

from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping[key]`` in a template (None when missing)."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def percent(value):
    """A rate 0–1 as "62 %", or an en dash when there is nothing to divide."""
    if value is None:
        return "–"
    return f"{value * 100:.0f} %"


@register.filter
def one_decimal(value):
    if value is None:
        return "–"
    return f"{value:.1f}"


@register.filter
def label(key):
    """A breakdown key for people: "action_tokens" → "Action tokens"."""
    return str(key).replace("_", " ").replace("-", " ").capitalize()
