"""The nesting limit of every JSON entry point (issue 38): a document nested deeper than
`MAX_DEPTH` is refused from its text, before anything parses or walks it.

Python's ``json`` parses a thousand nested lists, but what reads the document afterwards
(validation, deepcopy, canonical JSON, templates) recurses once or more per level and dies of
RecursionError: a 500 to any member, an admin's board-data import included. No board, record,
move or board data of the formats (docs/rules, docs/board-data.md) comes near a tenth of the
limit, so refusing deeper text loses nothing and keeps every later walk far from Python's
recursion limit.

The check counts brackets outside strings mostly in C (``bytes.replace`` drops escapes,
``bytes.translate`` keeps brackets and quotes, ``split`` drops what is left of the strings, and
`check` peels pairs of brackets): about 25 ms per megabyte of records here, 70 for text
full of escapes, far below parsing and storing them, so whole uploads are checked too.
"""

from __future__ import annotations

from array import array
from itertools import accumulate

from rules_engine.messages import msg

#: Deepest nesting of arrays and objects taken (a record is about 5 deep, board data about 6).
MAX_DEPTH = 64

# Every byte but brackets and quotes: dropped next (bytes.translate, in C).
_OTHER = bytes(b for b in range(256) if b not in b'[]{}"')
# Opening brackets count +1, closing ones -1 (0xff: -1 as a signed byte).
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
# Both kinds of bracket as one, for `check`'s peeling.
_ONE_KIND = bytes.maketrans(b"[{]}", b"(())")


class TooDeep(ValueError):
    """A JSON text nested deeper than the limit; ``message`` says so for people (a Message,
    said in the reader's language)."""

    def __init__(self, depth: int, limit: int):
        self.depth = depth
        self.limit = limit
        self.message = msg("the JSON is nested too deeply: more than {limit} levels of lists and objects",
                           limit=limit)
        super().__init__(self.message)


def _brackets(text: str | bytes) -> bytes:
    """The brackets of a JSON text outside its strings, in order."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    if b"[" not in data and b"{" not in data:
        return b""
    # Escaped backslashes, then escaped quotes, dropped first (left to right, as JSON reads a run
    # of backslashes): every quote left starts or ends a string.
    unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"") if b"\\" in data else data
    kept = unescaped.translate(None, _OTHER)
    # Two quotes side by side close and open strings with no bracket between them (or hold an
    # empty or bracket-free text): dropping them keeps which brackets lie outside the strings.
    # Most documents' strings hold no bracket, and then no quote is left (no split needed).
    kept = kept.replace(b'""', b"")
    if b'"' not in kept:
        return kept
    # What lies between two quotes is text: every other piece is outside the strings.
    return b"".join(kept.split(b'"')[::2])


def depth(text: str | bytes) -> int:
    """How deep the arrays and objects of a JSON text nest (0 for a bare value). Text that is
    not JSON gets some number: the parser that follows says what is wrong with it."""
    return _depth(_brackets(text))


def _depth(brackets: bytes) -> int:
    return max(accumulate(array("b", brackets.translate(_STEPS))), default=0)


def check(text: str | bytes, limit: int = MAX_DEPTH) -> int:
    """Raise `TooDeep` when ``text`` nests deeper than ``limit``; else answer its `depth`
    (a caller that walks the parsed document for a lower limit need not walk it again).

    Peeled instead of counted: each pass drops every innermost pair ("()"), so balanced
    brackets nesting at most ``limit`` deep are gone after ``limit`` passes of
    ``bytes.replace`` (in C; a record takes five), one pass per level. Only what is left then
    (deep, or not JSON) is counted bracket by bracket."""
    brackets = _brackets(text)
    peeled = brackets.translate(_ONE_KIND)
    for passes in range(limit + 1):
        if not peeled:
            return passes
        if passes == limit:
            break
        shorter = peeled.replace(b"()", b"")
        if len(shorter) == len(peeled):
            break
        peeled = shorter
    found = _depth(brackets)
    if found > limit:
        raise TooDeep(found, limit)
    return found
