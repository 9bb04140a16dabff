"""Fewer taps on a phone (issue 30): the tile just laid, drawn large over a corner of the
board, takes its figure with one tap, with no pinch or zoom before it.

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
    # shows another tile than the selected one: a tap on D only selects D.
    page.touchscreen.tap(*page.evaluate(CLOSEUP_POINT, [50, -100 + 84]))
    page.wait_for_selector('[data-testid="figure-red-0,-1-S"]', state="detached")
    tap_square(builder, 0, 0)
    page.wait_for_selector('[data-testid="closeup"][data-key="0,0"]')
    assert figures(builder) == []
