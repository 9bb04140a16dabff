"""A first visit to the board builder on a phone: few requests, one script (the bundle of
the builder's modules), and a page that works from it. How long it takes is measured by
bench/builder_first_load.py, not here."""

from __future__ import annotations

import pytest

from tests.builder.test_browser import PHONE, Builder

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
