"""``{{ value|say }}``: an engine message in the reader's language (games.translation)."""

from django import template

from games.translation import say as _say

register = template.Library()


@register.filter
def say(value) -> str:
    return _say(value)
