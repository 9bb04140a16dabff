"""The tile fixtures are sound: counts, and features that agree with the edges."""

from collections import Counter

import pytest

from carcwiki.catalogue.models import TileCount, TileType
from carcwiki.catalogue.selectors import tile_data

SIDES = ("N", "E", "S", "W")
HALF_EDGES = {side: (side + a, side + b) for side, (a, b) in
              {"N": "WE", "E": "NS", "S": "EW", "W": "SN"}.items()}
EDGE_KIND = {"city": "C", "road": "R"}

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def tiles(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return tile_data(expansion_codes=["base"])


def edge_owner_map(tile):
    """Which feature touches each whole edge and each half-edge of ``tile``."""
    owners: dict[str, list[int]] = {}
    for index, feature in enumerate(tile["features"]):
        for location in feature.get("edges", []) + feature.get("half_edges", []):
            owners.setdefault(location, []).append(index)
    return owners


@pytest.mark.parametrize("edition", ["C1", "C2", "C3"])
def test_every_edition_has_72_base_tiles(edition):
    copies = TileCount.objects.filter(
        edition__code=edition, tile__expansion__code="base", tile__part__isnull=True
    )
    assert sum(copies.values_list("count", flat=True)) == 72


def test_32_base_tile_types(tiles):
    assert len(tiles) == 32
    assert sorted(t["code"] for t in tiles if not t["code"].endswith("-garden")) == list(
        "ABCDEFGHIJKLMNOPQRSTUVWX"
    )


def test_each_location_belongs_to_exactly_one_feature_matching_the_edges(tiles):
    for tile in tiles:
        owners = edge_owner_map(tile)
        for side, code in zip(SIDES, tile["edges"], strict=True):
            if code == "C":
                assert len(owners.get(side, [])) == 1, (tile["code"], side)
                assert not any(h in owners for h in HALF_EDGES[side]), (tile["code"], side)
            elif code == "R":
                assert len(owners.get(side, [])) == 1, (tile["code"], side)
                for half in HALF_EDGES[side]:
                    assert len(owners.get(half, [])) == 1, (tile["code"], half)
            else:
                assert side not in owners, (tile["code"], side)
                for half in HALF_EDGES[side]:
                    assert len(owners.get(half, [])) == 1, (tile["code"], half)
        for feature in tile["features"]:
            for side in feature.get("edges", []):
                assert tile["edges"][SIDES.index(side)] == EDGE_KIND[feature["kind"]]


def test_fields_border_cities_of_their_own_tile(tiles):
    for tile in tiles:
        cities = {"+".join(f["edges"]): f for f in tile["features"] if f["kind"] == "city"}
        for field in (f for f in tile["features"] if f["kind"] == "field"):
            for name in field.get("cities", []):
                assert name in cities, (tile["code"], name)


def test_a_road_crossing_a_tile_separates_the_fields_on_its_two_sides(tiles):
    # A road that ends on the tile (at a monastery, for instance) may have one field around
    # it; a road that runs from edge to edge always cuts the tile in two.
    for tile in tiles:
        owners = edge_owner_map(tile)
        for road in (f for f in tile["features"] if f["kind"] == "road" and len(f["edges"]) == 2):
            for side in road["edges"]:
                first, second = HALF_EDGES[side]
                assert owners[first] != owners[second], (tile["code"], side)


@pytest.mark.parametrize(
    ("edition", "pennants", "monasteries", "gardens"),
    [("C1", 10, 6, 0), ("C2", 10, 6, 8), ("C3", 10, 6, 8)],
)
def test_pennants_monasteries_and_gardens_per_edition(tiles, edition, pennants, monasteries,
                                                      gardens):
    totals: Counter = Counter()
    for tile in tiles:
        copies = tile["counts"].get(edition, 0)
        for feature in tile["features"]:
            totals["pennant"] += copies * feature.get("pennants", 0)
            totals[feature["kind"]] += copies if feature["kind"] in ("monastery", "garden") else 0
    assert (totals["pennant"], totals["monastery"], totals["garden"]) == (
        pennants, monasteries, gardens
    )


def test_exactly_one_start_tile_type():
    assert list(TileType.objects.filter(is_start=True).values_list("code", flat=True)) == ["D"]


def test_derived_columns_follow_the_features():
    tile = TileType.objects.get(code="S")
    assert (tile.pennants, tile.has_city, tile.has_road, tile.has_monastery, tile.has_garden) == (
        1, True, True, False, False
    )
