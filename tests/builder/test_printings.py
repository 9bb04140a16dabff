"""Issue 29, "Every printing": the builder offers a major expansion in the editions whose
printing of it the sources read show, and a group with third-edition boxes that chose one
printed for C1 and C2 only keeps C3 and lays the tiles of the C2 box, as the engine's
third-edition table does (scoring.engine.rules.Edition.printing_of).

The printings per expansion, with their sources, are recorded in each package's
catalogue.yaml ("Printings"): the rules wiki's page of the expansion and JCloisterZone's tile
sets (farin/JCloisterZone-Client, src/extraResources/expansions/*.xml, sets ":1" and ":2").
No source read gives the tiles of a third-edition printing of any of these seven: The Princess
& the Dragon's and The Tower's newer boxes (Dragon & Fairy, 2025; a reworked expansion 4)
have other tiles and rules, and no layouts in any source."""

import json
import re

import pytest

pytestmark = pytest.mark.django_db

PRINTINGS = {
    "princess-dragon": ["C1", "C2"],  # wiki Dragon_and_Fairy "background": C1 2005, C2 2016
    "tower": ["C1", "C2"],  # wiki The_Tower: C1 2006, C2 2016
    "abbey-mayor": ["C1", "C2"],  # wiki Abbey_and_the_Mayor: C1 2007, C2 2016
    "count-king-robber": ["C1", "C2"],  # wiki Count,_King_and_Robber: C1 2008, C2 2017
    "hills-sheep": ["C1", "C2"],  # wiki Hills_&_Sheep: C1 2014, C2 2018
    "bridges-castles-bazaars": ["C1", "C2"],  # wiki: C1 2010, C2 2017
    "big-top": ["C2"],  # wiki Under_the_Big_Top: the new tile design only
}


def builder_data(client, query: str = "") -> dict:
    document = client.get(f"/board/{query}").content.decode()
    found = re.search(r'<script id="builder-data" type="application/json">(.*?)</script>',
                      document, re.S)
    assert found
    return json.loads(found.group(1))


def test_each_major_is_offered_in_the_editions_of_its_printings(client):
    offered = {option["code"]: option["editions"] for option in builder_data(client)["options"]}
    assert {code: offered[code] for code in PRINTINGS} == PRINTINGS


@pytest.mark.parametrize("code", sorted(PRINTINGS))
def test_a_third_edition_group_keeps_c3_and_gets_the_second_edition_box(client, code):
    """A C3 base game takes the C2 boxes (the engine's Edition.printing_of): the group
    stays in C3, the option says which printing the table lays, and the tiles the page
    gets count as many copies in C3 as the C2 box holds."""
    data = builder_data(client, f"?x=base,{code}&ed=c23&pref=c23")
    assert data["initial"]["edition"] == "C3"
    assert code in data["initial"]["expansions"]
    option = next(option for option in data["options"] if option["code"] == code)
    assert option["printings"]["C3"] == "C2"
    assert option["editions"] == PRINTINGS[code]  # where its boxes were printed


def test_the_page_data_of_a_c3_group_with_the_seven_lays_their_c2_tiles(client):
    codes = ",".join(sorted(PRINTINGS))
    data = builder_data(client, f"?x=base,{codes}&ed=c23&pref=c23")
    assert data["initial"]["edition"] == "C3"
    assert set(PRINTINGS) <= set(data["initial"]["expansions"])
    tiles = {tile["code"]: tile for tile in data["tiles"]}
    groups = {tile["expansion"] for tile in tiles.values()}
    assert set(PRINTINGS) <= groups
    for tile in tiles.values():
        if tile["expansion"] in PRINTINGS:
            # (a tile only the C1 box prints has none in C2 and none in C3)
            assert tile["counts"].get("C3") == tile["counts"].get("C2"), tile["code"]
    # tower-2's flower garden is printed in the C2 box only: a C2 or C3 table shows it.
    garden = next(f for f in tiles["tower-2"]["features"] if f["kind"] == "garden")
    assert garden["editions"] == ["C2", "C3"]
    segments = data["geometry"]["tiles"]["tower-2"]["segments"]
    assert [s["editions"] for s in segments if s["kind"] == "garden"] == [["C2", "C3"]]
    # The City of Carcassonne (Count, King & Robber's C2 box): one copy on a C3 table.
    city = next(large for large in data["rules"]["large_tiles"]
                if large["code"] == "city-of-carcassonne")
    assert city["counts"] == {"C1": 1, "C2": 1, "C3": 1}


def test_a_first_edition_only_box_is_still_not_in_c3(client):
    options = {option["code"]: option for option in builder_data(client)["options"]}
    assert options["wind-roses"]["printings"] == {"C1": "C1"}
    assert options["abbot"]["printings"] == {"C2": "C2", "C3": "C3"}
