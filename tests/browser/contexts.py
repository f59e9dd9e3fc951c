"""Browser contexts for the page tests that need other options than the ``page`` fixture's
(a phone or desktop viewport, no JavaScript)."""

from contextlib import contextmanager

from django.test import Client


@contextmanager
def page_in(chromium, live_server, **options):
    """A page of a fresh browser context made with ``options``; the context is closed after."""
    context = chromium.new_context(base_url=live_server.url, **options)
    try:
        yield context.new_page()
    finally:
        context.close()


def settled_at(page, viewer: str, ply: int) -> None:
    """Wait until ``viewer`` (``#viewer``, ``#play``) shows ``ply`` and htmx has settled the swap:
    htmx wires up the new links only then, and a click before that is a plain page load."""
    page.wait_for_selector(f'{viewer}[data-ply="{ply}"]')
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def log_in(page, live_server, user):
    """Sign ``user`` in for ``page``'s browser context (a session cookie, no login form)."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                               "url": live_server.url}])


def sign_in(page, username: str, password: str) -> None:
    """Sign in through the form, and wait until the page says so: the next step must not race
    the login's redirect (a page loaded before it has the old CSRF token, and a form posted
    from it is refused)."""
    page.goto("/account/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("button", name=f"Sign out {username}").wait_for()
