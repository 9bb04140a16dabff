"""A first visit to the board builder on a phone: few requests, one script (the bundle of
the builder's modules), and a page that works from it. How long it takes is measured by
bench/builder_first_load.py, not here."""

from __future__ import annotations

import pytest

from tests.builder.test_browser import PHONE, Builder
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_first_visit_fetches_one_script_and_the_page_works(
        live_server, loaded_catalogue, chromium_browser):
    context = chromium_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    requests = []
    page.on("request", lambda request: requests.append(request))
    try:
        builder = Builder(page, live_server.url, touch=True).open()
        page.wait_for_load_state("networkidle")
        scripts = [request.url.removeprefix(live_server.url) for request in requests
                   if request.resource_type == "script"]
        assert scripts == ["/static/js/builder.bundle.js"]
        # The page, its two style sheets, the script and the icon: the tile pictures, of
        # the board and of the tiles beside it, come with the page's data.
        assert len(requests) <= 5, [request.url for request in requests]
        assert not [request.url for request in requests if "/tiles/" in request.url]

        # The modules work together from the bundle: a tile goes down where it fits, a
        # figure on it, and the board scores (red's road of two tiles: 2 points).
        builder.place("U", 1, 0, 90)
        builder.figure("red", 1, 0, "E")
        builder.testid("score").click()
        page.wait_for_selector("[data-testid=score-table]")
        assert builder.testid("final-red").text_content() == "+2"
        assert builder.testid("final-blue").text_content() == "+0"
    finally:
        context.close()
    assert problems == []


# The state of each palette picture, in the palette's order: drawn (its picture loaded),
# or not asked for yet, with the type it belongs to and whether it is in the palette's
# visible part.
PALETTE_PICTURES = """() => {
    const palette = document.querySelector("[data-testid=palette]").getBoundingClientRect();
    const buttons = document.querySelectorAll("[data-testid=palette] button[data-code]");
    return [...buttons].map((button) => {
        const img = button.querySelector("img");
        const src = img.getAttribute("src") || "";
        const box = button.getBoundingClientRect();
        return {
            code: button.dataset.code,
            drawn: Boolean(src) && img.complete && img.naturalWidth > 0,
            asked: Boolean(src),
            tile: decodeURIComponent(src).match(/data-tile="([^"]+)"/)?.[1],
            inSight: box.right > palette.left && box.left < palette.right,
            beyond: box.left - palette.right,
        };
    });
}"""


def test_a_palette_picture_out_of_sight_is_drawn_when_the_palette_scrolls_to_it(open_builder):
    # A small phone: two rows of tiles that scroll sideways, so the last types of the
    # base game lie more than a palette's width to the right of its visible part.
    builder = open_builder({"width": 360, "height": 640})
    page = builder.page
    wait_until(page, f"({PALETTE_PICTURES})().filter((p) => p.inSight).every((p) => p.drawn)")
    pictures = page.evaluate(PALETTE_PICTURES)
    width = page.evaluate("document.querySelector('[data-testid=palette]').clientWidth")
    # Every picture in sight is drawn, each of its own type.
    in_sight = [picture for picture in pictures if picture["inSight"]]
    assert in_sight and all(picture["tile"] == picture["code"] for picture in in_sight)
    # The last type is far out of sight, and its picture is not asked for.
    last = pictures[-1]
    assert last["beyond"] > width, last
    assert not last["asked"] and last["tile"] is None

    # A swipe to the end of the palette: it is drawn, with its own picture, and a tap on
    # it puts that type in hand.
    page.evaluate("document.querySelector('[data-testid=palette]').scrollTo({ left: 1e6 })")
    wait_until(page, f"({PALETTE_PICTURES})().at(-1).drawn")
    assert page.evaluate(PALETTE_PICTURES)[-1]["tile"] == last["code"]
    builder.pick(last["code"])
    assert page.evaluate("window.carcwikiBuilder.state.ui.hand") == last["code"]
    assert last["code"] in builder.testid("hand").text_content()
