"""Invitations: single use, expiring, atomic, linking the new account to a player."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.membership.invites import InviteError, accept_invite, create_invite, find_invite
from games.membership.models import Invite, Role
from games.membership.roles import role_of
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a long enough pass phrase"


def test_an_invite_stores_only_a_hash_of_its_secret(staff):
    new = create_invite(created_by=staff, role=Role.MEMBER)
    assert new.secret not in new.invite.token_hash
    assert find_invite(new.secret) == new.invite


def test_accepting_creates_a_member_linked_to_the_chosen_player(staff):
    player = PlayerFactory(name="Benn")
    new = create_invite(created_by=staff, role=Role.MEMBER)
    user = accept_invite(new.secret, username="ben", password=PASSWORD, player=player)
    player.refresh_from_db()
    assert player.user == user
    assert role_of(user) == Role.MEMBER
    assert user.check_password(PASSWORD)


def test_accepting_without_a_player_creates_one_named_as_asked(staff):
    new = create_invite(created_by=staff, role=Role.GUEST)
    user = accept_invite(new.secret, username="cy", password=PASSWORD, player=None, new_player_name="Cyrus")
    assert user.club_player.name == "Cyrus"
    assert role_of(user) == Role.GUEST


def test_an_admin_invite_makes_a_staff_user(staff):
    new = create_invite(created_by=staff, role=Role.ADMIN)
    user = accept_invite(new.secret, username="dee", password=PASSWORD, player=None)
    assert user.is_staff and role_of(user) == Role.ADMIN


def test_an_invite_works_once(staff):
    new = create_invite(created_by=staff, role=Role.MEMBER)
    accept_invite(new.secret, username="ben", password=PASSWORD, player=None)
    with pytest.raises(InviteError, match="already been used"):
        accept_invite(new.secret, username="ben2", password=PASSWORD, player=None)


def test_an_expired_invite_is_refused(staff):
    new = create_invite(created_by=staff, role=Role.MEMBER)
    Invite.objects.filter(pk=new.invite.pk).update(expires_at=timezone.now() - datetime.timedelta(seconds=1))
    with pytest.raises(InviteError, match="expired"):
        find_invite(new.secret)


def test_a_failed_acceptance_leaves_no_account_and_the_invite_unused(staff):
    taken = PlayerFactory(name="Ana", user=UserFactory(username="ana"))
    new = create_invite(created_by=staff, role=Role.MEMBER)
    with pytest.raises(InviteError, match="Ana already has an account"):
        accept_invite(new.secret, username="impostor", password=PASSWORD, player=taken)
    assert not get_user_model().objects.filter(username="impostor").exists()
    assert find_invite(new.secret).used_at is None


def test_a_new_player_name_that_exists_asks_to_pick_it_instead(staff):
    PlayerFactory(name="Ana")
    new = create_invite(created_by=staff, role=Role.MEMBER)
    with pytest.raises(InviteError, match="pick them from the list"):
        accept_invite(new.secret, username="ana2", password=PASSWORD, player=None, new_player_name="ana")


def test_inviting_for_a_player_who_has_an_account_is_refused(staff):
    taken = PlayerFactory(name="Ana", user=UserFactory(username="ana"))
    with pytest.raises(InviteError, match="already has an account"):
        create_invite(created_by=staff, role=Role.MEMBER, player=taken)
