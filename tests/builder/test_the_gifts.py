"""The Gifts in the board builder (issue 29): a deck of cards and no land tile, so what a
group enters is each player's unopened gift cards, in the players panel, because the
expansion's declaration says so; the points come back exactly."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import import_board, score
from tests.builder.test_browser import LAPTOP
from tests.waiting import wait_until

# Two straight roads (U) going south from (0, 0): one road, open at both ends; red's
# meeple on it.
TILES = [("U", 0, 0, 0), ("U", 0, 1, 0)]
FIGURES = [("red", 0, 0, "N", "meeple")]


@pytest.mark.django_db(transaction=True)
def test_unopened_gift_cards_are_entered_per_player_and_scored(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    import_board(builder, tmp_path, ["farmers", "abbot", "the-gifts"], TILES, FIGURES,
                 edition="C3")
    # No land tile of its own, but cards to enter: the expansion is offered and on.
    assert builder.testid("expansion-the-gifts").is_checked()

    builder.open_setup()
    cards = builder.testid("player-gifts-unopened-1")
    assert cards.get_attribute("aria-label") == "Player 2: unopened gift cards"
    assert cards.get_attribute("max") == "25"
    cards.fill("3")
    wait_until(builder.page,
               "window.carcwikiBuilder.state.toBoard().players[1].gifts?.unopened === 3")
    assert builder.board()["players"][1]["gifts"] == {"unopened": 3}

    # Red: the open road of 2 tiles, 2 × 1 = 2. Blue: 3 unopened cards × 2 = 6.
    assert score(builder) == {"red": 2, "blue": 6}
    assert "blue: 3 unopened gift cards × 2 = 6" in builder.testid("results").text_content()
