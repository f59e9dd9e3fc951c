"""What the board-data tests share: the TEST data set (tests/data/board_data_test_set.json,
invented numbers, not the real boards), a club admin and a signed-in client."""

import pytest
from django.test import Client

from games import boarddata
from tests.factories import board_data_test_set


@pytest.fixture
def test_set() -> dict:
    return board_data_test_set()


@pytest.fixture
def admin_client(staff) -> Client:
    client = Client()
    client.force_login(staff)
    return client


@pytest.fixture
def entered(staff, test_set):
    """The TEST set saved by the club admin through the service, as the page saves it."""
    saved = boarddata.save("classic", test_set, user=staff)
    assert saved.problems == []
    return saved.version
