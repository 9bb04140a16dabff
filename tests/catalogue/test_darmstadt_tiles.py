"""The Darmstadt promo's tile file as loaded: three first-edition tiles, one of each, with
the Darmstadtium on a city and the churches on monasteries."""

import pytest

from carcwiki.catalogue.selectors import tile_data

pytestmark = pytest.mark.django_db


def test_three_first_edition_tiles_one_of_each():
    tiles = {tile["code"]: tile for tile in tile_data(expansion_codes=["darmstadt-promo"])}
    assert list(tiles) == ["darmstadt-A", "darmstadt-B", "darmstadt-C"]
    assert {code: tile["counts"] for code, tile in tiles.items()} == {
        "darmstadt-A": {"C1": 1}, "darmstadt-B": {"C1": 1}, "darmstadt-C": {"C1": 1}}
    # JCloisterZone's darmstadt.xml: DA/Cccc, DA/LRRRR, DA/LRR.
    assert {code: tile["edges"] for code, tile in tiles.items()} == {
        "darmstadt-A": "CCCC", "darmstadt-B": "RRRR", "darmstadt-C": "FRRF"}


def test_the_darmstadtium_city_and_the_two_churches():
    tiles = {tile["code"]: tile for tile in tile_data(expansion_codes=["darmstadt-promo"])}
    [city] = [f for f in tiles["darmstadt-A"]["features"] if f["kind"] == "city"]
    assert city["darmstadtium"] is True and city["edges"] == ["N", "E", "S", "W"]
    for code, roads in (("darmstadt-B", [["N"], ["E"], ["S"], ["W"]]),
                        ("darmstadt-C", [["E", "S"]])):
        features = tiles[code]["features"]
        assert [f.get("church") for f in features if f["kind"] == "monastery"] == [True]
        assert [f["edges"] for f in features if f["kind"] == "road"] == roads
