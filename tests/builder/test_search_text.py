"""The words the builder's palette search matches for a tile type (selectors.tile_search_text)."""

from __future__ import annotations

from carcwiki.builder.selectors import tile_search_text


def test_a_tile_is_found_by_its_code_picture_features_and_what_they_carry():
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
    words = tile_search_text(inn, "Inns & Cathedrals").split()
    for word in ("inns-a", "road", "inn", "field", "farm", "city", "pennants", "goods", "wine",
                 "cowshed", "cathedrals", "pond"):
        assert word in words
    assert len(words) == len(set(words))  # each word once


def test_a_river_tile_is_found_by_the_word_river():
    river = {"code": "river-G", "picture": "the river bends", "features": [
        {"kind": "river", "edges": ["N", "W"]}]}
    assert "river" in tile_search_text(river, "The River").split()
    assert tile_search_text(river).startswith("river-g ")
