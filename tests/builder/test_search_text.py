"""The words the builder's palette search matches for a tile type (selectors.tile_search_text):
what the tile shows, never its code or its expansion's name."""

from __future__ import annotations

import pytest

from carcwiki.builder.selectors import tile_search_text


def test_a_tile_is_found_by_its_picture_features_and_what_they_carry():
    inn = {
        "code": "inns-A",
        "picture": "road bending from west to south, an inn by a pond",
        "features": [
            {"kind": "road", "edges": ["S", "W"], "inn": True},
            {"kind": "field", "half_edges": ["NW", "NE"]},
            {"kind": "city", "edges": ["N"], "pennants": 1, "goods": "wine"},
        ],
        "illustrations": ["cowshed"],
    }
    words = tile_search_text(inn).split()
    for word in ("road", "inn", "field", "farm", "city", "pennants", "goods", "wine",
                 "cowshed", "pond", "curve", "bend"):
        assert word in words
    assert "inns-a" not in words and "cathedrals" not in words
    assert len(words) == len(set(words))  # each word once


def test_a_river_tile_is_found_by_the_word_river():
    river = {"code": "river-G", "picture": "the river bends", "features": [
        {"kind": "river", "edges": ["N", "W"]}]}
    assert "river" in tile_search_text(river).split()
    assert "river-g" not in tile_search_text(river).split()


@pytest.mark.parametrize("edges, shape", [
    ([["E", "W"]], "straight"), ([["N", "S"]], "straight"), ([["S", "W"]], "curve"),
    ([["E"], ["S"], ["W"]], "crossroads"), ([["N"], ["E"], ["S"], ["W"]], "crossroads"),
])
def test_roads_are_found_by_their_shape(edges, shape):
    tile = {"code": "T", "picture": "", "features": [{"kind": "road", "edges": e} for e in edges]}
    assert shape in tile_search_text(tile).split()


@pytest.mark.django_db
def test_the_catalogue_finds_inn_cathedral_curve_and_crossroads_by_what_tiles_show(
        loaded_catalogue):
    """Inns & Cathedrals has 17 types: 'inn' finds the 6 with an inn and 'cathedral' the
    one with the cathedral, not all 17; the base game's V (a road curve) and W and X (3
    and 4 roads meeting) are found by their shapes."""
    from carcwiki.builder.selectors import builder_tiles
    from scoring.tileset import current_tiles

    tiles = builder_tiles(current_tiles())

    def found(query):
        return sorted(tile["code"] for tile in tiles
                      if all(any(word.startswith(typed) for word in tile["search"].split())
                             for typed in query.split()))

    inns = [tile for tile in tiles if tile["expansion"] == "inns-cathedrals"]
    assert len(inns) == 17
    with_inn = sorted(tile["code"] for tile in inns
                      if any(feature.get("inn") for feature in tile["features"]))
    assert len(with_inn) == 6
    assert [code for code in found("inn") if code.startswith("inns-")] == with_inn
    with_cathedral = [tile["code"] for tile in inns
                      if any(feature.get("cathedral") for feature in tile["features"])]
    assert len(with_cathedral) == 1
    assert [code for code in found("cathedral") if code.startswith("inns-")] == with_cathedral
    assert "V" in found("road curve") and "U" not in found("road curve")
    assert {"W", "X"} <= set(found("crossroads")) and "V" not in found("crossroads")
