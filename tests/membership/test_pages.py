"""The membership pages: who may invite, what the invitee sees, the password reset, demo_admin."""

import re

import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.test import Client, override_settings

from games.membership.invites import create_invite
from games.membership.models import Role

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_an_admin_gets_a_link_and_the_invitee_mail_when_an_address_is_given(staff):
    response = signed_in(staff).post("/account/invites", {"role": "member", "email": "new@example.org"})
    link = re.search(r'id="invite-link"[^>]*value="([^"]+)"', response.content.decode())[1]
    assert "/account/invite/" in link
    assert mail.outbox[0].to == ["new@example.org"]
    assert link in mail.outbox[0].body


def test_a_member_may_not_invite(bob):
    response = signed_in(bob).get("/account/invites")
    assert response.status_code == 403


def test_an_unknown_invite_link_says_so_in_plain_words():
    response = Client().get("/account/invite/nonsense")
    assert response.status_code == 410
    assert "not valid" in response.content.decode()


def test_accepting_on_the_page_signs_the_new_member_in(staff):
    new = create_invite(created_by=staff, role=Role.MEMBER)
    client = Client()
    response = client.post(
        f"/account/invite/{new.secret}",
        {"username": "zoe", "password1": "a long pass phrase", "password2": "a long pass phrase",
         "new_player_name": "Zoe"},
    )
    assert response.status_code == 302
    assert client.get("/account/").context["user"].username == "zoe"


def test_mismatched_passwords_are_named_on_the_field(staff):
    new = create_invite(created_by=staff, role=Role.MEMBER)
    response = Client().post(
        f"/account/invite/{new.secret}", {"username": "zoe", "password1": "a long pass phrase", "password2": "other"}
    )
    assert response.context["form"].errors["password2"] == ["The two passwords differ."]


def test_a_password_reset_link_works_once(bob):
    Client().post("/account/password-reset", {"email": "bob@example.org"})
    link = re.search(r"http://testserver(/account/reset/\S+)", mail.outbox[0].body)[1]
    client = Client()
    form_page = client.get(link, follow=True)
    new = {"new_password1": "another long phrase", "new_password2": "another long phrase"}
    assert client.post(form_page.redirect_chain[-1][0], new).status_code == 302
    bob.refresh_from_db()
    assert bob.check_password("another long phrase")
    again = Client().get(link, follow=True)
    assert "has been used already or has expired" in again.content.decode()


@override_settings(DEBUG=True)
def test_demo_admin_prints_a_password_that_signs_in(capsys):
    call_command("demo_admin")
    password = re.search(r"with password (\S+)", capsys.readouterr().out)[1]
    response = Client().post("/account/login", {"username": "admin", "password": password})
    assert response.status_code == 302


@override_settings(DEBUG=False)
def test_demo_admin_is_refused_in_production():
    with pytest.raises(CommandError, match="development only"):
        call_command("demo_admin")
