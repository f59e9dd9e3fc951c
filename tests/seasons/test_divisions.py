"""Divisions (docs/seasons.md, "Divisions"): Berger schedules, unplayed games counted by the
league's rule when their round closes, promotion and relegation from hand-worked divisions."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.seasons import divisions as rules
from games.seasons import league_service, results
from games.seasons.errors import SeasonError
from games.seasons.models import DivisionPlayer, LeagueGame

A, B, C, D = 1, 2, 3, 4
# The middle division, seeded A B C D, by the Berger tables for four (C.05 Annex 1):
# round 1 A–D, B–C; round 2 D–C, A–B; round 3 B–D, C–A. B–C and C–A are never played.
MIDDLE = [
    rules.Game(1, A, D, "1-0"), rules.Game(1, B, C, ""),
    rules.Game(2, D, C, "1-0"), rules.Game(2, A, B, "0-1"),
    rules.Game(3, B, D, "1-0"), rules.Game(3, C, A, ""),
]


def test_four_players_get_the_berger_tables_three_rounds():
    assert rules.schedule([A, B, C, D]) == [[(A, D), (B, C)], [(D, C), (A, B)], [(B, D), (C, A)]]


def test_unplayed_games_are_double_forfeits_by_default():
    # B 2; A and D 1 each, A ahead on Sonneborn-Berger (A beat D, who has 1; D beat C, who has 0); C 0.
    rows = rules.division_standings([A, B, C, D], MIDDLE, closed_rounds={1, 2, 3})
    assert [(r.player, r.points) for r in rows] == [(B, 2.0), (A, 1.0), (D, 1.0), (C, 0.0)]


def test_unplayed_games_as_draws_lift_the_player_who_never_played():
    # B 2½, A 1½; C 1 (two ½s) and D 1: C's Sonneborn-Berger ½×2½ + ½×1½ = 2 beats D's 1 (beat C).
    rows = rules.division_standings([A, B, C, D], MIDDLE, closed_rounds={1, 2, 3}, rule=rules.DRAW)
    assert [(r.player, r.points) for r in rows] == [(B, 2.5), (A, 1.5), (C, 1.0), (D, 1.0)]


def test_a_game_without_a_result_counts_nothing_before_its_round_closes():
    rows = rules.division_standings([A, B, C, D], MIDDLE, closed_rounds={1, 2})
    assert {r.player: r.games for r in rows}[C] == 1  # D–C played; B–C a forfeit, C–A still open


def test_the_top_p_go_up_and_the_bottom_p_go_down_but_not_off_the_ends():
    moved = rules.moves([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], promote=1)
    assert moved == [[(1, ""), (2, ""), (3, ""), (4, "down")],
                     [(5, "up"), (6, ""), (7, ""), (8, "down")],
                     [(9, "up"), (10, ""), (11, ""), (12, "")]]


def test_the_next_divisions_seat_those_come_down_first_and_those_come_up_last():
    assert rules.next_divisions([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], promote=1) == [
        [1, 2, 3, 5], [4, 6, 7, 9], [8, 10, 11, 12]]


def test_moving_more_players_than_a_division_has_is_refused():
    with pytest.raises(rules.LeagueRuleError, match="division 2 has 3 players"):
        rules.moves([[1, 2, 3], [4, 5, 6], [7, 8, 9]], promote=2)


TOP = ["Tia", "Tom", "Ted", "Tex"]
MID = ["Amy", "Bob", "Cal", "Dee"]
LOW = ["Lea", "Lou", "Lyn", "Lex"]


def _league(now, **kw):
    return league_service.create_league(name="Autumn league", divisions=[TOP, MID, LOW], promote=1,
                                        first_deadline=now + timedelta(days=7), now=now, **kw)


def _play(league, division_level, codes):
    """Enter ``codes`` for the division's games in schedule order ("" leaves one unplayed)."""
    games = LeagueGame.objects.filter(division__league=league, division__level=division_level).order_by(
        "round__number", "id")
    for game, code in zip(games, codes, strict=True):
        if code:
            results.enter(game, code)


@pytest.mark.django_db
def test_a_league_promotes_and_relegates_from_hand_worked_divisions_with_unplayed_games():
    now = timezone.now()
    league = _league(now)
    _play(league, 1, ["1-0"] * 6)  # seat 1 wins every game: Tia 2, Tom 2, Ted 1, Tex 1 (Tia and Ted on SB)
    _play(league, 2, ["1-0", "", "1-0", "0-1", "1-0", ""])  # MIDDLE above: Bob, Amy, Dee, Cal
    _play(league, 3, ["1-0"] * 6)  # Lea, Lou, Lyn, Lex
    for r in league.league_rounds.all():
        league_service.close_round(r)
    league_service.finish(league)
    moved = {m.player.name: m.movement for m in DivisionPlayer.objects.filter(division__league=league)}
    assert {n for n, m in moved.items() if m == "up"} == {"Bob", "Lea"}
    assert {n for n, m in moved.items() if m == "down"} == {"Tex", "Cal"}
    following = league_service.next_league(league, name="Winter league", first_deadline=now + timedelta(days=7),
                                           now=now)
    names = [[m.player.name for m in d.members.order_by("seed")] for d in following.divisions.order_by("level")]
    assert names == [["Tia", "Tom", "Ted", "Bob"], ["Tex", "Amy", "Dee", "Lea"], ["Cal", "Lou", "Lyn", "Lex"]]


@pytest.mark.django_db
def test_a_result_for_a_closed_round_is_refused():
    league = _league(timezone.now())
    first_round = league.league_rounds.get(number=1)
    league_service.close_round(first_round)
    with pytest.raises(SeasonError, match="round 1 is closed"):
        results.enter(first_round.games.first(), "1-0")


@pytest.mark.django_db
def test_a_league_whose_first_deadline_is_past_is_refused():
    now = timezone.now()
    with pytest.raises(SeasonError, match=r"first_deadline: .* is in the past"):
        league_service.create_league(name="Late", divisions=[MID], first_deadline=now - timedelta(days=1), now=now,
                                     promote=0)


@pytest.mark.django_db
def test_each_round_has_its_own_weekly_deadline():
    now = timezone.now()
    league = _league(now)
    deadlines = list(league.league_rounds.order_by("number").values_list("deadline", flat=True))
    assert [d - deadlines[0] for d in deadlines] == [timedelta(0), timedelta(days=7), timedelta(days=14)]


@pytest.mark.django_db
def test_finishing_with_a_round_open_is_refused():
    league = _league(timezone.now())
    with pytest.raises(SeasonError, match="close round 1 first"):
        league_service.finish(league)


@pytest.mark.django_db
def test_the_daily_command_closes_the_rounds_past_their_deadline():
    import io

    from django.core.management import call_command

    now = timezone.now()
    league = _league(now)
    league.league_rounds.filter(number=1).update(deadline=now - timedelta(minutes=1))
    out = io.StringIO()
    call_command("season_deadlines", stdout=out)
    assert "closed round(s) 1" in out.getvalue()
    assert list(league.league_rounds.filter(closed=True).values_list("number", flat=True)) == [1]
