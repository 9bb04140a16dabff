"""A tile edited in the admin is checked by the engine, and the engine's tile set that
the scorer, the API, the pictures and the builder read follows the edit, in this process
and in the others."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from carcwiki.catalogue.models import TileType
from scoring import tileset

pytestmark = pytest.mark.django_db

ALL_HALVES = ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]


def change_form(tile: TileType, **changes) -> dict:
    """The admin change form of ``tile`` as a browser posts it, with ``changes``."""
    import json

    counts = list(tile.counts.all())
    data = {
        "code": tile.code, "expansion": tile.expansion_id, "part": tile.part_id or "",
        "picture": tile.picture, "edges": tile.edges,
        "features": json.dumps(tile.features), "illustrations": json.dumps(tile.illustrations),
        "order": tile.order,
        "counts-TOTAL_FORMS": len(counts), "counts-INITIAL_FORMS": len(counts),
        "counts-MIN_NUM_FORMS": 0, "counts-MAX_NUM_FORMS": 1000,
    }
    if tile.is_start:
        data["is_start"] = "on"
    for position, count in enumerate(counts):
        data.update({f"counts-{position}-id": count.pk, f"counts-{position}-tile": tile.pk,
                     f"counts-{position}-edition": count.edition_id,
                     f"counts-{position}-count": count.count})
    for key, value in changes.items():
        data[key] = json.dumps(value) if key == "features" else value
    return data


def url(tile: TileType) -> str:
    return reverse("admin:catalogue_tiletype_change", args=[tile.pk])


def test_a_tile_the_engine_refuses_is_not_saved_and_the_form_says_why(admin_client):
    tile = TileType.objects.get(code="B")  # the monastery with a field all round
    before = tileset.current_tiles()
    # The field no longer reaches the south-west half-edge.
    broken = [{"kind": "monastery"},
              {"kind": "field", "half_edges": [h for h in ALL_HALVES if h != "SW"]}]
    response = admin_client.post(url(tile), change_form(tile, features=broken))
    assert response.status_code == 200
    errors = response.context["adminform"].form.non_field_errors()
    assert errors == ["tile B: half-edge SW must belong to exactly one field"]
    tile.refresh_from_db()
    assert len(tile.features[1]["half_edges"]) == 8
    assert tileset.current_tiles() is before


def test_an_attribute_no_expansion_declares_is_refused_with_the_engines_words(admin_client):
    tile = TileType.objects.get(code="B")
    features = [{"kind": "monastery", "dragon": True},
                {"kind": "field", "half_edges": ALL_HALVES}]
    response = admin_client.post(url(tile), change_form(tile, features=features))
    assert response.context["adminform"].form.non_field_errors() == [
        "tile B: a monastery has no 'dragon' (no expansion declares it)"]


def test_a_saved_edit_reaches_the_tile_set_the_scorer_reads(admin_client, client):
    tile = TileType.objects.get(code="B")
    assert tileset.current_tiles()["B"].picture == tile.picture
    response = admin_client.post(url(tile), change_form(tile, picture="a lone cloister"))
    assert response.status_code == 302
    assert tileset.current_tiles()["B"].picture == "a lone cloister"
    # The tile API reads the same set.
    assert client.get("/api/tiles/B/").json()["picture"] == "a lone cloister"


def test_a_pennant_added_in_the_admin_is_scored_and_counted(admin_client):
    tile = TileType.objects.get(code="E")  # a city cap on the north edge, no pennant
    features = [dict(feature) for feature in tile.features]
    city = next(feature for feature in features if feature["kind"] == "city")
    city["pennants"] = 1
    assert admin_client.post(url(tile), change_form(tile, features=features)).status_code == 302
    tile.refresh_from_db()
    # Derived on save from the engine's reading: one pennant.
    assert tile.pennants == 1
    city_segment = next(s for s in tileset.current_tiles()["E"].segments if s.kind.value == "city")
    assert city_segment.pennants == 1


def test_another_process_sees_the_edit_through_the_version_stamp(monkeypatch):
    built = tileset.current_tiles()
    # Another process saves a tile: the database row changes, and it stamps a new
    # version in the shared cache (no signal reaches this process).
    TileType.objects.filter(code="B").update(picture="edited elsewhere")
    cache.set(tileset.VERSION_KEY, "stamped-by-another-process", None)
    # Within the interval this process keeps its set without reading the cache...
    monkeypatch.setattr(tileset, "CHECK_INTERVAL", 3600.0)
    assert tileset.current_tiles() is built
    # ...once it reads the stamp, it rebuilds from the database.
    monkeypatch.setattr(tileset, "CHECK_INTERVAL", 0.0)
    assert tileset.current_tiles()["B"].picture == "edited elsewhere"
    rebuilt = tileset.current_tiles()
    assert rebuilt is tileset.current_tiles()  # same stamp: kept


def test_a_change_stamps_a_new_version_for_the_other_processes():
    tileset.current_tiles()
    first = cache.get(tileset.VERSION_KEY)
    TileType.objects.get(code="B").save()
    second = cache.get(tileset.VERSION_KEY)
    assert second is not None and second != first
