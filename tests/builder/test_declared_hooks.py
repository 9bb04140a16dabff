"""What the engine's declarations put on the builder page, in a real browser: barns on the
corner where four tiles meet, the abbey laid into any hole (issue 17). Each test rebuilds
a small board and reads the points the server gives."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, score
from tests.builder.test_browser import LAPTOP
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def put_buttons(builder):
    """The testids of the selected tile's "Put" buttons for corners."""
    return sorted(builder.page.eval_on_selector_all(
        "[data-testid=inspector] [data-corner] button",
        "buttons => buttons.map(b => b.dataset.testid)"))


# A city of two tiles, closed: E turned 180° at (0, -1) (its city on the south edge) over
# E at (0, 0) (its city on the north edge). Three monasteries (B, field on every side) at
# (1, 0), (0, 1) and (1, 1). The field of E at (0, 0) and the three B's is one field, and
# it borders that completed city; the four tiles meet at the SE corner of (0, 0).
BARN_TILES = [("E", 0, -1, 180), ("E", 0, 0, 0), ("B", 1, 0, 0), ("B", 0, 1, 0), ("B", 1, 1, 0)]


def test_a_barn_goes_on_the_corner_where_four_fields_meet_and_scores(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "barn"], BARN_TILES, edition="C2")
    page.locator('label[for="turn-red"]').click()
    # The panel of (0, 0) offers the barn on its SE corner only: its NE and NW corners
    # touch empty squares, its SW corner too ((-1, 0) and (-1, 1) are empty).
    builder.hold_square(0, 0)
    assert put_buttons(builder) == ["put-barn-SE"]
    # A tap near the corner puts red's barn there, drawn on the corner.
    builder.click_square(0, 0, 0.96, 0.96)
    barn = '[data-testid="figure-red-0,0-SE-barn"]'
    page.wait_for_selector(barn)
    assert figures(builder) == [("red", 0, 0, "SE", "barn")]
    box = page.locator(barn).bounding_box()
    corner = builder.point(1, 1, 0, 0)
    assert abs(box["x"] + box["width"] / 2 - corner[0]) < box["width"]
    assert abs(box["y"] + box["height"] / 2 - corner[1]) < box["height"]
    # The barn's field borders one completed city: 4 points to red. No follower stands
    # on the city or on the monasteries, so nothing else scores: red 4, blue 0.
    assert score(builder) == {"red": 4, "blue": 0}
    # The same corner seen from (1, 1) is its NW corner: the barn is listed there, with
    # a button to take it back, and no other corner of (1, 1) offers one.
    builder.hold_square(1, 1)
    assert builder.testid("take-back-NW").count() == 1
    assert put_buttons(builder) == ["take-back-NW"]
    builder.testid("take-back-NW").click()
    page.wait_for_selector(barn, state="detached")
    assert figures(builder) == []
    # Without a barn nothing scores.
    assert score(builder) == {"red": 0, "blue": 0}
    # From the keyboard: the panel's button puts it back, for blue this time.
    page.locator('label[for="turn-blue"]').click()
    builder.hold_square(0, 0)
    builder.testid("put-barn-SE").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="figure-blue-0,0-SE-barn"]')
    assert figures(builder) == [("blue", 0, 0, "SE", "barn")]
    assert score(builder) == {"red": 0, "blue": 4}
    # A tap near a corner where no barn may stand (the NE corner of (1, 0): two tiles)
    # puts no barn; it puts a farmer in the field there instead, as any tap on a field.
    page.locator('label[for="turn-red"]').click()
    builder.select(1, 0)
    builder.click_square(1, 0, 0.96, 0.04)
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 2")
    assert [kind for *_, kind in figures(builder)] == ["barn", "meeple"]


# A hole at (1, 1) in a 3×3 square: roads (U, straight north-south) come into it from
# the north and the south, cities (E turned 90° and 270°) from the west and the east, and
# monasteries (B) fill the corners. No ordinary tile fits there; the abbey (field on every
# side) does, because its trait says it fits any hole.
HOLE = [("B", 0, 0, 0), ("U", 1, 0, 0), ("B", 2, 0, 0), ("E", 0, 1, 90), ("E", 2, 1, 270),
        ("B", 0, 2, 0), ("U", 1, 2, 0), ("B", 2, 2, 0)]


def test_the_abbey_goes_into_a_hole_whatever_the_edges_and_holds_a_monk(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["abbey"], HOLE, edition="C2")
    page.locator('label[for="turn-red"]').click()
    # The trait reaches the page as data: the abbey's view fits any edges.
    assert page.evaluate(
        "window.carcwikiBuilder.catalogue.geometry.view('abbey-mayor-A', 0).any_edges") is True
    # A plain monastery (A, a road on one side) cannot go into the hole, turned any way:
    # roads come in from two sides and cities from the other two.
    builder.pick("A")
    builder.testid("target-1,-1").wait_for()  # north of U's open road, A fits (its road south)
    assert builder.testid("target-1,1").count() == 0
    builder.pick("abbey-mayor-A")
    builder.testid("target-1,1").wait_for()
    builder.click_square(1, 1)
    page.wait_for_selector('[data-testid="tile-1,1"]')
    assert builder.tiles()[(1, 1)] == ("abbey-mayor-A", 0)
    # A monk on the abbey: the tap on its middle puts red's meeple on the monastery.
    builder.click_square(1, 1, 0.5, 0.52)
    page.wait_for_selector('[data-testid="figure-red-1,1-C"]')
    # The abbey has a tile on all eight squares around it: a complete monastery, 1 + 8 = 9
    # to red. Nothing else holds a figure: red 9, blue 0. (The server's layout check
    # leaves the abbey where it is: it has a tile on each of its four sides.)
    assert score(builder) == {"red": 9, "blue": 0}
    assert builder.tiles()[(1, 1)] == ("abbey-mayor-A", 0)


def test_with_the_count_the_city_of_carcassonne_is_the_start_and_holds_followers(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.testid("edition").select_option("C2")
    builder.testid("expansion-count").check()
    # The start tile is the City of Carcassonne: its twelve pieces, four squares wide
    # and three deep from (0, 0); the request lays it once.
    page.wait_for_selector('[data-testid="tile-3,2"]')
    assert len(builder.tiles()) == 12
    assert builder.tiles()[(3, 2)] == ("city-of-carcassonne-12", 0)
    assert builder.board()["tiles"] == [
        {"tile": "city-of-carcassonne", "x": 0, "y": 0, "rotation": 0}]
    # Red's meeple into the market, from the panel of any piece: it is sent by the
    # piece at (0, 0), the district's name as `at`.
    page.locator('label[for="turn-red"]').click()
    builder.fit()
    builder.hold_square(2, 1)
    builder.testid("put-meeple-market").click()
    page.wait_for_selector('[data-testid="figure-red-0,0-market"]')
    assert builder.board()["figures"] == [
        {"player": "red", "x": 0, "y": 0, "at": "market", "kind": "meeple"}]
    # A meeple left in the city at the end scores nothing: red 0, blue 0, and the
    # results say why.
    builder.testid("score").click()
    page.wait_for_selector("[data-testid=results]:not(.is-stale) [data-testid=score-table]")
    assert int(builder.testid("final-red").text_content()) == 0
    assert int(builder.testid("final-blue").text_content()) == 0
    assert "left in the city, scores nothing" in builder.testid("results").text_content()
    # Its panel takes it back.
    builder.hold_square(2, 1)
    builder.testid("take-back-market-meeple").click()
    page.wait_for_selector('[data-testid="figure-red-0,0-market"]', state="detached")
    assert builder.board()["figures"] == []


def test_the_mage_is_put_from_the_tile_panel_and_adds_a_point_a_tile(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # D alone: a road from west to east, red's meeple on it.
    import_board(builder, tmp_path, ["mage-witch"], [("D", 0, 0, 0)],
                 [("red", 0, 0, "W", "meeple")], edition="C3")
    # Without the mage: an unfinished road of 1 tile, 1 point to red.
    assert score(builder) == {"red": 1, "blue": 0}
    # The mage is nobody's: the panel puts him on the road (the server's `neutral` says
    # he stands on roads and cities), and the request carries him as `neutral`.
    builder.hold_square(0, 0)
    road = page.evaluate("window.carcwikiBuilder.catalogue.geometry.view('D', 0).at.W")
    builder.testid(f"put-neutral-mage-{road}").click()
    page.wait_for_selector('[data-testid^="neutral-mage-0,0-"]')
    [mage] = builder.board()["neutral"]
    assert (mage["kind"], mage["x"], mage["y"]) == ("mage", 0, 0)
    assert builder.board()["figures"] == [
        {"player": "red", "x": 0, "y": 0, "at": "W", "kind": "meeple"}]
    # With the mage: 1 for the tile, and 1 more a tile for the mage: red 2.
    assert score(builder) == {"red": 2, "blue": 0}
    builder.testid(f"take-back-neutral-mage-{road}").click()
    page.wait_for_selector('[data-testid^="neutral-mage-0,0-"]', state="detached")
    assert "neutral" not in builder.board()
    assert score(builder) == {"red": 1, "blue": 0}


def test_a_barn_and_the_farmers_joined_to_it_are_explained_in_a_players_words(
        open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "barn"], BARN_TILES,
                 [("blue", 1, 1, "NW", "meeple")], edition="C2")
    page.wait_for_selector('[data-testid="tile-1,1"]')
    page.locator('label[for="turn-red"]').click()
    builder.hold_square(0, 0)
    builder.testid("put-barn-SE").click()
    page.wait_for_selector('[data-testid="figure-red-0,0-SE-barn"]')
    # Red's barn: 1 completed city × 4 = 4. Blue's farmer shares the barn's field: it
    # was joined to it on the last turn, 1 a city: 1.
    assert score(builder) == {"red": 4, "blue": 1}
    results = builder.testid("results").text_content()
    # Why blue's farm pays 1 a city, not 3; and the barn's field named as a player
    # sees it, not by the response's id.
    assert "farm joined to a barn's field on the last turn: 1 completed city × 1 = 1" in results
    assert "Red's barn: 1 completed city × 4 = 4" in results
    assert "farm-" not in results.lower()
