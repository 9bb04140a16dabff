"""A tile dragged from the palette and held at the board's edge slides the board that way
(issue 30, static/js/builder/edgescroll.js): a square out of sight takes one drag, not a
drag of the board and then one of the tile.

The board: the start tile D at (0, 0) (a road from west to east) and U turned 90° (a
straight road from west to east) at (1, 0) to (4, 0). The view is zoomed onto (0, 0), so
that the hole east of the road, (5, 0), lies off the right of the visible board.
"""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import import_board
from tests.builder.test_browser import LAPTOP
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

TILES = [("D", 0, 0, 0)] + [("U", x, 0, 90) for x in range(1, 5)]
DEVICES = {"phone": {"width": 390, "height": 844}, "laptop": LAPTOP}
BAND = 28  # edgescroll.js's EDGE_BAND


class Finger:
    """One pointer held down through a whole drag: a finger (CDP touch events) on a
    phone, the mouse's button on a laptop."""

    def __init__(self, builder):
        self.page = builder.page
        self.touch = builder.touch
        self.cdp = self.page.context.new_cdp_session(self.page) if self.touch else None

    def _send(self, kind, x=None, y=None):
        points = [] if x is None else [{"x": x, "y": y, "id": 0}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x, y):
        if self.touch:
            self._send("touchStart", x, y)
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()

    def move(self, x, y, steps=6):
        if self.touch:
            # Each step from where the finger is now; a CDP touch has no "from".
            start = self.at
            for step in range(1, steps + 1):
                self._send("touchMove", start[0] + (x - start[0]) * step / steps,
                           start[1] + (y - start[1]) * step / steps)
        else:
            self.page.mouse.move(x, y, steps=steps)
        self.at = (x, y)

    def up(self):
        if self.touch:
            self._send("touchEnd")
            self.cdp.detach()
        else:
            self.page.mouse.up()


def visible_board(page):
    return page.evaluate("""() => {
        const r = document.querySelector('svg.board').getBoundingClientRect();
        return { left: Math.max(r.left, 0), top: Math.max(r.top, 0),
                 right: Math.min(r.right, innerWidth), bottom: Math.min(r.bottom, innerHeight) };
    }""")


def view_centre(page):
    return page.evaluate("(({ cx, cy }) => [cx, cy])(window.carcwikiBuilder.viewport)")


def zoomed_road(open_builder, tmp_path, device, centre_x):
    """The road's board, zoomed to 120 px a square about board point (centre_x, 50)."""
    builder = open_builder(device)
    import_board(builder, tmp_path, [], TILES)
    builder.testid("board").scroll_into_view_if_needed()
    builder.page.evaluate("""(cx) => { const view = window.carcwikiBuilder.viewport;
        view.scale = 1.2; view.cx = cx; view.cy = 50; view.apply(); }""", centre_x)
    return builder, builder.page, visible_board(builder.page)


def wait_for_square_at(page, x, *, left_of=None, right_of=None):
    """Wait until the middle of square (x, 0) lies on the screen left of ``left_of`` or
    right of ``right_of`` (window pixels)."""
    test = f"p.x < {left_of}" if left_of is not None else f"p.x > {right_of}"
    wait_until(page, f"""(() => {{
        const svg = document.querySelector('svg.board');
        const p = new DOMPoint({(x + 0.5) * 100}, 50).matrixTransform(svg.getScreenCTM());
        return {test};
    }})()""")


@pytest.mark.parametrize("device", DEVICES.values(), ids=DEVICES.keys())
def test_a_tile_held_at_the_edge_slides_the_board_to_its_square(open_builder, tmp_path, device):
    # Zoomed in on the start tile: the road's end, (5, 0), is off the right.
    builder, page, board = zoomed_road(open_builder, tmp_path, device, 50)
    assert builder.point(5, 0)[0] > board["right"]
    centre = view_centre(page)
    middle = ((board["left"] + board["right"]) / 2, (board["top"] + board["bottom"]) / 2)

    palette = builder.testid("palette-U")
    palette.scroll_into_view_if_needed()
    button = palette.bounding_box()
    finger = Finger(builder)
    finger.at = (button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
    finger.down(*finger.at)
    # Out of the palette and over the board's middle: crossing the board's edge on the
    # way in moves nothing.
    finger.move(*middle)
    page.wait_for_timeout(400)
    assert view_centre(page) == centre

    # Held in the right edge's band: after a moment the board slides left, until the
    # hole shows clear of the band; then the tile goes onto it, still in the one drag.
    finger.move(board["right"] - BAND / 3, middle[1])
    wait_for_square_at(page, 5, left_of=board["right"] - BAND - 60)
    # The board slid only one way: the view's centre moved east, not north or south.
    slid = view_centre(page)
    assert slid[0] > centre[0] + 100 and slid[1] == centre[1]
    finger.move(*builder.point(5, 0))
    page.wait_for_timeout(150)
    finger.move(*builder.point(5, 0), steps=1)
    finger.up()

    page.wait_for_selector('[data-testid="tile-5,0"]')
    assert builder.tiles()[(5, 0)] == ("U", 90)  # turned to carry the road on
    assert len(builder.tiles()) == 6  # one tile more, nothing else


@pytest.mark.parametrize("device", DEVICES.values(), ids=DEVICES.keys())
def test_a_placed_tile_carried_to_the_edge_slides_the_board_too(open_builder, tmp_path, device):
    # Zoomed in on the road's east end, (4, 0): the hole west of D, (-1, 0), is off the
    # left of the visible board.
    builder, page, board = zoomed_road(open_builder, tmp_path, device, 450)
    assert builder.point(-1, 0)[0] < board["left"]
    centre = view_centre(page)

    # Press and hold the tile at (4, 0), then carry it to the left edge's band and hold
    # it there until (-1, 0) shows clear of the band; let go on it.
    finger = Finger(builder)
    finger.at = tuple(builder.point(4, 0))
    finger.down(*finger.at)
    page.wait_for_timeout(500)
    finger.move(board["left"] + BAND / 3, finger.at[1])
    rested = int(page.evaluate("window.carcwikiBuilder.state.ui.hoverKey").split(",")[0])
    wait_for_square_at(page, -1, right_of=board["left"] + BAND + 60)
    slid = view_centre(page)
    assert slid[0] < centre[0] - 100 and slid[1] == centre[1]  # west only
    # The finger has not moved since it came into the band, yet the square lit under
    # the carried tile follows the board sliding under it: a square further west than
    # the one lit as the finger came to rest.
    lit = page.evaluate("window.carcwikiBuilder.state.ui.hoverKey")
    assert lit is not None and int(lit.split(",")[0]) < rested
    finger.move(*builder.point(-1, 0))
    page.wait_for_timeout(150)
    finger.move(*builder.point(-1, 0), steps=1)
    finger.up()

    page.wait_for_selector('[data-testid="tile--1,0"]')
    tiles = builder.tiles()
    assert tiles[(-1, 0)] == ("U", 90) and (4, 0) not in tiles  # moved, not copied
    assert len(tiles) == 5
