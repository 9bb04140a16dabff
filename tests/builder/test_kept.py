"""The builder keeps its data (issue 30): on a phone, a board in progress comes back when
the tab is closed and /board/ opened again, and without a connection the building goes
on; Score and Save say plainly that they need the connection, and the board stays.

The board: D at (0, 0) (the start tile) with red's knight in its city; E turned 180° at
(0, -1) closes the city; U turned 90° at (1, 0) carries the road on, with nobody on it.
  Red: the completed city, 2 tiles × 2 = 4. Blue: nothing, 0.
"""

from __future__ import annotations

import pytest

from tests.builder.test_browser import PHONE, Builder
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

KEPT_DRAFT = "localStorage.getItem('carcwiki.builder.draft:/board/')"


@pytest.fixture
def phone(live_server, loaded_catalogue, chromium_browser):
    """A phone's browser (one profile: what one tab keeps, the next tab finds)."""
    context = chromium_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    problems = []

    def open_tab():
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: problems.append(str(error)))
        return Builder(page, live_server.url, touch=True).open()

    yield context, open_tab
    context.close()
    assert problems == []


def test_a_board_in_progress_comes_back_after_the_tab_is_closed(phone):
    context, open_tab = phone
    builder = open_tab()
    builder.open_setup()
    builder.testid("player-name-0").fill("Ada")
    builder.place("E", 0, -1, 180)
    builder.figure("red", 0, 0, "N")
    builder.place("U", 1, 0, 90)
    # The tab is closed at once, before the page's quarter second of waiting to write:
    # the board is written as the page goes away.
    builder.page.close()

    again = open_tab()
    assert again.tiles() == {(0, 0): ("D", 0), (0, -1): ("E", 180), (1, 0): ("U", 90)}
    again.page.wait_for_selector('[data-testid="figure-red-0,0-N"]')
    assert "Your board in progress was kept in this browser and is back." in again.message
    # A board that comes back has begun: the game's line stays folded over the board.
    assert again.testid("players").is_hidden()
    assert again.page.evaluate("window.scrollY") == 0
    assert again.testid("board").bounding_box()["y"] < PHONE["height"] / 3
    again.open_setup()
    assert again.testid("player-name-0").input_value() == "Ada"


def test_offline_the_board_goes_on_and_score_says_it_needs_the_connection(phone):
    context, open_tab = phone
    builder = open_tab()
    page = builder.page
    builder.place("E", 0, -1, 180)
    context.set_offline(True)
    wait_until(page,
               "document.querySelector('[data-testid=message]').textContent.startsWith('Offline')")
    assert builder.message == ("Offline: go on building, the board is kept on this device. "
                               "Score and Save wait for the connection.")
    # Laying tiles and putting figures need nothing from the server.
    builder.figure("red", 0, 0, "N")
    builder.place("U", 1, 0, 90)
    wait_until(page, f"JSON.parse({KEPT_DRAFT})?.board.tiles.length === 3")

    # Score, offline: said plainly, nothing changes on the board.
    before = builder.board()
    builder.testid("score").click()
    assert builder.message == (
        "You are offline: scoring needs the connection. Your board is kept on this device; "
        "tap Score again once you are back online.")
    assert builder.testid("score-summary").text_content() == "Offline: not scored"
    assert builder.board() == before
    builder.testid("open-sheet").click()
    builder.testid("save").click()
    assert builder.testid("share").text_content() == (
        "You are offline: saving needs the connection. Your board is kept on this device; "
        "save it once you are back online.")
    builder.testid("close-sheet").click()

    # Back online, the same board scores: red's city of 2 tiles, 2 × 2 = 4.
    context.set_offline(False)
    wait_until(page, "document.querySelector('[data-testid=message]')"
                     ".textContent.startsWith('Back online')")
    builder.testid("score").click()
    page.wait_for_selector("[data-testid=score-sheet].is-open [data-testid=score-table]")
    assert builder.testid("final-red").text_content() == "+4"
    assert builder.testid("final-blue").text_content() == "+0"
    assert builder.board() == before
