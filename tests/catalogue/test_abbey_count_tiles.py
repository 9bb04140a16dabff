"""The tile files of Abbey & Mayor and Count, King & Robber as loaded: exact codes, copies
per edition, and the rows that differ from an ordinary tile (transcribed from
JCloisterZone's abbey_and_mayor.xml, king_and_robber.xml and cult.xml, checked against the
rules wiki's C2 pictures)."""

import pytest

from carcwiki.catalogue.models import TileType
from carcwiki.catalogue.selectors import tile_data

pytestmark = pytest.mark.django_db

LAND = [f"abbey-mayor-{letter}" for letter in "BCDEFGHIJKLM"]
KING_ROBBER = [f"king-robber-{letter}" for letter in "ABCDE"]
SHRINES = [f"shrine-{letter}" for letter in "ABCDE"]


def tiles_of(code: str) -> dict[str, dict]:
    return {tile["code"]: tile for tile in tile_data(expansion_codes=[code])}


def features_of(code: str, kind: str) -> list[dict]:
    return [feature for feature in TileType.objects.get(code=code).features
            if feature["kind"] == kind]


def test_abbey_mayor_has_twelve_land_tiles_in_c1_and_c2():
    tiles = tiles_of("abbey-mayor")
    land = [code for code in tiles if code in LAND]
    assert land == LAND
    for edition in ("C1", "C2"):
        # 12 land tiles, one copy each (the abbeys are not land tiles).
        assert sum(tiles[code]["counts"].get(edition, 0) for code in LAND) == 12
    assert all("C3" not in tiles[code]["counts"] for code in LAND)


def test_count_king_robber_has_five_king_robber_tiles_and_five_shrines():
    tiles = tiles_of("count-king-robber")
    for group in (KING_ROBBER, SHRINES):
        assert [code for code in tiles if code in group] == group
        for edition in ("C1", "C2"):
            assert sum(tiles[code]["counts"][edition] for code in group) == 5


def test_every_shrine_is_a_monastery_marked_as_a_shrine():
    for code in SHRINES:
        assert features_of(code, "monastery") == [{"kind": "monastery", "shrine": True}]
    assert features_of("king-robber-E", "monastery") == [{"kind": "monastery"}]


def test_pennants_of_abbey_mayor():
    # D: a four-sided city with 2; C, E, I, L: 1 each. Six pennants in all.
    pennants = {code: sum(city.get("pennants", 0) for city in features_of(code, "city"))
                for code in LAND}
    assert {code: n for code, n in pennants.items() if n} == {
        "abbey-mayor-C": 1, "abbey-mayor-D": 2, "abbey-mayor-E": 1, "abbey-mayor-I": 1,
        "abbey-mayor-L": 1,
    }


def test_roundabout_is_one_road_with_three_ends():
    assert features_of("abbey-mayor-M", "road") == [{"kind": "road", "edges": ["N", "S", "W"]}]


def test_crossing_cities_enclose_two_inner_fields():
    # As JCloisterZone's AM/CCcc+ and KR/CCcc: a strip on each side, fields I and II, each
    # bordering both cities.
    for code in ("abbey-mayor-C", "king-robber-C"):
        assert features_of(code, "field") == [
            {"kind": "field", "half_edges": ["I"], "cities": ["N+S", "E+W"]},
            {"kind": "field", "half_edges": ["II"], "cities": ["N+S", "E+W"]},
        ]
