"""The tile files of the minis as loaded: eight tiles each in every edition (C1, C2, C3),
and each tile's symbol as a landmark the picture draws."""

import pytest

from carcwiki.catalogue.models import TileType
from carcwiki.catalogue.selectors import tile_data
from carcwiki.catalogue.svg import render_tile_svg
from scoring.engine.rules import Edition

pytestmark = pytest.mark.django_db

MINIS = {"goldmines": "gold", "mage-witch": "magic", "flier": "flying-machine"}


@pytest.mark.parametrize(("code", "symbol"), MINIS.items())
def test_eight_tiles_each_with_its_symbol_in_every_edition(code, symbol):
    tiles = {tile["code"]: tile for tile in tile_data(expansion_codes=[code])}
    assert list(tiles) == [f"{code}-{letter}" for letter in "ABCDEFGH"]
    for edition in ("C1", "C2", "C3"):
        assert sum(tile["counts"].get(edition, 0) for tile in tiles.values()) == 8
    for tile in tiles.values():
        assert [f["kind"] for f in tile["features"] if f["kind"] == symbol] == [symbol]
    assert {row.expansion.code for row in TileType.objects.filter(code__in=tiles)} == {code}


def test_the_gold_tiles_with_a_monastery():
    # JCloisterZone's goldmines.xml: GO/LRr, GO/LCc, GO/LCcRr and GO/LRrRr (A-D) have one.
    tiles = tile_data(expansion_codes=["goldmines"])
    with_monastery = [tile["code"] for tile in tiles
                      if any(f["kind"] == "monastery" for f in tile["features"])]
    assert with_monastery == ["goldmines-A", "goldmines-B", "goldmines-C", "goldmines-D"]


@pytest.mark.parametrize(("code", "glyph"), [("goldmines-A", "gold"),
                                           ("mage-witch-E", "magic")])
def test_the_picture_draws_the_symbol(code, glyph):
    tile = next(t for t in tile_data(expansion_codes=[code.rsplit("-", 1)[0]])
                if t["code"] == code)
    svg = render_tile_svg(tile)
    assert f'class="feature {glyph}"' in svg


def test_the_flying_machines_point_straight_or_diagonally():
    # JCloisterZone's flier.xml: FL/F.dG, FL/RFr.d and FL/Rr.d (A, C, F) point NW.
    tiles = tile_data(expansion_codes=["flier"])
    directions = {tile["code"]: f["direction"] for tile in tiles for f in tile["features"]
                  if f["kind"] == "flying-machine"}
    assert [code for code, direction in directions.items() if direction == "NW"] == [
        "flier-A", "flier-C", "flier-F"]
    assert set(directions.values()) == {"W", "NW"}


def test_crop_circles_i_in_c1_only_and_crop_circles_ii_in_every_edition():
    tiles = {tile["code"]: tile for tile in tile_data(expansion_codes=["crop-circles"])}
    assert list(tiles) == ([f"crop-circles-{letter}" for letter in "ABCDEF"]
                           + [f"crop-circles-1-{letter}" for letter in "ABCDEF"])
    copies = {edition: sum(t["counts"].get(edition, 0) for t in tiles.values())
              for edition in ("C1", "C2", "C3")}
    assert copies == {"C1": 12, "C2": 6, "C3": 6}
    types = [f["type"] for t in tiles.values() for f in t["features"]
             if f["kind"] == "crop-circle"]
    assert len(types) == 12 and set(types) == {"city", "road", "field"}


def test_the_robber_tiles_six_layouts_for_eight_tiles():
    # The wiki's C2 pictures A, C, D, E, F, H, with A and F twice: 2+1+1+1+2+1 = 8 tiles in
    # every edition (C1 numbers 01-08 are the same six layouts: 01/06, 02, 08, 07, 04/05, 03).
    tiles = {tile["code"]: tile for tile in tile_data(expansion_codes=["robbers"])}
    assert list(tiles) == [f"robbers-{letter}" for letter in "ACDEFH"]
    assert {code: tile["counts"] for code, tile in tiles.items() if tile["counts"]["C2"] == 2} \
        == {"robbers-A": {"C1": 2, "C2": 2, "C3": 2}, "robbers-F": {"C1": 2, "C2": 2, "C3": 2}}
    for edition in ("C1", "C2", "C3"):
        assert sum(tile["counts"][edition] for tile in tiles.values()) == 8
    assert {code: tile["edges"] for code, tile in tiles.items()} == {
        "robbers-A": "FFRR", "robbers-C": "FRRR", "robbers-D": "CFFF", "robbers-E": "CRRF",
        "robbers-F": "RFRF", "robbers-H": "FCFC"}
    for tile in tiles.values():
        assert [f["kind"] for f in tile["features"]][0] == "robber-symbol"
        assert not any(f["kind"] == "city" and f.get("pennants") for f in tile["features"])


@pytest.mark.parametrize(("edition", "garden"), [("C1", False), ("C2", True), ("C3", True)])
def test_the_robber_symbol_is_drawn_and_d_has_its_garden_from_c2_on(edition, garden):
    tile = next(t for t in tile_data(expansion_codes=["robbers"]) if t["code"] == "robbers-D")
    svg = render_tile_svg(tile, edition=Edition.parse(edition))
    assert 'class="feature robber-symbol"' in svg
    assert ('class="feature garden"' in svg) is garden


@pytest.mark.parametrize(("code", "wiki"), [
    ("flier", "HGDCBEFA"), ("goldmines", "HGCEABDF"), ("mage-witch", "AFBGDCHE"),
])
def test_each_tile_names_the_wiki_picture_it_was_checked_against(code, wiki):
    # The codes keep JCloisterZone's order; the wiki letters them otherwise (C2 pictures A-H,
    # looked at one by one): codes A..H are the wiki's tiles in this order.
    tiles = tile_data(expansion_codes=[code])
    named = [tile["picture"].rsplit("the wiki's C2 tile ", 1)[1].split(",")[0] for tile in tiles]
    assert "".join(named) == wiki


def test_the_festival_ten_tiles_in_every_edition_each_with_the_symbol():
    # JCloisterZone's festival.xml, A-J in its order; the wiki's sets of 10 (C1: 2011, C2:
    # 2016, C3: 2022), one of each. A C3 printing of 2024 adds two tiles no source read
    # describes, which the file leaves out.
    tiles = {tile["code"]: tile for tile in tile_data(expansion_codes=["festival"])}
    assert list(tiles) == [f"festival-{letter}" for letter in "ABCDEFGHIJ"]
    for edition in ("C1", "C2", "C3"):
        assert [tile["counts"][edition] for tile in tiles.values()] == [1] * 10
    for tile in tiles.values():
        assert [f["kind"] for f in tile["features"]].count("festival") == 1
        assert not any(f["kind"] == "city" and f.get("pennants") for f in tile["features"])
    assert {code: tile["edges"] for code, tile in tiles.items()} == {
        "festival-A": "FCCC", "festival-B": "CCCC", "festival-C": "CFRF",
        "festival-D": "CRFF", "festival-E": "CRCR", "festival-F": "CRRF",
        "festival-G": "FFRR", "festival-H": "CFFR", "festival-I": "CFRR",
        "festival-J": "RRRR"}
    monasteries = [code for code, tile in tiles.items()
                   if any(f["kind"] == "monastery" for f in tile["features"])]
    assert monasteries == ["festival-G"]


@pytest.mark.parametrize("edition", ["C1", "C2", "C3"])
def test_the_festival_symbol_is_drawn(edition):
    tile = next(t for t in tile_data(expansion_codes=["festival"]) if t["code"] == "festival-G")
    svg = render_tile_svg(tile, edition=Edition.parse(edition))
    assert 'class="feature festival"' in svg
    assert 'class="feature monastery"' in svg


def test_gq11_twelve_first_edition_tiles_two_on_the_river():
    # JCloisterZone's gq11.xml, A-L in its order; the wiki's GC11 C1 tiles 01-12.
    tiles = {tile["code"]: tile for tile in tile_data(expansion_codes=["gq11"])}
    assert list(tiles) == [f"gq11-{letter}" for letter in "ABCDEFGHIJKL"]
    assert [tile["counts"] for tile in tiles.values()] == [{"C1": 1}] * 12
    assert {code: tile["edges"] for code, tile in tiles.items()} == {
        "gq11-A": "FVFR", "gq11-B": "CVCV", "gq11-C": "RRRR", "gq11-D": "FFFF",
        "gq11-E": "FCRC", "gq11-F": "RCRC", "gq11-G": "CRCR", "gq11-H": "CRRR",
        "gq11-I": "CFFC", "gq11-J": "CFRC", "gq11-K": "CRRC", "gq11-L": "CCRC"}
    rivers = {code: [(f["edges"], f.get("end")) for f in tile["features"] if f["kind"] == "river"]
              for code, tile in tiles.items()}
    assert {code: river for code, river in rivers.items() if river} == {
        "gq11-A": [(["E"], "spring")], "gq11-B": [(["E", "W"], None)]}
    # The spring's road splits its field in two; the all-field tile is no pig-herd.
    spring = tiles["gq11-A"]["features"]
    assert [f.get("end") for f in spring if f["kind"] == "road"] == ["house"]
    assert sum(f["kind"] == "field" for f in spring) == 2
    assert tiles["gq11-D"]["features"] == [
        {"kind": "field", "half_edges": ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]}]
    for tile in tiles.values():
        assert not any(f["kind"] == "city" and f.get("pennants") for f in tile["features"])


def test_the_gq11_spring_is_drawn_with_its_river():
    tile = next(t for t in tile_data(expansion_codes=["gq11"]) if t["code"] == "gq11-A")
    svg = render_tile_svg(tile, edition=Edition.C1)
    assert 'class="feature river"' in svg and 'class="feature road"' in svg


def test_the_wind_roses_six_c1_tiles_four_quarters_and_two_colours():
    # JCloisterZone's wind_roses.xml, A-F in its order; WR/CFR (D), its start tile, is the
    # orange rose and WR/Rr (E) the blue one, as the wiki's pictures show.
    tiles = {tile["code"]: tile for tile in tile_data(expansion_codes=["wind-roses"])}
    assert list(tiles) == [f"wind-roses-{letter}" for letter in "ABCDEF"]
    assert [tile["counts"] for tile in tiles.values()] == [{"C1": 1}] * 6
    roses = {code: {key: value for key, value in f.items() if key != "kind"}
             for code, tile in tiles.items() for f in tile["features"]
             if f["kind"] == "wind-rose"}
    assert roses == {
        "wind-roses-A": {"quarter": "NE"}, "wind-roses-B": {"quarter": "SE"},
        "wind-roses-C": {"quarter": "NW"}, "wind-roses-D": {"colour": "orange"},
        "wind-roses-E": {"colour": "blue"}, "wind-roses-F": {"quarter": "SW"}}
    assert {code: tile["edges"] for code, tile in tiles.items()} == {
        "wind-roses-A": "CFFC", "wind-roses-B": "CFFC", "wind-roses-C": "CFCF",
        "wind-roses-D": "FCFR", "wind-roses-E": "FFRR", "wind-roses-F": "CFRR"}
    assert not any(tile.get("start") for tile in tiles.values())


def test_the_wind_rose_is_drawn():
    tile = next(t for t in tile_data(expansion_codes=["wind-roses"])
                if t["code"] == "wind-roses-D")
    svg = render_tile_svg(tile, edition=Edition.C1)
    assert 'class="feature wind-rose"' in svg
