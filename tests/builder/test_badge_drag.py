"""A player's badge dragged onto a feature puts that player's figure there (issue 30): one
gesture instead of choosing the player, then tapping the feature; that player stays
chosen, so the next tap puts their figure too. A kind dragged from beside the players
does the same for the kind, and a drag from a badge that rests on a kind on its way (or
from a kind that rests on a badge) puts that player's figure of that kind: the owner and
the kind in one gesture; a badge crossed without a rest changes nothing. The same with a
mouse and with a finger (on a phone, onto the close-up of the selected tile).

The board (C3, red and blue, nobody's points before): D at (0, 0), a city on its north
edge and a road from west to east; E at (0, -1) turned 180°, its city on the south edge,
closing D's city (two tiles).
  Blue's meeple in the city: completed, 2 tiles × 2 = 4.
  Blue's meeple on D's road: open at both ends, 1 tile × 1 = 1.
  Blue 4 + 1 = 5; red has no figure: 0.
"""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, score
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
CITY = [("D", 0, 0, 0), ("E", 0, -1, 180)]
ROW = [("D", 0, 0, 0)] + [("U", x, 0, 90) for x in (-3, -2, -1, 1, 2, 3)]
CURRENT = "window.carcwikiBuilder.state.ui.currentPlayer"
CLOSEUP_POINT = """([x, y]) => {
    const svg = document.querySelector('[data-testid=closeup-tile]');
    const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return [p.x, p.y];
}"""


def badge_centre(builder, color):
    box = builder.page.locator(f'label[for="turn-{color}"] .badge').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def kind_centre(builder, code):
    box = builder.page.locator(f'label[for="turn-kind-{code}"] .kind-icon').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


REST_MS = 300  # a rest on a badge or a kind on the way: over the page's 200 ms


def mouse_drag(page, start, end, through=()):
    page.mouse.move(*start)
    page.mouse.down()
    for point in through:
        page.mouse.move(*point, steps=8)
        page.wait_for_timeout(REST_MS)
    page.mouse.move(*end, steps=8)
    page.mouse.up()


def finger_drag(page, start, end, through=(), before_lift=None):
    touch = page.context.new_cdp_session(page)

    def send(kind, points):
        touch.send("Input.dispatchTouchEvent", {
            "type": kind, "touchPoints": [{"x": x, "y": y, "id": 0} for x, y in points]})
    send("touchStart", [start])
    at = start
    for point in [*through, end]:
        for step in range(1, 9):
            send("touchMove", [(at[0] + (point[0] - at[0]) * step / 8,
                                at[1] + (point[1] - at[1]) * step / 8)])
        at = point
        if point != end:
            page.wait_for_timeout(REST_MS)  # the finger rests on the badge or kind
    page.wait_for_timeout(120)  # the finger rests on the feature before it lets go
    if before_lift:
        before_lift()
    send("touchEnd", [])
    touch.detach()


def test_a_badge_dragged_onto_a_feature_puts_that_players_figure_and_keeps_them_chosen(
        open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers"], CITY)
    assert page.evaluate(CURRENT) == "red"
    assert page.evaluate("window.carcwikiBuilder.state.ui.selected") is None

    # Blue's badge let go on E's city, a tile not selected: blue's meeple goes there.
    mouse_drag(page, badge_centre(builder, "blue"), builder.point(0, -1, 0.5, 0.84))
    page.wait_for_selector('[data-testid="figure-blue-0,-1-S"]')
    assert figures(builder) == [("blue", 0, -1, "S", "meeple")]
    assert builder.message == "Blue's meeple on the city (south) of tile E at (0, -1)."
    assert page.evaluate(CURRENT) == "blue"
    assert page.locator("#turn-blue").is_checked()
    # The strip by the figure just put offers red and the other kinds, as after a tap.
    assert builder.testid("choose-player-red").is_visible()

    # Blue stays chosen: a click selects D, the next puts blue's meeple on its road.
    builder.click_square(0, 0, 0.84, 0.5)
    page.wait_for_selector('[data-testid="tile-0,0"].is-selected')
    assert len(figures(builder)) == 1
    builder.click_square(0, 0, 0.84, 0.5)
    page.wait_for_selector('[data-testid="figure-blue-0,0-E"]')
    assert figures(builder) == [("blue", 0, -1, "S", "meeple"), ("blue", 0, 0, "E", "meeple")]

    # Undo takes the road's meeple back; undo again takes the city's.
    builder.testid("undo").click()
    assert figures(builder) == [("blue", 0, -1, "S", "meeple")]
    builder.testid("redo").click()
    assert score(builder) == {"red": 0, "blue": 5}


def test_a_badge_let_go_off_the_tiles_puts_nothing_and_says_so(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers"], CITY)
    mouse_drag(page, badge_centre(builder, "blue"), builder.point(3, 3))
    page.locator("#turn-blue:checked").wait_for(state="attached")
    assert figures(builder) == []
    assert builder.message == ("Blue's figure was let go off the tiles: nothing put. "
                               "Blue now puts the figures.")


def test_on_a_phone_a_badge_dragged_onto_the_close_up_puts_that_players_figure(
        open_builder, tmp_path):
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, ["farmers"], ROW)
    # Red lays E above D: it goes down turned 180°, selected, and shows large.
    builder.testid("palette-E").click()
    builder.testid("board").scroll_into_view_if_needed()
    page.touchscreen.tap(*builder.point(0, -1))
    page.wait_for_selector('[data-testid="tile-0,-1"][data-rotation="180"]')
    builder.testid("closeup").wait_for()
    assert page.evaluate(CURRENT) == "red"

    # One drag of blue's badge onto the city in the close-up: blue's meeple.
    finger_drag(page, badge_centre(builder, "blue"),
                page.evaluate(CLOSEUP_POINT, [50, -100 + 84]))
    page.wait_for_selector('[data-testid="figure-blue-0,-1-S"]')
    assert figures(builder) == [("blue", 0, -1, "S", "meeple")]
    assert page.evaluate(CURRENT) == "blue"
    assert builder.testid("closeup-figure-blue-0,-1-S").is_visible()


def test_a_kind_dragged_onto_a_feature_puts_one_figure_of_that_kind(open_builder, tmp_path):
    """Red's large meeple in the city of D and E: 2 tiles × 2 = 4; blue 0."""
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "inns-cathedrals"], CITY)
    box = page.locator('label[for="turn-kind-large"] .kind-icon').bounding_box()
    mouse_drag(page, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2),
               builder.point(0, -1, 0.5, 0.84))
    page.wait_for_selector('[data-testid="figure-red-0,-1-S"]')
    assert figures(builder) == [("red", 0, -1, "S", "large")]
    assert builder.message == "Red's large meeple on the city (south) of tile E at (0, -1)."
    # The drag was for that figure: the meeple stays chosen for the next ones (most
    # figures are meeples), and red stays the player.
    assert page.locator("#turn-kind-meeple").is_checked()
    assert not page.locator("#turn-kind-large").is_checked()
    assert page.evaluate(CURRENT) == "red"
    assert score(builder) == {"red": 4, "blue": 0}
    # Let go off the tiles: nothing put, and still the meeple chosen.
    mouse_drag(page, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2),
               builder.point(3, 3))
    wait_until(page, "document.querySelector('[data-testid=message]').textContent"
                     ".startsWith('The large meeple was let go')")
    assert builder.message == "The large meeple was let go off the tiles: nothing put."
    assert page.locator("#turn-kind-meeple").is_checked()
    assert figures(builder) == [("red", 0, -1, "S", "large")]


def test_a_builder_let_go_on_the_meeple_it_joins_stands_beside_it(open_builder, tmp_path):
    """Red's meeple on D's road, open at both ends: 1 tile × 1 = 1; the builder adds
    nothing at the end. Blue's meeple in the city of D and E: 2 tiles × 2 = 4."""
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "traders-builders"], CITY,
                 [("red", 0, 0, "E", "meeple"), ("blue", 0, -1, "S", "meeple")])
    meeple = page.locator('[data-testid="figure-red-0,0-E"]').bounding_box()
    grip = page.locator('label[for="turn-kind-builder"] .kind-icon').bounding_box()
    # The builder's icon let go right on red's meeple: the builder joins it on the road;
    # the meeple is not taken back, as a tap on it would.
    mouse_drag(page, (grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2),
               (meeple["x"] + meeple["width"] / 2, meeple["y"] + meeple["height"] / 2))
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 3")
    assert sorted(figures(builder)) == [("blue", 0, -1, "S", "meeple"),
                                        ("red", 0, 0, "E", "builder"),
                                        ("red", 0, 0, "E", "meeple")]
    assert builder.message.startswith("Red's builder on the road")
    assert page.locator("#turn-kind-meeple").is_checked()
    assert score(builder) == {"red": 1, "blue": 4}


def test_a_kind_resting_on_a_badge_on_its_way_puts_that_players_figure_of_that_kind(
        open_builder, tmp_path):
    """Blue's large meeple in the city of D and E: 2 tiles × 2 = 4; red 0. Red is the
    player chosen, the meeple the kind chosen."""
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "inns-cathedrals"], CITY)
    assert page.evaluate(CURRENT) == "red"
    # From the large meeple, resting on the meeple (a kind: the drag stays a large
    # meeple) and on blue's badge, then across red's without a rest and onto E's city.
    page.mouse.move(*kind_centre(builder, "large"))
    page.mouse.down()
    page.mouse.move(*kind_centre(builder, "meeple"), steps=8)
    page.wait_for_timeout(REST_MS)
    ghost = builder.testid("figure-drag")
    assert (ghost.get_attribute("data-player"), ghost.get_attribute("data-kind")) == (
        "red", "large")
    resting = badge_centre(builder, "blue")
    page.mouse.move(*resting, steps=8)
    wait_until(page, "document.querySelector('[data-testid=figure-drag]')"
                     "?.dataset.player === 'blue'")
    assert ghost.get_attribute("data-kind") == "large"
    # Drawn again for blue while the pointer rests: still under the pointer.
    drawn = ghost.bounding_box()
    assert drawn["x"] <= resting[0] <= drawn["x"] + drawn["width"]
    assert drawn["y"] <= resting[1] <= drawn["y"] + drawn["height"]
    page.mouse.move(*badge_centre(builder, "red"), steps=4)
    page.mouse.move(*builder.point(0, -1, 0.5, 0.84), steps=8)
    assert ghost.get_attribute("data-player") == "blue"
    page.mouse.up()
    page.wait_for_selector('[data-testid="figure-blue-0,-1-S"]')
    assert figures(builder) == [("blue", 0, -1, "S", "large")]
    assert builder.message == "Blue's large meeple on the city (south) of tile E at (0, -1)."
    assert ghost.count() == 0
    # Blue stays chosen, as after a badge's drag; the kind was for this figure only.
    assert page.evaluate(CURRENT) == "blue"
    assert page.locator("#turn-kind-meeple").is_checked()
    assert score(builder) == {"red": 0, "blue": 4}
    # Let go off the tiles: nothing put, and the message names both.
    mouse_drag(page, kind_centre(builder, "large"), builder.point(3, 3),
               through=[badge_centre(builder, "red")])
    wait_until(page, "document.querySelector('[data-testid=message]').textContent"
                     ".startsWith(\"Red's large meeple was let go\")")
    assert builder.message == ("Red's large meeple was let go off the tiles: nothing put. "
                               "Red now puts the figures.")
    assert figures(builder) == [("blue", 0, -1, "S", "large")]


def test_on_a_phone_a_badge_resting_on_a_kind_on_its_way_puts_one_figure_of_both(
        open_builder, tmp_path):
    """Red's large meeple in the city of D and E: 2 tiles × 2 = 4; blue 0. Blue is the
    player chosen when red's badge is picked up."""
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "inns-cathedrals"], ROW)
    builder.testid("palette-E").click()
    builder.testid("board").scroll_into_view_if_needed()
    page.touchscreen.tap(*builder.point(0, -1))
    page.wait_for_selector('[data-testid="tile-0,-1"][data-rotation="180"]')
    builder.testid("closeup").wait_for()
    page.locator('label[for="turn-blue"]').tap()
    wait_until(page, f"{CURRENT} === 'blue'")

    seen = {}

    def look_at_the_finger():
        ghost = builder.testid("figure-drag")
        seen.update(player=ghost.get_attribute("data-player"),
                    kind=ghost.get_attribute("data-kind"))
    # Red's badge, resting on blue's (a badge: the drag stays red's) and on the large
    # meeple, onto the city in the close-up.
    finger_drag(page, badge_centre(builder, "red"), page.evaluate(CLOSEUP_POINT, [50, -100 + 84]),
                through=[badge_centre(builder, "blue"), kind_centre(builder, "large")],
                before_lift=look_at_the_finger)
    page.wait_for_selector('[data-testid="figure-red-0,-1-S"]')
    assert seen == {"player": "red", "kind": "large"}
    assert figures(builder) == [("red", 0, -1, "S", "large")]
    assert page.evaluate(CURRENT) == "red"
    assert page.locator("#turn-kind-meeple").is_checked()
    assert builder.testid("closeup-figure-red-0,-1-S").is_visible()
    assert score(builder) == {"red": 4, "blue": 0}


def test_a_drag_still_rests_on_a_kind_after_the_page_scrolls_under_it(open_builder, tmp_path):
    """A mouse's wheel turned mid-drag scrolls the page: the kinds are found where they
    are now, not where they were when the drag began. Blue's large meeple in the city of
    D and E: 2 tiles × 2 = 4; red 0."""
    builder = open_builder({"width": 1280, "height": 600})
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "inns-cathedrals"], CITY)
    page.evaluate("window.scrollTo(0, 0)")
    start = badge_centre(builder, "blue")
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 30, start[1] + 30, steps=4)  # a drag now, over the strip
    page.mouse.move(*kind_centre(builder, "meeple"), steps=4)
    page.mouse.wheel(0, 200)
    wait_until(page, "window.scrollY >= 150")
    page.mouse.move(*kind_centre(builder, "large"), steps=8)  # where it is after the scroll
    page.wait_for_timeout(REST_MS)
    page.mouse.move(*builder.point(0, -1, 0.5, 0.84), steps=8)
    page.mouse.up()
    page.wait_for_selector('[data-testid="figure-blue-0,-1-S"]')
    assert figures(builder) == [("blue", 0, -1, "S", "large")]
    assert score(builder) == {"red": 0, "blue": 4}
