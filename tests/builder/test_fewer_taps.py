"""Fewer taps on a phone (issue 30): the tile just laid, drawn large over a corner of the
board, takes its figure with one tap, with no pinch or zoom before it; and a tap on a hole
offers the tiles that fit it first.

The board (C3, red and blue, nobody's points before): D at (0, 0), a city on its north
edge and a road from west to east; straight roads (U turned 90°) at x = -3 … -1 and
1 … 3 carry the road on. The whole row fits a 390 px wide screen only with squares about
40 px wide, too small for a fingertip to pick one feature of a tile.

Red then lays E above D: it goes down turned 180° (its city on the south edge closes D's
city), and red's meeple goes into that city from the close-up.
  Red: the completed city, 2 tiles × 2 = 4.
  Blue: no figure, 0.
"""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, score
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
ROW = [("D", 0, 0, 0)] + [("U", x, 0, 90) for x in (-3, -2, -1, 1, 2, 3)]
SCALE = "window.carcwikiBuilder.viewport.scale"
# In the page: the window point of a board point (board units) in the close-up.
CLOSEUP_POINT = """([x, y]) => {
    const svg = document.querySelector('[data-testid=closeup-tile]');
    const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return [p.x, p.y];
}"""
SQUARE_PIXELS = "100 * document.querySelector('svg.board').getScreenCTM().a"


def tap_square(builder, x, y, u=0.5, v=0.5):
    builder.testid("board").scroll_into_view_if_needed()
    builder.page.touchscreen.tap(*builder.point(x, y, u, v))


def test_on_a_phone_the_tile_just_laid_takes_its_figure_in_the_close_up_without_a_zoom(
        open_builder, tmp_path):
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, ["farmers"], ROW)
    # Nothing selected: no close-up.
    assert builder.testid("closeup").is_hidden()
    side = page.evaluate(SQUARE_PIXELS)
    assert side < 48, side
    scale = page.evaluate(SCALE)

    # Red lays E above D: one tap on E, one on its square; it goes down turned to fit.
    builder.testid("palette-E").click()
    tap_square(builder, 0, -1)
    page.wait_for_selector('[data-testid="tile-0,-1"][data-rotation="180"]')
    # The tile just laid is selected, and shows large over the corner away from it.
    closeup = builder.testid("closeup")
    closeup.wait_for()
    assert closeup.get_attribute("data-key") == "0,-1"
    large = closeup.bounding_box()
    assert large["width"] >= 3 * side and large["height"] >= 3 * side
    tile = page.locator('svg.board [data-testid="tile-0,-1"]').bounding_box()
    assert tile["x"] + tile["width"] <= large["x"] or large["x"] + large["width"] <= tile["x"] \
        or tile["y"] >= large["y"] + large["height"]  # the tile itself stays in sight

    # One tap on the city in the close-up (its south part, where it shows): red's meeple.
    page.touchscreen.tap(*page.evaluate(CLOSEUP_POINT, [50, -100 + 84]))
    page.wait_for_selector('[data-testid="figure-red-0,-1-S"]')
    assert figures(builder) == [("red", 0, -1, "S", "meeple")]
    assert builder.message == "Red's meeple on the city (south) of tile E at (0, -1)."
    # Drawn at once on the board and in the close-up; no zoom came before it.
    assert builder.testid("closeup-figure-red-0,-1-S").is_visible()
    assert page.evaluate(SCALE) == scale
    # Undoable: Undo takes it off, Redo puts it back.
    builder.testid("undo").click()
    page.wait_for_selector('[data-testid="figure-red-0,-1-S"]', state="detached")
    assert figures(builder) == []
    builder.testid("redo").click()
    page.wait_for_selector('[data-testid="figure-red-0,-1-S"]')

    assert score(builder) == {"red": 4, "blue": 0}  # a city of 2 tiles × 2

    # A tap on the close-up's figure takes it back, as on the board; the close-up never
    # shows another tile than the selected one: with the last E back in the box (✕ by
    # the tile in hand), a tap on D only selects D, which then shows large.
    page.touchscreen.tap(*page.evaluate(CLOSEUP_POINT, [50, -100 + 84]))
    page.wait_for_selector('[data-testid="figure-red-0,-1-S"]', state="detached")
    builder.testid("hand-drop").click()
    tap_square(builder, 0, 0)
    page.wait_for_selector('[data-testid="closeup"][data-key="0,0"]')
    assert page.evaluate("window.carcwikiBuilder.state.ui.selected") == "0,0"
    assert figures(builder) == []


# The hole (0, -1): D below it shows its city, a straight road U on each side a field.
# What fits there (C3, see tests/builder/js/holes.test.mjs): E (4 copies, turned 180°),
# F and H (2 each, turned 90°), then E-garden, G and H-garden (1 each).
HOLE = [("D", 0, 0, 0), ("U", 1, -1, 0), ("U", -1, -1, 0)]
PALETTE_ORDER = """() => [...document.querySelectorAll('[data-testid=palette] li:not([hidden])')]
    .map((item) => item.dataset.code)"""


def test_a_tap_on_a_hole_offers_the_tiles_that_fit_it_first_and_one_more_tap_lays_one(
        open_builder, tmp_path):
    # A small phone: its two rows of tiles scroll sideways (a tall phone's five rows show
    # every type of this game at once).
    builder = open_builder({"width": 360, "height": 640})
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "abbot"], HOLE)
    assert page.evaluate("window.carcwikiBuilder.state.ui.hand") is None
    # The palette swiped along to its end first: the offer brings it back to its start.
    palette = builder.testid("palette")
    palette.evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
    assert palette.evaluate("(box) => box.scrollLeft") > 0
    tap_square(builder, 0, -1)
    page.wait_for_selector("[data-testid=palette-E].fits-hole")
    wait_until(page, "document.querySelector('[data-testid=palette]').scrollLeft === 0")
    shown, first = palette.bounding_box(), builder.testid("palette-E").bounding_box()
    assert shown["x"] <= first["x"] and first["x"] + first["width"] <= shown["x"] + shown["width"]
    assert page.evaluate(PALETTE_ORDER)[:7] == ["E", "F", "H", "E-garden", "G", "H-garden", "A"]
    offered = page.eval_on_selector_all(
        ".palette-tile.fits-hole",
        "buttons => buttons.map((b) => [b.dataset.code, b.dataset.holeRotation])")
    assert offered == [["E", "180"], ["F", "90"], ["H", "90"], ["E-garden", "180"], ["G", "90"],
                       ["H-garden", "90"]]
    assert builder.message == ("6 tile types fit (0, -1): they come first by the board, turned to "
                               "fit. Tap one to lay it there.")
    # One tap on F lays it in the hole, turned as offered; the offer ends.
    builder.testid("palette-F").click()
    page.wait_for_selector('[data-testid="tile-0,-1"][data-rotation="90"]')
    assert builder.tiles()[(0, -1)] == ("F", 90)
    assert page.locator(".palette-tile.fits-hole").count() == 0
    assert page.evaluate("window.carcwikiBuilder.state.ui.hand") == "F"  # one copy left


def test_on_a_phone_one_tap_on_the_strip_changes_the_figure_just_put_once(open_builder, tmp_path):
    """The strip's buttons are drawn again as soon as the figure changes; the click that
    a phone sends after a finger's tap must not reach the button now under the finger
    ("Make it a meeple" where "Make it a large meeple" was) and change the figure back.

    Red's large meeple in E's city, closed by D: 2 tiles × 2 = 4; blue 0."""
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "inns-cathedrals"], ROW)
    builder.testid("palette-E").click()
    tap_square(builder, 0, -1)
    page.wait_for_selector('[data-testid="tile-0,-1"][data-rotation="180"]')
    builder.testid("closeup").wait_for()
    page.touchscreen.tap(*page.evaluate(CLOSEUP_POINT, [50, -100 + 84]))
    page.wait_for_selector('[data-testid="figure-red-0,-1-S"]')
    assert figures(builder) == [("red", 0, -1, "S", "meeple")]

    large = builder.testid("choose-kind-large").bounding_box()
    page.touchscreen.tap(large["x"] + large["width"] / 2, large["y"] + large["height"] / 2)
    builder.testid("choose-kind-meeple").wait_for()  # the figure is a large meeple now
    # Where "Large meeple" was, the strip now offers "Meeple": the tap's click is not a
    # second choice.
    assert builder.testid("choose-kind-meeple").is_visible()
    page.wait_for_timeout(800)
    assert figures(builder) == [("red", 0, -1, "S", "large")]
    assert builder.message == "Now a large meeple: the figure at (0, -1). Undo changes it back."
    assert score(builder) == {"red": 4, "blue": 0}
