"""Symbols an expansion declares are drawn from its declaration: a made-up expansion's
well (on a field), lantern (on a road), banner (on a city, one glyph per colour), tower
(a landmark in the middle) and canal (a landmark on edges) appear with no change to the
picture code."""

import xml.etree.ElementTree as ET

from carcwiki.catalogue.svg import render_tile_svg
from scoring.engine.expansion import Expansion, ExpansionRegistry, LandmarkKind, SegmentAttribute
from scoring.engine.expansions import DEFAULT_REGISTRY, base
from scoring.engine.glyphs import Band, Glyph, Mark
from scoring.engine.tiles import FeatureKind, TileDefinition
from tests.tile_counts import TILES

SVG = "{http://www.w3.org/2000/svg}"
ALL_HALVES = ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]

WELL = Glyph("well", (Mark.of("circle", cx=0, cy=0, r=3, fill="#123456"),))
LANTERN = Glyph("lantern", (Mark.of("rect", x=-1, y=-1, width=2, height=2, fill="#ffcc00"),
                            Mark.of("circle", away=4, cx=0, cy=0, r=1, fill="#000000")),
                distance=9)
BANNERS = {colour: Glyph("banner", (Mark.of("path", d="M0 0 h3 v3 z", fill=colour),))
           for colour in ("red", "blue")}
TOWER = Glyph("tower", (Mark.of("rect", x=-3, y=-8, width=6, height=16, fill="#777777"),),
              scale=1.5)
CANAL = Glyph("canal", band=Band(outline="#003300", fill="#00aa88", width=6, edge=2,
                                 ends={"lock": Glyph("lock", (Mark.of("circle", r=4),))}))

WELLS = Expansion(
    code="wells", name="Wells and Canals",
    attributes=(
        SegmentAttribute("well", FeatureKind.FARM, glyph=WELL),
        SegmentAttribute("lantern", FeatureKind.ROAD, glyph=LANTERN),
        SegmentAttribute("banner", FeatureKind.CITY, values=("red", "blue"), glyph=BANNERS),
    ),
    landmarks=(
        LandmarkKind("tower", glyph=TOWER),
        LandmarkKind("canal", on_edges=True, values={"end": ("lock",)}, glyph=CANAL),
    ),
)
REGISTRY = ExpansionRegistry([base.EXPANSION, WELLS])

TILE = {
    "code": "W1", "expansion": "wells", "edges": "CRFR",
    "features": [
        {"kind": "tower"},
        {"kind": "city", "edges": ["N"], "banner": "blue"},
        {"kind": "road", "edges": ["E", "W"], "lantern": True},
        {"kind": "field", "half_edges": ["EN", "WN"], "cities": ["N"]},
        {"kind": "field", "half_edges": ["ES", "SE", "SW", "WS"], "well": True},
    ],
}
CANAL_TILE = {
    "code": "W2", "expansion": "wells", "edges": "FFFF",
    "features": [
        {"kind": "canal", "edges": ["S"], "end": "lock"},
        {"kind": "field", "half_edges": ALL_HALVES},
    ],
}


def groups(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_every_declared_symbol_is_drawn_where_its_declaration_belongs():
    root = ET.fromstring(render_tile_svg(TILE, registry=REGISTRY))
    (tower,) = groups(root, "tower")
    # A landmark without edges: the tile's data entry 0, in the middle, taking no clicks.
    assert (tower.get("data-feature"), tower.get("data-kind")) == ("0", "tower")
    assert tower.get("pointer-events") == "none"
    assert tower.get("transform").endswith("scale(1.5)")
    # A city attribute with one glyph per value: the value's glyph inside the city.
    city = next(e for e in root.iter() if e.get("data-kind") == "city")
    (banner,) = groups(city, "banner")
    assert banner.get("data-banner") == "blue"
    assert banner.find(f"{SVG}path").get("fill") == "blue"
    # A road attribute beside the road; its ``away`` mark sits 4 further out on one side.
    (lantern,) = groups(root, "lantern")
    assert lantern.get("pointer-events") == "none"
    assert lantern.find(f"{SVG}g").get("transform") in ("translate(0 4)", "translate(0 -4)")
    # A field attribute in its field: the south field's spot is 24 below the centre.
    (well,) = groups(root, "well")
    assert well.get("transform") == "translate(50 74)"


def test_a_landmark_on_edges_is_a_band_ending_in_its_declared_end():
    root = ET.fromstring(render_tile_svg(CANAL_TILE, registry=REGISTRY))
    (canal,) = groups(root, "canal")
    assert canal.get("pointer-events") == "none"
    outline, inner = canal.findall(f"{SVG}path")
    # The band is 6 wide with an edge of 2: outline 6 + 2 = 8 wide.
    assert (outline.get("stroke"), outline.get("stroke-width")) == ("#003300", "8")
    assert (inner.get("stroke"), inner.get("stroke-width")) == ("#00aa88", "6")
    # One edge and nothing else printed: the lock sits in the middle of the tile.
    (lock,) = groups(canal, "lock")
    assert lock.get("transform") == "translate(50 50)"


def test_a_garden_steps_aside_for_a_symbol_drawn_on_the_middle():
    # The tower's rectangle (-3..3, -8..8) covers its anchor: the garden moves 22 right and
    # 20 down from the middle (50 50) so both show, as flier-A and robbers-D need in C2.
    # A symbol drawn below its anchor (a star at y 12..24) leaves the garden in the middle.
    # The garden's 24 × 16 rectangle starts 12 left of and 8 above its spot.
    star = Glyph("star", (Mark.of("path", d="M0 12 L4 24 L-4 24 Z", fill="#8e5fc2"),))
    registry = ExpansionRegistry([base.EXPANSION, WELLS, Expansion(
        code="stars", name="Stars", landmarks=(LandmarkKind("star", glyph=star),))])
    for kind, garden_at in (("tower", ("60", "62")), ("star", ("38", "42"))):
        tile = {"code": "W3", "expansion": "wells" if kind == "tower" else "stars",
                "edges": "FFFF", "features": [
                    {"kind": kind}, {"kind": "garden"},
                    {"kind": "field", "half_edges": ALL_HALVES}]}
        root = ET.fromstring(render_tile_svg(tile, registry=registry))
        (symbol,) = groups(root, kind)
        assert symbol.get("transform").startswith("translate(50 50)")
        (garden,) = groups(root, "garden")
        rect = garden.find(f"{SVG}rect")
        assert (rect.get("x"), rect.get("y")) == garden_at, kind


def test_an_attribute_of_a_monastery_is_drawn_by_it():
    bell = Glyph("bell", (Mark.of("circle", r=2, fill="#c0a000"),))
    registry = ExpansionRegistry([base.EXPANSION, Expansion(
        code="bells", name="Bells",
        attributes=(SegmentAttribute("bell", FeatureKind.MONASTERY, glyph=bell),),
    )])
    tile = {"code": "M", "edges": "FFFF", "features": [
        {"kind": "monastery", "bell": True}, {"kind": "field", "half_edges": ALL_HALVES}]}
    root = ET.fromstring(render_tile_svg(tile, registry=registry))
    (drawn,) = groups(root, "bell")
    # Nothing else on the tile: the monastery stands at the centre (50, 50), the bell at
    # its lower right, 14 across and 12 down.
    assert drawn.get("transform") == "translate(64 62)"
    assert drawn.get("pointer-events") == "none"


def test_an_attribute_without_a_glyph_draws_nothing():
    registry = ExpansionRegistry([base.EXPANSION, Expansion(
        code="plain", name="Plain",
        attributes=(SegmentAttribute("well", FeatureKind.FARM),),
    )])
    tile = {"code": "P", "edges": "FFFF",
            "features": [{"kind": "field", "half_edges": ALL_HALVES, "well": True}]}
    without = render_tile_svg(tile, registry=registry)
    assert "well" not in without


def test_the_engines_tile_object_and_its_data_draw_the_same_picture():
    tile = TileDefinition.from_data(TILE, REGISTRY)
    assert render_tile_svg(tile, registry=REGISTRY) == render_tile_svg(TILE, registry=REGISTRY)


def test_the_declared_glyphs_of_the_calculators_expansions():
    # The attributes that tile pictures draw.
    drawn_attributes = {name for (_kind, name), attribute in DEFAULT_REGISTRY.attributes.items()
                        if attribute.glyph}
    assert {"inn", "cathedral", "goods", "pig_herd", "princess", "siege"} <= drawn_attributes
    # Each of them is carried by some tile of the tile files (no glyph is drawn for none).
    carried = {name for tile in TILES for feature in tile["features"] for name in feature}
    assert drawn_attributes <= carried
    # Every landmark a tile file prints is drawn with its glyph.
    drawn = {name for name, kind in DEFAULT_REGISTRY.landmarks.items() if kind.glyph}
    printed = {feature["kind"] for tile in TILES for feature in tile["features"]
               if feature["kind"] in DEFAULT_REGISTRY.landmarks}
    assert printed <= drawn
    assert {"river", "volcano", "hill", "vineyard", "tower", "festival", "wind-rose"} <= printed


def test_roads_ending_at_the_centre_run_to_its_landmark_and_the_garden_steps_aside():
    # The made-up tower tile with a garden and a road from the south that ends at the
    # tower (end: centre): no village and no gate; the road stops where the tower is
    # drawn, in the middle; the garden moves off the middle as it does by a monastery.
    tile = {"code": "T", "edges": "FFRF", "features": [
        {"kind": "tower"}, {"kind": "garden"}, {"kind": "road", "edges": ["S"], "end": "centre"},
        {"kind": "field", "half_edges": ALL_HALVES}]}
    root = ET.fromstring(render_tile_svg(tile, registry=REGISTRY))
    assert not groups(root, "village") and not groups(root, "gate")
    (tower,) = groups(root, "tower")
    assert tower.get("transform").startswith("translate(50 50)")
    road = next(e for e in root.iter() if e.get("data-kind") == "road")
    assert " ".join(p.get("d") for p in road.iter(f"{SVG}path")).rstrip().endswith("50 50")
    (garden,) = [e for e in root.iter() if e.get("data-kind") == "garden"]
    assert "50 50" not in ET.tostring(garden, encoding="unicode")
