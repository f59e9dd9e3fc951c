"""Shared fixtures: API client, logged-in users, and a real headless Chromium for page tests."""

import os
import shutil

import pytest
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from games.membership.models import Role
from games.membership.roles import set_role
from rules_engine.overlays import set_board_data_source
from tests.factories import UserFactory

# Hypothesis's per-example deadline is a timed test: on a loaded CI machine (load 10–20) a slow
# example fails a property that holds. Speed is measured in bench/, never here.
hypothesis_settings.register_profile("imhotep", deadline=None)
hypothesis_settings.load_profile("imhotep")

# Playwright's sync API keeps an event loop on the test thread; Django's ORM guard would
# otherwise refuse the database calls the fixtures make there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Collection (module-level records and boards) has no database: plugins' data only until a
# test with one asks (`_board_data_only_with_a_database`).
set_board_data_source(None)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(autouse=True)
def _board_data_only_with_a_database(request):
    """The club's board data (games/boarddata.py) is read from the database; a test without one
    (the engine's, the pages' pure parts) plays with the plugins' data alone, as the engine
    does outside the service."""
    from games.boarddata import current_overlays

    with_db = {"db", "transactional_db"} & set(request.fixturenames) or request.node.get_closest_marker("django_db")
    set_board_data_source(current_overlays if with_db else None)
    yield
    set_board_data_source(None)


@pytest.fixture(autouse=True)
def _english_between_tests():
    """LocaleMiddleware activates the request's language on the test's own thread and leaves it
    active; a later test that calls a service directly must not read Japanese."""
    yield
    translation.deactivate()


# One cast for every test: alice owns what the test is about (a member who stored the game),
# bob is another member, charlie an outsider with the read-only guest role, staff the club's admin.
@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def charlie(db):
    user = UserFactory(username="charlie")
    set_role(user, Role.GUEST)
    return user


@pytest.fixture
def staff(db):
    return UserFactory(username="manager", is_staff=True)


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture(scope="session")
def chromium():
    """Debian's chromium driven by Playwright; no browser download. In CI a missing
    browser fails the run instead of skipping the page tests."""
    executable = shutil.which("chromium")
    if executable is None:
        message = "Debian's chromium is not installed (apt-get install chromium)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium, live_server):
    context = chromium.new_context(base_url=live_server.url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    """Real hashing costs most of a second per user made; the tests check who may do what, not
    the hash (production keeps Django's PBKDF2)."""
    from django.conf import settings
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm

    hashers = settings.PASSWORD_HASHERS
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_hashers.cache_clear()  # Django caches the hashers; a plain assignment sends no signal
    get_hashers_by_algorithm.cache_clear()
    yield
    settings.PASSWORD_HASHERS = hashers
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()


@pytest.fixture(autouse=True, scope="session")
def _per_process_cache():
    """The service shares its cache between processes (diskcache's files, or Redis); a test runs
    in one process and wants its throttle counters to itself, without a database behind every
    API call. tests/site/test_shared_throttle.py starts real servers on the shared cache."""
    from django.conf import settings
    from django.test import override_settings

    with override_settings(CACHES={**settings.CACHES,
                                   "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}):
        yield


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: pages cache their tables under the history's
    version, which would otherwise carry over from a test whose rows were rolled back; the
    same for the replays this process keeps (games/ui/timeline.py) and the registries laid
    over board-data versions (rules_engine/overlays.py keeps one per label such as "classic@1",
    which a rolled-back test reuses for other numbers)."""
    from django.core.cache import cache

    from games import boarddata
    from games.ui import timeline
    from rules_engine.registry import base_registry

    cache.clear()
    timeline.forget()
    boarddata.forget_in_process()
    base_registry()._derived.clear()


@pytest.fixture(autouse=True, scope="session")
def _no_installed_plugins():
    """The project's own tests see the built-in games only; a test that wants installed
    plugins asks for `plugin_registry`."""
    from rules_engine import registry

    registry.configure(load_entry_points=False)
    yield
    registry.configure(load_entry_points=False)


@pytest.fixture
def plugin_registry():
    """The default registry with the installed plugins loaded (e.g. the example plugin)."""
    from rules_engine import registry

    registry.configure(load_entry_points=True)
    yield registry.default_registry()
    registry.configure(load_entry_points=False)


@pytest.fixture
def immediate_tasks(settings):
    """Background tasks run at once, inside the request that queues them (IMHOTEP_TASKS=immediate)."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
