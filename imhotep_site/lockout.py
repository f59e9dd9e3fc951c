"""Login lockout per username and address, and per address (docs/security.md).

django-axes counts failures per group of ``AXES_LOCKOUT_PARAMETERS`` but compares every group
with one limit. An address trying many usernames fails once per username, so its limit has to
be higher than one user's (a club behind one NAT address shares it): this handler gives the
address group its own limit, ``IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT``. A success resets only that
username's failures from that address, so an attacker signing in to an account of their own
does not wipe the address's count.
"""

from __future__ import annotations

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings


class UserAndAddressHandler(AxesDatabaseHandler):
    """Expects ``AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]``."""

    def get_failures(self, request, credentials=None) -> int:
        user_and_address, address = (self._sum(attempts) for attempts in self.get_user_attempts(request, credentials))
        if address >= settings.IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT:
            # The address is over its own limit: a full count, so axes locks any username out.
            return max(user_and_address, get_failure_limit(request, credentials))
        return user_and_address

    def reset_user_attempts(self, request, credentials=None) -> int:
        username = get_client_username(request, credentials)
        count, _ = AccessAttempt.objects.filter(username=username, ip_address=request.axes_ip_address).delete()
        return count

    @staticmethod
    def _sum(attempts) -> int:
        return sum(attempts.values_list("failures_since_start", flat=True))
