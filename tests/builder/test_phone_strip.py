"""On a phone the players' badges and the figure kinds are in reach of the board (issue 30,
fewer actions): on the first screen, with nothing scrolled, in one row above the board,
and the board keeps its height. On a 390 px phone five players and every kind of a Big
Box game (five) show at once, so that none needs a swipe along the strip before it is
dragged or tapped; a 360 px phone shows four kinds, the fifth a swipe along the row.

The board (C3 with the Big Box's first expansions: five kinds, five players): D at
(0, 0), a city on its north edge; E at (0, -1) turned 180°, its city on the south edge,
closing D's city (two tiles).
  Gray's meeple, its badge dragged from the strip onto E's city: completed,
  2 tiles × 2 = 4; nobody else has a figure: 0 each.
"""

from __future__ import annotations

import json

import pytest

from tests.builder.rebuilding import figures, inside
from tests.builder.test_badge_drag import badge_centre, finger_drag
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = ["black", "green", "red", "yellow", "gray"]
BIG_BOX = ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders"]
PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}


def import_game(builder, tmp_path):
    board = {
        "edition": "C3", "expansions": BIG_BOX,
        "players": [{"color": color} for color in PLAYERS],
        "tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 0},
                  {"tile": "E", "x": 0, "y": -1, "rotation": 180}],
        "figures": [],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    builder.testid("import").set_input_files(str(path))
    wait_until(builder.page, "window.carcwikiBuilder.state.toBoard().tiles.length === 2",
               timeout=30)
    builder.fit()


@pytest.mark.parametrize("viewport", PHONES.values(), ids=PHONES.keys())
def test_on_a_phone_the_badges_and_kinds_are_above_the_board_and_a_badge_drag_puts_a_figure(
        open_builder, tmp_path, viewport):
    builder = open_builder(viewport)
    page = builder.page
    import_game(builder, tmp_path)
    page.evaluate("window.scrollTo(0, 0)")
    screen = {"x": 0, "y": 0, **viewport}
    board = builder.testid("board").bounding_box()
    bar = builder.testid("score").bounding_box()
    # The board keeps the screen: between the strip and the Score bar, a third of it or more.
    assert board["y"] + board["height"] <= bar["y"]
    assert board["height"] >= 0.3 * viewport["height"]

    badges = [page.locator(f'label[for="turn-{color}"]').bounding_box() for color in PLAYERS]
    kinds_list = page.locator(".turn-kinds .turn-list").bounding_box()
    kinds = [item.bounding_box() for item in page.locator("label.turn-kind").all()]
    assert len(kinds) == 5  # meeple, large meeple, abbot, builder, pig
    for strip_item in badges + [kinds_list]:
        assert inside(screen, strip_item)
        assert strip_item["y"] + strip_item["height"] <= board["y"]
    # One row: every badge and kind starts within a few pixels of the first badge's top.
    tops = [item["y"] for item in badges + kinds]
    assert max(tops) - min(tops) <= 4
    in_sight = [inside(kinds_list, kind) for kind in kinds]
    if viewport["width"] >= 390:
        assert in_sight == [True] * 5  # all of them, no swipe along the strip
    else:
        assert in_sight == [True] * 4 + [False]  # the row scrolls sideways

    # From the strip, gray's badge dragged onto E's city: gray's meeple, gray chosen.
    finger_drag(page, badge_centre(builder, "gray"), builder.point(0, -1, 0.5, 0.84))
    page.wait_for_selector('[data-testid="figure-gray-0,-1-S"]')
    assert figures(builder) == [("gray", 0, -1, "S", "meeple")]
    assert page.evaluate("window.carcwikiBuilder.state.ui.currentPlayer") == "gray"

    builder.testid("score").click()
    page.wait_for_selector("[data-testid=results]:not(.is-stale) [data-testid=score-table]",
                           timeout=30_000)
    finals = {color: int(builder.testid(f"final-{color}").text_content()) for color in PLAYERS}
    assert finals == {"black": 0, "green": 0, "red": 0, "yellow": 0, "gray": 4}  # 2 tiles × 2
