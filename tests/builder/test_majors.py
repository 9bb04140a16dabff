"""The major expansions in a real browser, one short test each: a small board rebuilt on
the builder page with what the declarations put on it (a large tile from the palette,
neutral figures from the tile's panel), scored by the server, the exact points read back
(issues 17 and 19)."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, score
from tests.builder.test_browser import LAPTOP, put, segment_index, wait_until

pytestmark = pytest.mark.django_db(transaction=True)

CITY = "city-of-carcassonne"


def test_the_city_of_carcassonne_laid_from_the_palette_counts_for_the_farm_and_the_king(
        open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # D at (0, 0): its city on the north edge (open), its road from west to east, red's
    # farmer in the field between them.
    import_board(builder, tmp_path, ["count", "king-robber-baron", "farmers"], [("D", 0, 0, 0)],
                 [("red", 0, 0, "WN", "meeple")], edition="C2")
    # The city is in the palette like any tile. Its piece (0, 0) shows a road on its
    # west edge, which meets D's road from (1, 0); from (0, -1) it would cover D.
    builder.pick(CITY)
    builder.testid("target-1,0").wait_for()
    assert builder.testid("target-0,-1").count() == 0
    builder.click_square(1, 0)
    # Its 12 pieces, 4 squares wide and 3 deep from (1, 0); the request lays it once.
    page.wait_for_selector('[data-testid="tile-4,2"]')
    assert builder.tiles()[(4, 2)] == (f"{CITY}-12", 0)
    assert len(builder.tiles()) == 13
    assert builder.board()["tiles"][1] == {"tile": CITY, "x": 1, "y": 0, "rotation": 0}
    # The box holds one: it drops out of the palette.
    assert builder.testid(f"palette-{CITY}").is_hidden()
    # Red holds the king.
    builder.testid("player-holds-king-0").check()
    wait_until(page, "window.carcwikiBuilder.state.toBoard().players[0].holds?.king === true")
    # Red's farm touches one completed city, the City of Carcassonne (D's own city is
    # open): 1 × 3 = 3. The king: 1 completed city on the table × 1 = 1. Red 3 + 1 = 4.
    assert score(builder) == {"red": 4, "blue": 0}
    assert figures(builder) == [("red", 0, 0, "WN", "meeple")]


def test_the_fairy_from_the_tile_panel_beside_a_farmer_gives_three(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # D at (0, 0): its city on the north edge (open), its road from west to east. Red's
    # farmer in the field between them, blue's meeple on the road.
    import_board(builder, tmp_path, ["fairy", "farmers"], [("D", 0, 0, 0)],
                 [("red", 0, 0, "WN", "meeple"), ("blue", 0, 0, "W", "meeple")], edition="C2")
    builder.hold_square(0, 0)
    # The panel offers the fairy (nobody's) on every feature her declaration names. In
    # the field south of the road no follower stands: the server refuses her there, and
    # she goes back, with its reason.
    south = segment_index(builder, 0, 0, "SW")
    builder.testid(f"put-neutral-fairy-{south}").click()
    wait_until(page, "window.carcwikiBuilder.state.doc.neutral.length === 0")
    assert "the fairy always stands beside one follower" in builder.message
    # Beside red's farmer she stays, sent as the request's `neutral`.
    farm = segment_index(builder, 0, 0, "WN")
    builder.testid(f"put-neutral-fairy-{farm}").click()
    page.wait_for_selector('[data-testid^="neutral-fairy-0,0-"]')
    [fairy] = builder.board()["neutral"]
    assert (fairy["kind"], fairy["x"], fairy["y"]) == ("fairy", 0, 0)
    # Red's farm touches no completed city (D's city is open): 0, but the fairy beside
    # the farmer gives red 3 when the farm is scored. Blue's road, open, 1 tile: 1.
    # Red 0 + 3 = 3, blue 1.
    assert score(builder) == {"red": 3, "blue": 1}
    # A tap on her takes her back, as on any figure: red's farm alone scores 0.
    page.locator('[data-testid^="neutral-fairy-0,0-"]').click()
    wait_until(page, "window.carcwikiBuilder.state.doc.neutral.length === 0")
    assert score(builder) == {"red": 0, "blue": 1}
    # The other publishers' rule (an option of her declaration): she stands on a tile, and
    # every feature scored at the end with a follower on her tile pays its owner 3: red's
    # farm 0 + 3 = 3, blue's road 1 + 3 = 4.
    page.locator("details.setup-rules > summary").click()
    builder.testid("rule-fairy_placement").select_option(
        label="on a tile with a follower (Rio Grande and Z-Man C1 rules)")
    builder.hold_square(0, 0)
    builder.testid("put-neutral-fairy-tile").click()
    wait_until(page, "window.carcwikiBuilder.state.toBoard().neutral?.[0]?.at === undefined"
                     " && window.carcwikiBuilder.state.doc.neutral.length === 1")
    assert score(builder) == {"red": 3, "blue": 4}


# A 3×3 square round a monastery (B at (1, 1)) whose eight neighbours are all down: two
# vineyard tiles (hills-sheep-1, its city turned outwards, at (1, 0) and (0, 1)), four
# curves (V) in the corners and two E (city turned outwards) at (2, 1) and (1, 2). E at
# (2, 1) shows its city on the east edge.
VINEYARD_SQUARE = [
    ("B", 1, 1, 0), ("V", 0, 0, 90), ("hills-sheep-1", 1, 0, 0), ("V", 2, 0, 180),
    ("hills-sheep-1", 0, 1, 270), ("E", 2, 1, 90), ("V", 0, 2, 0), ("E", 1, 2, 180),
    ("V", 2, 2, 270),
]


def test_hills_decide_a_tie_and_vineyards_add_to_a_completed_monastery(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    import_board(builder, tmp_path, ["hills", "vineyards"], VINEYARD_SQUARE,
                 [("blue", 1, 1, "C", "meeple"), ("blue", 2, 1, "E", "meeple")], edition="C2")
    # The hill tile with a city on its north edge (hills-sheep-8) turned 270°: its city
    # on the west edge closes the city of E at (2, 1). Red's meeple into it, from the panel.
    builder.place("hills-sheep-8", 3, 1, 270)
    put(builder, "red", 3, 1, "W", "meeple")
    # The city: 2 tiles × 2 = 4, red and blue tied with one meeple each; red's stands on
    # a hill tile, so red alone scores it: red 4. Blue's monastery: complete, 1 + 8
    # neighbours = 9, and 2 vineyard tiles among them × 3 = 6: blue 15.
    assert score(builder) == {"red": 4, "blue": 15}


def test_a_meeple_on_top_of_a_tower_scores_nothing(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # tower-11 at (0, 0): a city on the north edge, a road from west to east, a tower
    # foundation. Red's meeple on the road.
    import_board(builder, tmp_path, ["tower"], [("tower-11", 0, 0, 0)],
                 [("red", 0, 0, "W", "meeple")], edition="C2")
    # The tower as it ended: 3 floors, blue's meeple on top, entered on the tile's panel.
    builder.hold_square(0, 0)
    builder.testid("tile-state-tower").fill("3")
    builder.testid("tile-state-tower").press("Tab")
    builder.testid("tile-state-tower_top").select_option("blue")
    wait_until(page, "window.carcwikiBuilder.state.toBoard().tiles[0].state?.tower_top === 'blue'")
    assert builder.board()["tiles"][0]["state"] == {"tower": 3, "tower_top": "blue"}
    # Red's road, open, 1 tile: 1. Blue's meeple on top of the tower scores nothing, and
    # the results say so: red 1, blue 0.
    assert score(builder) == {"red": 1, "blue": 0}
    assert "scores nothing" in builder.testid("results").text_content()


def test_a_castle_put_on_a_completed_city_pays_the_farm_four(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    # A city of two tiles, closed: E turned 180° at (0, -1) over E at (0, 0). Red's
    # farmer in the field of E at (0, 0), which borders that city.
    import_board(builder, tmp_path, ["castles", "farmers"], [("E", 0, -1, 180), ("E", 0, 0, 0)],
                 [("red", 0, 0, "SW", "meeple")], edition="C2")
    # A completed city: red's farm 1 × 3 = 3.
    assert score(builder) == {"red": 3, "blue": 0}
    # Red's castle on that city, from the tile's panel (the declaration's castle figure
    # stands on cities).
    put(builder, "red", 0, 0, "N", "castle")
    assert ("red", 0, 0, "N", "castle") in figures(builder)
    # The castle scores nothing, and it is no longer a completed city for the farm, which
    # is paid 4 for it: red 1 × 4 = 4.
    assert score(builder) == {"red": 4, "blue": 0}


def test_under_the_big_top_the_last_show_an_acrobat_and_a_ringmaster(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # D at (0, 0): its city on the north edge, its road from west to east. The circus tile
    # big-top-8 (roads from west and east ending at its circus space) at (1, 0); the
    # acrobat tile big-top-2 turned 270° (a road from the east ending at its acrobat
    # space) at (-1, 0). The road between the two spaces is complete: 3 tiles. Blue's
    # meeple on it.
    import_board(builder, tmp_path, ["big-top"],
                 [("D", 0, 0, 0), ("big-top-8", 1, 0, 0), ("big-top-2", -1, 0, 270)],
                 [("blue", 0, 0, "W", "meeple")], edition="C2")
    # Red's ringmaster on D's city, from the tile's panel (a figure kind the declaration
    # lets stand on cities).
    put(builder, "red", 0, 0, "N", "ringmaster")
    # Red's meeple on the acrobat space, from the panel's row for the space.
    builder.hold_square(-1, 0)
    builder.testid("put-meeple-acrobats").click()
    page.wait_for_selector('[data-testid="figure-red--1,0-acrobats"]')
    # The big top on the circus tile, over the bear (5): the token on the tile's panel,
    # then the big top, which stands on the tile itself.
    builder.hold_square(1, 0)
    token = builder.testid("tile-state-animal_token")
    if token.evaluate("element => element.tagName") == "SELECT":
        token.select_option("5")
    else:
        token.fill("5")
        token.press("Tab")
    wait_until(page, "window.carcwikiBuilder.state.toBoard().tiles[1].state?.animal_token === 5")
    builder.testid("put-neutral-big-top-tile").click()
    wait_until(page, "window.carcwikiBuilder.state.toBoard().neutral?.length === 1")
    assert builder.board()["neutral"] == [{"kind": "big-top", "x": 1, "y": 0}]
    # Red: D's city, open, 1; the ringmaster 2 × 2 (the circus and the acrobat tile
    # around it) = 4; the acrobat 5; the big top's last show 5 (the ringmaster is a
    # follower beside it): 1 + 4 + 5 + 5 = 15. Blue: the road, 3 tiles, 3; the big top 5
    # (the meeple on D, beside it): 8. The acrobat at (-1, 0) is 2 squares from the big
    # top: no show for it.
    assert score(builder) == {"red": 15, "blue": 8}


def test_a_bridge_from_the_tile_panel_carries_a_road_that_takes_a_meeple_and_tiles(
        open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # B (a monastery in fields) under D at (0, 0); blue's monk on it.
    import_board(builder, tmp_path, ["bridges-castles-bazaars"], [("D", 0, 0, 0), ("B", 0, 1, 0)],
                 [("blue", 0, 1, "C", "meeple")], edition="C2")
    # A bridge across B from east to west, chosen on the tile's panel.
    builder.hold_square(0, 1)
    builder.testid("tile-state-bridge").select_option(label="east and west")
    wait_until(page, "window.carcwikiBuilder.state.toBoard().tiles[1].state?.bridge === 'E-W'")
    # The panel lists the bridge's road, and a tap on its west end puts red's meeple on
    # it (not a farmer in the field under it).
    assert "Road (east and west)" in builder.testid("inspector").text_content()
    builder.figure("red", 0, 1, "W")
    assert ("red", 0, 1, "W", "meeple") in figures(builder)
    # A straight road (U turned 90°) goes down west of the bridge, continuing its road.
    builder.place("U", -1, 1, 90)
    # Red's road, open: 2 tiles, 2. Blue's monastery: 1 + 2 neighbours = 3.
    assert score(builder) == {"red": 2, "blue": 3}
    assert figures(builder) == [("blue", 0, 1, "C", "meeple"), ("red", 0, 1, "W", "meeple")]
    # The bridge taken off (—): red's meeple on it comes off with it, and the player is
    # told, rather than staying hidden on a road that is no longer there.
    builder.hold_square(0, 1)
    builder.testid("tile-state-bridge").select_option(label="—")
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 1")
    assert figures(builder) == [("blue", 0, 1, "C", "meeple")]
    assert builder.message == ("Red's meeple on the road (east and west) came off with the "
                               "bridge across the tile. Undo puts it back.")
    # One undo puts back the bridge and the meeple on it.
    builder.testid("undo").click()
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 2")
    assert builder.board()["tiles"][1]["state"] == {"bridge": "E-W"}
    assert score(builder) == {"red": 2, "blue": 3}


def test_the_meeple_on_top_of_a_tower_is_one_of_the_players_in_the_game(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["tower"], [("tower-11", 0, 0, 0)], edition="C2")
    page.wait_for_selector('[data-testid="tile-0,0"][data-tile="tower-11"]')
    builder.testid("player-name-1").fill("Ada")
    # The panel offers the two players of this game (by the names they were given), not
    # every colour of the box, which the server would refuse.
    builder.hold_square(0, 0)
    top = builder.testid("tile-state-tower_top")
    assert top.locator("option").all_text_contents() == ["—", "Red", "Blue (Ada)"]
    builder.testid("tile-state-tower").fill("2")
    builder.testid("tile-state-tower").press("Tab")
    top.select_option(label="Blue (Ada)")
    wait_until(page, "window.carcwikiBuilder.state.toBoard().tiles[0].state?.tower_top === 'blue'")
    assert score(builder) == {"red": 0, "blue": 0}
    # A third player comes into the game: the panel offers them too.
    builder.testid("add-player").click()
    builder.hold_square(0, 0)
    assert len(top.locator("option").all_text_contents()) == 4


def test_a_mayor_in_a_city_without_pennants_is_explained(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # A city of two tiles without a pennant: E turned 180° over D's city.
    import_board(builder, tmp_path, ["abbey-mayor"], [("D", 0, 0, 0), ("E", 0, -1, 180)],
                 edition="C2")
    page.wait_for_selector('[data-testid="tile-0,-1"]')
    # Red's mayor into it, by the kind button and a tap on the city.
    page.locator('label[for="turn-kind-mayor"]').click()
    builder.figure("red", 0, 0, "N")
    assert figures(builder) == [("red", 0, 0, "N", "mayor")]
    # The city is worth 4, but the mayor counts 1 a pennant and it has none: nobody
    # scores it, and the results say why.
    assert score(builder) == {"red": 0, "blue": 0}
    # In C2's words: a coat of arms.
    assert "red's mayor counts 0 here (1 a coat of arms of his city: none)" in (
        builder.testid("results").text_content())


def test_a_shepherd_in_a_field_is_listed_with_why_he_scores_nothing(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "shepherds"], [("D", 0, 0, 0)], edition="C2")
    page.wait_for_selector('[data-testid="tile-0,0"][data-tile="D"]')
    # Red's shepherd in the field south of D's road, from the tile's panel.
    put(builder, "red", 0, 0, "SW", "shepherd")
    assert [(player, kind) for player, *_, kind in figures(builder)] == [("red", "shepherd")]
    # Neither he nor his flock scores at the end (his sheep are not even entered): the
    # field's entry says so beside his colour.
    assert score(builder) == {"red": 0, "blue": 0}
    results = builder.testid("results").text_content()
    assert "shepherds, whose flocks score nothing at the end: Red" in results
