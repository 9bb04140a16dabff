"""The builder at the table, fewer actions (issue 30): what the selected tile holds (a
ferry's link) is one tap over the board, with no scroll to the tile's panel, and "Done:
to the board" folds the game's panel and brings the board back after the set-up.

The board is test_inputs' small Big Box 6 table (C2), without the gold, the markers, the
mage and the witch:
  goldmines-H at (-2, 0); W at (-1, 0): three roads leave a village; D at (0, 0): a city
  on the north, a road from west to east; E turned 180° at (0, -1) closes D's city;
  ferries-B turned 90° at (1, 0): its printed east, south and west jetties lie south,
  west and north; X at (1, 1): its north road meets the lake's south jetty.
Red's meeple on D's road, blue's on D's city.
"""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import import_board, inside, score
from tests.builder.test_browser import LAPTOP
from tests.builder.test_inputs import BIG_BOX_6, FIGURES, TILES
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

SCREENS = {"laptop": LAPTOP, "390x844": {"width": 390, "height": 844},
           "360x640": {"width": 360, "height": 640}}
# The board's height on each phone, as before the strip (test_phone's figures).
# The board's height on a phone: the palette's search sits in the toolbar, so a small
# phone's board is 38 px taller than with the search on a row of its own (206), and a
# tall phone's keeps a third of the screen under six rows of tiles, their columns fitted
# to the width (eight at 390 px, pictures 39 px; 273 under five rows of seven, 40 px).
BOARD_HEIGHT = {"390x844": 257, "360x640": 248}


def tap(builder, locator):
    """A finger's tap on a phone, a click on a laptop."""
    if builder.touch:
        spot = locator.bounding_box()
        builder.page.touchscreen.tap(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
    else:
        locator.click()


def the_table(open_builder, tmp_path, viewport):
    """The builder on ``viewport`` with the table of the module's docstring, scrolled to
    the top."""
    builder = open_builder(viewport)
    import_board(builder, tmp_path, BIG_BOX_6, TILES, FIGURES, edition="C2")
    builder.page.evaluate("window.scrollTo(0, 0)")
    return builder


def ferry(builder):
    lake = next(tile for tile in builder.board()["tiles"] if tile["tile"] == "ferries-B")
    return lake.get("state")


@pytest.mark.parametrize("screen", SCREENS, ids=SCREENS.keys())
def test_the_ferry_is_linked_with_one_tap_over_the_board(open_builder, tmp_path, screen):
    viewport = SCREENS[screen]
    builder = the_table(open_builder, tmp_path, viewport)
    page = builder.page
    # A tile that holds nothing: no strip.
    builder.hold_square(0, 0)
    assert builder.testid("tile-holds").is_hidden()

    # No ferry yet: red's road runs from W's village through D to the lake's west jetty,
    # where it ends: 3 tiles × 1 = 3. Blue's city, E and D: 2 tiles × 2 = 4.
    assert score(builder) == {"red": 3, "blue": 4}
    page.evaluate("window.scrollTo(0, 0)")

    # The lake selected: its jetty pairs are buttons over the board, named as the turned
    # tile lies (printed E-S, E-W and S-W lie south-west, south-north and west-north),
    # in sight with the page where it is.
    builder.hold_square(1, 0)
    strip = builder.testid("tile-holds")
    strip.wait_for()
    scrolled = page.evaluate("scrollY")
    assert strip.locator(".tile-hold-label").text_content() == "The ferry links the jetties"
    assert strip.locator("button").all_text_contents() == ["S–W", "S–N", "W–N"]
    labels = "(all) => all.map((button) => button.getAttribute('aria-label'))"
    assert strip.locator("button").evaluate_all(labels) == [
        "The ferry links the jetties: south and west",
        "The ferry links the jetties: south and north",
        "The ferry links the jetties: west and north"]
    board = builder.testid("board").bounding_box()
    assert inside(board, strip.bounding_box())
    assert inside({"x": 0, "y": 0, **viewport}, strip.bounding_box())
    if screen in BOARD_HEIGHT:
        assert round(board["height"]) == BOARD_HEIGHT[screen]

    # One tap: the ferry links the west jetty to the south one, drawn on the board, said,
    # and the button shows it chosen. The page did not move.
    tap(builder, builder.testid("hold-ferry-E-S"))
    wait_until(page, """window.carcwikiBuilder.state.toBoard().tiles
        .some((t) => t.tile === 'ferries-B' && t.state?.ferry === 'E-S')""")
    assert ferry(builder) == {"ferry": "E-S"}
    assert page.locator('[data-testid="tile-state-1,0-ferry"]').get_attribute("data-sides") == "S-W"
    assert builder.message == ("The ferry links the jetties: south and west (tile ferries-B at "
                               "(1, 0)). Undo changes it back.")
    assert builder.testid("hold-ferry-E-S").get_attribute("aria-pressed") == "true"
    assert builder.testid("hold-ferry-E-W").get_attribute("aria-pressed") == "false"
    assert page.evaluate("scrollY") == scrolled
    # The panel's field says the same.
    assert builder.testid("tile-state-ferry").input_value() == "E-S"

    # Red's road now runs on over the ferry to X at (1, 1), where it ends: 4 tiles × 1 =
    # 4. Blue is unchanged: 4.
    assert score(builder) == {"red": 4, "blue": 4}
    # Undo takes the link off again.
    builder.testid("undo").click()
    wait_until(page, """!window.carcwikiBuilder.state.toBoard().tiles
        .find((t) => t.tile === 'ferries-B').state""")
    assert score(builder) == {"red": 3, "blue": 4}


@pytest.mark.parametrize("screen", ["390x844", "360x640"])
def test_done_folds_the_game_and_brings_the_board_back_on_a_phone(open_builder, screen):
    viewport = SCREENS[screen]
    builder = open_builder(viewport)
    page = builder.page
    builder.open_setup()
    builder.testid("add-player").click()
    builder.testid("player-points-2").fill("12")
    done = builder.testid("setup-done")
    done.scroll_into_view_if_needed()
    # The open panel has pushed the board and the tiles below the screen.
    assert builder.testid("palette").bounding_box()["y"] > viewport["height"]
    tap(builder, done)
    wait_until(page, "!document.querySelector('[data-setup]').open && scrollY === 0")
    assert builder.board()["players"][2]["points"] == 12
    # The first screen again: the board and the tiles by it, above the bar with Score.
    bar = builder.testid("score").bounding_box()
    board = builder.testid("board").bounding_box()
    palette = builder.testid("palette").bounding_box()
    assert board["y"] >= 0 and round(board["height"]) == BOARD_HEIGHT[screen]
    assert palette["y"] + palette["height"] <= bar["y"]
    assert builder.message == ("Set up. Pick the next tile from the tiles by the board; a tap on "
                               "“Game and players” opens the game again.")


def test_a_mage_put_from_the_tile_panel_brings_the_board_back_on_a_phone(open_builder, tmp_path):
    viewport = SCREENS["390x844"]
    builder = the_table(open_builder, tmp_path, viewport)
    page = builder.page
    builder.hold_square(0, 0)
    board_before = builder.testid("board").bounding_box()
    # The panel of the selected tile lies under the board: the player scrolls down to it.
    road = page.evaluate("window.carcwikiBuilder.catalogue.geometry.view('D', 0).at.W")
    put = builder.testid(f"put-neutral-mage-{road}")
    put.scroll_into_view_if_needed()
    assert builder.testid("board").bounding_box()["y"] + board_before["height"] < 0
    tap(builder, put)
    page.wait_for_selector('[data-testid^="neutral-mage-0,0-"]')
    # On D's road from west to east (the page stands it at the road's east end).
    assert builder.board()["neutral"] == [{"kind": "mage", "x": 0, "y": 0, "at": "E"}]
    # The board is back in sight, as high as before, with the mage on it.
    board = builder.testid("board").bounding_box()
    assert board["y"] >= 0 and board["height"] == board_before["height"]
    assert board["y"] + board["height"] <= builder.testid("score").bounding_box()["y"]
    assert inside(board, page.locator('[data-testid^="neutral-mage-0,0-"]').bounding_box())
    # Red's road from W's village through D to the lake: 3 tiles × 1 = 3, and the mage
    # adds 1 a tile: 3 + 3 = 6. Blue's city: 2 tiles × 2 = 4.
    assert score(builder) == {"red": 6, "blue": 4}


def test_done_folds_the_game_beside_the_board_on_a_laptop(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    # A new board opens with the game and the players beside the board.
    assert page.evaluate("document.querySelector('[data-setup]').open")
    builder.testid("player-points-1").fill("7")
    builder.testid("setup-done").scroll_into_view_if_needed()
    scrolled = page.evaluate("scrollY")
    builder.testid("setup-done").click()
    wait_until(page, "!document.querySelector('[data-setup]').open")
    assert builder.board()["players"][1]["points"] == 7
    # The page stays where it was: the board stays in sight beside the folded panel.
    page.wait_for_timeout(100)  # a scroll would come on the next frame
    assert page.evaluate("scrollY") == scrolled
    board = builder.testid("board").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= LAPTOP["height"]


def overlap(one, other):
    """Whether two boxes share any area."""
    return (one["x"] < other["x"] + other["width"] and other["x"] < one["x"] + one["width"]
            and one["y"] < other["y"] + other["height"] and other["y"] < one["y"] + one["height"])


@pytest.mark.parametrize("screen", ["390x844", "360x640"])
def test_the_close_up_leaves_the_zoom_buttons_in_reach(open_builder, tmp_path, screen):
    viewport = SCREENS[screen]
    builder = the_table(open_builder, tmp_path, viewport)
    page = builder.page
    # The board zoomed out below a fingertip's square, and the west end's tile selected:
    # the close-up takes the corner away from it, the right one.
    page.evaluate("window.carcwikiBuilder.viewport.zoomAt(0.4)")
    builder.hold_square(-2, 0)
    closeup = builder.testid("closeup")
    closeup.wait_for()
    assert closeup.get_attribute("data-side") == "right"
    board = builder.testid("board").bounding_box()
    shown = closeup.bounding_box()
    for button in ("zoom-in", "zoom-out", "fit"):
        spot = builder.testid(button).bounding_box()
        assert inside(board, spot), button
        assert not overlap(shown, spot), button
    # A tap on + reaches the button and zooms in by a quarter.
    before = page.evaluate("window.carcwikiBuilder.viewport.scale")
    tap(builder, builder.testid("zoom-in"))
    wait_until(page, f"window.carcwikiBuilder.viewport.scale > {before}")
    assert page.evaluate("window.carcwikiBuilder.viewport.scale") == pytest.approx(before * 1.25)


# In the page: of the palette's types, how many buttons lie wholly inside the palette's
# box, how many partly (cut at its edge), and in how many columns the whole ones lie.
PALETTE_SHOWS = """() => {
    const frame = document.querySelector('[data-testid=palette]').getBoundingClientRect();
    const boxes = [...document.querySelectorAll('[data-testid=palette] li:not([hidden]) button')]
        .map((button) => button.getBoundingClientRect());
    const across = (b) => b.right > frame.left && b.left < frame.right
        && b.bottom > frame.top && b.top < frame.bottom;
    const whole = (b) => b.left >= frame.left - 0.5 && b.right <= frame.right + 0.5
        && b.top >= frame.top - 0.5 && b.bottom <= frame.bottom + 0.5;
    return { whole: boxes.filter(whole).length,
             cut: boxes.filter((b) => across(b) && !whole(b)).length,
             columns: new Set(boxes.filter(whole).map((b) => Math.round(b.left))).size };
}"""


@pytest.mark.parametrize(("screen", "columns", "rows"), [("390x844", 8, 6), ("360x640", 7, 2)])
def test_a_phone_palette_shows_whole_columns_and_none_cut(open_builder, tmp_path, screen,
                                                          columns, rows):
    """Each type out of sight costs a swipe, and one cut at the strip's edge cannot be
    read: the columns fill the strip's width exactly (eight at 390 px, seven at 360)."""
    builder = the_table(open_builder, tmp_path, SCREENS[screen])
    shows = builder.page.evaluate(PALETTE_SHOWS)
    assert shows == {"whole": columns * rows, "cut": 0, "columns": columns}


def test_a_laptop_palette_has_five_columns_beside_the_board(open_builder, tmp_path):
    builder = the_table(open_builder, tmp_path, LAPTOP)
    builder.testid("board").scroll_into_view_if_needed()
    builder.page.evaluate("window.scrollBy(0, document.querySelector('[data-testid=palette]')"
                          ".getBoundingClientRect().top)")
    shows = builder.page.evaluate(PALETTE_SHOWS)
    # The palette is as high as the board (644 px at 1280x900) and scrolls down: fourteen
    # rows of five, each 42 px and a gap of 3 (twelve rows of four before: 48).
    assert round(builder.testid("palette").bounding_box()["height"]) == 644
    assert (shows["whole"], shows["columns"]) == (70, 5)


@pytest.mark.parametrize("screen", ["360x640", "390x844"])
def test_the_code_of_the_tile_in_hand_is_read_whole_on_a_phone(open_builder, tmp_path, screen):
    """A Big Box 6 game's longest codes ("ferries-B", "goldmines-H") fit the hand on the
    smallest phone: the words after the code ("turns to fit") give way first."""
    builder = the_table(open_builder, tmp_path, SCREENS[screen])
    for code in ("ferries-B", "goldmines-H"):
        builder.page.evaluate(f"window.carcwikiBuilder.state.setUi({{ hand: '{code}' }})")
        shown = builder.page.locator("[data-testid=hand] .hand-code")
        shown.wait_for()
        assert shown.text_content() == code
        # Whole: not cut by its own box, and inside the hand's.
        assert shown.evaluate("e => e.scrollWidth <= e.clientWidth")
        assert inside(builder.testid("hand").bounding_box(), shown.bounding_box())
