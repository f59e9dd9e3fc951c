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
answer 405 to a POST). The tables and the walk: tests/security/routes.py; a URL for each route:
tests/security/route_urls.py.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from games.membership.models import Role
from games.membership.roles import set_role
from tests.security.conftest import signed_in
from tests.security.route_urls import admin_url, url_of
from tests.security.routes import (
    FUNCTION_VIEW_METHODS,
    GUEST_MAY,
    WRITE_METHODS,
    WRITE_ROUTES,
    Rule,
    admin_routes,
    site_routes,
)


def test_every_function_view_declares_its_methods():
    missing = [r.key for r in site_routes() if r.methods() is None]
    assert not missing, (
        f"new function-view route(s) {missing}: declare their methods in FUNCTION_VIEW_METHODS "
        "(and, if they write, who may in WRITE_ROUTES) in tests/security/routes.py"
    )


def test_every_write_route_is_in_the_security_table():
    problems = []
    for route in site_routes():
        writes = sorted((route.methods() or set()) & set(WRITE_METHODS))
        table = WRITE_ROUTES.get(route.key, {})
        for method in writes:
            if method not in table:
                problems.append(f"new write route {method} {route.key} (/{route.route}): add it to the security table")
    assert not problems, "\n".join(problems) + "\n(WRITE_ROUTES in tests/security/routes.py)"


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
