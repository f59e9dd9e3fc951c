"""The API's request parser, and the check it shares with the commands."""

import io
import re

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from imhotep_lib import nesting
from imhotep_lib.translation import say

_SURROGATE = re.compile("[\ud800-\udfff]")
#: Why a document with a lone surrogate is refused (API and commands say the same).
LONE_SURROGATE = _(
    "it holds a lone UTF-16 surrogate escape (\\ud800–\\udfff without its pair), which is not a "
    "character and cannot be stored or printed"
)


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
    """DRF's JSON parser (strict: no NaN/Infinity), with messages for people, and safe against
    absurdly nested bodies: ``json`` raises RecursionError (not ValueError) for those, which
    DRF would let through as a 500. Text with a lone surrogate is refused too (a 400 here, not
    a UnicodeEncodeError when the answer echoes it). Text nested deeper than the nesting limit
    (imhotep_lib/nesting.py) is refused before it is parsed. The default parser of every API view."""

    def parse(self, stream, media_type=None, parser_context=None):
        body = stream.read() if stream is not None else b""
        try:
            nesting.check(body)
        except nesting.TooDeep as exc:
            why = say(exc.message)
            raise ParseError(gettext("the request body is not usable JSON: %(why)s") % {"why": why}) from None
        try:
            document = super().parse(io.BytesIO(body), media_type, parser_context)
        except ParseError as exc:
            detail = str(exc.detail).removeprefix("JSON parse error - ")
            # Translators: {detail} is the JSON parser's own words (English), e.g. "Expecting value: line 1 column 1".
            raise ParseError(gettext("the request body is not valid JSON: %(detail)s") % {"detail": detail}) from exc
        except RecursionError:
            raise ParseError(gettext("the request body is not usable JSON: it is nested too deeply")) from None
        if has_lone_surrogate(document):
            raise ParseError(gettext("the request body is not usable JSON: %(why)s") % {"why": LONE_SURROGATE})
        return document
