"""Domain logic of the club history. Views, the API, the admin and the management commands
call these modules; none of them computes a result or a rating itself.

The services say what went wrong with ``rules_engine.messages.msg()`` (docs/i18n.md): the
English sentence, a ``str`` the command line prints as it is, that a page or the API puts into
the reader's language (``imhotep_lib.translation.say``). The helpers below keep such messages
messages where an error's text is passed on."""

from __future__ import annotations

from rules_engine.messages import msg


def field_message(path: str, message: str) -> str:
    """A problem of a field for people: "players[1].tomb: tomb-7 is held by both players"."""
    # Translators: {field} is where the problem is (e.g. "players[1].tomb"), kept as it is.
    return msg("{field}: {problem}", field=path, problem=message) if path else message


def reason_of(error: BaseException) -> str:
    """The text of ``error`` for people. ``str(error)`` would turn an engine message (a
    ``Message``: the engine's errors carry one, a record's "move N: …" and a board's joined
    problems included) into plain English; this keeps it."""
    args: tuple[object, ...] = getattr(error, "args", ())
    if len(args) == 1 and isinstance(args[0], str):
        return args[0]
    return str(error)
