"""Shared fixtures: the catalogue is loaded once into the test database.

Transactional tests (live server, browser) empty the database when they finish, so they
ask for ``loaded_catalogue`` to load it again; pytest-django runs them after the others.
"""

import os

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connections

from scoring import tileset

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls made by
# the test itself (fixtures, assertions) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("load_catalogue", verbosity=0)


@pytest.fixture
def loaded_catalogue(transactional_db):
    call_command("load_catalogue", verbosity=0)


def pytest_collection_modifyitems(config, items):
    """Mark every test that drives Chromium ``browser``, so that a run can select or
    leave them out with ``-m``: CI runs them once, not once per database (they check
    pages, not the database)."""
    for item in items:
        if "chromium_browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def chromium_browser():
    """Debian's headless Chromium driven by Playwright (no downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync"],
        )
        try:
            yield browser
        finally:
            browser.close()
            # ORM calls made by a test while Playwright runs open a connection in the
            # event loop's context; close it here, or PostgreSQL refuses to drop the
            # test database at the end ("being accessed by other users").
            connections.close_all()


@pytest.fixture(autouse=True)
def fresh_caches():
    """Every test starts with empty caches: the throttles' counts live in the
    ``throttle`` cache, pages and sessions in ``default`` (Redis when REDIS_URL is set)."""
    for cache in caches.all():
        cache.clear()
    # The tile set's version stamp went with the cache: a set built after tiles changed
    # in an earlier test (rolled back since) is rebuilt on its next use.
    tileset.recheck()
