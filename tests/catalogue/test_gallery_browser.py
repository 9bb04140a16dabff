"""The tile gallery in a real browser: every picture loads, and the page fits a phone."""

from pathlib import Path

import pytest

from tests.tile_counts import ALL_TILE_TYPES
from tests.waiting import wait_until

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.mark.django_db(transaction=True)
def test_gallery_pictures_load_in_chromium(live_server, loaded_catalogue, chromium_browser):
    page = chromium_browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/tiles/", wait_until="networkidle")
    pictures = page.locator("img.tile-picture")
    assert pictures.count() == ALL_TILE_TYPES
    for index in range(ALL_TILE_TYPES):  # lazy pictures load once scrolled into view
        pictures.nth(index).scroll_into_view_if_needed()
    wait_until(page,
        "[...document.querySelectorAll('img.tile-picture')].every(i => i.complete)"
    )
    widths = page.eval_on_selector_all(
        "img.tile-picture", "images => images.map(image => image.naturalWidth)"
    )
    assert all(width > 0 for width in widths), widths
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "tiles-gallery.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_gallery_fits_a_phone_screen(live_server, loaded_catalogue, chromium_browser):
    page = chromium_browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/tiles/?edition=C1&expansion=base")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    assert page.locator("img.tile-picture").count() == 24
