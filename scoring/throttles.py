"""Rate limits of the scoring API: DRF's anonymous and per-user throttles.

Anonymous callers are counted by address: the peer's, or the one the ``IMHOTEP_NUM_PROXIES``
proxies in front of us put into X-Forwarded-For (DRF's ``NUM_PROXIES``), so a caller cannot
dodge the limit by sending a made-up X-Forwarded-For. Signed-in callers (session or token) are
counted by user. Over the rate: 429 with Retry-After. The cache holding the counts is per
process unless a shared cache is configured (docs/security.md).

DRF copies ``DEFAULT_THROTTLE_RATES`` into a class attribute when it is imported, so a rate
changed later (``override_settings``, a settings reload) would be ignored; these read the
current setting on every request instead.
"""

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class CurrentRates:
    """Mixin: the rates of the current settings, not of the import."""

    @property
    def THROTTLE_RATES(self) -> dict:
        return api_settings.DEFAULT_THROTTLE_RATES


class ScoringAnonThrottle(CurrentRates, AnonRateThrottle):
    """Anonymous callers, by IP address: rate ``DEFAULT_THROTTLE_RATES["anon"]``."""


class ScoringUserThrottle(CurrentRates, UserRateThrottle):
    """Signed-in callers, by user: rate ``DEFAULT_THROTTLE_RATES["user"]``. Anonymous callers
    are the anonymous throttle's alone (DRF's would count them by address a second time, one
    more write to the shared cache on every request)."""

    def get_cache_key(self, request, view):
        if not (request.user and request.user.is_authenticated):
            return None  # DRF: no key, nothing counted
        return super().get_cache_key(request, view)


SCORING_THROTTLES = [ScoringAnonThrottle, ScoringUserThrottle]
