"""Shared fixtures: the catalogue is loaded once into the test database.

Transactional tests (live server, browser) empty the database when they finish, so they
ask for ``loaded_catalogue`` to put it back; pytest-django runs them after the others.
Putting it back copies the rows the session's one ``load_catalogue`` wrote (kept in
memory, see :class:`CatalogueSnapshot`), which takes a fraction of a second where loading
again (reading, checking and rendering every fixture) takes several.
"""

import os

import pytest
from django.apps import apps
from django.core.cache import caches
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, connections, transaction

from carcwiki.catalogue.models import Expansion
from carcwiki.catalogue.signals import catalogue_loaded
from scoring import tileset

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls made by
# the test itself (fixtures, assertions) are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


class CatalogueSnapshot:
    """The rows ``load_catalogue`` wrote, table by table, to write back after a flush.

    Every table of the site's own apps is kept (with the many-to-many tables between
    them), so nothing the command loads is left out; Django's own tables (content
    types, permissions) are rebuilt by the flush itself.
    """

    def __init__(self) -> None:
        self.models = [model for config in apps.get_app_configs()
                       if config.name.startswith("carcwiki.")
                       for model in config.get_models(include_auto_created=True)]
        self.rows = {model: [{field.attname: getattr(row, field.attname)
                              for field in model._meta.concrete_fields}
                             for row in model._base_manager.order_by("pk")]
                     for model in self.models}

    def restore(self) -> None:
        """Write the rows back into empty tables, with their primary keys, in one
        transaction (foreign keys are checked at its end), then move the id sequences
        past them (PostgreSQL) and tell the caches, as ``load_catalogue`` does."""
        with transaction.atomic():
            for model, rows in self.rows.items():
                model._base_manager.bulk_create(model(**row) for row in rows)
            with connection.cursor() as cursor:
                for statement in connection.ops.sequence_reset_sql(no_style(), self.models):
                    cursor.execute(statement)
        catalogue_loaded.send(sender=CatalogueSnapshot)


SNAPSHOT = pytest.StashKey[CatalogueSnapshot]()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, request):
    with django_db_blocker.unblock():
        call_command("load_catalogue", verbosity=0)
        # Read at once: a transactional test that runs before the first one asking for
        # the catalogue (a throttling test) empties the tables.
        request.config.stash[SNAPSHOT] = CatalogueSnapshot()


@pytest.fixture(scope="session")
def catalogue_snapshot(django_db_setup, request) -> CatalogueSnapshot:
    """The catalogue as the session loaded it, read before any test could change it."""
    return request.config.stash[SNAPSHOT]


@pytest.fixture
def loaded_catalogue(catalogue_snapshot, transactional_db):
    """The whole catalogue in the database of a transactional test. The first such test
    finds the session's load still there; after it, each finds the tables its predecessor
    emptied."""
    if not Expansion.objects.exists():
        catalogue_snapshot.restore()


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
