"""The reference in a real browser (Debian's Chromium): changing the selection makes a
section disappear and appear again, the selector's script keeps expansions and parts in
step, and the pages fit a phone screen."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from carcwiki.rules.models import Section

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
pytestmark = pytest.mark.django_db(transaction=True)


def section_on(slug: str, test) -> str:
    for section in Section.objects.filter(page__slug=slug):
        if test(section):
            return section.anchor
    pytest.fail(f"no such section on {slug}")


@pytest.fixture
def anchors(loaded_catalogue) -> dict[str, str]:
    """Sections the tests look for, read from the content before the browser starts.

    (Once Playwright's sync API runs, the ORM in the test thread gets a connection of its
    own that is never closed, which keeps PostgreSQL from dropping the test database.)
    """
    return {
        "c1 only": section_on("farmers", lambda section: section.editions == ["C1"]),
        "both rivers": section_on(
            "river", lambda section: set(section.requires) == {"river", "river2"}
        ),
    }


def apply(browser_page, url_part: str) -> None:
    with browser_page.expect_navigation(url=f"**{url_part}*"):
        browser_page.get_by_role("button", name="Apply and go back").first.click()


def test_unticking_an_edition_hides_its_section_and_ticking_it_shows_it_again(
    live_server, anchors, chromium_browser
):
    section = f'section[id="{anchors["c1 only"]}"]'
    tab = chromium_browser.new_page(viewport={"width": 1280, "height": 900})
    tab.goto(f"{live_server.url}/rules/farmers/")
    expect(tab.locator(section)).to_be_visible()  # the default shows every edition

    tab.get_by_role("link", name="Change selection").click()
    tab.get_by_label("First edition (C1)").first.uncheck()
    apply(tab, "/rules/farmers/?")
    expect(tab.locator(section)).to_have_count(0)
    assert "ed=c23,we" in tab.url  # the address carries the selection

    # Remembered: the page without a query string stays the same.
    tab.goto(f"{live_server.url}/rules/farmers/")
    expect(tab.locator(section)).to_have_count(0)
    expect(tab.locator(".selection-editions")).not_to_contain_text("C1")

    tab.get_by_role("link", name="Change selection").click()
    tab.get_by_label("First edition (C1)").first.check()
    apply(tab, "/rules/farmers/?")
    expect(tab.locator(section)).to_be_visible()


def test_ticking_a_second_expansion_shows_the_rules_for_both(
    live_server, anchors, chromium_browser
):
    section = f'section[id="{anchors["both rivers"]}"]'
    tab = chromium_browser.new_page(viewport={"width": 1280, "height": 900})
    tab.goto(f"{live_server.url}/rules/river/")
    expect(tab.locator(section)).to_have_count(0)

    tab.get_by_role("link", name="Change selection").click()
    tab.locator("#tab-other > summary").click()
    river2 = tab.locator('input[name="x"][value="river2"]')
    river2.check()
    expect(tab.locator("[data-selector-summary]")).to_contain_text("River")
    apply(tab, "/rules/river/?")
    expect(tab.locator(section)).to_be_visible()

    tab.get_by_role("link", name="Change selection").click()
    tab.locator("#tab-other > summary").click()
    tab.locator('input[name="x"][value="river2"]').uncheck()
    apply(tab, "/rules/river/?")
    expect(tab.locator(section)).to_have_count(0)


def test_the_script_keeps_expansions_and_parts_in_step(
    live_server, loaded_catalogue, chromium_browser
):
    tab = chromium_browser.new_page(viewport={"width": 1280, "height": 900})
    tab.goto(f"{live_server.url}/selection/")
    expansion = tab.locator('input[data-expansion-box][value="inns-cathedrals"]')
    inns = tab.locator('input[data-part-of="inns-cathedrals"][value="inns"]')
    expansion.check()
    expect(inns).to_be_checked()
    tab.locator('li[data-expansion="inns-cathedrals"] details.parts > summary').click()
    inns.uncheck()
    assert expansion.evaluate("box => box.indeterminate") is True
    expect(expansion).not_to_be_checked()
    expect(tab.locator("#tab-major [data-tab-count]")).to_have_text(
        f"(1/{tab.locator('#tab-major li.expansion:not([hidden])').count()})"
    )

    # A quick selection fills the form in place, without leaving the page.
    url = tab.url
    tab.locator("#tab-quick > summary").click()
    tab.locator('button[value="bundle:big-box-6"]').click()
    assert tab.url == url
    expect(tab.locator('input[data-expansion-box][value="traders-builders"]')).to_be_checked()
    expect(tab.locator("[data-selector-summary]")).to_contain_text("Apply to use it")
    tab.locator('button[value="clear"]').click()
    expect(tab.locator('input[data-expansion-box][value="traders-builders"]')).not_to_be_checked()
    expect(tab.locator('input[data-part-of="base"][value="farmers"]')).not_to_be_checked()


def test_pages_fit_a_phone(live_server, anchors, chromium_browser):
    tab = chromium_browser.new_page(viewport={"width": 390, "height": 844})
    for url in ("/rules/", "/rules/farmers/", "/rules/base-game/?x=base&ed=c1&pref=c1&mark=1",
                "/search/?q=farm", "/glossary/", "/selection/",
                "/rules/notes/base-tile-count-84/"):
        tab.goto(f"{live_server.url}{url}")
        overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (url, overflow)
        size = tab.evaluate("parseFloat(getComputedStyle(document.querySelector('main')).fontSize)")
        assert size >= 16, url

    ARTIFACTS.mkdir(exist_ok=True)
    tab.goto(f"{live_server.url}/rules/farmers/")
    tab.screenshot(path=str(ARTIFACTS / "rules-phone.png"))
    anchor = anchors["c1 only"]
    tab.goto(f"{live_server.url}/rules/farmers/?x=base&ed=c1,c23&pref=c23&mark=1#{anchor}")
    tab.screenshot(path=str(ARTIFACTS / "rules-phone-adapted.png"))
    tab.goto(f"{live_server.url}/search/?q=farm")
    tab.screenshot(path=str(ARTIFACTS / "rules-phone-search.png"))


def test_hidden_pages_are_named_and_one_tap_adds_one_and_comes_back(
    live_server, loaded_catalogue, chromium_browser
):
    """Issue 20: the index names the pages the default selection hides, and one tap on
    "Add … to my selection" adds that expansion, remembers it and returns to the index."""
    tab = chromium_browser.new_page(viewport={"width": 390, "height": 844})
    tab.goto(f"{live_server.url}/rules/")
    hidden = tab.locator(".hidden-pages")
    expect(hidden.locator(".page-card-title")).to_contain_text(
        ["Inns & Cathedrals", "Traders & Builders"]
    )
    with tab.expect_navigation(url="**/rules/?x=*"):
        hidden.get_by_role("button", name="Add Inns & Cathedrals to my selection").click()
    shown = tab.locator(".rules-group:not(.hidden-pages) .page-card-title")
    expect(shown).to_contain_text(["Inns & Cathedrals"])
    expect(hidden.locator(".page-card-title")).not_to_contain_text(["Inns & Cathedrals"])
    # Remembered on this device: the plain address shows it too.
    tab.goto(f"{live_server.url}/rules/")
    expect(tab.locator(".selection-summary")).to_contain_text("Inns & Cathedrals")
    tab.screenshot(path=str(ARTIFACTS / "rules-hidden-page-added.png"), full_page=True)
    tab.close()
