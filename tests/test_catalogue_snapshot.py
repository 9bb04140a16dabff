"""The copy of the catalogue that transactional tests get back (``loaded_catalogue`` in
tests/conftest.py) is the catalogue ``load_catalogue`` writes, row for row."""

import pytest
from django.core.management import call_command

from carcwiki.catalogue.models import Bundle, TileType
from carcwiki.rules.models import SearchDocument
from tests.conftest import CatalogueSnapshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_restored_catalogue_is_the_loaded_one_row_for_row(catalogue_snapshot):
    call_command("flush", verbosity=0, interactive=False)
    assert not TileType.objects.exists()
    catalogue_snapshot.restore()
    restored = CatalogueSnapshot().rows
    assert restored == catalogue_snapshot.rows
    assert len(restored[TileType]) > 300 and len(restored[SearchDocument]) > 900
    # Loading again over the copy finds nothing to change (the command upserts by code).
    call_command("load_catalogue", verbosity=0)
    assert CatalogueSnapshot().rows == restored


def test_new_rows_after_a_restore_get_fresh_ids(catalogue_snapshot):
    call_command("flush", verbosity=0, interactive=False)
    catalogue_snapshot.restore()
    highest = max(row["id"] for row in catalogue_snapshot.rows[Bundle])
    assert Bundle.objects.create(code="test-box", name="Test box").id > highest


def test_full_text_search_finds_the_restored_documents(catalogue_snapshot, client):
    call_command("flush", verbosity=0, interactive=False)
    catalogue_snapshot.restore()
    response = client.get("/search/", {"q": "farmer"})
    assert response.status_code == 200
    assert "/rules/farmers/" in response.content.decode()


def test_the_snapshot_holds_the_session_load_even_after_a_flush(catalogue_snapshot):
    # A transactional test that asks for no catalogue may run first and empty the tables;
    # the copy was read before any test ran.
    call_command("flush", verbosity=0, interactive=False)
    assert len(catalogue_snapshot.rows[TileType]) > 300
    assert len(catalogue_snapshot.rows[Bundle]) >= 3
