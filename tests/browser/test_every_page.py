"""Every page state a player or an organiser meets, in each of the five languages, on a 390 px
phone (issue 50): no serious or critical axe-core violation, and nothing wider than the phone
(`document.documentElement.scrollWidth`). One browser context per language walks the demo
club (`manage.py load_demo`) and what the walk adds to it (an analysed game, a variation, a
puzzle, prompts of games recorded at the table); the table it prints (page state × language:
violations, width) is the one in the issue's closing note."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.management import call_command

from games.analysis import service
from games.analysis.models import Puzzle
from games.events.models import Event, Pairing
from games.events.prohibited import prohibit
from games.membership.invites import create_invite
from games.membership.models import Role
from games.models import Game, Player
from games.services.variations import play_on_from
from games.ui.timeline import load_timeline
from rules_engine.duel.record import to_transcription
from tests.browser.a11y import serious_violations
from tests.browser.contexts import log_in, page_in
from tests.browser.test_classic_board_moves import _round_end
from tests.factories import UserFactory
from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "de", "ru", "hu", "ja")
WIDTH = 390
PHONE = {"viewport": {"width": WIDTH, "height": 844}, "has_touch": True, "is_mobile": True}
DRAWN = ("refill", "refills", "reveal")

# D9.1, the rulebook's 69-point example, for player 1; C8: a 3-player base game with a chamber.
DUEL_RESULT = ("/score/duel?p0_name=Ana&p1_name=Ben&p0_obelisk=2&p0_temple_1=1&p0_temple_2=1&p0_temple_4=1"
               "&p0_light=4&p0_dark=6" + "".join(f"&p0_tomb={n}" for n in (1, 2, 3, 4, 5, 6, 11))
               + "&p0_actions=2&p0_meeples=1&p1_obelisk=6")
CLASSIC_RESULT = ("/score/classic?players=3&p0_name=Anastasia+Konstantinopolskaya&p0_track=30"
                  "&p1_name=Bartholomew+Featherstonehaugh&p1_track=28&p2_name=Cy&p2_track=25"
                  "&bc_1_1=black&bc_1_2=white&bc_1_3=white&bc_2_1=black")


def _duel_draw_prompt(user) -> str:
    """The play page asking what a transcribed Duel's next move turned up (formats.md F2)."""
    record = to_transcription(random_record(5))
    ply = next(k for k, m in enumerate(record["moves"]) if any(m.get(key) for key in DRAWN) and k > 2)
    game = store({**record, "moves": record["moves"][:ply]}, user)
    move = {k: v for k, v in record["moves"][ply].items() if k not in DRAWN}
    return f"/games/{game.pk}/play?ply={ply}&move={json.dumps(move, separators=(',', ':'))}"


def _classic_refill_prompt(user) -> str:
    """The play page asking for the round card and market cards a new round turns up (C3.1)."""
    transcribed, record, ply, _market = _round_end(0)
    game = store(transcribed, user)
    return f"/games/{game.pk}/play?ply={ply}&move={json.dumps(record['moves'][ply], separators=(',', ':'))}"


def _analysed_game(user) -> Game:
    game = store(random_record(21), user)
    analysis, _queued = service.request_analysis(game)
    service.run_analysis(analysis.pk)
    return game


def _puzzle(user) -> Puzzle:
    game = store(random_record(23), user)
    player = game.seats.get(order=0).player
    player.user = user
    player.save()
    timeline = load_timeline(game)
    best = timeline.game_type.move_to_json(timeline.game_type.legal_moves(timeline.state(10))[0])
    return Puzzle.objects.create(game=game, move=10, seat=0, player=player, best=best, win=0.5, best_win=0.8,
                                 second_win=0.5, due_on=datetime.date.today())


def _tally_typed(game: Game) -> str:
    """A finished game's hand count, typed with one monument off (the check's verdict shown)."""
    result = load_timeline(game).score_at(load_timeline(game).plies)
    typed = {f"tally_{i}_{key}": points + (i == 0) for i, p in enumerate(result["players"])
             for key, points in p["breakdown"].items()}
    return "&".join(f"{k}={v}" for k, v in typed.items())


def _seasons(event: Event):
    """A season holding a finished night and the demo night (running), a ladder with a challenge decided and one
    open, and a league of two divisions with a result entered (docs/seasons.md)."""
    from django.utils import timezone

    from games.events import lifecycle
    from games.seasons import ladder_service, league_service, results, season_service
    from tests.events.helpers import duel_event, play_round

    # A finished night of its own, of players outside the demo club: a game of two players who also sit
    # at an open table of the demo night fits both tables, and linking leaves it to the admin (linking.py).
    night = duel_event(["Ines", "Jonas", "Kemal", "Lina"], rounds=1)
    lifecycle.start_round(night)
    play_round(night)
    lifecycle.finish(night)
    season = season_service.create_season(name="Season 2026", game_type="duel", best_of=2)
    season_service.add_event(season, night)
    season_service.add_event(season, event)
    ladder = ladder_service.create_ladder(name="Winter ladder")
    for name in ("Ana", "Ben", "Cleo", "Dora"):
        ladder_service.join(ladder, name)
    results.enter(ladder_service.challenge(ladder, "Cleo", "Ana"), "1-0")
    ladder_service.challenge(ladder, "Dora", "Ben")
    league = league_service.create_league(
        name="Autumn league", divisions=[["Ana", "Ben", "Cleo"], ["Dora", "Eve", "Finn"]], promote=1,
        first_deadline=timezone.now() + datetime.timedelta(days=7))
    results.enter(league.divisions.get(level=1).games.first(), "1-0")
    return season, ladder, league


def _waiting_and_disputed(ladder, league):
    """The ladder's open challenge with a result its challenger entered, waiting for the defender
    (their player linked to a member of their own), and a league game's result disputed."""
    from games.seasons import results

    challenge = ladder.challenges.get(status="open")
    results.enter(challenge, "1-0", by=challenge.challenger)
    defender = UserFactory(username="defender")
    challenge.defender.user = defender
    challenge.defender.save(update_fields=["user"])
    game = league.divisions.get(level=2).games.order_by("round__number", "id").first()
    results.enter(game, "1-0", by=game.first)
    results.dispute(game, game.second, "We never finished the game: the table had to close.")
    return defender


@pytest.fixture
def club(settings):
    """The demo club, an organiser, and every page state of the walk by name: (URL, who)."""
    settings.IMHOTEP_ANALYSIS_PLAYOUTS = 4  # the analysis shown is the one made with the setting in force
    call_command("load_demo", verbosity=0)
    organiser = UserFactory(username="organiser", is_staff=True)
    member = UserFactory(username="member")
    event = Event.objects.get()
    # The organiser's "Players kept apart" with a pair in it (its page state).
    prohibit(event, *event.registrations.order_by("id").values_list("player_id", flat=True)[:2])
    pairing = Pairing.objects.filter(round__event=event, bye=False).order_by("-round__number", "table").first()
    ana, ben = Player.objects.get(name="Ana"), Player.objects.get(name="Ben")
    duel = Game.objects.filter(game_type="duel", status="finished").exclude(moves=None).order_by("pk").first()
    classic = Game.objects.filter(game_type="classic", status="finished").exclude(moves=None).order_by("pk").first()
    in_progress = store(random_record(11, moves=10), member)
    classic_in_progress = store(random_record(5, ["Ana", "Ben", "Cy"], game="classic", moves=30), member)
    finished = store(random_record(3), member)
    analysed = _analysed_game(member)
    variation = play_on_from(analysed, 12, user=member)
    puzzle = _puzzle(member)
    invite = create_invite(created_by=organiser, role=Role.MEMBER)
    season, ladder, league = _seasons(event)
    defender = _waiting_and_disputed(ladder, league)
    states = {
        "home": ("/", member),
        "duel calculator with a result": (DUEL_RESULT, member),
        "base game calculator with a result": (CLASSIC_RESULT, member),
        "games list": ("/games/", member),
        "games list filtered": ("/games/?game=classic", member),
        "standings": ("/games/standings", member),
        "ratings check": ("/games/ratings-check", member),
        "a duel game": (f"/games/{duel.pk}/", member),
        "a base game": (f"/games/{classic.pk}/", member),
        "a duel replay": (f"/games/{duel.pk}/replay?ply=12", member),
        "a base game replay": (f"/games/{classic.pk}/replay?ply=12", member),
        "replay with analysis": (f"/games/{analysed.pk}/replay?ply=12", member),
        "replay with the margin chart": (f"/games/{analysed.pk}/replay?ply=12&chart=margin", member),
        "a variation": (f"/games/{variation.pk}/", member),
        "a player": (f"/games/players/{ana.pk}/", member),
        "head-to-head": (f"/games/players/{ana.pk}/vs/{ben.pk}", member),
        "a player's prep sheet": (f"/games/players/{ana.pk}/prep?game=duel", member),
        "explorer": ("/games/explorer?game=duel", member),
        "base game explorer": ("/games/explorer?game=classic", member),
        "board data base game": ("/games/board-data/classic/", organiser),
        "import": ("/games/import", member),
        "puzzles": ("/puzzles/", member),
        "a puzzle": (f"/puzzles/{puzzle.pk}", member),
        "events": ("/events/", organiser),
        "new event": ("/events/new", organiser),
        "an event with standings": (f"/events/{event.pk}/", organiser),
        "an event, as a player": (f"/events/{event.pk}/", member),
        "a table's prep sheet": (f"/events/{event.pk}/tables/{pairing.pk}/prep", member),
        "big screen": (f"/events/{event.pk}/screen?cycle=0", None),
        "pairing slips": (f"/events/{event.pk}/rounds/{pairing.round.number}/slips", organiser),
        "seasons, ladders and leagues": ("/seasons/", member),
        "a season with standings": (f"/seasons/{season.pk}/", member),
        "a season's big screen": (f"/seasons/{season.pk}/screen", None),
        "a ladder with challenges": (f"/seasons/ladders/{ladder.pk}/", member),
        "a league's divisions": (f"/seasons/leagues/{league.pk}/", member),
        "a ladder result waiting for your confirmation": (f"/seasons/ladders/{ladder.pk}/", defender),
        "disputed results": ("/seasons/disputes", organiser),
        "a league with a disputed result, as the organiser": (f"/seasons/leagues/{league.pk}/", organiser),
        "my calendar": ("/seasons/calendar", member),
        "record a game": ("/games/new", member),
        "record a base game": ("/games/new?game=classic", member),
        "play against the bot": ("/games/bot", member),
        "play a duel": (f"/games/{in_progress.pk}/play", member),
        "play a base game": (f"/games/{classic_in_progress.pk}/play", member),
        "duel draw prompt": (_duel_draw_prompt(member), member),
        "base game refill prompt": (_classic_refill_prompt(member), member),
        "play page, game over": (f"/games/{finished.pk}/play", member),
        "hand count checked": (f"/games/{finished.pk}/play?{_tally_typed(finished)}", member),
        "hand count, the engine's shown": (f"/games/{finished.pk}/play?tally_show=1", member),
        "play a variation": (f"/games/{variation.pk}/play", member),
        "account": ("/account/", member),
        "invitations": ("/account/invites", organiser),
        "accept an invitation": (f"/account/invite/{invite.secret}", None),
        "password change": ("/account/password", member),
        "API token": ("/account/token", member),
        "sign in": ("/account/login", None),
        "password reset": ("/account/password-reset", None),
    }
    return states


# What shows that a page is in the state the walk names (a chart drawn, a prompt asked, ...).
SHOWING = {
    "home": "#home-same",  # "same players as last time" (the member has recorded games)
    "record a game": "#same-players",
    "record a base game": "#same-players",
    "duel calculator with a result": "#score-0 .total",
    "base game calculator with a result": ".winner",
    "replay with analysis": "svg.win-chart",
    "replay with the margin chart": "svg.margin-chart",
    "an event with standings": "#standings table",
    "a season with standings": "#standings table",
    "duel draw prompt": "#draw-form",
    "base game refill prompt": "#draw-form",
    "play page, game over": "#game-over-line",
    "hand count checked": "#tally-verdict",
    "games list": "#in-progress",
    "a ladder result waiting for your confirmation": "form.confirm-result",
    "disputed results": "#disputes .dispute-reason",
}

# Violations known and left for later work: listed in the table, not failed; strict: once one is
# gone, this test fails until its entry is removed. None now (the draw prompt's palette names
# each token by the label it shows).
ELSEWHERE: set[tuple[str, str]] = set()

# The big screen is drawn for a 1920 px television (its viewport meta says so): a phone shows it
# zoomed out to its width, without sideways scrolling.
WIDER = {"big screen": 1920, "a season's big screen": 1920}


def _look(page, name: str, url: str) -> tuple[list[dict], int]:
    response = page.goto(url)
    assert response is not None and response.ok, f"{name}, {url}: HTTP {response and response.status}"
    if name in SHOWING:
        page.locator(SHOWING[name]).first.wait_for(state="attached")
    return serious_violations(page), page.evaluate("document.documentElement.scrollWidth")


def test_every_page_state_in_every_language_is_accessible_and_phone_wide(chromium, live_server, club, capsys):
    found: dict[tuple[str, str], tuple[list[dict], int]] = {}
    by_reader = sorted(club.items(), key=lambda item: item[1][1].pk if item[1][1] else 0)
    for language in LANGUAGES:
        with page_in(chromium, live_server, **PHONE) as page:
            page.context.set_default_timeout(15_000)
            page.context.add_cookies([{"name": "imhotep_language", "value": language, "url": live_server.url}])
            signed_in = None
            for name, (url, who) in by_reader:
                if who != signed_in:
                    page.context.clear_cookies(name="sessionid")
                    if who is not None:
                        log_in(page, live_server, who)
                    signed_in = who
                found[name, language] = _look(page, name, url)
    with capsys.disabled():
        print("\n" + _table(found, list(club)))
    failures = []
    for (name, language), (violations, width) in found.items():
        ours = [v for v in violations if (name, v["id"]) not in ELSEWHERE]
        if ours or width > WIDER.get(name, WIDTH):
            failures.append(f"{name} [{language}]: {width} px; " + "; ".join(f"{v['id']} {v['nodes']}" for v in ours))
    gone = [f"{name}: {rule} is fixed; remove it from ELSEWHERE" for name, rule in sorted(ELSEWHERE)
            if not any(v["id"] == rule for language in LANGUAGES for v in found[name, language][0])]
    assert not failures + gone, "\n".join(failures + gone)


def _table(found: dict[tuple[str, str], tuple[list[dict], int]], names: list[str]) -> str:
    """Page state × language: the serious/critical violations (0, or their rule ids) and the
    page's width in px; last, the widest phone page per language."""
    rows = [["page state", *LANGUAGES]]
    for name in names:
        cells = []
        for language in LANGUAGES:
            violations, width = found[name, language]
            cells.append(f"{','.join(v['id'] for v in violations) or 0} / {width}")
        rows.append([name, *cells])
    phone = [n for n in names if n not in WIDER]
    widest = []
    for language in LANGUAGES:
        width = max(found[n, language][1] for n in phone)
        at = [n for n in phone if found[n, language][1] == width]
        widest.append(f"{width} ({'every page' if len(at) == len(phone) else ', '.join(at)})")
    rows.append(["widest page", *widest])
    sizes = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    lines = ["| " + " | ".join(cell.ljust(size) for cell, size in zip(row, sizes, strict=True)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (size + 2) for size in sizes) + "|")
    return "\n".join(lines)
