"""The API's request parser, and the check it shares with the commands."""

import re

from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from imhotep_lib import request_json
from imhotep_lib.translation import say

_SURROGATE = re.compile("[\ud800-\udfff]")
#: Why a document with a lone surrogate is refused (API and commands say the same).
LONE_SURROGATE = _(
    "it holds a lone UTF-16 surrogate escape (\\ud800–\\udfff without its pair), which is not a "
    "character and cannot be stored or printed"
)


def text_may_hold_lone_surrogate(text: str) -> bool:
    """Whether JSON ``text`` can parse into a document holding a lone surrogate: only text that
    is not ASCII (the character itself) or holds a ``\\u`` escape can. Two scans in C, so the
    walk of `has_lone_surrogate` runs only for the text that needs it (a false alarm, such as
    an escaped accent, only costs the walk)."""
    return not text.isascii() or "\\u" in text


def has_lone_surrogate(document: object) -> bool:
    """Whether any text (key or value) of a parsed JSON document holds a lone surrogate.

    JSON's ``\\ud800`` escapes parse into such text (json joins only proper pairs); it cannot
    be encoded as UTF-8, so echoing it in an answer, printing it or storing it would fail
    later with a UnicodeEncodeError. Walked without recursion."""
    pending = [document]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            if not value.isascii() and _SURROGATE.search(value):
                return True
        elif isinstance(value, dict):
            pending.extend(value)
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return False


class StrictJSONParser(JSONParser):
    """DRF's JSON parser (strict: no NaN/Infinity), through the one door of request JSON
    (imhotep_lib/request_json.py: size and nesting bounded before ``json`` parses, so a
    thousand nested lists are a 400, not a RecursionError's 500), with messages for people.
    Text with a lone surrogate is refused too (a 400 here, not a UnicodeEncodeError when the
    answer echoes it). The default parser of every API view (settings.REST_FRAMEWORK)."""

    def parse(self, stream, media_type=None, parser_context=None):
        body = stream.read() if stream is not None else b""
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        try:
            text = body.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise ParseError(gettext("the request body is not valid JSON: %(detail)s") % {"detail": str(exc)}) from None
        try:
            # The body limit (imhotep_lib.limits middleware) came first.
            document = request_json.loads(text, "body", max_bytes=None, strict=self.strict)
        except request_json.NotJSON as exc:
            # Translators: {detail} is the JSON parser's own words (English), e.g. "Expecting value: line 1 column 1".
            raise ParseError(gettext("the request body is not valid JSON: %(detail)s") % {"detail": str(exc.error)}) \
                from None
        except request_json.BadJSON as exc:
            why = say(exc.reason)
            raise ParseError(gettext("the request body is not usable JSON: %(why)s") % {"why": why}) from None
        if text_may_hold_lone_surrogate(text) and has_lone_surrogate(document):
            raise ParseError(gettext("the request body is not usable JSON: %(why)s") % {"why": LONE_SURROGATE})
        return document
