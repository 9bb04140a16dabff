"""The SVG tile renderer: well-formed pictures with one clickable element per feature."""

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from carcwiki.catalogue.svg import city_shape, render_tile_svg
from scoring.engine.expansions import PACKAGES_DIR
from scoring.engine.tiles import TileDataError, read_tile_file

SVG = "{http://www.w3.org/2000/svg}"
TILES_FILE = PACKAGES_DIR / "base" / "tiles-base.yaml"
BASE_TILES = read_tile_file(str(TILES_FILE))
KINDS = ("city", "road", "field", "monastery", "garden")


def parse(document: str) -> ET.Element:
    return ET.fromstring(document)


def elements_of_kind(root: ET.Element, kind: str) -> list[ET.Element]:
    return [element for element in root.iter() if element.get("data-kind") == kind]


def pennant_count(root: ET.Element) -> int:
    return sum(1 for element in root.iter() if element.get("class") == "pennant")


def test_fixture_has_the_32_base_tile_types():
    assert len(BASE_TILES) == 32
    assert sum(1 for tile in BASE_TILES if tile["code"].endswith("-garden")) == 8


@pytest.mark.parametrize("tile", BASE_TILES, ids=[tile["code"] for tile in BASE_TILES])
@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_every_tile_renders_as_well_formed_svg(tile, rotation):
    root = parse(render_tile_svg(tile, rotation=rotation))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 100 100"
    assert root.get("role") == "img"
    assert root.get("data-tile") == tile["code"]
    assert root.find(f"{SVG}title").text.startswith(f"Tile {tile['code']}: {tile['picture']}")


@pytest.mark.parametrize("tile", BASE_TILES, ids=[tile["code"] for tile in BASE_TILES])
def test_one_element_per_feature_with_its_index_and_kind(tile):
    root = parse(render_tile_svg(tile))
    expected = Counter(feature["kind"] for feature in tile["features"])
    for kind in KINDS:
        assert len(elements_of_kind(root, kind)) == expected[kind], kind
    indexed = {
        int(element.get("data-feature")): element.get("data-kind")
        for element in root.iter()
        if element.get("data-feature") is not None
    }
    assert indexed == {index: feature["kind"] for index, feature in enumerate(tile["features"])}


@pytest.mark.parametrize("tile", BASE_TILES, ids=[tile["code"] for tile in BASE_TILES])
def test_pennants_drawn_inside_their_city(tile):
    root = parse(render_tile_svg(tile))
    expected = sum(feature.get("pennants", 0) for feature in tile["features"])
    assert pennant_count(root) == expected
    for city in elements_of_kind(root, "city"):
        index = int(city.get("data-feature"))
        assert pennant_count(city) == tile["features"][index].get("pennants", 0)


def test_base_game_has_ten_pennants_on_72_tiles():
    copies = {tile["code"]: tile["counts"]["C2"] for tile in BASE_TILES}
    drawn = sum(
        pennant_count(parse(render_tile_svg(tile))) * copies[tile["code"]] for tile in BASE_TILES
    )
    assert drawn == 10


@pytest.mark.parametrize("tile", BASE_TILES, ids=[tile["code"] for tile in BASE_TILES])
def test_every_field_is_a_distinct_area(tile):
    root = parse(render_tile_svg(tile))
    areas = [element.get("d") for element in elements_of_kind(root, "field")]
    assert all(areas), "each field needs an area to click"
    assert len(set(areas)) == len(areas)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotation_turns_the_drawing_about_the_centre(rotation):
    root = parse(render_tile_svg(BASE_TILES[3], rotation=rotation))
    group = root.find(f"{SVG}g")
    assert group.get("transform") == f"rotate({rotation} 50 50)"
    assert root.get("data-rotation") == str(rotation)
    if rotation:
        assert f"turned {rotation}° clockwise" in root.find(f"{SVG}title").text


@pytest.mark.parametrize("rotation", [45, -90, 360, "90"])
def test_other_rotations_are_refused(rotation):
    with pytest.raises(ValueError):
        render_tile_svg(BASE_TILES[0], rotation=rotation)


def test_size_sets_width_and_height_only():
    root = parse(render_tile_svg(BASE_TILES[0], size=240))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "240", "240", "0 0 100 100"
    )


def test_text_is_escaped():
    tile = {
        "code": 'X"<&>',
        "picture": "a <script>alert('hi')</script> & more",
        "edges": "FFFF",
        "features": [{"kind": "field",
                      "half_edges": ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]}],
    }
    document = render_tile_svg(tile)
    assert "<script>" not in document
    root = parse(document)
    assert root.get("data-tile") == 'X"<&>'
    assert root.find(f"{SVG}title").text == "Tile X\"<&>: a <script>alert('hi')</script> & more"
    assert root.get("aria-label") == root.find(f"{SVG}title").text


def test_title_can_be_replaced():
    root = parse(render_tile_svg(BASE_TILES[0], title="Start"))
    assert root.find(f"{SVG}title").text == "Start"


@pytest.mark.parametrize(
    ("code", "gates", "villages"),
    [("S", 1, 0), ("T", 1, 0), ("L", 0, 1), ("W", 0, 1), ("X", 0, 1), ("A", 0, 0), ("D", 0, 0)],
)
def test_one_edge_roads_end_at_a_gate_a_village_or_the_monastery(code, gates, villages):
    tile = next(tile for tile in BASE_TILES if tile["code"] == code)
    root = parse(render_tile_svg(tile))
    classes = Counter(element.get("class") for element in root.iter())
    assert classes["gate"] == gates
    assert classes["village"] == villages


def test_separate_cities_get_separate_caps():
    tile = next(tile for tile in BASE_TILES if tile["code"] == "H")
    cities = elements_of_kind(parse(render_tile_svg(tile)), "city")
    assert len(cities) == 2
    assert cities[0].find(f"{SVG}path").get("d") != cities[1].find(f"{SVG}path").get("d")


@pytest.mark.parametrize(
    ("edges", "touches"),
    [
        (["N"], {(0, 0), (100, 0)}),
        (["E"], {(100, 0), (100, 100)}),
        (["N", "E"], {(0, 0), (100, 0), (100, 100)}),
        (["W", "N"], {(0, 100), (0, 0), (100, 0)}),
        (["E", "W"], {(0, 0), (100, 0), (100, 100), (0, 100)}),
        (["N", "E", "W"], {(0, 0), (100, 0), (100, 100), (0, 100)}),
    ],
)
def test_city_shapes_turn_onto_their_edges(edges, touches):
    corners = {
        (round(point[0]), round(point[1]))
        for _command, *points in city_shape(edges).area.steps
        for point in points
        if point[0] in (0, 100) and point[1] in (0, 100)
    }
    assert corners == touches


def test_river_edges_are_drawn_as_a_blue_band_that_takes_no_clicks():
    tile = {
        "code": "river-I",
        "picture": "road curving W–N, river curving E–S",
        "edges": "RVVR",
        "features": [
            {"kind": "river", "edges": ["E", "S"]},
            {"kind": "road", "edges": ["N", "W"]},
            {"kind": "field", "half_edges": ["NW", "WN"]},
            {"kind": "field", "half_edges": ["NE", "EN", "SW", "WS"]},
            {"kind": "field", "half_edges": ["ES", "SE"]},
        ],
    }
    root = parse(render_tile_svg(tile))
    river = elements_of_kind(root, "river")
    assert len(river) == 1 and river[0].get("data-feature") == "0"
    assert river[0].get("pointer-events") == "none"
    # The band's colours are those the river's declaration gives.
    assert river[0].find(f"{SVG}path").get("stroke") == "#2f6aa3"
    assert len(elements_of_kind(root, "field")) == 3
    assert len(elements_of_kind(root, "road")) == 1


def test_expansion_markers_and_inner_field_render():
    tile = {
        "code": "traders-X",
        "picture": "two city corners with a diagonal field between them",
        "edges": "CCCC",
        "features": [
            {"kind": "city", "edges": ["N", "W"], "goods": "wine"},
            {"kind": "city", "edges": ["E", "S"], "cathedral": True},
            {"kind": "field", "half_edges": ["I"], "cities": ["N+W", "E+S"]},
        ],
    }
    root = parse(render_tile_svg(tile))
    assert len(elements_of_kind(root, "field")) == 1
    classes = Counter(element.get("class") for element in root.iter())
    assert classes["goods"] == 1 and classes["cathedral"] == 1


@pytest.mark.parametrize(
    ("tile", "message"),
    [
        ({"code": "odd", "edges": "Q", "features": [{"kind": "dragon"}, "not a feature"]},
         "tile odd: edges must be four letters N, E, S, W, got 'Q'"),
        ({}, "a tile needs a code, got None"),
        ({"code": "V2", "edges": "FFFF", "features": [
            {"kind": "field", "half_edges": ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"],
             "pig_herd": "yes"}]},
         "tile V2: pig_herd of a field must be one of true, not 'yes'"),
    ],
)
def test_data_the_engine_refuses_is_not_drawn(tile, message):
    # The picture has no reader of its own: the engine's checks and words apply.
    with pytest.raises(TileDataError) as error:
        render_tile_svg(tile)
    assert str(error.value) == message


@pytest.mark.parametrize("tile", BASE_TILES, ids=[tile["code"] for tile in BASE_TILES])
def test_base_fields_are_parted_by_what_is_drawn_so_no_boundary_line(tile):
    assert 'class="field-boundary"' not in render_tile_svg(tile)
