"""The tile gallery page and the SVG picture endpoint."""

import xml.etree.ElementTree as ET

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from carcwiki.catalogue.models import Edition, Expansion, TileCount, TileType
from scoring.tileset import current_tiles
from tests.tile_counts import ALL_TILE_TYPES, TILES, tile_types

GALLERY = reverse("catalogue:tile-gallery")


@pytest.fixture
def catalogue(db):
    # The session fixture normally loads it already; loading again is idempotent.
    if not TileType.objects.exists():
        call_command("load_catalogue", verbosity=0)


def tile_codes(response) -> list[str]:
    return [tile.code for tile in response.context["tiles"]]


def add_tiles(number: int) -> None:
    """More tile types (copies of D) with counts, to show the page's queries do not grow."""
    template = TileType.objects.get(code="D")
    editions = list(Edition.objects.filter(code__in=["C1", "C2"]))
    for position in range(number):
        tile = TileType.objects.create(
            code=f"extra-{position}", expansion=template.expansion, picture=template.picture,
            edges=template.edges, features=template.features, order=100 + position,
        )
        TileCount.objects.bulk_create(
            TileCount(tile=tile, edition=edition, count=1) for edition in editions
        )


def test_gallery_shows_every_tile_type_grouped_by_expansion(client, catalogue):
    response = client.get(GALLERY)
    assert response.status_code == 200
    codes = tile_codes(response)
    # Every tile type of every tile file, once.
    assert sorted(codes) == sorted(tile["code"] for tile in TILES)
    assert len(codes) == ALL_TILE_TYPES
    assert sum(code.endswith("-garden") for code in codes) == 8
    sections = [(section["code"], section["name"], len(section["tiles"]))
                for section in response.context["sections"]]
    # One section a tile file, with its tile types, in the catalogue's order: each
    # expansion, then its parts.
    catalogue_order = [code for expansion in Expansion.objects.order_by("order")
                       for code in (expansion.code, *expansion.parts.order_by("order")
                                    .values_list("code", flat=True))]
    with_tiles = {tile["expansion"] for tile in TILES}
    assert [(code, count) for code, _name, count in sections] == [
        (code, tile_types(code)) for code in catalogue_order if code in with_tiles]
    assert sections[:4] == [
        ("base", "Base game", 32), ("river", "The River (Base game)", 14),
        ("inns-cathedrals", "Inns & Cathedrals", 17),
        ("traders-builders", "Traders & Builders", 24)]
    assert ("crop-circles", "Crop Circles / Crop Circles I / WE Corn Circles", 12) in sections
    content = response.content.decode()
    assert 'href="/static/css/gallery.css"' in content
    assert '<img class="tile-picture" src="/tiles/D.svg" width="120" height="120"' in content
    assert 'alt="Tile D: city on the north, straight road from west to east"' in content
    assert 'name="edition"' in content and 'name="expansion"' in content


def test_gallery_lists_copies_per_edition(client, catalogue):
    response = client.get(GALLERY)
    tile = next(tile for tile in response.context["tiles"] if tile.code == "E")
    counts = {edition.code: count for edition, count in tile.edition_counts}
    assert (counts["C1"], counts["C2"], counts["C3"]) == (5, 4, 4)
    assert [edge["kind"] for edge in tile.edge_list] == ["city", "field", "field", "field"]


def test_filter_by_edition_c1_has_no_garden_tiles(client, catalogue):
    response = client.get(GALLERY, {"edition": "C1", "expansion": "base"})
    codes = tile_codes(response)
    assert len(codes) == 24
    assert not any(code.endswith("-garden") for code in codes)
    assert "Show all" in response.content.decode()


@pytest.mark.parametrize(
    ("expansion", "edition", "count"),
    [("river", "", 14), ("river", "C3", 12), ("river2", "", 12), ("river2", "C3", 0),
     ("inns-cathedrals", "C1", 17), ("traders-builders", "", 24)],
)
def test_filter_by_an_expansion_or_a_part(client, catalogue, expansion, edition, count):
    response = client.get(GALLERY, {"expansion": expansion, "edition": edition})
    codes = tile_codes(response)
    assert len(codes) == count
    assert all(code.startswith(expansion.split("-")[0] + "-") for code in codes)


def test_a_garden_printed_in_some_editions_says_which(client, catalogue):
    content = client.get(GALLERY, {"expansion": "river2"}).content.decode()
    assert '<span class="badge">Garden (C2 only)</span>' in content
    content = client.get(GALLERY, {"expansion": "base"}).content.decode()
    assert '<span class="badge">Garden</span>' in content


def test_filter_by_expansion_and_edition_together(client, catalogue):
    assert len(tile_codes(client.get(GALLERY, {"expansion": "base", "edition": "C2"}))) == 32
    assert len(tile_codes(client.get(GALLERY, {"expansion": "base"}))) == 32


def test_unknown_filter_value_shows_an_error_and_every_tile(client, catalogue):
    response = client.get(GALLERY, {"edition": "C9"})
    assert response.status_code == 200
    assert len(tile_codes(response)) == ALL_TILE_TYPES
    assert 'role="alert"' in response.content.decode()


def test_gallery_queries_do_not_grow_with_the_tiles(client, catalogue, django_assert_num_queries):
    # The engine's tile set is rebuilt once per change of the tiles, not per page: build it
    # outside what is counted.
    current_tiles()
    with CaptureQueriesContext(connection) as before:
        client.get(GALLERY, {"edition": "C2", "expansion": "base"})
    add_tiles(10)
    current_tiles()
    with django_assert_num_queries(len(before.captured_queries)):
        response = client.get(GALLERY, {"edition": "C2", "expansion": "base"})
    assert len(tile_codes(response)) == 42


def test_gallery_query_count_is_small(client, catalogue, django_assert_max_num_queries):
    current_tiles()
    with django_assert_max_num_queries(5):
        client.get(GALLERY)


def test_tile_svg_is_served_as_svg(client, catalogue, django_assert_max_num_queries):
    current_tiles()
    with django_assert_max_num_queries(2):
        response = client.get(reverse("catalogue:tile-svg", args=["D"]))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert "public" in response["Cache-Control"] and "max-age=86400" in response["Cache-Control"]
    assert response["ETag"]
    root = ET.fromstring(response.content)
    assert root.get("data-tile") == "D"


def test_tile_svg_rotation(client, catalogue):
    plain = client.get("/tiles/D.svg")
    turned = client.get("/tiles/D.svg", {"rotation": "90"})
    assert turned.status_code == 200
    assert b'transform="rotate(90 50 50)"' in turned.content
    assert plain["ETag"] != turned["ETag"]


@pytest.mark.parametrize("rotation", ["45", "-90", "360", "ninety", ""])
def test_tile_svg_refuses_other_rotations(client, catalogue, rotation):
    response = client.get("/tiles/D.svg", {"rotation": rotation})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert b"rotation must be 0, 90, 180 or 270" in response.content


def test_tile_svg_unknown_code_is_404(client, catalogue):
    assert client.get("/tiles/NOPE.svg").status_code == 404


def test_tile_svg_answers_304_to_a_matching_etag(client, catalogue):
    first = client.get("/tiles/E-garden.svg")
    again = client.get("/tiles/E-garden.svg", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]


def test_every_base_tile_picture_is_served(client, catalogue):
    for code in TileType.objects.values_list("code", flat=True):
        response = client.get(reverse("catalogue:tile-svg", args=[code]))
        assert response.status_code == 200, code
        ET.fromstring(response.content)
