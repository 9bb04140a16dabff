"""The special monasteries in a real browser: the builder offers their tiles and, on each,
the abbot's place where a meeple lies, because the package declares it; the server scores
the board and the exact points are read back."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, score
from tests.builder.test_browser import LAPTOP, put

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_abbot_and_a_monk_on_special_monasteries(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # A third-edition table: D at (0,0) with straight roads (U turned 90°) west at (-1,0)
    # and east at (1,0), red's meeple on the road at (1,0); a city cap turned 180° at (0,2)
    # waits below the gap where the first monastery goes.
    import_board(builder, tmp_path, ["monasteries-germany"],
                 [("D", 0, 0, 0), ("U", 1, 0, 90), ("U", -1, 0, 90),
                  ("monasteries-germany-B", 1, 1, 0), ("E", 0, 2, 180)],
                 [("red", 1, 0, "E", "meeple")], edition="C3")
    # The special monastery monasteries-germany-A from the palette, below D.
    builder.place("monasteries-germany-A", 0, 1, 0)
    # Red's meeple lies on it as its abbot, from the row the tile's panel has for it.
    page.locator('label[for="turn-red"]').click()
    builder.hold_square(0, 1)
    builder.testid("put-meeple-abbot").click()
    page.wait_for_selector('[data-testid="figure-red-0,1-abbot"]')
    # Blue's monk stands on the other one, as on any monastery.
    put(builder, "blue", 1, 1, "C", "meeple")
    assert figures(builder) == [("blue", 1, 1, "C", "meeple"), ("red", 0, 1, "abbot", "meeple"),
                                ("red", 1, 0, "E", "meeple")]
    # Red: the abbot, 1 up + 1 right + 1 down + 0 left + 1 = 4, and the road, open, 3
    # tiles, 3: 7. Blue: the monk, 4 tiles around (1,1), 1 + 4 = 5 (the package's board
    # monasteries-abbot-and-monk, on a C3 table: no garden on these tiles, D, U or E).
    assert score(builder) == {"red": 7, "blue": 5}
