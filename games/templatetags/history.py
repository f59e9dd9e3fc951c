"""Small template filters of the club-history pages."""

from django import template
from django.utils import formats

from games.ui.gameui import drawn
from games.ui.registry import ui_registry
from rules_engine.registry import default_registry

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
    # number_format cuts decimals off; round first as "{:.0f}" did.
    return f"{formats.number_format(round(value * 100), 0)} %"


@register.filter
def interval(bounds):
    """A confidence interval (low, high), rates 0–1, as "34–100 %"."""
    low, high = bounds
    return f"{formats.number_format(round(low * 100), 0)}–{formats.number_format(round(high * 100), 0)} %"


@register.filter
def one_decimal(value):
    if value is None:
        return "–"
    return formats.number_format(round(value, 1), 1)


@register.filter
def label(key):
    """An id for people, in their language: the games' own words (``GameUI.terms``), else the
    id made readable ("action_tokens" → "Action tokens")."""
    term = ui_registry().terms.get(str(key))
    if term is not None:
        return str(term)
    return str(key).replace("_", " ").replace("-", " ").capitalize()


@register.filter
def variant_name(variant_id, game_type):
    """A game's variant by the name its plugin gave it, in the reader's language ("Pharaoh's
    wrath"); a variant no plugin registers now, by its id made readable."""
    variant = default_registry().variants.get((str(game_type), str(variant_id)))
    return str(drawn(variant.name)) if variant is not None else label(variant_id)


@register.simple_tag
def board_data_games():
    """``(game id, short name)`` of the games with a board-data page (`GameUI.board_data`)."""
    return [(game, ui.label or game) for game, ui in sorted(ui_registry().uis.items()) if ui.board_data is not None]
