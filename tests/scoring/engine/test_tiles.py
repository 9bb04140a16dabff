"""Tile definitions read from the catalogue format, and their rotated views."""

import pytest

from scoring.engine.expansions import DEFAULT_REGISTRY
from scoring.engine.locations import HALF_EDGES, Location, Side
from scoring.engine.rules import Edition
from scoring.engine.tiles import (
    EdgeType,
    FeatureKind,
    TileDataError,
    TileDefinition,
    TileSet,
)

E_DATA = {
    "code": "E", "edges": "CFFF", "counts": {"C1": 5, "C2": 4, "C3": 4},
    "features": [
        {"kind": "city", "edges": ["N"]},
        {"kind": "field", "half_edges": ["EN", "ES", "SE", "SW", "WS", "WN"], "cities": ["N"]},
    ],
}


def _total(tiles, edition, predicate=lambda definition: True):
    return sum(d.count(edition) for d in tiles.values() if predicate(d))


@pytest.mark.parametrize("edition", list(Edition))
def test_the_base_game_has_72_tiles_in_every_edition(base_tiles, edition):
    assert _total(base_tiles, edition) == 72


@pytest.mark.parametrize("edition", list(Edition))
def test_six_monasteries_and_ten_pennants(base_tiles, edition):
    def has(kind):
        return lambda d: any(s.kind is kind for s in d.segments)

    assert _total(base_tiles, edition, has(FeatureKind.MONASTERY)) == 6
    pennants = sum(
        d.count(edition) * sum(s.pennants for s in d.segments) for d in base_tiles.values()
    )
    assert pennants == 10


def test_gardens_exist_in_c2_and_c3_only(base_tiles):
    def has_garden(d):
        return any(s.kind is FeatureKind.GARDEN for s in d.segments)

    assert _total(base_tiles, Edition.C1, has_garden) == 0
    assert _total(base_tiles, Edition.C2, has_garden) == 8
    assert _total(base_tiles, Edition.C3, has_garden) == 8


def test_start_tile_is_a_d(base_tiles):
    assert [code for code, d in base_tiles.items() if d.start] == ["D"]


def test_rotated_edges(base_tiles):
    d = base_tiles["D"]
    assert [d.oriented(r).edge_string for r in (0, 90, 180, 270)] == [
        "CRFR", "RCRF", "FRCR", "RFRC",
    ]
    assert d.oriented(90).edges[Side.E] is EdgeType.CITY


def test_locations_name_only_their_own_kind_of_feature(base_tiles):
    d = base_tiles["D"].oriented(0)
    assert d.segment_at(Location.N).kind is FeatureKind.CITY
    assert d.segment_at(Location.E).kind is FeatureKind.ROAD
    assert d.segment_at(Location.S) is None  # a field edge: name the field by a half-edge
    assert d.segment_at(Location.NW) is None  # half-edge of a city edge
    assert d.segment_at(Location.EN).kind is FeatureKind.FARM
    assert d.segment_at(Location.C) is None
    assert base_tiles["B"].oriented(0).segment_at(Location.C).kind is FeatureKind.MONASTERY
    assert base_tiles["E-garden"].oriented(0).segment_at(Location.C).kind is FeatureKind.GARDEN


def test_fields_know_the_city_segments_they_border(base_tiles):
    d = base_tiles["D"].oriented(0)
    north_field = d.segment_at(Location.EN)
    south_field = d.segment_at(Location.SE)
    assert [d.segments[i].locations for i in north_field.borders] == [(Location.N,)]
    assert south_field.borders == ()
    h = base_tiles["H"].oriented(0)
    assert len(h.segment_at(Location.NW).borders) == 2


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_a_rotated_view_moves_every_segment_with_its_locations(base_tiles, rotation):
    for definition in base_tiles.values():
        upright = definition.oriented(0)
        turned = definition.oriented(rotation)
        assert len(upright.segments) == len(turned.segments)
        for location in Location:
            before = upright.segment_at(location)
            after = turned.segment_at(location.rotated(rotation))
            assert (before is None) == (after is None)
            if before is not None:
                assert before.kind is after.kind
                assert sorted(loc.rotated(rotation).order for loc in before.locations) == [
                    loc.order for loc in after.locations
                ]


def test_every_half_edge_off_a_city_edge_has_exactly_one_field(base_tiles):
    for definition in base_tiles.values():
        view = definition.oriented(0)
        for half in HALF_EDGES:
            segment = view.segment_at(half)
            if view.edges[half.side] is EdgeType.CITY:
                assert segment is None
            else:
                assert segment.kind is FeatureKind.FARM, definition.code


def test_to_data_round_trip(base_tiles):
    for definition in base_tiles.values():
        assert TileDefinition.from_data(definition.to_data()) == definition
    assert TileSet.from_data(base_tiles.to_data()) == base_tiles


def test_counts_and_repr():
    tile = TileDefinition.from_data(E_DATA)
    assert tile.count(Edition.C1) == 5 and tile.count(Edition.C3) == 4
    assert repr(tile) == "TileDefinition.from_data({'code': 'E', 'edges': 'CFFF', ...})"
    assert tile.expansion == "base" and not tile.start


def test_a_feature_limited_to_editions_disappears_elsewhere():
    data = {
        "code": "inns-B", "expansion": "inns", "edges": "FRFR",
        "features": [
            {"kind": "road", "edges": ["E", "W"], "inn": True},
            {"kind": "field", "half_edges": ["NW", "NE", "EN", "WN"]},
            {"kind": "field", "half_edges": ["ES", "SE", "SW", "WS"]},
            {"kind": "garden", "editions": ["C2", "C3"]},
        ],
    }
    tile = TileDefinition.from_data(data, DEFAULT_REGISTRY)
    assert tile.oriented(0, Edition.C1).segment_at(Location.C) is None
    assert tile.oriented(0, Edition.C2).segment_at(Location.C).kind is FeatureKind.GARDEN
    # What an expansion declares is kept for its rules...
    assert tile.segments[0].attributes == (("inn", True),)
    # ...and refused where no expansion declares it.
    with pytest.raises(TileDataError, match="a road has no 'inn' \\(no expansion declares it\\)"):
        TileDefinition.from_data(data)


ROAD_TILE = {"code": "Z", "edges": "FRFR", "features": [
    {"kind": "field", "half_edges": ["NW", "NE", "EN", "WN"]},
    {"kind": "field", "half_edges": ["ES", "SE", "SW", "WS"]},
]}
CITY_TILE = {"code": "Z", "edges": "FCFC", "features": [
    {"kind": "field", "half_edges": ["NW", "NE"]}, {"kind": "field", "half_edges": ["SE", "SW"]},
]}
RIVER_TILE = {"code": "Z", "edges": "FVFV", "features": [
    {"kind": "field", "half_edges": ["NW", "NE", "EN", "WN"]},
    {"kind": "field", "half_edges": ["ES", "SE", "SW", "WS"]},
]}


@pytest.mark.parametrize(("tile", "feature", "message"), [
    (ROAD_TILE, {"kind": "road", "edges": ["E", "W"], "inn": "yes"},
     "inn of a road must be one of true, not 'yes'"),
    (CITY_TILE, {"kind": "city", "edges": ["E", "W"], "goods": "gold"},
     "goods of a city must be one of wine, grain, cloth, not 'gold'"),
    (RIVER_TILE, {"kind": "river", "edges": ["E", "W"], "end": "sea"},
     "end of a river must be one of spring, lake, not 'sea'"),
    (RIVER_TILE, {"kind": "river", "edges": ["N", "E", "W"]},
     "the river reaches edge N but that edge is a field"),
    (RIVER_TILE, {"kind": "unicorn"}, "unknown feature kind 'unicorn'"),
])
def test_tile_data_is_checked_against_the_declarations(tile, feature, message):
    data = {**tile, "features": [feature, *tile["features"]]}
    with pytest.raises(TileDataError, match=message):
        TileDefinition.from_data(data, DEFAULT_REGISTRY)


def test_river_edges_must_each_belong_to_one_river():
    data = {"code": "Z", "edges": "VFVF", "features": [
        {"kind": "river", "edges": ["N"]},
        {"kind": "field", "half_edges": ["NE", "EN", "ES", "SE"]},
        {"kind": "field", "half_edges": ["NW", "SW", "WS", "WN"]},
    ]}
    with pytest.raises(TileDataError, match="the river edge S belongs to no river"):
        TileDefinition.from_data(data, DEFAULT_REGISTRY)


def test_an_inner_field_is_named_i():
    tile = TileDefinition.from_data({
        "code": "inns-H", "edges": "CCCC",
        "features": [
            {"kind": "city", "edges": ["N"]}, {"kind": "city", "edges": ["E"]},
            {"kind": "city", "edges": ["S"]}, {"kind": "city", "edges": ["W"]},
            {"kind": "field", "half_edges": ["I"], "cities": ["N", "E", "S", "W"]},
        ],
    })
    inner = tile.oriented(90).segment_at(Location.I)
    assert inner.kind is FeatureKind.FARM and len(inner.borders) == 4


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"edges": "CFF"}, "four letters"),
        ({"edges": "CFFX"}, "C, R, F, V"),
        ({"features": [{"kind": "road", "edges": ["N"]}]}, "edge is a city"),
        ({"features": [{"kind": "city", "edges": ["N"]},
                       {"kind": "field", "half_edges": ["NW"]}]}, "on a city edge"),
        ({"features": [{"kind": "city", "edges": ["N"]}]}, "exactly one field"),
        ({"features": [{"kind": "city", "edges": ["N"]},
                       {"kind": "field", "half_edges": ["EN", "ES", "SE", "SW", "WS", "WN"],
                        "cities": ["S"]}]}, "unknown city segment"),
        ({"features": [{"kind": "unicorn"}]}, "unknown feature kind"),
        ({"counts": {"C1": -1}}, "whole number"),
        ({"code": ""}, "needs a code"),
    ],
)
def test_inconsistent_tile_data_is_refused(change, message):
    with pytest.raises(TileDataError, match=message):
        TileDefinition.from_data({**E_DATA, **change})
    assert issubclass(TileDataError, ValueError)


def test_a_code_may_appear_once():
    with pytest.raises(TileDataError, match="twice"):
        TileSet.from_data([E_DATA, E_DATA])
