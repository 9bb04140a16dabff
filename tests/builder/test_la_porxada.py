"""La Porxada in a real browser: the builder offers its tile, the rule of what it was
played for and the bonus token of each player because the package declares them; the
server scores the board under each choice and the exact points are read back."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import import_board, score
from tests.builder.test_browser import LAPTOP

pytestmark = pytest.mark.django_db(transaction=True)

# La Porxada at (0,0), closed on all four sides by E (a city on one edge) turned towards
# it: its city is completed, 5 tiles and the pennant on La Porxada, with red's meeple in
# it. F turned 90 at (2,0): a city running north-south with a pennant, open at both ends,
# red's meeple. E at (-2,0): a one-tile city open to the north, blue's meeple.
TILES = [("la-porxada", 0, 0, 0), ("E", 0, -1, 180), ("E", 1, 0, 270), ("E", 0, 1, 0),
         ("E", -1, 0, 90), ("F", 2, 0, 90), ("E", -2, 0, 0)]
FIGURES = [("red", 0, 0, "N", "meeple"), ("red", 2, 0, "N", "meeple"),
           ("blue", -2, 0, "N", "meeple")]


def test_the_tile_is_offered_and_the_bonus_is_a_rule(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    import_board(builder, tmp_path, ["farmers", "la-porxada"], TILES, FIGURES, edition="C1")
    assert builder.testid("expansion-la-porxada").is_checked()
    # Played for the swap (the default): red 5 tiles × 2 + 1 pennant × 2 = 12 for the
    # Porxada city, and 1 tile × 1 + 1 pennant × 1 = 2 for the open city: 14. Blue's open
    # city: 1 tile × 1 = 1.
    assert score(builder) == {"red": 14, "blue": 1}
    # Played for the bonus: red stands in the completed Porxada city, so the open city is
    # paid as completed, 1 tile × 2 + 1 pennant × 2 = 4: 12 + 4 = 16. Blue is not in it: 1.
    builder.open_setup()
    builder.page.locator("details.setup-rules > summary").click()
    builder.testid("rule-porxada_choice").select_option(
        label="the end-of-game bonus for unfinished cities")
    assert score(builder) == {"red": 16, "blue": 1}
    assert ("red: in the completed La Porxada city; 1 unfinished city paid as completed"
            in builder.testid("results").text_content())
    # Blue earned the bonus too, when the city was completed before the end: the token,
    # ticked in the players' list, pays blue's open city as completed, 1 tile × 2 = 2
    # (1 more than the 1 it paid): blue 2. Red is unchanged.
    builder.testid("player-porxada-bonus-1").check()
    assert score(builder) == {"red": 16, "blue": 2}
    assert ("blue: holds La Porxada's bonus token; 1 unfinished city paid as completed"
            in builder.testid("results").text_content())
    # The palette offers the tile with the one copy its declaration gives for C1; that
    # copy is on the board, so it has dropped out of sight until the tile is taken up.
    assert builder.testid("palette-la-porxada").get_attribute("aria-label") == (
        "Tile la-porxada: the columned hall of La Porxada in a city that fills the tile and "
        "opens on all four sides, with a pennant. 0 of 1 left.")
