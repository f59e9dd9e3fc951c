"""Errors a person can act on (issue 27): with debug off, as under `make run` and in production,
400, 403 and 404 are the site's own pages and 500 a standalone one, in the reader's language."""

import pytest
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.test import Client, RequestFactory
from django.urls import path
from django.utils import translation
from django.views.defaults import server_error

from imhotep_site import urls as site_urls


def _forbidden(request):
    raise PermissionDenied


def _bad(request):
    raise SuspiciousOperation("a request no page can answer")


def _broken(request):
    raise RuntimeError("a bug")


# The site's URLs and three failing views, for the tests marked `urls`.
urlpatterns = [path("forbidden", _forbidden), path("bad", _bad), path("broken", _broken), *site_urls.urlpatterns]
HERE = "tests.site.test_error_pages"


def test_an_unknown_game_shows_the_styled_404_in_german(client, db):
    response = client.get("/games/987654/", HTTP_ACCEPT_LANGUAGE="de")
    page = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Seite nicht gefunden</h1>" in page
    assert 'class="site-header"' in page and "css/site.css" in page


def test_an_unknown_api_row_still_answers_json(client, db):
    response = client.get("/api/v1/games/987654", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"


@pytest.mark.urls(HERE)
def test_a_refusal_shows_the_styled_403_in_russian(client, db):
    response = client.get("/forbidden", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 403
    assert "<h1>Нет доступа</h1>" in response.content.decode()


def test_an_expired_form_shows_the_styled_csrf_page_in_hungarian(db):
    response = Client(enforce_csrf_checks=True).post(
        "/account/login", {"username": "a", "password": "b"}, HTTP_ACCEPT_LANGUAGE="hu")
    assert response.status_code == 403
    assert "<h1>Az űrlap lejárt</h1>" in response.content.decode()


@pytest.mark.urls(HERE)
def test_a_bad_request_shows_the_styled_400_in_japanese(client, db):
    response = client.get("/bad", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 400
    assert "<h1>不正なリクエスト</h1>" in response.content.decode()


def test_an_unknown_host_shows_the_styled_400(client, db):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "<h1>Bad request</h1>" in response.content.decode()


@pytest.mark.urls(HERE)
def test_a_server_error_shows_the_500_page_in_german(db):
    response = Client(raise_request_exception=False).get("/broken", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 500
    assert "<h1>Etwas ist schiefgegangen</h1>" in response.content.decode()


def test_the_500_page_needs_no_database():
    # No `db` fixture: pytest-django fails any query, so this draws the page with the database gone.
    with translation.override("ja"):
        response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "<h1>問題が発生しました</h1>" in response.content.decode()
