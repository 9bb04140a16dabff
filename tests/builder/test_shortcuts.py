"""The builder's shortcuts, in a real browser: fewer actions a tile (issue 14).

Each test uses one shortcut as a player would and ends with the exact scores of the board
it built: a tile goes down turned to fit and its turn button cycles through the ways it
fits there (and only those); the palette finds a type by typing, puts the last used first
and drops the types with no copy left; one tap on a feature of any tile puts a figure (a
second tap takes it back or gives it another colour); a tile held and dragged moves to
another square with its figures.
"""

from __future__ import annotations

import json

import pytest

from tests.builder import rebuilding
from tests.builder.rebuilding import score
from tests.builder.test_browser import LAPTOP, PHONE, SPOTS

pytestmark = pytest.mark.django_db(transaction=True)


def ui(builder, name):
    return builder.page.evaluate(f"window.carcwikiBuilder.state.ui[{json.dumps(name)}]")


def rotation_of(builder, x, y):
    return builder.tiles()[(x, y)][1]


def visible_palette(builder):
    """The codes the palette shows, in order."""
    return builder.page.eval_on_selector_all(
        "[data-testid=palette] li:not([hidden])", "items => items.map(i => i.dataset.code)")


def import_board(builder, tmp_path, tiles, figures=()):
    """A C3 board with farmers and the abbot, the figures all meeples."""
    rebuilding.import_board(builder, tmp_path, ["farmers", "abbot"], tiles,
                            [(player, x, y, at, "meeple") for player, x, y, at in figures])


def test_a_tile_goes_down_turned_to_fit_and_the_turn_button_cycles_the_ways_it_fits(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    # E (a city on one side) fits south of the start tile's city one way only: no button.
    builder.pick("E")
    # It fits north of the start tile (city to city) and south (field to field), not
    # east or west (roads there): those squares light up, whatever way it has to turn.
    assert sorted(page.eval_on_selector_all(
        "svg.board .target", "rects => rects.map(r => r.dataset.key)")) == ["0,-1", "0,1"]
    builder.click_square(0, -1)
    page.wait_for_selector('[data-testid="tile-0,-1"]')
    assert rotation_of(builder, 0, -1) == 180  # its city meets the start tile's
    assert builder.testid("tile-ways").is_hidden()  # one way: nothing to choose
    # V (a curve) meets the start tile's road east of it two ways: west–south or west–north.
    builder.pick("V")
    builder.click_square(1, 0)
    page.wait_for_selector('[data-testid="tile-1,0"]')
    assert rotation_of(builder, 1, 0) == 0
    assert builder.testid("tile-ways").locator("button").count() == 2
    # The Turn button above the board goes through them (nothing lies on the tile
    # itself, whose corners take figures).
    turn = builder.testid("rotate")
    seen = []
    for _ in range(3):
        turn.click()
        seen.append(rotation_of(builder, 1, 0))
    assert seen == [90, 0, 90]  # only the ways that fit, round again
    assert builder.board()["tiles"][-1] == {"tile": "V", "x": 1, "y": 0, "rotation": 90}
    # V stays in hand (7 copies left): a tap west of the start tile lays the next copy,
    # turned to continue the road (north–east, the first such way clockwise).
    assert ui(builder, "hand") == "V"
    builder.click_square(-1, 0)
    page.wait_for_selector('[data-testid="tile--1,0"]')
    assert rotation_of(builder, -1, 0) == 180
    page.keyboard.press("r")  # R turns the tile just placed too: east–south
    assert rotation_of(builder, -1, 0) == 270
    page.keyboard.press("r")
    assert rotation_of(builder, -1, 0) == 180
    # Turning before placing still works: turned on purpose, the tile goes down as turned.
    builder.pick("U")
    for _ in range(3):
        page.keyboard.press("r")
    builder.click_square(0, 1)  # the way it fits best would be 90°: it goes down at 270°
    page.wait_for_selector('[data-testid="tile-0,1"]')
    assert rotation_of(builder, 0, 1) == 270
    builder.figure("red", 0, 0, "N")
    builder.figure("blue", 1, 0, "W")
    assert score(builder) == {"red": 4, "blue": 3}  # a completed two-tile city; a 3-tile road


def test_type_to_find_a_tile_last_used_first_and_none_left_drops_out(open_builder):
    builder = open_builder(PHONE)
    page = builder.page
    search = builder.testid("palette-search")
    search.fill("city road")
    shown = visible_palette(builder)
    assert {"D", "J", "K", "L"} <= set(shown)
    assert not {"A", "B", "C", "E", "U", "V"} & set(shown)
    search.fill("monastery")
    assert set(visible_palette(builder)) >= {"A", "B"}
    assert not {"D", "U"} & set(visible_palette(builder))
    search.fill("u")  # the code typed comes first
    assert visible_palette(builder)[0] == "U"
    search.press("Enter")  # takes the first match and shows every type again
    assert ui(builder, "hand") == "U"
    assert search.input_value() == ""
    builder.pick("E")
    assert visible_palette(builder)[:2] == ["E", "U"]  # the last used first
    # The one copy of C goes down (its cities meet the start tile's): C drops out.
    assert "C" in visible_palette(builder)
    builder.pick("C")
    builder.click_square(0, -1)
    page.wait_for_selector('[data-testid="tile-0,-1"]')
    assert "C" not in visible_palette(builder)
    assert ui(builder, "hand") is None  # no copy left to keep in hand
    # On a phone the board and the palette take the screen together, above the bar
    # that holds Score.
    page.locator("[data-workbench]").evaluate("workbench => workbench.scrollIntoView()")
    page.wait_for_timeout(200)
    bar = builder.testid("score").bounding_box()
    for part in ("board", "palette"):
        box = builder.testid(part).bounding_box()
        assert box["y"] >= -1 and box["y"] + box["height"] <= bar["y"]
    builder.figure("red", 0, 0, "N")
    assert score(builder) == {"red": 3, "blue": 0}  # an open city: 2 tiles and a pennant


def test_a_tap_selects_a_tile_then_one_tap_puts_a_figure_and_a_second_takes_it_back(
        open_builder, tmp_path):
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, [("D", 0, 0, 0), ("E", 0, -1, 180), ("V", 1, 0, 90)])
    builder.fit()
    assert ui(builder, "selected") is None
    red_knight = '[data-testid="figure-red-0,0-N"]'
    page.locator('label[for="turn-red"]').click()
    builder.click_square(0, 0, *SPOTS["N"])  # a tap on a tile nobody selected: selects it
    assert ui(builder, "selected") == "0,0"
    assert builder.board()["figures"] == []
    assert builder.message.startswith("Selected Tile D at (0, 0)")
    builder.click_square(0, 0, *SPOTS["N"])  # on the selected tile: red's knight
    page.wait_for_selector(red_knight)
    builder.click_square(0, 0, *SPOTS["N"])  # the same spot again: taken back
    page.wait_for_selector(red_knight, state="detached")
    builder.click_square(0, 0, *SPOTS["N"])
    page.wait_for_selector(red_knight)
    page.locator('label[for="turn-blue"]').click()
    builder.click_square(0, 0, *SPOTS["N"])  # blue's tap gives the knight blue's colour
    page.wait_for_selector('[data-testid="figure-blue-0,0-N"]')
    assert page.locator(red_knight).count() == 0
    page.locator('label[for="turn-red"]').click()
    builder.click_square(0, 0, *SPOTS["N"])
    page.wait_for_selector(red_knight)
    page.locator('label[for="turn-blue"]').click()
    builder.click_square(1, 0, *SPOTS["W"])  # another tile: selected, nothing else
    assert ui(builder, "selected") == "1,0"
    assert len(builder.board()["figures"]) == 1
    builder.click_square(1, 0, *SPOTS["W"])  # the road
    page.wait_for_selector('[data-testid="figure-blue-1,0-W"]')
    assert sorted((f["player"], f["x"], f["y"], f["at"]) for f in builder.board()["figures"]) == [
        ("blue", 1, 0, "W"), ("red", 0, 0, "N")]
    assert score(builder) == {"red": 4, "blue": 2}  # a completed two-tile city; a 2-tile road


def test_a_held_tile_drags_to_another_square_with_its_figures(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, [("D", 0, 0, 0), ("E", 0, -1, 180), ("V", 1, 0, 90)],
                 [("red", 0, 0, "N"), ("blue", 1, 0, "W")])
    builder.fit()
    # A quick drag pans the board, even from a tile.
    view = builder.testid("board").get_attribute("viewBox")
    sx, sy = builder.point(1, 0)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 40, sy + 30, steps=5)
    page.mouse.up()
    assert builder.testid("board").get_attribute("viewBox") != view
    assert builder.tiles()[(1, 0)] == ("V", 90)
    builder.fit()
    # Held, then dragged west of the start tile: it turns to continue the road there.
    sx, sy = builder.point(1, 0)
    tx, ty = builder.point(-1, 0)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.wait_for_timeout(500)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()
    page.wait_for_selector('[data-testid="tile--1,0"]')
    assert builder.tiles() == {(0, 0): ("D", 0), (0, -1): ("E", 180), (-1, 0): ("V", 180)}
    assert sorted((f["player"], f["x"], f["y"], f["at"]) for f in builder.board()["figures"]) == [
        ("blue", -1, 0, "N"), ("red", 0, 0, "N")]  # the robber went (and turned) with its road
    assert score(builder) == {"red": 4, "blue": 2}
    # A drop where it does not fit leaves it where it was; undo brings the move back.
    sx, sy = builder.point(-1, 0)
    tx, ty = builder.point(2, 2)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.wait_for_timeout(500)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()
    assert builder.tiles()[(-1, 0)] == ("V", 180)
    assert "stays where it was" in builder.message
    page.keyboard.press("Control+z")
    assert builder.tiles()[(1, 0)] == ("V", 90)


def test_a_type_dragged_from_the_palette_goes_down_where_it_is_let_go(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.fit()
    box = builder.testid("palette-V").bounding_box()
    tx, ty = builder.point(1, 0)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(tx, ty, steps=10)
    page.mouse.up()
    page.wait_for_selector('[data-testid="tile-1,0"]')
    assert builder.tiles()[(1, 0)] == ("V", 0)  # turned to meet the start tile's road
    assert ui(builder, "hand") == "V"  # the next copy is one tap away
    # Let go outside the board, a dragged type goes nowhere.
    box = builder.testid("palette-E").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 5, box["y"] - 200, steps=10)
    page.mouse.up()
    assert "outside the board" in builder.message
    assert len(builder.tiles()) == 2
    builder.figure("blue", 1, 0, "W")
    assert score(builder) == {"red": 0, "blue": 2}  # a two-tile road
