"""The interface language a signed-in user chose, read once per session (docs/i18n.md).

The choice is stored per user (``LanguagePreference``) and copied into the session, so a
request reads it without a query; switching language updates both.
"""

from __future__ import annotations

from django.conf import settings

from games.membership.models import LanguagePreference

SESSION_KEY = "_imhotep_language"
_KNOWN = {code for code, _name in settings.LANGUAGES}


def chosen_language(request) -> str | None:
    """The language the signed-in user chose, or None (anonymous, or never chose)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    session = request.session
    if SESSION_KEY not in session:
        pref = LanguagePreference.objects.filter(user=user).values_list("language", flat=True).first()
        session[SESSION_KEY] = pref or ""
    return session[SESSION_KEY] if session[SESSION_KEY] in _KNOWN else None


def remember_language(request, language: str) -> None:
    """Store ``language`` as the signed-in user's choice (and in their session)."""
    if language not in _KNOWN or not request.user.is_authenticated:
        return
    LanguagePreference.objects.update_or_create(user=request.user, defaults={"language": language})
    request.session[SESSION_KEY] = language
