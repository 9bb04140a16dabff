"""What a group enters besides tiles and figures (issues 17 and 18): what each player holds
(gold ingots, the two score markers of Messages) in the players panel, and what a laid
tile holds (which jetties a lake's ferry links) in the tile panel, as the engine's
declarations ask. The page data test reads the server's data; the browser test rebuilds a
small Big Box 6 board with a mage, a witch, gold and a ferry and reads the exact points."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import import_board, score
from tests.builder.test_browser import LAPTOP, PHONE
from tests.builder.test_views import builder_data
from tests.waiting import wait_until

BIG_BOX_6 = ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders", "flier",
             "messages", "ferries", "goldmines", "mage-witch", "crop-circles"]


@pytest.mark.django_db
def test_the_page_gets_the_declared_tile_states_and_each_tiles_choices(client):
    """The builder's page data carries every ``TileState`` with its words, and each lake
    tile the jetty pairs its ferry can link; the tiles loaded later carry them too."""
    data = builder_data(client)
    states = {entry["name"]: entry for entry in data["rules"]["tile_states"]}
    assert states["ferry"]["part"] == "ferries"
    assert states["ferry"]["label"] == "the ferry links the jetties"
    # Its values name the printed sides: the page names them as the turned tile lies.
    assert states["ferry"]["sides"] is True
    assert states["tower"]["number"] == {"min": 0, "max": 30}
    loaded = client.get("/board/tiles/", {"groups": "ferries"}).json()
    lakes = {tile["code"]: tile.get("states") for tile in loaded["tiles"]}
    # ferries-B as printed: roads to the east, south and west (FRRR): three pairs. Any
    # tile may also take a little building (every value, sent as true); the page asks for
    # a state only while the part that declares it is in play.
    assert lakes["ferries-B"] == {"ferry": ["E-S", "E-W", "S-W"], "building": True}
    assert states["building"]["part"] == "little-buildings"
    # ferries-C has a road on every side: any pair (every value, sent as true).
    assert lakes["ferries-C"] == {"ferry": True, "building": True}


def totals(builder):
    """Red's and blue's points before the final scoring and in all, from the results."""
    return {color: (int(builder.testid(f"before-{color}").text_content()),
                    int(builder.testid(f"total-{color}").text_content()))
            for color in ("red", "blue")}


# A small Big Box 6 board (C2), every tile unturned unless said:
#   W at (-1, 0): three roads leave a village; its east road ends there.
#   D at (0, 0): a city on the north, a road from west to east.
#   E at (0, -1), turned 180°: its city on the south closes D's city (2 tiles).
#   ferries-B at (1, 0), turned 90°: printed roads east, south and west lie south, west
#     and north on the board; its west jetty meets D's road.
#   X at (1, 1): four roads end at a crossing; its north road meets the lake's south jetty.
#   goldmines-H at (-2, 0): a gold tile, so two ingots can be out.
TILES = [("goldmines-H", -2, 0, 0), ("W", -1, 0, 0), ("D", 0, 0, 0), ("E", 0, -1, 180),
         ("ferries-B", 1, 0, 90), ("X", 1, 1, 0)]
# Red's meeple on D's road, blue's on D's city.
FIGURES = [("red", 0, 0, "W", "meeple"), ("blue", 0, 0, "N", "meeple")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_big_box_6_board_with_mage_witch_gold_and_a_ferry_scores_exactly(
        open_builder, tmp_path, viewport):
    builder = open_builder(viewport)
    page = builder.page
    import_board(builder, tmp_path, BIG_BOX_6, TILES, FIGURES, edition="C2")
    # Messages has no land tiles, but its markers are something to enter: it is offered.
    assert builder.testid("expansion-messages").is_checked()

    # What the players hold: red took 2 gold ingots; blue's score markers stand on 10
    # (the meeple marker) and 5 (the messenger marker). The panel names them as the
    # declarations do, and caps the ingots at the 16 in the box.
    builder.open_setup()
    gold = builder.testid("player-gold-ingots-0")
    assert gold.get_attribute("aria-label") == "Player 1: gold ingots"
    assert gold.get_attribute("max") == "16"
    gold.fill("2")
    builder.testid("player-markers-meeple-1").fill("10")
    builder.testid("player-markers-messenger-1").fill("5")
    wait_until(page, "window.carcwikiBuilder.state.toBoard().players[1].markers?.messenger === 5")
    players = builder.board()["players"]
    assert players[0]["gold"] == {"ingots": 2}
    assert (players[1]["markers"], players[1]["points"]) == ({"meeple": 10, "messenger": 5}, 0)

    # The mage on D's road and the witch on the city, from the tile panels.
    builder.hold_square(0, 0)
    road = page.evaluate("window.carcwikiBuilder.catalogue.geometry.view('D', 0).at.W")
    builder.testid(f"put-neutral-mage-{road}").click()
    page.wait_for_selector('[data-testid^="neutral-mage-0,0-"]')
    builder.hold_square(0, -1)
    city = page.evaluate("window.carcwikiBuilder.catalogue.geometry.view('E', 180).at.S")
    builder.testid(f"put-neutral-witch-{city}").click()
    page.wait_for_selector('[data-testid^="neutral-witch-0,-1-"]')

    # No ferry yet: every jetty ends its road. Red's road runs from W's village through
    # D to the lake's west jetty: completed, 3 tiles × 1 = 3, and the mage adds 1 a tile,
    # 3 more: 6; with 2 ingots (1 to 3 ingots score 1 each): 6 + 2 = 8.
    # Blue's city: E and D, completed, 2 tiles × 2 = 4; the witch halves it, rounded up:
    # 2. Blue's markers' 10 + 5 = 15 are the points before the final scoring: 15 + 2 = 17.
    assert score(builder) == {"red": 8, "blue": 2}
    assert totals(builder) == {"red": (0, 8), "blue": (15, 17)}

    # The lake's panel offers the pairs of its jetties, named as the turned tile lies:
    # printed E-S, E-W and S-W are south and west, south and north, west and north.
    builder.hold_square(1, 0)
    ferry = builder.testid("tile-state-ferry")
    assert ferry.locator("option").all_text_contents() == [
        "—", "south and west", "south and north", "west and north"]
    ferry.select_option(label="south and west")
    link = page.locator('[data-testid="tile-state-1,0-ferry"]')
    link.wait_for()
    assert link.get_attribute("data-sides") == "S-W"
    lake = next(tile for tile in builder.board()["tiles"] if tile["tile"] == "ferries-B")
    assert lake["state"] == {"ferry": "E-S"}

    # The ferry links the west jetty to the south one: red's road now runs on to X at
    # (1, 1), where it ends: 4 tiles × 1 = 4, the mage 4 more: 8; with the gold: 10.
    # Blue is unchanged: 17.
    assert score(builder) == {"red": 10, "blue": 2}
    assert totals(builder) == {"red": (0, 10), "blue": (15, 17)}
    result = builder.testid("results").text_content()
    assert "mage: 4 tiles × 1 = 8" in result
    assert "the witch halves it, rounded up → 2" in result

    # The ferry goes with the board: a reload of the draft keeps it, drawn again.
    page.wait_for_timeout(400)  # the draft is kept 250 ms after the last change
    page.reload()
    page.wait_for_selector("[data-builder][data-ready=true]")
    page.locator('[data-testid="tile-state-1,0-ferry"]').wait_for()
    lake = next(tile for tile in builder.board()["tiles"] if tile["tile"] == "ferries-B")
    assert lake["state"] == {"ferry": "E-S"}
    assert score(builder) == {"red": 10, "blue": 2}
    assert totals(builder) == {"red": (0, 10), "blue": (15, 17)}
