"""``{{ value|say }}``: an engine message in the reader's language (imhotep_lib.translation), in the
board's words (games.plain_words: no rule ids, no field paths);
``{{ items|listing }}``: a list the same way, joined as the language joins lists."""

from django import template

from games.plain_words import plain
from imhotep_lib.translation import say as _say
from imhotep_lib.translation import say_list

register = template.Library()


@register.filter
def say(value) -> str:
    return plain(_say(value))


@register.filter
def listing(items) -> str:
    """``["Ana", "Ben"]`` → "Ana, Ben" (Japanese "Ana、Ben"); messages are said."""
    return say_list(items)
