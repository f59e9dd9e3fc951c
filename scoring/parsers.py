"""The scoring API's request parser."""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class StrictJSONParser(JSONParser):
    """DRF's JSON parser (strict: no NaN/Infinity), with messages for people, and safe against
    absurdly nested bodies: ``json`` raises RecursionError (not ValueError) for those, which
    DRF would let through as a 500."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except ParseError as exc:
            detail = str(exc.detail).removeprefix("JSON parse error - ")
            raise ParseError(f"the request body is not valid JSON: {detail}") from exc
        except RecursionError:
            raise ParseError("the request body is not usable JSON: it is nested too deeply") from None
