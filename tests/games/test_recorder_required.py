"""games.permissions.recorder_required: the one check every page and endpoint that changes a
stored game makes (its recorder or a club admin; guests never)."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from games.membership.models import Role
from games.membership.roles import set_role
from games.permissions import recorder_required
from tests.factories import GameFactory

REFUSAL = "only its recorder may"


@pytest.fixture
def game(alice):
    return GameFactory(created_by=alice)


def test_the_recorder_passes(game, alice):
    recorder_required(alice, game, REFUSAL)


def test_staff_passes_for_a_game_they_did_not_record(game, staff):
    recorder_required(staff, game, REFUSAL)


@pytest.mark.parametrize("who", ["bob", "charlie", "anonymous"])
def test_anyone_else_is_refused_with_the_reason_given(game, who, request):
    user = AnonymousUser() if who == "anonymous" else request.getfixturevalue(who)
    with pytest.raises(PermissionDenied, match=REFUSAL):
        recorder_required(user, game, REFUSAL)


def test_a_recorder_who_became_a_guest_is_refused(game, alice):
    set_role(alice, Role.GUEST)
    with pytest.raises(PermissionDenied, match=REFUSAL):
        recorder_required(alice, game, REFUSAL)
