"""The figures nobody owns that are still to put (the mage, the witch) wait as chips over
the board's foot while a tile is selected; a chip dragged onto a feature puts the figure
there in one gesture, with a finger onto the close-up of the selected tile, or with a
mouse onto the board. On a phone the tile's panel, with its "Put" buttons, lies under
the board: this saves a scroll down and one back for each such figure (issue 30).

The phone's board (C3, red and blue): D at (0, 0), a city on its north edge and a road
from west to east, with six straight roads (U turned 90°) at x = -3..-1 and 1..3, so the
road runs through seven tiles, open at both ends. Red's meeple on D's road.
  Without the mage: 7 tiles × 1 = 7; red 7, blue 0.
  The mage on that road adds 1 a tile: 7 + 7 = 14; red 14, blue 0.

The laptop's board: D at (0, 0) and E at (0, -1) turned 180°, its city on the south edge,
closing D's city (two tiles). Blue's meeple in the city.
  Without the witch: completed, 2 tiles × 2 = 4; blue 4.
  The witch in that city halves it, rounded up: 4 / 2 = 2; blue 2, red 0.
"""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import import_board, score
from tests.builder.test_badge_drag import CLOSEUP_POINT, LAPTOP, PHONE, finger_drag, mouse_drag
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

ROW = [("D", 0, 0, 0)] + [("U", x, 0, 90) for x in (-3, -2, -1, 1, 2, 3)]
CITY = [("D", 0, 0, 0), ("E", 0, -1, 180)]


def chip_centre(builder, code):
    box = builder.testid(f"neutral-chip-{code}").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


MESSAGE = "document.querySelector('[data-testid=message]').textContent"


def neutral(builder):
    return sorted((f["kind"], f["x"], f["y"], f.get("at"))
                  for f in builder.board().get("neutral", []))


def test_on_a_phone_the_mage_dragged_from_its_chip_onto_the_close_up_stands_on_the_road(
        open_builder, tmp_path):
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, ["mage-witch"], ROW, [("red", 0, 0, "W", "meeple")])
    assert score(builder) == {"red": 7, "blue": 0}
    # Nothing selected: no chips over the board.
    assert not builder.testid("neutral-dock").is_visible()
    builder.hold_square(0, 0)
    builder.testid("closeup").wait_for()
    assert builder.testid("closeup").get_attribute("data-key") == "0,0"
    # Both chips show, with the names of their figures; the board's foot is in sight with
    # the close-up: no scroll to the tile's panel.
    assert builder.testid("neutral-chip-mage").text_content() == "Mage"
    assert builder.testid("neutral-chip-witch").text_content() == "Witch"
    # One drag of the mage's chip onto the road in the close-up (west of its centre).
    finger_drag(page, chip_centre(builder, "mage"), page.evaluate(CLOSEUP_POINT, [20, 50]))
    page.wait_for_selector('[data-testid^="neutral-mage-0,0-"]')
    [(kind, x, y, at)] = neutral(builder)
    assert (kind, x, y) == ("mage", 0, 0)
    segments = page.evaluate("window.carcwikiBuilder.catalogue.geometry.view('D', 0).at")
    assert segments[at] == segments["W"]
    assert builder.message == "The mage on the road (east and west) of tile D at (0, 0)."
    # The mage is on the board: only the witch's chip is left.
    page.wait_for_selector("[data-testid=neutral-chip-mage]", state="detached")
    assert builder.testid("neutral-chip-witch").is_visible()
    # The page is still at the board: the close-up shows the mage on the tile.
    assert builder.testid("closeup").is_visible()
    assert page.locator('[data-testid^="closeup-neutral-mage-0,0-"]').count() == 1
    assert score(builder) == {"red": 14, "blue": 0}


def test_a_chip_tapped_says_where_it_goes_and_a_chip_let_go_off_the_tiles_puts_nothing(
        open_builder, tmp_path):
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, ["mage-witch"], ROW)
    builder.hold_square(0, 0)
    builder.testid("neutral-chip-witch").tap()
    wait_until(page, f"{MESSAGE}.startsWith('Drag the witch')")
    assert builder.message == ("Drag the witch onto a road or a city to put it there, "
                               'or use "Put: witch" in the selected tile\'s panel.')
    assert neutral(builder) == []
    # Let go on an empty square: nothing put, and said.
    finger_drag(page, chip_centre(builder, "witch"), builder.point(0, 2))
    wait_until(page, f"{MESSAGE}.startsWith('The witch was let go')")
    assert builder.message == "The witch was let go off the tiles: nothing put."
    assert neutral(builder) == []


def test_with_a_mouse_the_witch_dragged_onto_a_city_halves_it(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["mage-witch"], CITY, [("blue", 0, -1, "S", "meeple")])
    assert score(builder) == {"red": 0, "blue": 4}
    builder.hold_square(0, 0)
    builder.testid("neutral-dock").wait_for()
    # Onto E's city, a tile that is not selected: it is selected for the witch.
    mouse_drag(page, chip_centre(builder, "witch"), builder.point(0, -1, 0.5, 0.84))
    page.wait_for_selector('[data-testid^="neutral-witch-0,-1-"]')
    assert neutral(builder) == [("witch", 0, -1, neutral(builder)[0][3])]
    assert page.evaluate("window.carcwikiBuilder.state.ui.selected") == "0,-1"
    # A figure, not a player's: blue's meeple is where it was, and nobody else has one.
    assert [(f["player"], f["kind"]) for f in builder.board()["figures"]] == [("blue", "meeple")]
    assert score(builder) == {"red": 0, "blue": 2}
    # Undo takes the witch back, and her chip comes back over the board's foot.
    builder.testid("undo").click()
    assert neutral(builder) == []
    builder.testid("neutral-chip-witch").wait_for()
    assert score(builder) == {"red": 0, "blue": 4}


def test_on_a_phone_held_sideways_the_chips_stay_clear_of_the_close_up(open_builder, tmp_path):
    """844x390: a board of 189 px, too short for the close-up (on the left) and the strip
    at its foot one above the other. The witch on D's city, open: nobody's figure there,
    so the road's 7 for red is all: red 7, blue 0."""
    builder = open_builder({"width": 844, "height": 390})
    page = builder.page
    import_board(builder, tmp_path, ["mage-witch"], ROW, [("red", 0, 0, "W", "meeple")])
    # The tile at the row's east end: the close-up takes the far corner, the left one.
    builder.hold_square(3, 0)
    builder.testid("closeup").wait_for()
    assert builder.testid("closeup").get_attribute("data-side") == "left"
    closeup = builder.testid("closeup").bounding_box()
    dock = builder.testid("neutral-dock").bounding_box()
    assert (dock["x"] >= closeup["x"] + closeup["width"]
            or dock["y"] >= closeup["y"] + closeup["height"])
    # Nothing lies over the chip: a finger on it starts the drag.
    builder.hold_square(0, 0)
    wait_until(page, "document.querySelector('[data-testid=closeup]').dataset.key === '0,0'")
    finger_drag(page, chip_centre(builder, "witch"), page.evaluate(CLOSEUP_POINT, [50, 12]))
    page.wait_for_selector('[data-testid^="neutral-witch-0,0-"]')
    assert neutral(builder) == [("witch", 0, 0, neutral(builder)[0][3])]
    assert score(builder) == {"red": 7, "blue": 0}
