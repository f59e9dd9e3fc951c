"""Engine messages in the reader's language (docs/i18n.md).

The engine hands out ``rules_engine.messages.Message`` values: the English sentence plus its
template and parameters. ``say`` looks the template up in the active language's catalogue
and fills the parameters in, translating those that are messages (or lists of them) too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.utils.translation import get_language, gettext, ngettext, pgettext

from rules_engine.messages import Message


def in_source_language() -> bool:
    """Whether the reader reads English, the source: then a message already is its sentence
    (nested ones and lists included) and the catalogue has nothing to add. Pages draw hundreds
    of messages, the score API returns dozens: they skip the lookups."""
    return bool(get_language() == settings.LANGUAGE_CODE)


def say(text: Any) -> str:
    """``text`` in the active language: a ``Message`` is translated, anything else is str()."""
    if not isinstance(text, Message):
        return "" if text is None else str(text)
    if in_source_language():
        return str.__str__(text)
    params = {key: _param(value) for key, value in text.params.items()}
    if text.plural is not None:
        n = text.params["n"]  # a count (`plural`)
        template = ngettext(text.template, text.plural, n if isinstance(n, int) else int(str(n)))
    elif text.context is not None:
        template = pgettext(text.context, text.template)
    else:
        template = gettext(text.template)
    try:
        return template.format(**params) if params else template
    except (KeyError, IndexError, ValueError):
        # A catalogue entry that names a field the message lacks must not break the page.
        return str(text)


def say_list(items: Iterable[Any]) -> str:
    """``items`` said one by one and joined as the language joins a list ("a, b"; "a、b")."""
    # Translators: the separator between the items of a list, e.g. "tomb 1, tomb 2".
    return gettext(", ").join(say(item) for item in items)


def _param(value: Any) -> Any:
    if isinstance(value, tuple):
        return say_list(value)
    if isinstance(value, Message):
        return say(value)
    return value
