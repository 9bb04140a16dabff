"""Issue 29, "Every printing", in a real browser: a group with the third-edition base game
that chose The Tower, which has no C3 box, keeps C3 and lays the tiles of the C2 box (its
gardens too), and the server scores them."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import score
from tests.builder.test_browser import LAPTOP, put, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_c3_group_with_the_tower_lays_its_c2_tiles_and_scores(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    assert builder.testid("edition").input_value() == "C3"
    builder.testid("expansion-tower").check()
    builder.testid("palette-tower-3").wait_for()
    # Offered in C3, not greyed out, no offer to switch to C2; one line says whose tiles.
    assert builder.testid("expansion-tower").is_enabled()
    assert builder.testid("edition-missing").is_hidden()
    assert builder.testid("edition-printings").text_content() == (
        "The Tower: the tiles of the C2 box (no C3 printing).")
    # The start tile D at (0, 0) has fields on its south edge: tower-3 (a monastery and a
    # tower foundation) below it, tower-2 (fields, a tower foundation and the C2 box's
    # flower garden) east of that.
    builder.place("tower-3", 0, 1)
    builder.place("tower-2", 1, 1)
    put(builder, "red", 0, 1, "C", "meeple")
    put(builder, "blue", 1, 1, "C", "abbot")
    builder.hold_square(0, 1)
    builder.testid("tile-state-tower").fill("2")
    builder.testid("tile-state-tower").press("Tab")
    wait_until(page, "window.carcwikiBuilder.state.toBoard().tiles[1].state?.tower === 2")
    board = builder.board()
    assert board["edition"] == "C3" and "tower" in board["expansions"]
    # Red's monk at (0,1): neighbours (0,0) and (1,1), 1 + 2 = 3. Blue's abbot on the
    # garden at (1,1): neighbours (0,0) and (0,1), 1 + 2 = 3. The tower scores nothing.
    assert score(builder) == {"red": 3, "blue": 3}
