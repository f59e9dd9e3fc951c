"""A replay position as every reader sees it — step links, last move, board, score chart —
drawn once and kept: in this process (the most recently used, up to ``BUDGET`` characters) and in
the shared cache (Redis, or the files every worker of the machine reads), so stepping back and
forth through a game, on whichever worker, draws each position once.

The key is the replay's (`timeline.key`: engine and plugin versions and the record itself), the
ply, the language, whether the game is being recorded (the page then says so), and the release
(`games.pagecache.release`: the templates that draw it). A position of a key never changes.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games import lru
from games.lru import LRU
from games.pagecache import release

BUDGET = 32 * 2**20  # characters of drawn positions this process keeps (a position: 20,000–60,000)
TTL = 24 * 3600  # a position in the shared cache: it never changes, only ages
_kept: LRU[str] = LRU(size=BUDGET)


def position(timeline, ply: int, live: bool, draw: Callable[[], str]) -> SafeString:
    """The position at ``ply`` of ``timeline``: kept, or ``draw()`` (which renders it) once."""
    key = f"imhotep:position:{release()}:{timeline.key}:{ply}:{get_language()}:{int(live)}"
    html = lru.read(_kept, key)
    if html is None:
        html = str(draw())
        lru.write(_kept, key, html, TTL)
    return mark_safe(html)  # our own template's output


def forget() -> None:
    """Forget the positions this process keeps (the tests empty the cache between tests)."""
    _kept.clear()
