"""The security table of every write route, and the walk of the URL resolver that finds them
(tests/security/test_write_routes.py checks the one against the other; the nesting and JSON
sweeps walk the same routes). Who may write:

* ``anyone``  — open (the stateless scoring API; login forms, where the password is the check);
* ``member``  — any signed-in user (acting on their own things only);
* ``owner``   — the user who stored the game (or staff): other members are refused 403/404;
* ``staff``   — club managers only: other members are refused 403.

Which methods a view accepts is read from class-based views; for function views it is declared
in `FUNCTION_VIEW_METHODS`."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver

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

#: Writes a guest may still make: their own session, password and API token.
GUEST_MAY = {"login", "logout", "api-auth-token", "account-token", "password-change"}


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
