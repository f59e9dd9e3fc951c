"""The API's request parser, and the check it shares with the commands."""

import codecs
import io
import re

import orjson
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

_SURROGATE = re.compile("[\ud800-\udfff]")
# In a UTF-8 body a surrogate can only come from a JSON escape (the decoder refuses encoded ones).
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
# Every digit as "0", so that a run of 19 digits is one bytes.find (a regex is ten times slower).
_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)
#: Fewer lists and objects than this cannot nest deeper than json itself reads (about 980).
_ORJSON_NESTING = 900
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


def _orjson_reads_as_json(raw: bytes) -> bool:
    """Whether orjson would read this UTF-8 body as json does, where it reads it at all.

    orjson reads a body about four times faster and refuses all that this parser refuses (NaN,
    Infinity, lone surrogates, not JSON). Two kinds of body are json's alone: one that may nest
    deeper than json reads (orjson reads 1,024 levels, deeper than the views' own recursion can
    go), and one with a number of 19 digits or more, which may not fit 64 bits (orjson reads it
    as a float, json as an integer)."""
    return raw.count(b"[") + raw.count(b"{") < _ORJSON_NESTING and b"0" * 19 not in raw.translate(_DIGITS_AS_ZERO)


class StrictJSONParser(JSONParser):
    """DRF's JSON parser (strict: no NaN/Infinity), with messages for people, and safe against
    absurdly nested bodies: ``json`` raises RecursionError (not ValueError) for those, which
    DRF would let through as a 500. Text with a lone surrogate is refused too (a 400 here, not
    a UnicodeEncodeError when the answer echoes it). The default parser of every API view.
    A UTF-8 body is read by orjson where it reads it as json does, for speed."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read() if stream is not None else b""
        # The charset DRF decodes the body with: the request's, else DEFAULT_CHARSET.
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        utf8 = codecs.lookup(encoding).name == "utf-8"
        if utf8 and _orjson_reads_as_json(raw):
            try:
                return orjson.loads(raw)
            except orjson.JSONDecodeError:
                pass  # parsed again below, for json's words on what is wrong
        try:
            document = super().parse(io.BytesIO(raw), media_type, parser_context)
        except ParseError as exc:
            detail = str(exc.detail).removeprefix("JSON parse error - ")
            # Translators: {detail} is the JSON parser's own words (English), e.g. "Expecting value: line 1 column 1".
            raise ParseError(gettext("the request body is not valid JSON: %(detail)s") % {"detail": detail}) from exc
        except RecursionError:
            raise ParseError(gettext("the request body is not usable JSON: it is nested too deeply")) from None
        may_hold = not utf8 or _SURROGATE_ESCAPE.search(raw)
        if may_hold and has_lone_surrogate(document):
            raise ParseError(gettext("the request body is not usable JSON: %(why)s") % {"why": LONE_SURROGATE})
        return document
