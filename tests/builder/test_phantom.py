"""The Phantom in a real browser: the builder offers the phantom because its declaration
names it, and the server counts it in the majority."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, score
from tests.builder.test_browser import LAPTOP, put

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_phantom_from_the_tile_panel_wins_a_tied_city(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    # G turned 90° at (0, 0) carries a city from north to south; E turned 180° at (0, -1)
    # and E at (0, 1) close it: a completed city of 3 tiles, 3 × 2 = 6. Red's meeple at
    # (0, -1), blue's at (0, 1): a tie, both score 6.
    import_board(builder, tmp_path, ["phantom"],
                 [("G", 0, 0, 90), ("E", 0, -1, 180), ("E", 0, 1, 0)],
                 [("red", 0, -1, "S", "meeple"), ("blue", 0, 1, "N", "meeple")], edition="C2")
    assert score(builder) == {"red": 6, "blue": 6}
    # Red's phantom on the middle tile's city, from the tile's panel: red 2 against blue 1,
    # red alone scores the 6.
    put(builder, "red", 0, 0, "N", "phantom")
    # (The page names the city it sits in by its south edge: one city, two edges.)
    assert figures(builder) == [("blue", 0, 1, "N", "meeple"), ("red", 0, -1, "S", "meeple"),
                                ("red", 0, 0, "S", "phantom")]
    assert score(builder) == {"red": 6, "blue": 0}
