"""Rate limits of the scoring API: DRF's anonymous and per-user throttles.

DRF copies ``DEFAULT_THROTTLE_RATES`` into a class attribute when it is imported, so a rate
changed later (``override_settings``, a settings reload) would be ignored; these read the
current setting on every request instead.
"""

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class _CurrentRates:
    @property
    def THROTTLE_RATES(self) -> dict:
        return api_settings.DEFAULT_THROTTLE_RATES


class ScoringAnonThrottle(_CurrentRates, AnonRateThrottle):
    """Anonymous callers, by IP address: rate ``DEFAULT_THROTTLE_RATES["anon"]``."""


class ScoringUserThrottle(_CurrentRates, UserRateThrottle):
    """Signed-in callers, by user: rate ``DEFAULT_THROTTLE_RATES["user"]``."""


SCORING_THROTTLES = [ScoringAnonThrottle, ScoringUserThrottle]
