"""Sentences for people, kept translatable (docs/i18n.md).

The engine speaks English but never needs Django: a ``Message`` is the English sentence
itself (a ``str``, so everything that stores, compares or serialises text keeps working),
and it also carries its *template* and *parameters*. The web app looks the template up in
the reader's language and fills in the parameters, themselves translated when they are
messages too (``imhotep_lib.translation.say``).

Templates use ``str.format`` fields by name: ``msg("ship {ship} is full", ship=2)``. A
sentence whose words depend on a count has both English forms and the count as ``n``:
``plural("{n} token", "{n} tokens", n=3)``; languages with other plural rules (Russian has
more forms, Japanese one) choose theirs. A tuple parameter is a list of items (each a string
or a message), written "a, b, c" in English and with the reader's separator elsewhere.
``manage.py makemessages`` collects every ``msg("…")``, ``plural("…", "…")`` and
``pmsg("context", "…")`` template.
"""

from __future__ import annotations

from collections.abc import Mapping


class Message(str):
    """The English sentence, with ``template`` and ``params`` to say it in another language."""

    template: str
    params: Mapping[str, object]
    # Most messages have neither: the class's None stands for them (a score answer makes a dozen
    # messages, and each attribute set on a str costs).
    plural: str | None = None  # the English plural template, when the words depend on params["n"]
    context: str | None = None  # tells apart one English word with two meanings ("sail": card or move)

    def __new__(cls, template: str, params: Mapping[str, object] | None = None, plural: str | None = None,
                context: str | None = None) -> Message:
        return _made(template, dict(params) if params else {}, plural, context, cls)

    def __reduce__(self) -> tuple[type[Message], tuple[str, Mapping[str, object], str | None, str | None]]:
        return (Message, (self.template, self.params, self.plural, self.context))

    def __repr__(self) -> str:
        return f"msg({self.template!r}, **{self.params!r})"


_new_str = str.__new__


def _made(template: str, params: dict[str, object], plural: str | None, context: str | None,
          cls: type[Message] = Message) -> Message:
    """A `Message` owning ``params`` (the helpers below hand over their fresh keyword dicts: a
    score's explanations make dozens, and copying and calling through the class cost a third)."""
    english = plural if plural is not None and params["n"] != 1 else template
    if params:
        shown = params
        for value in params.values():
            if isinstance(value, tuple):  # a list of items: "a, b, c"
                shown = {k: ", ".join(map(str, v)) if isinstance(v, tuple) else v for k, v in params.items()}
                break
        english = english.format_map(shown)
    self = _new_str(cls, english)
    self.template = template
    self.params = params
    if plural is not None:
        self.plural = plural
    if context is not None:
        self.context = context
    return self


def msg(template: str, /, **params: object) -> Message:
    """A translatable sentence: ``template`` in English with ``{name}`` fields, and their values."""
    return _made(template, params, None, None)


def plural(singular: str, plural: str, /, **params: object) -> Message:
    """A translatable sentence whose words depend on the count ``n`` (one of ``params``)."""
    return _made(singular, params, plural, None)


def pmsg(context: str, template: str, /, **params: object) -> Message:
    """``msg`` for an English text that means two things: ``context`` says which, so each
    meaning has its own catalogue entry (gettext's msgctxt)."""
    return _made(template, params, None, context)
