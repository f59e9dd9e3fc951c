"""A Duel challenge ladder (docs/seasons.md, "Ladder"): challenges in and out of reach, a won
challenge's move, deadlines decided by forfeit or expiry, idle players dropping."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.seasons import ladder as rules
from games.seasons import ladder_service, results
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge
from tests.factories import finished_game

NAMES = ["Ann", "Bea", "Cid", "Dan", "Eve", "Fay"]


def test_a_won_challenge_takes_the_losers_place_and_moves_those_between_down_one():
    assert rules.after_result([1, 2, 3, 4, 5], 5, 2, True) == [1, 5, 2, 3, 4]


def test_a_lost_challenge_moves_nobody():
    assert rules.after_result([1, 2, 3, 4, 5], 5, 2, False) == [1, 2, 3, 4, 5]


def test_a_challenge_more_than_reach_places_up_is_refused():
    refusal = rules.check_challenge([1, 2, 3, 4, 5], 5, 1, reach=3)
    assert refusal is not None and refusal.code == "out_of_reach" and refusal.values["highest"] == 2


def test_two_idle_neighbours_both_drop_rather_than_swap_back():
    assert rules.after_inactivity([1, 2, 3, 4], {1, 2}, 1) == [3, 1, 2, 4]


def test_an_idle_player_at_the_bottom_stays_there():
    assert rules.after_inactivity([1, 2, 3], {3}, 2) == [1, 2, 3]


@pytest.fixture
def now():
    return timezone.now()


def _ladder(now, **rules_):
    ladder = ladder_service.create_ladder(name="Winter ladder", **rules_)
    for name in NAMES:
        ladder_service.join(ladder, name, now=now)
    return ladder


def _order(ladder):
    return list(ladder.rungs.order_by("place").values_list("player__name", flat=True))


@pytest.mark.django_db
def test_a_ladder_moves_through_a_won_and_a_lost_challenge(now):
    ladder = _ladder(now, reach=3)
    first = ladder_service.challenge(ladder, "Eve", "Bea", now=now)
    results.enter(first, "1-0", now=now)
    assert _order(ladder) == ["Ann", "Eve", "Bea", "Cid", "Dan", "Fay"]
    second = ladder_service.challenge(ladder, "Fay", "Cid", now=now)
    results.enter(second, "0-1", now=now)
    assert _order(ladder) == ["Ann", "Eve", "Bea", "Cid", "Dan", "Fay"]
    assert Challenge.objects.get(pk=second.pk).status == Challenge.Status.LOST


@pytest.mark.django_db
def test_a_recorded_game_decides_the_challenge_it_is_linked_to(now):
    ladder = _ladder(now)
    made = ladder_service.challenge(ladder, "Dan", "Ann", now=now)
    game = finished_game(names=("Ann", "Dan"), totals=(30, 41), game_type="duel")
    results.enter(made, game=game, now=now)
    assert _order(ladder)[:2] == ["Dan", "Ann"] and Challenge.objects.get(pk=made.pk).game == game


@pytest.mark.django_db
def test_a_challenge_out_of_reach_is_refused_with_the_places(now):
    ladder = _ladder(now, reach=2)
    with pytest.raises(SeasonError, match="place 1 is out of reach from place 4"):
        ladder_service.challenge(ladder, "Dan", "Ann", now=now)


@pytest.mark.django_db
def test_a_deadline_in_the_past_is_refused(now):
    ladder = _ladder(now)
    with pytest.raises(SeasonError, match=r"deadline: .* is in the past"):
        ladder_service.challenge(ladder, "Bea", "Ann", deadline=now - timedelta(hours=1), now=now)


@pytest.mark.django_db
def test_a_player_in_an_open_challenge_cannot_be_challenged_again(now):
    ladder = _ladder(now)
    ladder_service.challenge(ladder, "Bea", "Ann", now=now)
    with pytest.raises(SeasonError, match="Ann is in an open challenge"):
        ladder_service.challenge(ladder, "Cid", "Ann", now=now)


@pytest.mark.django_db
def test_an_unplayed_challenge_is_the_defenders_forfeit_under_the_forfeit_rule(now):
    ladder = _ladder(now, deadline_rule=rules.FORFEIT, challenge_days=7)
    made = ladder_service.challenge(ladder, "Cid", "Ann", now=now)
    ladder_service.refresh(ladder, now=now + timedelta(days=8))
    assert _order(ladder)[:3] == ["Cid", "Ann", "Bea"]
    assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.FORFEITED


@pytest.mark.django_db
def test_an_unplayed_challenge_lapses_under_the_expiry_rule(now):
    ladder = _ladder(now, deadline_rule=rules.EXPIRE, challenge_days=7)
    made = ladder_service.challenge(ladder, "Cid", "Ann", now=now)
    ladder_service.refresh(ladder, now=now + timedelta(days=8))
    assert _order(ladder) == NAMES
    assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.EXPIRED


@pytest.mark.django_db
def test_a_result_for_a_decided_challenge_is_refused(now):
    ladder = _ladder(now)
    made = ladder_service.challenge(ladder, "Bea", "Ann", now=now)
    results.enter(made, "0-1", now=now)
    with pytest.raises(SeasonError, match="decided already"):
        results.enter(made, "1-0", now=now)


@pytest.mark.django_db
def test_idle_players_drop_after_the_period_and_again_only_after_another(now):
    ladder = _ladder(now, inactive_days=30, inactive_drop=2)
    results.enter(ladder_service.challenge(ladder, "Bea", "Ann", now=now + timedelta(days=20)), "0-1",
                  now=now + timedelta(days=20))
    # Day 31: Cid…Fay are idle (Ann and Bea played on day 20); no active player is below them.
    ladder_service.refresh(ladder, now=now + timedelta(days=31))
    assert _order(ladder) == ["Ann", "Bea", "Cid", "Dan", "Eve", "Fay"]
    # Day 51: Ann and Bea idle since day 20 drop below the next 2 active players (Cid and Dan).
    ladder_service.refresh(ladder, now=now + timedelta(days=51))
    assert _order(ladder) == ["Cid", "Dan", "Ann", "Bea", "Eve", "Fay"]
    ladder_service.refresh(ladder, now=now + timedelta(days=52))  # the period started again: nobody drops
    assert _order(ladder) == ["Cid", "Dan", "Ann", "Bea", "Eve", "Fay"]
