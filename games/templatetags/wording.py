"""``{{ value|say }}``: an engine message in the reader's language (games.translation);
``{{ items|listing }}``: a list the same way, joined as the language joins lists."""

from django import template
from django.utils.translation import gettext

from games.translation import say as _say

register = template.Library()


@register.filter
def say(value) -> str:
    return _say(value)


@register.filter
def listing(items) -> str:
    """``["Ana", "Ben"]`` → "Ana, Ben" (Japanese "Ana、Ben"); messages are said."""
    # Translators: the separator between the items of a list, e.g. "tomb 1, tomb 2".
    return gettext(", ").join(_say(item) for item in items)
