"""Rate limits of the scoring API: DRF's anonymous and per-user throttles.

Anonymous callers are counted by address: the peer's, or the one the ``IMHOTEP_NUM_PROXIES``
proxies in front of us put into X-Forwarded-For (DRF's ``NUM_PROXIES``), so a caller cannot
dodge the limit by sending a made-up X-Forwarded-For. Signed-in callers (session or token) are
counted by user. Over the rate: 429 with Retry-After. The counts live in the shared cache
(Redis, or diskcache's files every worker of the machine shares), so all workers and servers
count a caller together (docs/security.md, docs/operations.md).

DRF copies ``DEFAULT_THROTTLE_RATES`` into a class attribute when it is imported, so a rate
changed later (``override_settings``, a settings reload) would be ignored; these read the
current setting on every request instead.
"""

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle


class SlidingWindow(SimpleRateThrottle):
    """Mixin: a caller's requests counted in two fixed windows of the rate's length, this one
    and the one before, and weighed as a sliding window (the one before counts for the part of
    it still inside the last ``duration`` seconds). DRF's own throttle keeps a timestamp per
    request and writes the whole list back on every request (two workers doing so at once lose
    counts); this costs one read and one atomic increment of the shared cache (Redis ``INCR``,
    diskcache's ``incr``), so workers and servers count one caller together. A refused request
    is not counted."""

    num_requests: int
    duration: int
    before: int  # requests of the window before
    count: int  # requests of this window, this one included

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        now = self.timer()
        window, into = divmod(now, self.duration)
        current = f"{self.key}:{int(window)}"
        self.before = self.cache.get(f"{self.key}:{int(window) - 1}", 0)
        self.weight = 1 - into / self.duration  # the part of the window before still counted
        self.left = self.duration - into  # seconds until this window ends
        self.count = _increment(self.cache, current, 1, 2 * self.duration)
        if self.before * self.weight + self.count <= self.num_requests:
            return True
        _increment(self.cache, current, -1, 2 * self.duration)
        self.count -= 1
        return False

    def wait(self) -> float:
        """Seconds until one more request would be allowed: when the window before has slid
        out far enough, or else when this window ends."""
        room = self.num_requests - 1 - self.count
        if self.before and room >= 0:  # this window has room once the one before slides out
            return max((1 - room / self.before) * self.duration - (self.duration - self.left), 1.0)
        # Full: in the next window this one is the window before, weighing less as time goes.
        slide = (1 - (self.num_requests - 1) / self.count) * self.duration if self.count else 0
        return max(self.left + slide, 1.0)


def _increment(cache, key: str, delta: int, timeout: int) -> int:
    """``key`` += ``delta``, created with ``delta`` (kept ``timeout`` seconds) when missing."""
    try:
        return cache.incr(key, delta)
    except ValueError:  # missing: the first request of its window
        if cache.add(key, delta, timeout):
            return delta
        return cache.incr(key, delta)  # another worker created it first


class CurrentRates:
    """Mixin: the rates of the current settings, not of the import."""

    @property
    def THROTTLE_RATES(self) -> dict:
        return api_settings.DEFAULT_THROTTLE_RATES


class ScoringAnonThrottle(CurrentRates, SlidingWindow, AnonRateThrottle):
    """Anonymous callers, by IP address: rate ``DEFAULT_THROTTLE_RATES["anon"]``."""


class ScoringUserThrottle(CurrentRates, SlidingWindow, UserRateThrottle):
    """Signed-in callers, by user: rate ``DEFAULT_THROTTLE_RATES["user"]``. Anonymous callers
    are the anonymous throttle's alone (DRF's would count them by address a second time, one
    more write to the shared cache on every request)."""

    def get_cache_key(self, request, view):
        if not (request.user and request.user.is_authenticated):
            return None  # DRF: no key, nothing counted
        return super().get_cache_key(request, view)


SCORING_THROTTLES = [ScoringAnonThrottle, ScoringUserThrottle]
