"""The scoring API's JSON renderer: DRF's, with the bytes written by orjson.

A score answer is mostly the engine's explanation lines; DRF's renderer spends more time writing
them (``json.dumps`` with an encoder class) than the engine spends scoring the board
(bench/api_costs.py). orjson writes the same compact UTF-8 JSON about ten times faster. Whatever
orjson does not write the way DRF does goes to DRF's renderer, so the answer is DRF's: an
``indent`` the client asks for (``Accept: application/json; indent=4``), an integer beyond 64
bits, and the \\u2028/\\u2029 escapes DRF writes so the answer stays a JavaScript literal.
Dates, decimals and lazy translations go through DRF's own encoder (``default``). Two
differences are kept, neither in a scoring answer (its numbers are integers): a float may be
written in another notation (``0.00006103515625`` for ``6.103515625e-05``: the same number read
back), and one that is not finite is written as ``null``, where DRF's strict renderer fails the
request with a 500.
"""

from __future__ import annotations

import orjson
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

_DEFAULT = JSONEncoder().default
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME  # DRF's format for dates (ms precision, "Z"), not orjson's


class FastJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        # ";": the media type has parameters, maybe an indent.
        if (data is None or self.ensure_ascii or not self.compact or ";" in (accepted_media_type or "")
                or (renderer_context or {}).get("indent") is not None):
            return super().render(data, accepted_media_type, renderer_context)
        try:
            written = orjson.dumps(data, default=_DEFAULT, option=_OPTIONS)
        except TypeError:  # an integer beyond 64 bits, or what DRF's encoder cannot write either
            return super().render(data, accepted_media_type, renderer_context)
        if b"\xe2\x80\xa8" in written or b"\xe2\x80\xa9" in written:  # U+2028, U+2029
            written = written.replace(b"\xe2\x80\xa8", b"\\u2028").replace(b"\xe2\x80\xa9", b"\\u2029")
        return written
