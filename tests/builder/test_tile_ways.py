"""The ways the tile just laid fits, one tap each (issue 30): a strip over the board's foot
shows the tile turned each way it fits, the way it lies marked, and one tap turns it to
the way tapped, as one change that one undo takes back.

The board (C3 with Traders & Builders, red and blue): E on the start square, its city on
the north edge. The hole north of it, (0, -1), needs a city on its south edge:
- traders-M (a city with cloth over the north and west edges, its own cities on the east
  and the south) has a city on every edge and four looks: it fits four ways, clockwise
  from 0° (one neighbour, so each way continues one edge);
- I (cities on the north and the east edge) laid at (1, -1), beside traders-M's east
  city, fits turned 180° or 270°: two ways;
- B (a monastery, fields all round) north of I (its field edge there) fits one way
  only: no strip.
"""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import import_board, inside
from tests.builder.test_phone_reach import BOARD_HEIGHT, SCREENS, tap
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def lay(builder, code, x, y):
    """Tap the type in the palette, then its square: it goes down turned to fit."""
    builder.testid(f"palette-{code}").click()
    wait_until(builder.page, f"window.carcwikiBuilder.state.ui.hand === {code!r}")
    builder.click_square(x, y)
    builder.page.wait_for_selector(f'[data-testid="tile-{x},{y}"]')


def rotation(builder, x, y):
    return int(builder.testid(f"tile-{x},{y}").get_attribute("data-rotation"))


def pressed(strip):
    return strip.locator("button").evaluate_all(
        "(all) => all.map((b) => [Number(b.dataset.rotation), b.getAttribute('aria-pressed')])")


@pytest.mark.parametrize("screen", SCREENS, ids=SCREENS.keys())
def test_a_tile_is_turned_to_any_way_it_fits_with_one_tap(open_builder, tmp_path, screen):
    viewport = SCREENS[screen]
    builder = open_builder(viewport)
    page = builder.page
    import_board(builder, tmp_path, ["traders-builders"], [("E", 0, 0, 0)])
    page.evaluate("window.scrollTo(0, 0)")
    strip = builder.testid("tile-ways")
    assert strip.is_hidden()

    # traders-M goes down as printed (the first way), and the strip shows its four ways,
    # each the tile's picture turned so, the first marked.
    lay(builder, "traders-M", 0, -1)
    assert rotation(builder, 0, -1) == 0
    assert builder.message == ("Placed tile traders-M at (0, -1). It fits 3 other ways: tap the "
                               "way it lies at the board's foot (or ⟳ above the board, or R).")
    strip.wait_for()
    assert pressed(strip) == [[0, "true"], [90, "false"], [180, "false"], [270, "false"]]
    third = builder.testid("way-180")
    assert third.get_attribute("aria-label") == (
        "Tile traders-M turned 180°, way 3 of 4: city in the south-east corner with cloth, "
        "separate cities on the west and the north, a field in the middle between the three")
    assert third.locator("img").evaluate("(img) => img.style.transform") == "rotate(180deg)"
    assert strip.get_attribute("aria-label") == "The 4 ways tile traders-M at (0, -1) fits"
    # Over the board, in sight, and the board keeps its height.
    board = builder.testid("board").bounding_box()
    assert inside(board, strip.bounding_box())
    assert inside({"x": 0, "y": 0, **viewport}, strip.bounding_box())
    if screen in BOARD_HEIGHT:
        assert round(board["height"]) == BOARD_HEIGHT[screen]

    # One tap on the third way: the tile lies turned 180°, said as ⟳ says it, marked.
    undoable = page.evaluate("window.carcwikiBuilder.state.undoStack.length")
    tap(builder, third)
    page.wait_for_selector('[data-testid="tile-0,-1"][data-rotation="180"]')
    assert builder.message == "Tile traders-M at (0, -1) now turned 180° (way 3 of 4 it fits)."
    wait_until(page, "document.querySelector('[data-testid=way-180]')"
                     "?.getAttribute('aria-pressed') === 'true'")
    assert pressed(strip) == [[0, "false"], [90, "false"], [180, "true"], [270, "false"]]
    assert page.evaluate("window.carcwikiBuilder.state.undoStack.length") == undoable + 1

    # One undo: the first way again. The board changed since the tile went down, so it is
    # no longer the tile just laid (as for ⟳): the strip goes.
    builder.testid("undo").click()
    page.wait_for_selector('[data-testid="tile-0,-1"][data-rotation="0"]')
    strip.wait_for(state="hidden")

    # I beside traders-M's east city: two ways, the strip offers both.
    lay(builder, "I", 1, -1)
    strip.wait_for()
    assert pressed(strip) == [[180, "true"], [270, "false"]]
    # The next tile, B, fits one way: no strip, and I is no longer the tile just laid.
    lay(builder, "B", 1, -2)
    strip.wait_for(state="hidden")
    assert builder.board()["tiles"][-1] == {"tile": "B", "x": 1, "y": -2, "rotation": 0}


def apart(one, other):
    """Whether two boxes share no pixel (a pixel's leeway)."""
    return any(first[start] + first[size] <= second[start] + 1
               for first, second in ((one, other), (other, one))
               for start, size in (("x", "width"), ("y", "height")))


@pytest.mark.parametrize("screen", SCREENS, ids=SCREENS.keys())
def test_a_ferry_with_several_ways_shows_both_strips_side_by_side(open_builder, tmp_path, screen):
    """ferries-B (jetties east, south and west; a field north) laid east of D (C2, The
    Ferries), against D's road: each of its three jetties may face west, so it fits three
    ways, and the ferry's link is a strip of its own. Both lie in one row at the board's
    foot, clear of each other and of the close-up of the tile; the board keeps its
    height."""
    viewport = SCREENS[screen]
    builder = open_builder(viewport)
    page = builder.page
    import_board(builder, tmp_path, ["ferries"], [("D", 0, 0, 0)], edition="C2")
    page.evaluate("window.scrollTo(0, 0)")
    lay(builder, "ferries-B", 1, 0)
    ways, holds = builder.testid("tile-ways"), builder.testid("tile-holds")
    ways.wait_for()
    holds.wait_for()
    assert pressed(ways) == [[0, "true"], [90, "false"], [180, "false"]]
    assert holds.locator("button").all_text_contents() == ["E–S", "E–W", "S–W"]
    board = builder.testid("board").bounding_box()
    boxes = [ways.bounding_box(), holds.bounding_box()]
    for box in boxes:
        assert inside(board, box)
        assert inside({"x": 0, "y": 0, **viewport}, box)
    assert apart(*boxes)
    assert round(boxes[0]["y"] + boxes[0]["height"]) == round(boxes[1]["y"] + boxes[1]["height"])
    closeup = builder.testid("closeup")
    if closeup.is_visible():
        assert all(apart(closeup.bounding_box(), box) for box in boxes)
    if screen in BOARD_HEIGHT:
        assert round(board["height"]) == BOARD_HEIGHT[screen]

    # A tap on the second way turns the lake; its links are named as it now lies.
    tap(builder, builder.testid("way-90"))
    page.wait_for_selector('[data-testid="tile-1,0"][data-rotation="90"]')
    wait_until(page, "document.querySelector('[data-testid=hold-ferry-E-S]')"
                     "?.textContent === 'S–W'")
    if not builder.touch:
        # From the keyboard: Enter on a way's button turns the tile, and the focus stays
        # on that way's button, drawn again.
        builder.testid("way-180").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector('[data-testid="tile-1,0"][data-rotation="180"]')
        wait_until(page, "document.activeElement?.dataset.rotation === '180'")
