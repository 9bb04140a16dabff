"""Set-up in fewer taps (issue 30): the game panel offers the catalogue's boxes, and a tap
on one puts its edition and every expansion it holds in play, as one change that one
undo takes back; each free colour is a button that adds a player of that colour."""

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


def test_a_player_of_each_colour_is_one_tap(open_builder):
    builder = open_builder(SCREENS["390x844"])
    page = builder.page
    builder.open_setup()
    colours = "() => window.carcwikiBuilder.state.doc.players.map((player) => player.color)"
    assert page.evaluate(colours) == ["red", "blue"]
    offered = "[data-testid^=add-player-]"
    # The free colours of a C3 game, its own sixth (pink) before the first edition's gray.
    assert page.locator(offered).evaluate_all(
        "(all) => all.map((b) => b.getAttribute('aria-label'))") == [
        "Add Yellow", "Add Green", "Add Black", "Add Pink", "Add Gray"]
    black = builder.testid("add-player-black")
    black.scroll_into_view_if_needed()
    tap(builder, black)
    wait_until(page, "window.carcwikiBuilder.state.doc.players.length === 3")
    assert page.evaluate(colours) == ["red", "blue", "black"]
    assert builder.testid("player-color-2").input_value() == "black"
    assert builder.testid("add-player-black").count() == 0
    for code in ("gray", "green", "pink"):
        button = builder.testid(f"add-player-{code}")
        button.scroll_into_view_if_needed()
        tap(builder, button)
        wait_until(page, f"window.carcwikiBuilder.state.doc.players.at(-1).color === '{code}'")
    # Six players, the most a game has: the one colour left cannot be added.
    assert page.evaluate(colours) == ["red", "blue", "black", "gray", "green", "pink"]
    assert builder.testid("add-player-yellow").is_disabled()
    assert builder.testid("add-player").is_disabled()
    # One undo takes the last one off again.
    builder.testid("undo").click()
    wait_until(page, "window.carcwikiBuilder.state.doc.players.length === 5")
    assert not builder.testid("add-player-yellow").is_disabled()
