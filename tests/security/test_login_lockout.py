"""Login throttling (django-axes): after IMHOTEP_LOGIN_FAILURE_LIMIT failures a username is
locked out from that address — even with the right password — on the site login, the admin
login and the token endpoint; other users and other addresses are unaffected. An address that
fails IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT times, whatever the usernames, is locked out for all."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.security.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture(autouse=True)
def failure_limit(settings):
    settings.AXES_FAILURE_LIMIT = LIMIT


def site_login(client, username, password, **extra):
    return client.post("/account/login", {"username": username, "password": password}, **extra)


def admin_login(client, username, password, **extra):
    return client.post("/admin/login/", {"username": username, "password": password}, **extra)


def token_login(client, username, password, **extra):
    return client.post("/api/v1/auth/token", {"username": username, "password": password}, format="json", **extra)


def fail(login, client, username="alice", times=LIMIT, **extra):
    return [login(client, username, "wrong", **extra).status_code for _ in range(times)]


def is_signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_site_login_works_with_the_right_password(alice):
    client = Client()
    assert site_login(client, "alice", PASSWORD).status_code == 302
    assert is_signed_in(client)


def test_site_login_locks_out_after_the_failure_limit_even_with_the_right_password(alice):
    client = Client()
    statuses = fail(site_login, client)
    assert statuses[:-1] == [200] * (LIMIT - 1)  # the form again, with its error
    assert statuses[-1] == 429
    response = site_login(client, "alice", PASSWORD)
    assert response.status_code == 429
    assert "locked" in response.content.decode()
    assert int(response["Retry-After"]) > 0
    assert not is_signed_in(client)


def test_admin_login_locks_out_too(staff):
    client = Client()
    fail(admin_login, client, username="manager")
    response = admin_login(client, "manager", PASSWORD)
    assert response.status_code == 429
    assert not is_signed_in(client)


def test_token_endpoint_locks_out_with_a_json_answer(alice):
    client = APIClient()
    assert fail(token_login, client) == [400] * (LIMIT - 1) + [429]
    response = token_login(client, "alice", PASSWORD)
    assert response.status_code == 429
    assert "locked" in response.json()["detail"]
    assert int(response["Retry-After"]) > 0


def test_failures_count_across_the_login_forms(alice):
    client = APIClient()
    fail(site_login, client, times=LIMIT - 1)
    assert token_login(client, "alice", "wrong").status_code == 429


def test_other_users_from_the_same_address_are_unaffected(alice, bob):
    client = Client()
    fail(site_login, client)
    assert site_login(client, "bob", PASSWORD).status_code == 302


def test_the_same_user_from_another_address_is_unaffected(alice):
    fail(site_login, Client())
    client = Client()
    assert site_login(client, "alice", PASSWORD, REMOTE_ADDR="203.0.113.9").status_code == 302


def test_a_success_resets_the_count(alice):
    client = Client()
    fail(site_login, client, times=LIMIT - 1)
    assert site_login(client, "alice", PASSWORD).status_code == 302
    assert fail(site_login, Client(), times=LIMIT - 1) == [200] * (LIMIT - 1)
    assert site_login(Client(), "alice", PASSWORD).status_code == 302


def test_a_made_up_x_forwarded_for_does_not_escape_the_lockout(alice):
    client = Client()
    for i in range(LIMIT):
        site_login(client, "alice", "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{i}")
    assert site_login(client, "alice", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.99").status_code == 429


def test_one_address_trying_25_usernames_is_locked_out_for_every_username(settings, bob):
    settings.IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT = 10
    client = Client()
    statuses = [site_login(client, f"guess{i}", "wrong").status_code for i in range(25)]
    assert statuses[:9] == [200] * 9
    assert set(statuses[9:]) == {429}
    assert site_login(client, "bob", PASSWORD).status_code == 429  # the right password too
    assert not is_signed_in(client)


def test_an_address_locked_out_for_many_usernames_leaves_other_addresses_alone(settings, bob):
    settings.IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT = 10
    for i in range(10):
        site_login(Client(), f"guess{i}", "wrong")
    assert site_login(Client(), "bob", PASSWORD, REMOTE_ADDR="203.0.113.9").status_code == 302


def test_signing_in_to_an_own_account_does_not_reset_the_address_count(settings, bob):
    settings.IMHOTEP_LOGIN_ADDRESS_FAILURE_LIMIT = 10
    for i in range(9):
        site_login(Client(), f"guess{i}", "wrong")
    assert site_login(Client(), "bob", PASSWORD).status_code == 302
    assert site_login(Client(), "guess99", "wrong").status_code == 429
