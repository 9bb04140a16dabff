"""A whole box in one tap (issue 30, fewer actions at set-up): the game panel offers the
catalogue's boxes, and a tap on one puts its edition and every expansion it holds in
play, as one change that one undo takes back."""

from __future__ import annotations

import pytest

from tests.builder.test_browser import LAPTOP
from tests.builder.test_phone_reach import SCREENS, tap
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

BIG_BOX_6 = ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders", "flier",
             "messages", "ferries", "goldmines", "mage-witch", "robbers", "crop-circles"]


@pytest.mark.parametrize("screen", ["390x844", "laptop"])
def test_one_tap_puts_a_whole_box_in_play(open_builder, screen):
    builder = open_builder(SCREENS[screen] if screen != "laptop" else LAPTOP)
    page = builder.page
    builder.open_setup()
    box = builder.testid("box-big-box-6")
    box.scroll_into_view_if_needed()
    assert box.text_content() == "Big Box 6 (2017)"
    assert box.get_attribute("aria-pressed") == "false"
    tap(builder, box)
    # The box's tiles come from the server, then its game is in play: C2 and everything
    # it holds, the lakes of The Ferries among the tiles to lay.
    wait_until(page, "window.carcwikiBuilder.state.doc.edition === 'C2'")
    board = builder.board()
    assert sorted(board["expansions"]) == sorted(BIG_BOX_6)
    assert builder.testid("palette-ferries-B").count() == 1
    assert box.get_attribute("aria-pressed") == "true"
    assert builder.testid("edition").input_value() == "C2"
    assert builder.testid("expansion-goldmines").is_checked()
    assert builder.message == (
        "Big Box 6 (2017) in play: C2, Farmers, The Abbot and gardens, The River, Inns & "
        "Cathedrals, Traders & Builders, The Flier (The Flying Machines), Dispatches "
        "(Messages), The Ferries, Goldmines, Mage & Witch, The Robbers and Crop Circles / "
        "Crop Circles I / WE Corn Circles. Untick what your table did not play.")
    # One untick, as for any expansion: the box is no longer played whole.
    robbers = builder.testid("expansion-robbers")
    robbers.scroll_into_view_if_needed()
    tap(builder, robbers)
    wait_until(page, "!window.carcwikiBuilder.state.doc.expansions.includes('robbers')")
    assert box.get_attribute("aria-pressed") == "false"
    # Two undos: the Robbers back, then the game as it opened (C3, farmers and abbot).
    builder.testid("undo").click()
    wait_until(page, "window.carcwikiBuilder.state.doc.expansions.includes('robbers')")
    builder.testid("undo").click()
    wait_until(page, "window.carcwikiBuilder.state.doc.edition === 'C3'")
    assert builder.board()["expansions"] == ["farmers", "abbot"]
