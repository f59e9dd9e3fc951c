"""import_all --merge: the backup comes from another club, whose "recorder" need not be this
club's "recorder", so usernames are linked to accounts only with --link-users
(docs/operations.md)."""

import pytest
from django.contrib.auth import get_user_model

from games.models import Game, Player
from tests.backup.club import import_all, wipe
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_club(club):
    """The backup's club is gone; this database has its own accounts of the same names."""
    before, path, _ = club
    wipe()
    accounts = {name: UserFactory(username=name) for name in ("recorder", "ana_login")}
    return before, path, accounts


def test_merge_leaves_creators_and_logins_empty_without_link_users(other_club):
    before, path, _ = other_club
    out, error = import_all(path, "--merge")
    assert error is None, out
    assert Game.objects.count() == len(before["games"])
    assert not Game.objects.filter(created_by__isnull=False).exists()
    assert Player.objects.get(name="Ana").user is None


def test_merge_names_the_unlinked_usernames_in_the_summary(other_club):
    _, path, _ = other_club
    out, _ = import_all(path, "--merge")
    assert "2 username(s) not linked to any account (--merge without --link-users" in out
    assert "ana_login, recorder" in out


def test_merge_creates_no_account_without_link_users(other_club):
    _, path, _ = other_club
    import_all(path, "--merge")
    assert set(get_user_model().objects.values_list("username", flat=True)) == {"recorder", "ana_login"}


def test_merge_with_link_users_links_the_accounts_of_the_same_name(other_club):
    before, path, accounts = other_club
    out, error = import_all(path, "--merge", "--link-users")
    assert error is None, out
    created = sum(1 for game in before["games"] if game["created_by"] == "recorder")
    assert created and Game.objects.filter(created_by=accounts["recorder"]).count() == created
    assert Player.objects.get(name="Ana").user == accounts["ana_login"]
    assert "not linked" not in out


def test_link_users_needs_merge(club):
    _, path, _ = club
    wipe()
    _, error = import_all(path, "--link-users")
    assert error is not None and "--link-users applies to --merge" in str(error)
    assert not Game.objects.exists()
