"""Issue 29, "Every printing": the builder offers a major expansion in the editions whose
printing of it the sources read show, and a group with third-edition boxes that chose one
printed for C1 and C2 only opens in C2 with it, where the calculator has its tiles.

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
def test_a_third_edition_group_opens_where_the_calculator_has_the_box(client, code):
    data = builder_data(client, f"?x=base,{code}&ed=c23&pref=c23")
    assert data["initial"]["edition"] == "C2"
    assert code in data["initial"]["expansions"]
