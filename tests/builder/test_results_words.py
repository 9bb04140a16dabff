"""The builder keeps the site's selection and explains the scoring in the players' words
(issue 30): the edition that has the chosen expansions, or a sentence saying what it
lacks; each player's points first, each feature named by its tiles and where they lie,
a barn's field with its barn and farmers in one place, warnings before the totals, and
the edition's words (coat of arms in C2 and C3, pennant in C1)."""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import import_board, score
from tests.builder.test_browser import LAPTOP

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_selection_opens_in_an_edition_that_has_it_and_says_what_another_lacks(open_builder):
    # A C2+C3 group with Abbey & Mayor, The Princess & the Dragon and The River: C3 has
    # neither expansion, so the page opens in C2 with all three.
    builder = open_builder(
        LAPTOP, "/board/?x=farmers,river,abbey-mayor,princess-dragon&ed=c23&pref=c23")
    page = builder.page
    assert builder.testid("edition").input_value() == "C2"
    assert builder.testid("edition-missing").is_hidden()
    board = builder.board()
    assert {"farmers", "river", "abbey-mayor", "princess-dragon"} <= set(board["expansions"])
    # The River is in play: the game starts from the spring, and the mayor is offered.
    assert builder.tiles()[(0, 0)][0].startswith("river")
    assert page.locator('label[for="turn-kind-mayor"]').count() == 1
    # Chosen C3 by hand, the page says in words what C3 lacks and offers C2 back.
    builder.testid("edition").select_option("C3")
    missing = builder.testid("edition-missing")
    missing.wait_for()
    assert missing.locator("p").first.text_content() == (
        "The Princess & the Dragon and Abbey & Mayor are not in C3, so they are not in "
        "play. The Princess & the Dragon: in C1 and C2. Abbey & Mayor: in C1 and C2.")
    assert "abbey-mayor" not in builder.board()["expansions"]
    assert "C3 · " in page.locator("[data-setup-summary]").text_content()
    assert "2 chosen expansions not in C3" in page.locator("[data-setup-summary]").text_content()
    builder.testid("play-edition-C2").click()
    assert builder.testid("edition").input_value() == "C2"
    missing.wait_for(state="hidden")
    assert {"abbey-mayor", "princess-dragon"} <= set(builder.board()["expansions"])
