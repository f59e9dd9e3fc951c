"""Whole-history downloads are bounded (issue 29): streamed, throttled per client (callers not
signed in more strictly), and at most IMHOTEP_EXPORT_PAGE_GAMES games a request, the rest on the
pages the Link header names."""

import csv
import io
import json

import pytest
from django.test import Client

from games.services.recording import import_record
from tests.factories import UserFactory
from tests.kit import random_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "export_anon": "2/min", "export_user": "4/min"}}


@pytest.fixture
def five_games(db):
    return [import_record(random_record(300 + i)).game for i in range(5)]


def body(response) -> str:
    return b"".join(response.streaming_content).decode("utf-8-sig")


@pytest.mark.parametrize("url", ["/games/export.ndjson", "/games/results.csv"])
def test_an_anonymous_caller_over_the_rate_gets_429_with_retry_after(url, rates):
    client = Client()
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 429]
    refused = client.get(url)
    assert int(refused["Retry-After"]) > 0 and "try again" in refused.content.decode()


def test_a_member_has_a_rate_of_their_own_above_the_anonymous_one(rates):
    client = Client()
    client.force_login(UserFactory(username="reader"))
    assert [client.get("/games/export.ndjson").status_code for _ in range(5)] == [200] * 4 + [429]


def test_a_download_is_streamed(five_games):
    assert Client().get("/games/export.ndjson").streaming


def test_the_ndjson_download_answers_a_page_of_games_and_links_the_next(five_games, settings):
    settings.IMHOTEP_EXPORT_PAGE_GAMES = 2
    client = Client()
    url, ids = "/games/export.ndjson?game=duel", []
    while url:
        response = client.get(url)
        ids += [json.loads(line)["history"]["id"] for line in body(response).splitlines()]
        link = response.get("Link")
        url = link[1:link.index(">")] if link else None
        assert url is None or "game=duel" in url  # the filters are kept
    assert sorted(ids) == sorted(g.pk for g in five_games)


def test_the_last_page_has_no_next_link(five_games, settings):
    settings.IMHOTEP_EXPORT_PAGE_GAMES = 2
    response = Client().get("/games/results.csv?page=3")
    rows = list(csv.DictReader(io.StringIO(body(response), newline="")))
    assert "Link" not in response and len({r["game_id"] for r in rows}) == 1
