"""Besiegers, Cathars and Siege: the siege on the tiles as the loader and validator read
it, the farm weight as a declared hook, and the steps a page lists (the scored boards are
``fixtures/boards/besieged-*.json`` and ``jcz-besieged-*.json``, ``jcz-field-besieged-*``)."""

import pytest

from scoring.engine import score_request, validate_request
from scoring.engine.expansions import DEFAULT_REGISTRY
from scoring.engine.rules import Edition
from scoring.engine.tiles import FeatureKind, Location, TileDataError, TileDefinition

BESIEGERS = ["farmers", "besiegers"]

# besiegers-G at (0,0), a besieged city on its north edge, closed by E turned 180°.
BESIEGED = [("besiegers-G", 0, 0, 0), ("E", 0, -1, 180)]


def request(tiles, figures=(), expansions=BESIEGERS, edition="C1", rules=None):
    body = {
        "edition": edition, "expansions": list(expansions),
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": rotation}
                  for code, x, y, rotation in tiles],
        "figures": [dict(zip(("player", "x", "y", "at"), figure, strict=True))
                    for figure in figures],
    }
    if rules:
        body["rules"] = rules
    return body


def found(body, tiles):
    return [(error.path, error.code.value, error.message)
            for error in validate_request(body, tiles)]


def test_the_tiles_are_ten_types_of_one_copy_in_c1_only(all_tiles):
    codes = [f"besiegers-{letter}" for letter in "ABCDEFGHIJ"]
    for code in codes:
        tile = all_tiles[code]
        assert tile.expansion == "besiegers"
        assert [tile.count(edition) for edition in Edition] == [1, 0, 0]
        # Every tile shows the siege on its one city segment.
        cities = [segment for segment in tile.segments if segment.kind is FeatureKind.CITY]
        assert len(cities) == 1 and cities[0].attributes == (("siege", True),)
    assert ["".join(edge.value for edge in all_tiles[code].edges) for code in codes] == [
        "CCFC", "CRFC", "CFRF", "CRRF", "CFRC", "CFRR", "CFFF", "CRFR", "CFFC", "CRRC"]


def test_siege_tiles_need_the_besiegers_in_play(all_tiles):
    assert found(request(BESIEGED, expansions=["farmers"]), all_tiles) == [
        ("tiles[0].tile", "expansion_not_in_play",
         'Tile besiegers-G belongs to Besiegers, Cathars and Siege: add "besiegers" to '
         "expansions.")]


def test_the_besiegers_exist_in_c1_only(all_tiles):
    problems = found(request(BESIEGED, edition="C2", expansions=["besiegers"]), all_tiles)
    assert problems[0][:2] == ("expansions[0]", "expansion_not_in_edition")
    assert "C2" in problems[0][2]


def test_one_copy_of_each_siege_tile(all_tiles):
    tiles = [*BESIEGED, ("besiegers-G", 1, 0, 0)]
    assert found(request(tiles), all_tiles) == [
        ("tiles[2]", "too_many_copies",
         "The board has 2 copies of tile besiegers-G but C1 has only 1.")]


CITY_TILE = {"code": "Z", "edges": "FCFC", "features": [
    {"kind": "field", "half_edges": ["NW", "NE"]}, {"kind": "field", "half_edges": ["SE", "SW"]},
]}


@pytest.mark.parametrize(("feature", "message"), [
    ({"kind": "city", "edges": ["E", "W"], "siege": "yes"},
     "siege of a city must be one of true, not 'yes'"),
    ({"kind": "road", "edges": ["E", "W"], "siege": True}, "a road has no 'siege'"),
])
def test_the_siege_is_true_on_a_city_only(feature, message):
    tile = {**CITY_TILE, "edges": "FRFR"} if feature["kind"] == "road" else CITY_TILE
    with pytest.raises(TileDataError, match=message):
        TileDefinition.from_data({**tile, "features": [feature, *tile["features"]]},
                                 DEFAULT_REGISTRY)


def test_the_siege_belongs_to_the_city_of_the_turned_tile(all_tiles):
    # besiegers-C turned 180°: its besieged city is on the south edge.
    oriented = all_tiles["besiegers-C"].oriented(180)
    city = oriented.segment_at(Location.S)
    assert city.kind is FeatureKind.CITY and city.attributes == (("siege", True),)


def test_a_city_without_a_siege_tile_scores_as_usual(all_tiles):
    # The same closed city of two E tiles scores 4 with the besiegers in play.
    body = request([("E", 0, 0, 0), ("E", 0, -1, 180)], [("red", 0, 0, "N")])
    city = score_request(body, all_tiles).to_json()["features"][0]
    assert (city["points"], "besieged" in city) == (4, False)


def test_the_house_rule_still_wins(all_tiles):
    # Incomplete features score nothing under the house rule, besieged or not.
    body = request([("besiegers-G", 0, 0, 0)], [("red", 0, 0, "N")],
                   rules={"incomplete_features": False})
    city = score_request(body, all_tiles).to_json()["features"][0]
    assert city["points"] == 0 and city["besieged"] is True
    assert "house rule" in city["explanation"]


def test_the_steps_list_the_siege_under_cities_and_farms():
    steps = {step.code: step for step in DEFAULT_REGISTRY.in_play(BESIEGERS).steps}
    assert [detail.code for detail in steps["features-city"].details] == [
        "besiegers.besieged-city"]
    assert [(detail.code, detail.title) for detail in steps["features-farm"].details] == [
        ("besiegers.besieged-for-farmers",
         "A completed besieged city counts twice for the farmers of every field it borders")]
    # Without the besiegers, farms are valued straight from the base rules.
    assert FeatureKind.FARM in DEFAULT_REGISTRY.in_play(["farmers"]).plain_kinds
    assert FeatureKind.FARM not in DEFAULT_REGISTRY.in_play(BESIEGERS).plain_kinds


def test_the_catalogue_name_and_editions_come_from_the_declaration():
    part = DEFAULT_REGISTRY["besiegers"]
    assert part.catalogue_name == "Besiegers / Cathars / Siege"
    assert part.catalogue_editions == ("C1",)


def test_the_mage_keeps_his_tiles_in_an_open_besieged_city(all_tiles):
    # No source says how the mage meets a siege: his 1 a tile is his own rule's, so an open
    # besieged city of 2 tiles with the mage scores his 2 and nothing for its tiles.
    body = request([("besiegers-I", 0, 0, 0), ("E", 0, -1, 180)], [("red", 0, 0, "N")],
                   expansions=["farmers", "besiegers", "mage-witch"])
    body["neutral"] = [{"kind": "mage", "x": 0, "y": 0, "at": "W"}]
    city = score_request(body, all_tiles).to_json()["features"][0]
    assert (city["points"], city["besieged"], city["mage"]) == (2, True, True)
    assert city["explanation"] == (
        "incomplete city, besieged (its tiles and pennants score nothing when still open): "
        "mage: 2 tiles × 1 = 2")
