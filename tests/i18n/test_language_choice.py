"""Which language a page speaks: Accept-Language, the switcher's cookie, a signed-in user's own
choice (docs/i18n.md)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.membership.models import LanguagePreference
from imhotep_lib.translation import say
from rules_engine.classic.words import CARD_NAMES, MOVE_NAMES
from tests.factories import UserFactory


def _lang(response) -> str:
    return response["Content-Language"]


def test_accept_language_picks_the_page_language(client, db):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="ja,en;q=0.5")
    assert _lang(response) == "ja"
    assert '<html lang="ja">' in response.content.decode()


def test_a_language_the_service_lacks_falls_back_to_english(client, db):
    assert _lang(client.get("/", HTTP_ACCEPT_LANGUAGE="fr")) == "en"


def test_switcher_sets_the_cookie_and_returns_to_the_page(client, db):
    response = client.post("/account/language", {"language": "hu", "next": "/games/"})
    assert response.status_code == 302 and response["Location"] == "/games/"
    assert response.cookies["imhotep_language"].value == "hu"
    assert _lang(client.get("/games/", HTTP_ACCEPT_LANGUAGE="de")) == "hu"


def test_switcher_refuses_a_language_it_does_not_offer(client, db):
    response = client.post("/account/language", {"language": "xx", "next": "/"})
    assert "imhotep_language" not in response.cookies
    assert _lang(client.get("/")) == "en"


def test_a_signed_in_users_choice_follows_them_to_another_browser(db):
    user = UserFactory(username="alice")
    first = Client()
    first.force_login(user)
    first.post("/account/language", {"language": "ru", "next": "/"})
    assert LanguagePreference.objects.get(user=user).language == "ru"

    other_browser = Client()
    other_browser.force_login(user)
    assert _lang(other_browser.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "ru"


def test_an_anonymous_choice_stores_no_preference(client, db):
    client.post("/account/language", {"language": "de", "next": "/"})
    assert not LanguagePreference.objects.exists()


@pytest.mark.parametrize(
    ("n", "form"), [(1, "1 партия"), (3, "3 партии"), (5, "5 партий"), (11, "11 партий"), (21, "21 партия")]
)
def test_russian_counts_take_their_plural_form(n, form):
    with translation.override("ru"):
        said = translation.ngettext("%(counter)s game", "%(counter)s games", n) % {"counter": n}
    assert said == form


def test_japanese_has_one_form_for_every_count():
    with translation.override("ja"):
        one = translation.ngettext("%(counter)s game", "%(counter)s games", 1) % {"counter": 1}
        five = translation.ngettext("%(counter)s game", "%(counter)s games", 5) % {"counter": 5}
    assert one.replace("1", "5") == five


def test_decimals_follow_the_language():
    from games.templatetags.history import one_decimal

    with translation.override("de"):
        assert one_decimal(3.5) == "3,5"
    with translation.override("en"):
        assert one_decimal(3.5) == "3.5"


def test_one_english_word_with_two_meanings_has_two_translations():
    # "sail": the base game's blue card, and the move of sailing a ship (pmsg's context).
    with translation.override("de"):
        assert (say(CARD_NAMES["sail"]), say(MOVE_NAMES["sail"])) == ("Segel", "Segeln")
