"""The score pad in Chromium, on a phone and a laptop at one table: a game started in one
tap, a score entered on one page showing on the other within 2 seconds, the chart and
the track, a page taken offline that keeps its entries and sends each once, and "Score
the table" carrying the totals into the final scoring."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from carcwiki.pad.models import Entry, Game

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}
SYNC_MS = 2000  # an entry on one phone shows on the others within 2 seconds


@pytest.fixture
def open_page(live_server, loaded_catalogue, chromium_browser):
    contexts, problems = [], []

    def opener(path, viewport=LAPTOP):
        touch = viewport == PHONE
        context = chromium_browser.new_context(viewport=viewport, has_touch=touch,
                                               is_mobile=touch)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on("console", lambda message: problems.append(f"console: {message.text}")
                if message.type == "error" and "Failed to load resource" not in message.text
                else None)
        page.goto(live_server.url + path)
        return page

    yield opener
    for context in contexts:
        context.close()
    assert not problems


def by_testid(page, name):
    return page.get_by_test_id(name)


def start_game(page):
    by_testid(page, "name-0").fill("Ann")
    by_testid(page, "name-1").fill("Bo")
    by_testid(page, "start").click()
    expect(by_testid(page, "status")).to_have_text("Up to date.")
    return Game.objects.get()


def add_city(page, who, tiles, pennants):
    by_testid(page, "what").select_option("feature:city")
    by_testid(page, f"who-{who}").check()
    by_testid(page, "field-tiles").fill(str(tiles))
    by_testid(page, "field-pennants").fill(str(pennants))
    by_testid(page, "add").click()


def test_two_pages_on_one_game_see_each_others_entries(open_page):
    phone = open_page("/pad/", PHONE)
    game = start_game(phone)
    laptop = open_page(f"/pad/{game.key}/")
    watcher = open_page(f"/pad/watch/{game.watch}/", PHONE)
    expect(by_testid(laptop, "entry-form")).to_be_visible()
    expect(by_testid(watcher, "entry-form")).to_have_count(0)

    # The phone scores a city for Ann (the first seat is yellow): 5 × 2 + 2 × 2 = 14.
    add_city(phone, "yellow", 5, 2)
    line = "Ann: completed city: 5 tiles × 2 + 2 pennants × 2 = 14"
    expect(by_testid(phone, "log")).to_contain_text(line)
    for other in (laptop, watcher):
        expect(by_testid(other, "log")).to_contain_text(line, timeout=SYNC_MS)
        expect(by_testid(other, "totals").locator("tbody tr").first).to_contain_text("Ann14140")

    # The laptop scores a road for Bo (red); the phone sees it.
    by_testid(laptop, "what").select_option("feature:road")
    by_testid(laptop, "who-red").check()
    by_testid(laptop, "field-tiles").fill("3")
    by_testid(laptop, "add").click()
    expect(by_testid(phone, "log")).to_contain_text("Bo: completed road: 3 tiles × 1 = 3",
                                                 timeout=SYNC_MS)
    # The chart has one line per player, ending at the totals; the table says the same.
    expect(by_testid(phone, "chart").locator("polyline")).to_have_count(2)
    expect(by_testid(phone, "series").locator("tbody tr")).to_have_count(2)
    expect(by_testid(phone, "series").locator("tbody tr").last).to_have_text("2143")

    # Undo on the laptop takes Ann's city off the phone's totals.
    by_testid(laptop, "log").locator("li", has_text="completed city").get_by_role(
        "button", name="Undo").click()
    expect(by_testid(phone, "totals").locator("tbody tr").first).to_contain_text(
        "Ann000", timeout=SYNC_MS)
    expect(by_testid(phone, "log")).to_contain_text("(undone)")
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "pad-phone.png"), full_page=True)
    laptop.screenshot(path=str(ARTIFACTS / "pad-laptop.png"), full_page=True)


def test_a_bad_entry_is_refused_in_words(open_page):
    page = open_page("/pad/", PHONE)
    start_game(page)
    add_city(page, "yellow", 2, 3)
    expect(by_testid(page, "entry-error")).to_contain_text(
        "A city of 2 tiles shows at most 2 pennants (one a tile), not 3.")
    assert Entry.objects.count() == 0


def test_a_page_offline_keeps_its_entries_and_sends_each_once(open_page):
    page = open_page("/pad/", PHONE)
    game = start_game(page)
    page.context.set_offline(True)
    add_city(page, "yellow", 3, 0)
    add_city(page, "red", 4, 1)
    expect(by_testid(page, "status")).to_contain_text("Offline: 2 changes waiting")
    expect(by_testid(page, "waiting")).to_have_count(2)
    assert Entry.objects.count() == 0
    page.context.set_offline(False)
    expect(by_testid(page, "status")).to_have_text("Up to date.", timeout=5000)
    # Sent once each, in the order they were made: 3 × 2 = 6, then 4 × 2 + 1 × 2 = 10.
    assert [entry.text for entry in Entry.objects.filter(game=game)] == [
        "Ann: completed city: 3 tiles × 2 = 6",
        "Bo: completed city: 4 tiles × 2 + 1 pennant × 2 = 10"]


def test_score_the_table_carries_the_players_and_totals_into_the_builder(open_page):
    page = open_page("/pad/", PHONE)
    game = start_game(page)
    add_city(page, "yellow", 5, 2)  # 5 × 2 + 2 × 2 = 14 for Ann
    expect(by_testid(page, "status")).to_have_text("Up to date.")
    expect(by_testid(page, "log")).to_contain_text("= 14")
    by_testid(page, "score-table").click()
    page.wait_for_url(f"**/board/?pad={game.key}")
    expect(by_testid(page, "board")).to_be_visible()
    # On a phone the players are in the folded "Game and players" line: a tap opens it.
    by_testid(page, "setup-toggle").click()
    assert [by_testid(page, f"player-color-{seat}").input_value() for seat in (0, 1)] == [
        "yellow", "red"]
    assert [by_testid(page, f"player-name-{seat}").input_value() for seat in (0, 1)] == [
        "Ann", "Bo"]
    assert [by_testid(page, f"player-points-{seat}").input_value() for seat in (0, 1)] == [
        "14", "0"]
    expect(by_testid(page, "pad-game-link")).to_have_attribute("href", f"/pad/{game.key}/")
    assert page.evaluate("window.carcwikiBuilder.state.toBoard().edition") == game.edition


def test_the_final_scoring_goes_back_into_the_game(open_page):
    page = open_page("/pad/")
    game = start_game(page)
    add_city(page, "yellow", 5, 2)  # 14 for Ann during play
    expect(by_testid(page, "log")).to_contain_text("= 14")
    # A phone watching the game: no BG Stats link before the final scoring.
    watcher = open_page(f"/pad/watch/{game.watch}/", PHONE)
    expect(by_testid(watcher, "log")).to_contain_text("= 14")
    expect(by_testid(watcher, "bg-stats")).to_be_hidden()
    by_testid(page, "score-table").click()
    page.wait_for_url(f"**/board/?pad={game.key}")
    # The table as the builder has it (the start tile, no figure left): the final
    # scoring adds nothing, and the pad's 14 stand.
    by_testid(page, "pad-final").click()
    page.wait_for_url(f"**/pad/{game.key}/")
    expect(by_testid(page, "winner")).to_have_text(
        "Final scoring in. Winner: Ann with 14 points.")
    expect(by_testid(page, "log")).to_contain_text("Ann: final scoring: nothing")
    expect(by_testid(page, "log")).to_contain_text("Bo: final scoring: nothing")
    expect(by_testid(page, "chart").locator("polyline")).to_have_count(2)
    # The finished game goes to BG Stats from the page, and from the watching phone too,
    # whose poll brought the final scoring in.
    for phone in (page, watcher):
        link = by_testid(phone, "bg-stats")
        expect(link).to_be_visible(timeout=SYNC_MS)
        expect(link).to_have_attribute(
            "href", re.compile(r"^bgstats://app\.bgstatsapp\.com/createPlay\.html\?data=.+"))


def test_a_game_page_once_opened_opens_again_offline(open_page):
    page = open_page("/pad/", PHONE)
    game = start_game(page)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now through the service worker, which keeps the page
    expect(by_testid(page, "status")).to_have_text("Up to date.")
    page.context.set_offline(True)
    page.reload()
    expect(by_testid(page, "entry-form")).to_be_visible()
    add_city(page, "red", 2, 0)
    expect(by_testid(page, "status")).to_contain_text("Offline: 1 change waiting")
    page.context.set_offline(False)
    expect(by_testid(page, "status")).to_have_text("Up to date.", timeout=5000)
    assert [entry.text for entry in Entry.objects.filter(game=game)] == [
        "Bo: completed city: 2 tiles × 2 = 4"]
