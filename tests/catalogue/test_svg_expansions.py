"""Pictures of the expansion tiles: every tile draws every feature, and the river's
spring, lake, fork and bridges, the volcano, the pig-herd, inns, cathedrals and goods
appear exactly where the tile data puts them."""

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from carcwiki.catalogue.svg import render_tile_svg
from scoring.engine.expansions import tile_files
from scoring.engine.tiles import read_tile_file

EXPANSION_FILES = (
    "tiles-river.yaml", "tiles-river2.yaml", "tiles-inns-cathedrals.yaml",
    "tiles-traders-builders.yaml",
)
TILE_FILES = {path.name: path for path in tile_files()}
TILES = {
    tile["code"]: tile
    for name in EXPANSION_FILES
    for tile in read_tile_file(str(TILE_FILES[name]))
}


def drawn(code: str, rotation: int = 0) -> ET.Element:
    return ET.fromstring(render_tile_svg(TILES[code], rotation=rotation))


def classes(root: ET.Element) -> Counter:
    return Counter(element.get("class") for element in root.iter())


def test_the_four_files_hold_67_tile_types():
    assert len(TILES) == 14 + 12 + 17 + 24


@pytest.mark.parametrize("code", sorted(TILES))
@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_every_feature_is_drawn_once_with_its_index_and_kind(code, rotation):
    root = drawn(code, rotation)
    assert root.get("data-tile") == code
    indexed = Counter(
        (int(element.get("data-feature")), element.get("data-kind"))
        for element in root.iter()
        if element.get("data-feature") is not None
    )
    expected = Counter(
        (index, feature["kind"]) for index, feature in enumerate(TILES[code]["features"])
    )
    assert indexed == expected


@pytest.mark.parametrize("code", sorted(TILES))
def test_river_and_volcano_take_no_clicks(code):
    for element in drawn(code).iter():
        if element.get("data-kind") in ("river", "volcano"):
            assert element.get("pointer-events") == "none"


@pytest.mark.parametrize(
    "code", ["river-B", "river-H", "river-K", "river2-D", "river2-H", "traders-B", "traders-C"]
)
def test_a_road_crossing_the_river_or_another_road_does_so_on_one_bridge(code):
    assert classes(drawn(code))["bridge"] == 1


@pytest.mark.parametrize("code", ["river-I", "river2-G", "river-A-C3", "inns-C", "traders-O",
                                  "inns-E", "inns-I"])
def test_lines_that_only_meet_or_pass_each_other_get_no_bridge(code):
    assert classes(drawn(code))["bridge"] == 0


def test_the_river_passes_under_the_city_of_river2_e_through_two_arches():
    root = drawn("river2-E")
    assert classes(root)["city-bridge"] == 2
    assert len([e for e in root.iter() if e.get("data-kind") == "city"]) == 1


@pytest.mark.parametrize(
    ("code", "spring", "lake"),
    [("river-A", 1, 0), ("river-A-C3", 1, 0), ("river2-A", 1, 0), ("river-L", 0, 1),
     ("river-L-C3", 0, 1), ("river2-K", 0, 1), ("river2-L", 0, 1), ("river-D", 0, 0),
     ("river2-I", 0, 0)],
)
def test_springs_and_lakes(code, spring, lake):
    found = classes(drawn(code))
    assert (found["spring"], found["lake"]) == (spring, lake)


def test_the_fork_draws_the_river_to_three_edges():
    river = next(e for e in drawn("river2-I").iter() if e.get("data-kind") == "river")
    path = river.find("{http://www.w3.org/2000/svg}path").get("d")
    assert path.count("M") == 3


def test_volcano_and_pig_herd():
    assert classes(drawn("river2-L"))["feature volcano"] == 1
    assert classes(drawn("river2-F"))["pig-herd"] == 1
    assert sum(classes(drawn(code))["pig-herd"] for code in TILES) == 1


def test_one_inn_on_each_inn_tile():
    inns = {code for code in TILES if classes(drawn(code))["inn"]}
    assert inns == {"inns-A", "inns-B", "inns-C", "inns-L", "inns-M", "inns-N", "river2-D"}
    assert all(classes(drawn(code))["inn"] == 1 for code in inns)


def test_cathedral_and_goods_symbols():
    assert classes(drawn("inns-K"))["cathedral"] == 1
    goods = Counter(
        element.get("data-goods")
        for code in TILES
        for element in drawn(code).iter()
        if element.get("class") == "goods"
    )
    assert goods == {"wine": 9, "grain": 6, "cloth": 5}


def test_the_house_of_traders_c_ends_its_road():
    found = classes(drawn("traders-C"))
    assert (found["house"], found["gate"]) == (1, 1)


@pytest.mark.parametrize("code", ["inns-H", "traders-M", "traders-N", "traders-P", "traders-X"])
def test_inner_fields_have_their_own_area(code):
    root = drawn(code)
    fields = [e for e in root.iter() if e.get("data-kind") == "field"]
    areas = [field.get("d") for field in fields]
    assert len(areas) == len(set(areas)) and all(areas)


def test_fields_parted_only_by_a_city_wall_show_a_boundary():
    parted = {code for code in TILES if classes(drawn(code))["field-boundary"]}
    assert parted == {"inns-G", "traders-I", "traders-O", "traders-W"}
    # Same edges as traders-I and traders-O, but one east field: nothing to part.
    assert classes(drawn("traders-F"))["field-boundary"] == 0
    assert classes(drawn("traders-U"))["field-boundary"] == 0


@pytest.mark.parametrize("code", ["inns-B", "inns-H", "traders-K", "traders-U"])
def test_an_edition_picture_leaves_out_what_it_does_not_print(code):
    from scoring.engine.rules import Edition

    def indexed(edition):
        root = ET.fromstring(render_tile_svg(TILES[code], edition=edition))
        return {(int(element.get("data-feature")), element.get("data-kind"))
                for element in root.iter() if element.get("data-feature") is not None}

    everything = indexed(None)
    garden = {(index, kind) for index, kind in everything if kind == "garden"}
    assert len(garden) == 1
    # C1 prints no garden on expansion tiles; the other features keep their numbers.
    assert indexed(Edition.C1) == everything - garden
    assert indexed(Edition.C2) == everything
