"""The Russian promos in a real browser: the builder offers their tiles and the two places
where meeples stand off the features, Baba Yaga's hut and Vodyanoy's pond, because the
package declares them; the server scores the board and the exact points are read back."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, score
from tests.builder.test_browser import LAPTOP, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_baba_yaga_on_her_hut_and_meeples_in_vodyanoys_pond(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # D at (0,0), straight roads (U turned 90°) at (1,0) and (2,0), Solovei's tile at (3,0),
    # all one road; Vodyanoy at (3,1), below Solovei. Red's meeple on the road at (1,0),
    # blue's in D's city.
    import_board(builder, tmp_path, ["farmers", "russian-promos"],
                 [("D", 0, 0, 0), ("U", 1, 0, 90), ("U", 2, 0, 90), ("russian-promos-C", 3, 0, 0),
                  ("russian-promos-D", 3, 1, 0)],
                 [("red", 1, 0, "E", "meeple"), ("blue", 0, 0, "N", "meeple")], edition="C1")
    # Baba Yaga's hut comes from the palette, below D.
    builder.place("russian-promos-A", 0, 1, 0)
    # Blue's meeple on the hut, from the row the tile's panel has for it.
    page.locator('label[for="turn-blue"]').click()
    builder.hold_square(0, 1)
    builder.testid("put-meeple-yaga-hut").click()
    page.wait_for_selector('[data-testid="figure-blue-0,1-yaga-hut"]')
    # Two of red's meeples and one of blue's in Vodyanoy's pond.
    builder.hold_square(3, 1)
    builder.testid("put-meeple-vodyanoy").click()
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 4")
    page.locator('label[for="turn-red"]').click()
    builder.hold_square(3, 1)
    builder.testid("put-meeple-vodyanoy").click()
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 5")
    builder.testid("put-meeple-vodyanoy").click()
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 6")
    assert figures(builder) == [
        ("blue", 0, 0, "N", "meeple"), ("blue", 0, 1, "yaga-hut", "meeple"),
        ("blue", 3, 1, "vodyanoy", "meeple"), ("red", 1, 0, "E", "meeple"),
        ("red", 3, 1, "vodyanoy", "meeple"), ("red", 3, 1, "vodyanoy", "meeple")]
    # Red: the road, open, 4 tiles, 4; two meeples in the pond, 2 × -2 = -4: 0. Blue: D's
    # city, open, 1; Baba Yaga, 6 of the 8 squares around (0,1) empty, 1 + 6 = 7; one
    # meeple in the pond, -2: 1 + 7 - 2 = 6 (the package's board
    # russian-promos-hut-and-pond).
    assert score(builder) == {"red": 0, "blue": 6}
