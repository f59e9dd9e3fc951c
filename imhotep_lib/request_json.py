"""The one door of JSON in request data (issue #52; docs/security.md "Nesting limit"): every
JSON a client sends — an API body (`scoring.parsers.StrictJSONParser`), a form field (the live
play page's move, a puzzle's answer, the calculator's board), a query parameter (the live play
page's pending move) and an uploaded file (the import page, the board-data import) — is parsed
by `loads`, which bounds its size and nesting before ``json`` sees it.

Python's ``json`` raises RecursionError, not ValueError, on text nested about a thousand deep,
and what walks a parsed document recurses further; callers that caught ValueError only let it
through as a 500. Here every refusal is one `BadJSON` (a ValueError) whose ``message`` names
the field and the reason; `NotJSON`, its subclass for text that is no JSON at all, also keeps
the parser's error for callers with wording of their own.

tests/security/test_request_json_door.py fails when a ``json.loads`` appears in the apps
outside this module (an allow-list names the few that read no request data, each with why).
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.forms.fields import InvalidJSONInput, JSONString

from imhotep_lib import nesting
from imhotep_lib.translation import say
from rules_engine.messages import Message, msg

#: ``max_bytes`` of `loads` when the caller gives none: the request body limit (docs/security.md).
DEFAULT = -1


class BadJSON(ValueError):
    """JSON of ``field`` refused: too big, nested too deeply, or not JSON (`NotJSON`).
    ``message`` says so for people (a Message, said in the reader's language)."""

    def __init__(self, field: str, reason: Message | str):
        self.field = field
        self.reason = reason
        self.message = msg("{field} is not usable JSON: {reason}", field=field, reason=reason)
        super().__init__(self.message)


class NotJSON(BadJSON):
    """Text that does not parse as JSON; ``error`` is the parser's ValueError (a
    ``json.JSONDecodeError`` with its line and column, or a refused NaN/Infinity)."""

    def __init__(self, field: str, error: ValueError):
        self.error = error
        if isinstance(error, json.JSONDecodeError):
            reason = msg("{problem} (line {line} column {column})", problem=error.msg, line=error.lineno,
                         column=error.colno)
        else:
            super().__init__(field, str(error))  # the refused NaN/Infinity: json's own words
            return
        super().__init__(field, reason)


def _refuse_constant(name: str) -> None:
    raise ValueError(f"Out of range float values are not JSON compliant: {name!r}")


def _size(text: str | bytes, limit: int) -> int:
    """The size of ``text`` in bytes, encoded only when its characters alone do not decide
    (a character is 1 to 4 bytes of UTF-8)."""
    if isinstance(text, bytes) or len(text) > limit or len(text) * 4 <= limit:
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


def loads(text: str | bytes, field: str, *, max_bytes: int | None = DEFAULT, strict: bool = False) -> Any:
    """``text`` (the JSON of ``field``, as the client sent it) parsed, or `BadJSON`.

    ``max_bytes``: the most taken (default: ``IMHOTEP_MAX_JSON_BYTES``, the body limit; None for
    an upload, which has its own limit before it is read). ``strict``: NaN and Infinity are
    refused (the API's bodies, as DRF's strict parser does)."""
    limit = settings.IMHOTEP_MAX_JSON_BYTES if max_bytes == DEFAULT else max_bytes
    if limit is not None and _size(text, limit) > limit:
        raise BadJSON(field, msg("it is longer than {limit} bytes", limit=limit))
    try:
        nesting.check(text)
    except nesting.TooDeep as exc:
        raise BadJSON(field, exc.message) from None
    try:
        return json.loads(text, parse_constant=_refuse_constant if strict else None)
    except RecursionError:  # not reached below the nesting limit; kept as the last guard
        raise BadJSON(field, nesting.TooDeep(nesting.MAX_DEPTH + 1, nesting.MAX_DEPTH).message) from None
    except UnicodeDecodeError as exc:  # bytes that are not UTF-8 (json reads UTF-8/16/32)
        raise NotJSON(field, ValueError(f"byte {exc.start} is not UTF-8")) from None
    except ValueError as exc:
        raise NotJSON(field, exc) from None


class JSONFormField(forms.JSONField):
    """Django's JSON form field through the door: the admin's JSON fields (a game's variants
    and sides, an event's place points…) catch only JSONDecodeError, so 1,000 nested lists were
    a 500 for staff. Every ModelAdmin sets it (`ADMIN_FORMFIELDS`;
    tests/security/test_request_json_door.py walks the admin's registry)."""

    def to_python(self, value: Any) -> Any:
        if self.disabled:
            return value
        if value in self.empty_values:
            return None
        if isinstance(value, (list, dict, int, float, JSONString)):
            return value
        try:
            converted = loads(value, str(self.label or "JSON"))
        except BadJSON as exc:
            raise ValidationError(say(exc.message), code="invalid", params={"value": value}) from None
        return JSONString(converted) if isinstance(converted, str) else converted

    def bound_data(self, data: Any, initial: Any) -> Any:
        if self.disabled:
            return initial
        if data is None:
            return None
        try:
            return loads(data, str(self.label or "JSON"))
        except BadJSON:
            return InvalidJSONInput(data)


#: ``formfield_overrides`` of every ModelAdmin whose model has a JSONField.
ADMIN_FORMFIELDS: dict[type[models.Field[Any, Any]], dict[str, Any]] = {models.JSONField: {"form_class": JSONFormField}}
