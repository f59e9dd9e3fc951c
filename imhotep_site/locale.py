"""Which language a request is answered in (docs/i18n.md): the signed-in user's stored
choice first, then Django's own order (the language cookie, then Accept-Language)."""

from __future__ import annotations

from django.middleware.locale import LocaleMiddleware
from django.utils import translation

from games.membership.languages import chosen_language


class UserLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request):
        super().process_request(request)
        language = chosen_language(request)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
