"""``{{ value|say }}``: an engine message in the reader's language (games.translation);
``{{ items|listing }}``: a list the same way, joined as the language joins lists."""

from django import template

from games.translation import say as _say
from games.translation import say_list

register = template.Library()


@register.filter
def say(value) -> str:
    return _say(value)


@register.filter
def listing(items) -> str:
    """``["Ana", "Ben"]`` → "Ana, Ben" (Japanese "Ana、Ben"); messages are said."""
    return say_list(items)
