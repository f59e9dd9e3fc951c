"""Auth and ownership of every write route, found by walking the URL resolver.

Every route that accepts POST/PUT/PATCH/DELETE must be in `WRITE_ROUTES` with who may write:

* ``anyone``  — open (the stateless scoring API; login forms, where the password is the check);
* ``member``  — any signed-in user (acting on their own things only);
* ``owner``   — the user who stored the game (or staff): other members are refused 403/404;
* ``staff``   — club managers only: other members are refused 403.

Guests (read-only members) are refused every write but those on their own account
(`GUEST_MAY`): `test_a_guest_is_refused_every_write`.

Refused means: anonymous → 401/403 on the API, a redirect to the login page on pages; a member
without the right → 403/404. The owner (staff for staff routes) is never refused. A new write
route fails `test_every_write_route_is_in_the_security_table` until it is added here, so no
endpoint slips in unchecked. Which methods a view accepts is read from class-based views; for
function views it is declared in `FUNCTION_VIEW_METHODS` (and checked: the read-only ones
answer 405 to a POST).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.membership.models import Role
from games.membership.roles import set_role
from rules_engine.registry import DEFAULT_GAME
from tests.security.conftest import signed_in

WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
ALL_METHODS = ("GET", "HEAD", *WRITE_METHODS)


@dataclass(frozen=True)
class Rule:
    who: str  # anyone | member | owner | staff
    page: bool  # a page (anonymous → login redirect) or the API (anonymous → 401/403)


ANYONE_API, MEMBER_API, OWNER_API, STAFF_API = (Rule(w, page=False) for w in ("anyone", "member", "owner", "staff"))
ANYONE_PAGE, MEMBER_PAGE, OWNER_PAGE, STAFF_PAGE = (Rule(w, page=True) for w in ("anyone", "member", "owner", "staff"))

#: route name → {write method: who may}. Keep in step with the routes (the tests below insist).
WRITE_ROUTES: dict[str, dict[str, Rule]] = {
    # Stateless scoring: open to all, throttled (test_throttles.py).
    "api-score": {"POST": ANYONE_API},
    "api-replay": {"POST": ANYONE_API},
    # Accounts: the password is the check (axes lockout, test_login_lockout.py); logout ends your own session.
    "login": {"POST": ANYONE_PAGE, "PUT": ANYONE_PAGE},  # Django's form views take PUT as POST
    "logout": {"POST": ANYONE_PAGE},
    "api-auth-token": {"POST": ANYONE_API, "DELETE": MEMBER_API},
    "account-token": {"POST": MEMBER_PAGE},
    "password-change": {"POST": MEMBER_PAGE, "PUT": MEMBER_PAGE},
    "password-reset": {"POST": ANYONE_PAGE, "PUT": ANYONE_PAGE},
    "password-reset-confirm": {"POST": ANYONE_PAGE, "PUT": ANYONE_PAGE},
    # The language switcher: a cookie for anyone, and the signed-in user's own stored choice.
    "set-language": {"POST": ANYONE_PAGE},
    # Membership: admins invite; the link's secret is the check for accepting.
    "invites": {"POST": STAFF_PAGE},
    "invite-accept": {"POST": ANYONE_PAGE},
    # Analysis: members start one (a background task); anyone reads it.
    "game-analysis": {"POST": MEMBER_PAGE},
    "api-game-analysis": {"POST": MEMBER_API},
    "game-luck": {"POST": MEMBER_PAGE},
    "api-game-luck": {"POST": MEMBER_API},
    "puzzle": {"POST": MEMBER_PAGE},
    "api-puzzle-answer": {"POST": MEMBER_API},  # any member may answer; only the player's own answer reschedules
    "api-game-branches": {"POST": MEMBER_API},
    "game-play-on": {"POST": MEMBER_PAGE},
    # Games against the bot (docs/bots.md): a member starts one, as a new game or a variation.
    "game-play-on-bot": {"POST": MEMBER_PAGE},
    "bot-new": {"POST": MEMBER_PAGE},
    "api-bot-games": {"POST": MEMBER_API},
    # Club history.
    "games-api:game-list": {"POST": MEMBER_API},
    "games-api:import-list": {"POST": MEMBER_API},
    "games-api:game-detail": {"PATCH": OWNER_API, "DELETE": OWNER_API},
    "games-api:player-detail": {"DELETE": STAFF_API},
    "games-api:player-merge": {"POST": STAFF_API},
    "games:save-score": {"POST": MEMBER_PAGE},
    "games:import": {"POST": MEMBER_PAGE},
    "games:board-data": {"POST": STAFF_PAGE},
    "games:delete": {"POST": OWNER_PAGE},
    "games:abandon": {"POST": OWNER_PAGE},
    "games:details": {"POST": OWNER_PAGE},
    "games:player-delete": {"POST": STAFF_PAGE},
    "games:player-merge": {"POST": STAFF_PAGE},
    # Live entry.
    "game-new": {"POST": MEMBER_PAGE},
    "play": {"POST": OWNER_PAGE},
    "play-undo": {"POST": OWNER_PAGE},
    "live-append-move": {"POST": OWNER_API},
    # Club events: club admins run them; a member starts a table's game in live entry.
    "events:create": {"POST": STAFF_PAGE},
    "events:register": {"POST": STAFF_PAGE},
    "events:check-in": {"POST": STAFF_PAGE},
    "events:withdraw": {"POST": STAFF_PAGE},
    "events:start-round": {"POST": STAFF_PAGE},
    "events:finish": {"POST": STAFF_PAGE},
    "events:link": {"POST": STAFF_PAGE},
    "events:fix": {"POST": STAFF_PAGE},
    "events:prohibit": {"POST": STAFF_PAGE},
    "events:allow-pair": {"POST": STAFF_PAGE},
    "events-api:event-prohibited-pairs": {"POST": STAFF_API},
    "events-api:event-prohibited-pair": {"DELETE": STAFF_API},
    # A player asks for their own bye (an empty form is refused as such, not as a right) and
    # takes back only their own (the owner here); a club admin for anyone.
    "events:request-bye": {"POST": MEMBER_PAGE},
    "events-api:event-byes": {"POST": MEMBER_API},
    "events-api:event-result": {"POST": STAFF_API},
    "events:cancel-bye": {"POST": OWNER_PAGE},
    "events:live": {"POST": MEMBER_PAGE},
    # Seasons, ladders and leagues (docs/seasons.md): club admins make and run them; a member
    # joins a ladder, challenges and enters results for their own player (refused 403 for another).
    "seasons-api:season-list": {"POST": STAFF_API},
    "seasons-api:season-events": {"POST": STAFF_API},
    "seasons-api:ladder-list": {"POST": STAFF_API},
    "seasons-api:ladder-refresh": {"POST": STAFF_API},
    "seasons-api:ladder-players": {"POST": MEMBER_API},
    "seasons-api:ladder-challenges": {"POST": MEMBER_API},
    "seasons-api:challenge-result": {"POST": MEMBER_API},
    # A result one player entered: only a player of the game (alice plays Ana here) confirms or
    # disputes it; another member is refused 403.
    "seasons-api:challenge-result-confirm": {"POST": OWNER_API},
    "seasons-api:challenge-result-dispute": {"POST": OWNER_API},
    "seasons-api:league-list": {"POST": STAFF_API},
    "seasons-api:league-game-result": {"POST": MEMBER_API},
    "seasons-api:league-game-result-confirm": {"POST": OWNER_API},
    "seasons-api:league-game-result-dispute": {"POST": OWNER_API},
    "seasons-api:league-round-close": {"POST": STAFF_API},
    "seasons-api:league-finish": {"POST": STAFF_API},
    # A member's own calendar page: renew its secret, choose email notices.
    "seasons:calendar": {"POST": MEMBER_PAGE},
    # The pages' result forms: only a player of the game (alice plays Ana here) or a club admin
    # enters, confirms or disputes its result; another member is refused 403.
    "seasons:challenge-result": {"POST": OWNER_PAGE},
    "seasons:challenge-confirm": {"POST": OWNER_PAGE},
    "seasons:challenge-dispute": {"POST": OWNER_PAGE},
    "seasons:game-result": {"POST": OWNER_PAGE},
    "seasons:game-confirm": {"POST": OWNER_PAGE},
    "seasons:game-dispute": {"POST": OWNER_PAGE},
}

#: Function views: the methods each accepts (class-based views are read from the class).
FUNCTION_VIEW_METHODS: dict[str, set[str]] = {
    "home": {"GET"},
    "healthz": {"GET"},
    "account-token": {"GET", "POST"},
    "account": {"GET"},
    "set-language": {"POST"},
    "invites": {"GET", "POST"},
    "invite-accept": {"GET", "POST"},
    "game-analysis": {"GET", "POST"},
    "game-luck": {"GET", "POST"},
    "puzzles": {"GET"},
    "puzzle": {"GET", "POST"},
    "game-play-on": {"POST"},
    "game-play-on-bot": {"POST"},
    "bot-new": {"GET", "POST"},
    "calculators:index": {"GET"},
    "calculators:calculator": {"GET"},
    "replay": {"GET"},
    "embed": {"GET"},
    "oembed": {"GET"},
    "game-new": {"GET", "POST"},
    "play": {"GET", "POST"},
    "play-undo": {"POST"},
    "play-sw": {"GET"},
    "games:list": {"GET"},
    "games:detail": {"GET"},
    "games:export": {"GET"},
    "games:delete": {"POST"},
    "games:abandon": {"POST"},
    "games:details": {"POST"},
    "games:player": {"GET"},
    "games:head-to-head": {"GET"},
    "games:player-prep": {"GET"},
    "games:bgstats": {"GET"},
    "games:share-svg": {"GET"},
    "games:player-bgstats": {"GET"},
    "games:player-delete": {"POST"},
    "games:player-merge": {"POST"},
    "games:standings": {"GET"},
    "games:ratings-check": {"GET"},
    "games:explorer": {"GET"},
    "games:save-score": {"POST"},
    "games:import": {"GET", "POST"},
    "games:board-data": {"GET", "POST"},
    "games:board-data-export": {"GET"},
    "games:import-job": {"GET"},
    "games:export-ndjson": {"GET"},
    "games:results-csv": {"GET"},
    "seasons:index": {"GET"},
    "seasons:season": {"GET"},
    "seasons:screen": {"GET"},
    "seasons:screen-live": {"GET"},
    "seasons:ladder": {"GET"},
    "seasons:league": {"GET"},
    "seasons:calendar": {"GET", "POST"},
    "seasons:challenge-result": {"POST"},
    "seasons:challenge-confirm": {"POST"},
    "seasons:challenge-dispute": {"POST"},
    "seasons:game-result": {"POST"},
    "seasons:game-confirm": {"POST"},
    "seasons:game-dispute": {"POST"},
    "seasons:disputes": {"GET"},  # club admins only (403 for others)
    "seasons:calendar-feed": {"GET"},  # the secret in the URL is the credential (calendar apps cannot sign in)
    "events:list": {"GET"},
    "events:create": {"GET", "POST"},
    "events:detail": {"GET"},
    "events:register": {"POST"},
    "events:check-in": {"POST"},
    "events:withdraw": {"POST"},
    "events:start-round": {"POST"},
    "events:finish": {"POST"},
    "events:live": {"POST"},
    "events:link": {"POST"},
    "events:fix": {"POST"},
    "events:request-bye": {"POST"},
    "events:cancel-bye": {"POST"},
    "events:prohibit": {"POST"},
    "events:allow-pair": {"POST"},
    "events:prep": {"GET"},
    "events:screen": {"GET"},
    "events:slips": {"GET"},
    "events:screen-live": {"GET"},
    "events:crosstable": {"GET"},
    "events:trf": {"GET"},
}


# --------------------------------------------------------------------------- the walk


@dataclass(frozen=True)
class Route:
    key: str  # the view name, or the route when it has none
    route: str
    callback: object

    @property
    def view_class(self):
        return getattr(self.callback, "cls", None) or getattr(self.callback, "view_class", None)

    def methods(self) -> set[str] | None:
        """What the view accepts: from its class, or the table for function views (None: not declared)."""
        cls = self.view_class
        if cls is not None:
            return {m.upper() for m in cls.http_method_names if hasattr(cls, m) and m not in {"options", "trace"}}
        declared = FUNCTION_VIEW_METHODS.get(self.key)
        return set(declared) if declared is not None else None


def walk(patterns=None, prefix: str = "", namespace: str = ""):
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            ns = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), ns)
        elif isinstance(pattern, URLPattern):
            route = prefix + str(pattern.pattern)
            key = namespace + pattern.name if pattern.name else route
            yield Route(key, route, pattern.callback)


def site_routes() -> list[Route]:
    """Every route but the Django admin's (staff-only by construction; checked below)."""
    return [r for r in walk() if not r.route.startswith("admin/")]


def admin_routes() -> list[Route]:
    return [r for r in walk() if r.route.startswith("admin/")]


def test_every_function_view_declares_its_methods():
    missing = [r.key for r in site_routes() if r.methods() is None]
    assert not missing, (
        f"new function-view route(s) {missing}: declare their methods in FUNCTION_VIEW_METHODS "
        "(and, if they write, who may in WRITE_ROUTES) in tests/security/test_write_routes.py"
    )


def test_every_write_route_is_in_the_security_table():
    problems = []
    for route in site_routes():
        writes = sorted((route.methods() or set()) & set(WRITE_METHODS))
        table = WRITE_ROUTES.get(route.key, {})
        for method in writes:
            if method not in table:
                problems.append(f"new write route {method} {route.key} (/{route.route}): add it to the security table")
    assert not problems, "\n".join(problems) + "\n(WRITE_ROUTES in tests/security/test_write_routes.py)"


def test_the_security_table_names_only_existing_write_routes():
    routes = {r.key: r for r in site_routes()}
    stale = [
        f"{method} {key}"
        for key, rules in WRITE_ROUTES.items()
        for method in rules
        if key not in routes or method not in (routes[key].methods() or set())
    ]
    assert not stale, f"the security table lists routes or methods that no longer exist: {stale}"


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(k for k, methods in FUNCTION_VIEW_METHODS.items() if "POST" not in methods))
def test_function_views_declared_read_only_refuse_a_post(key, staff, live_game):
    route = next(r for r in site_routes() if r.key == key)
    response = signed_in(staff).post(url_of(route, live_game))
    assert response.status_code == 405, f"{key} accepts POST: declare it in FUNCTION_VIEW_METHODS and WRITE_ROUTES"


# --------------------------------------------------------------------------- the checks


#: Writes a guest may still make: their own session, password and API token.
GUEST_MAY = {"login", "logout", "api-auth-token", "account-token", "password-change"}

#: Placeholder values for routes keyed by something other than a primary key.
URL_KWARGS = {"<str:secret>": {"secret": "not-a-real-invite"}, "<uidb64>": {"uidb64": "MQ", "token": "set-password"},
              "<slug:game_id>": {"game_id": DEFAULT_GAME},
              "<slug:game>": {"game": "classic"},  # the board-data page: the game with board data
              "<uuid:pk>": {"pk": "00000000-0000-4000-8000-000000000000"}}


def _club_event_kwargs(route: Route) -> dict[str, int]:
    """A club event with a round paired (made once per test): its pk, a registration, a table."""
    from games.events import lifecycle
    from games.events.models import Event
    from tests.events.helpers import duel_event

    event = Event.objects.first()
    if event is None:
        event = duel_event(["Ana", "Ben", "Cleo", "Dan"])
        lifecycle.start_round(event)
    kwargs = {"pk": event.pk}
    if "<int:reg>" in route.route:
        kwargs["reg"] = event.registrations.first().pk
    if "<int:table>" in route.route:
        table = event.round_set.first().pairings.filter(bye=False).first()
        # The API names a table by its round and number, the pages by its row.
        kwargs["table"] = table.table if "<int:number>" in route.route else table.pk
    if "<int:number>" in route.route:
        kwargs["number"] = 1
    if "<int:bye>" in route.route:  # alice's bye asked for the last round, not yet paired
        from django.contrib.auth import get_user_model

        from games.events.models import ByeRequest

        player = event.registrations.first().player
        player.user = get_user_model().objects.get(username="alice")
        player.save(update_fields=["user"])
        kwargs["bye"] = ByeRequest.objects.get_or_create(
            event=event, player=player, round_number=event.rounds, defaults={"kind": ByeRequest.Kind.ZERO_BYE})[0].pk
    if "<int:pair>" in route.route:  # two of its players kept apart
        from games.events.prohibited import prohibit

        first, second = event.registrations.values_list("player_id", flat=True)[:2]
        kwargs["pair"] = prohibit(event, first, second).pk
    return kwargs


def _seasons_kwargs(route: Route) -> dict[str, int]:
    """A season, a ladder with an open challenge and a league of one division (made once per test)."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Player
    from games.seasons import ladder_service, league_service, season_service
    from games.seasons.models import Challenge, Ladder, League, Season

    if not Season.objects.exists():
        season_service.create_season(name="Season", game_type="duel")
        ladder = ladder_service.create_ladder(name="Ladder")
        for name in ("Ana", "Ben"):
            ladder_service.join(ladder, name)
        ladder_service.challenge(ladder, "Ben", "Ana")
        league_service.create_league(name="League", divisions=[["Ana", "Ben"]], promote=0,
                                     first_deadline=timezone.now() + timedelta(days=7))
        Player.objects.filter(name="Ana").update(user=get_user_model().objects.get(username="alice"))
    # The pages sit under seasons/ too: a ladder's or league's route is told by its own part.
    if "ladders/" in route.route:
        kwargs = {"pk": Ladder.objects.get().pk}
        if "<int:challenge>" in route.route:
            kwargs["challenge"] = Challenge.objects.get().pk
    elif "leagues/" not in route.route:
        kwargs = {"pk": Season.objects.get().pk}
    else:
        league = League.objects.get()
        kwargs = {"pk": league.pk}
        if "<int:game>" in route.route:
            kwargs["game"] = league.divisions.get().games.first().pk
        if "<int:number>" in route.route:
            kwargs["number"] = 1
    return kwargs


def _a_puzzle(game, player_id: int):
    import datetime

    from games.analysis.models import Puzzle

    best = game.moves.order_by("ply").first().data if game.moves.exists() else {}
    return Puzzle.objects.get_or_create(game=game, move=0, defaults={
        "seat": 0, "player_id": player_id, "best": best, "win": 0.5, "best_win": 0.8, "second_win": 0.4,
        "due_on": datetime.date.today()})[0]


def url_of(route: Route, game) -> str:
    if route.key.startswith(("events:", "events-api:")) and "<int:pk>" in route.route:
        return reverse(route.key, kwargs=_club_event_kwargs(route))
    if route.key.startswith(("seasons-api:", "seasons:")) and "<int:pk>" in route.route:
        return reverse(route.key, kwargs=_seasons_kwargs(route))
    for marker, kwargs in URL_KWARGS.items():
        if marker in route.route:
            return reverse(route.key, kwargs=kwargs)
    if "<int:pk>" not in route.route:
        return reverse(route.key)
    seats = list(game.seats.order_by("order").values_list("player_id", flat=True))
    if route.key in ("puzzle", "api-puzzle-answer"):  # a puzzle at the game's first position (puzzle_queue.py)
        return reverse(route.key, kwargs={"pk": _a_puzzle(game, seats[0]).pk})
    if "<int:other>" in route.route:
        return reverse(route.key, kwargs={"pk": seats[0], "other": seats[1]})
    pk = seats[0] if "players/" in route.route else game.pk
    return reverse(route.key, kwargs={"pk": pk})


def send(client: Client, method: str, url: str, rule: Rule):
    if rule.page:
        return client.generic(method, url, "", content_type="application/x-www-form-urlencoded")
    return client.generic(method, url, "{}", content_type="application/json")


def is_login_redirect(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(settings.LOGIN_URL)


def refused_anonymous(response, rule: Rule) -> bool:
    return is_login_redirect(response) if rule.page else response.status_code in (401, 403)


def refused(response) -> bool:
    return response.status_code in (401, 403, 404, 405) or is_login_redirect(response)


CASES = sorted((key, method) for key, rules in WRITE_ROUTES.items() for method in rules)


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "method"), CASES, ids=[f"{m}-{k}" for k, m in CASES])
def test_write_route_refuses_whom_it_must_and_serves_whom_it_should(key, method, alice, bob, staff, live_game):
    rule = WRITE_ROUTES[key][method]
    route = next(r for r in site_routes() if r.key == key)
    url = url_of(route, live_game)

    anonymous = send(Client(), method, url, rule)
    if rule.who == "anyone":
        assert not refused(anonymous), f"{method} {url}: anonymous refused ({anonymous.status_code})"
        return
    assert refused_anonymous(anonymous, rule), f"{method} {url}: anonymous got {anonymous.status_code}"

    member = send(signed_in(bob), method, url, rule)
    if rule.who == "member":
        assert not refused(member), f"{method} {url}: a member was refused ({member.status_code})"
        return
    assert member.status_code in (403, 404), f"{method} {url}: a member who may not got {member.status_code}"

    entitled = staff if rule.who == "staff" else alice
    answer = send(signed_in(entitled), method, url, rule)
    assert not refused(answer), f"{method} {url}: the {rule.who} was refused ({answer.status_code})"


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "method"), [c for c in CASES if WRITE_ROUTES[c[0]][c[1]].who == "owner"])
def test_staff_may_write_any_game(key, method, staff, live_game):
    rule = WRITE_ROUTES[key][method]
    route = next(r for r in site_routes() if r.key == key)
    answer = send(signed_in(staff), method, url_of(route, live_game), rule)
    assert not refused(answer), answer.status_code


GUEST_CASES = [c for c in CASES if WRITE_ROUTES[c[0]][c[1]].who != "anyone" and c[0] not in GUEST_MAY]


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "method"), GUEST_CASES, ids=[f"{m}-{k}" for k, m in GUEST_CASES])
def test_a_guest_is_refused_every_write(key, method, charlie, live_game):
    rule = WRITE_ROUTES[key][method]
    route = next(r for r in site_routes() if r.key == key)
    answer = send(signed_in(charlie), method, url_of(route, live_game), rule)
    assert answer.status_code in (403, 404), f"{method} {key}: a guest got {answer.status_code}"


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "method"), [c for c in CASES if WRITE_ROUTES[c[0]][c[1]].who == "owner"])
def test_a_guest_may_not_write_even_a_game_they_stored(key, method, alice, live_game):
    """Demoting a member to guest takes their write access to their own games too."""
    set_role(alice, Role.GUEST)
    rule = WRITE_ROUTES[key][method]
    route = next(r for r in site_routes() if r.key == key)
    answer = send(signed_in(alice), method, url_of(route, live_game), rule)
    assert answer.status_code in (403, 404), f"{method} {key}: a demoted owner got {answer.status_code}"


# --------------------------------------------------------------------------- the admin


def admin_url(route: Route) -> str:
    """A concrete URL for an admin route: ids 1, the games app, an unknown page."""
    path = route.route.replace("^", "").replace("$", "")
    path = re.sub(r"\(\?P<app_label>[^)]*\)", "games", path)
    path = re.sub(r"\(\?P<url>[^)]*\)", "nowhere/", path)
    return "/" + re.sub(r"<[^>]+>", "1", path)


# The staff login form itself (axes-throttled), and logout (ends your own session; sends a
# non-staff caller to the admin index, which asks them to log in).
ADMIN_PUBLIC = {"admin:login", "admin:logout"}


@pytest.mark.django_db
@pytest.mark.parametrize("signed_in_as", ["anonymous", "member"])
def test_every_admin_route_sends_non_staff_to_the_admin_login(signed_in_as, bob):
    client = Client() if signed_in_as == "anonymous" else signed_in(bob)
    leaks = []
    for route in admin_routes():
        if route.key in ADMIN_PUBLIC:
            continue
        response = client.post(admin_url(route), {})
        if not (response.status_code == 302 and response["Location"].startswith("/admin/login/")):
            leaks.append(f"POST {admin_url(route)} ({route.key}): {response.status_code}")
    assert not leaks, leaks
