"""The builder at the table (issue 30): on a phone the score is one tap away, a tap that
selects a tile never touches a figure, and each figure kind is told by its outline.

The small board of these tests (C3, red and blue, nobody's points before):
  D at (0, 0): a city on the north edge, a road from west to east;
  E turned 180° at (0, -1): its city on the south edge closes D's city;
  V turned 90° at (1, 0): a curve from D's road to the south.
Red's knight in the city (D's north), blue's robber on the road (V's west).
  Red: the completed city, 2 tiles × 2 = 4.
  Blue: the open road, 2 tiles × 1 = 2.
"""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, inside, score
from tests.builder.test_browser import SPOTS
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

TILES = [("D", 0, 0, 0), ("E", 0, -1, 180), ("V", 1, 0, 90)]
FIGURES = [("red", 0, 0, "N", "meeple"), ("blue", 1, 0, "W", "meeple")]
PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844},
          "landscape-844x390": {"width": 844, "height": 390}}


def box(builder, testid):
    return builder.testid(testid).bounding_box()


@pytest.mark.parametrize("viewport", PHONES.values(), ids=PHONES.keys())
def test_on_a_phone_the_score_is_one_tap_away_and_the_sheet_closes_back_to_the_board(
        open_builder, tmp_path, viewport):
    builder = open_builder(viewport)
    page = builder.page
    import_board(builder, tmp_path, ["farmers"], TILES, FIGURES)
    screen = {"x": 0, "y": 0, **viewport}
    # The board and its tiles fill the screen between the game's line and the bar; the
    # bar holds Score. (The site's header and the game's line take about 100 px above
    # the board: it is 248 px high at 360x640, 257 at 390x844 (six rows of tiles under
    # it), 189 at 844x390.)
    bar = box(builder, "score")
    assert inside(screen, bar)
    board = box(builder, "board")
    assert board["y"] >= -1 and board["y"] + board["height"] <= bar["y"]
    assert board["height"] >= 0.3 * viewport["height"]
    assert builder.testid("score-summary").text_content() == "Not scored yet"
    assert builder.testid("results").is_hidden()

    # A finger's tap on Score: it scores, and the results open over the board. The tap
    # lands on the bar, not on the board under it: nothing is selected, nothing moves.
    before = (builder.tiles(), builder.board()["figures"])
    page.touchscreen.tap(bar["x"] + bar["width"] / 2, bar["y"] + bar["height"] / 2)
    page.wait_for_selector("[data-testid=score-sheet].is-open [data-testid=score-table]")
    assert (builder.tiles(), builder.board()["figures"]) == before
    assert page.evaluate("window.carcwikiBuilder.state.ui.selected") is None
    # Read as a player reads it: the winner line, each player's points, the explanation.
    assert builder.testid("winners").is_visible()
    assert builder.testid("winners").text_content().strip() == "★ Winner: Red with 4 points."
    assert builder.testid("final-red").text_content() == "+4"  # 2 tiles × 2
    assert builder.testid("final-blue").text_content() == "+2"  # 2 tiles × 1
    assert "2 tiles × 2 = 4" in builder.testid("results").text_content()
    assert builder.testid("score-summary").text_content() == "Red 4 · Blue 2 · Red wins"
    # Nothing pinned covers the sheet: its heading, its table and Save and share are
    # reached inside it, above the bar.
    sheet = page.locator("#score-sheet-body").bounding_box()
    assert sheet["y"] + sheet["height"] <= box(builder, "score")["y"] + 1
    # Its heading shows as it opens; below the players' lines (a landscape phone has
    # room for little more), the table and Save and share are a scroll inside it away.
    assert inside(sheet, box(builder, "close-sheet"))
    for part in ("score-table", "save"):
        builder.testid(part).scroll_into_view_if_needed()
        assert inside(sheet, box(builder, part))
    save = box(builder, "save")
    page.touchscreen.tap(save["x"] + save["width"] / 2, save["y"] + save["height"] / 2)
    builder.testid("share-link").wait_for()
    assert builder.testid("share-link").get_attribute("href").startswith("/board/")

    # Back to the board: the sheet closes, the board is where it was.
    builder.testid("close-sheet").click()
    page.wait_for_selector("[data-testid=score-sheet]:not(.is-open)", state="attached")
    assert builder.testid("results").is_hidden()
    assert box(builder, "board") == board
    # The bar opens it again, without scoring anew.
    builder.testid("open-sheet").click()
    builder.testid("final-red").wait_for()
    assert builder.testid("final-red").text_content() == "+4"


def test_on_a_laptop_the_score_is_beside_the_board(open_builder, tmp_path):
    builder = open_builder({"width": 1366, "height": 800})
    import_board(builder, tmp_path, ["farmers"], TILES, FIGURES)
    builder.page.evaluate("window.scrollTo(0, 0)")
    score_button = box(builder, "score")
    board = box(builder, "board")
    assert score_button["x"] > board["x"] + board["width"]  # the right column
    assert score_button["y"] + score_button["height"] <= 800  # in sight at once
    assert score(builder) == {"red": 4, "blue": 2}
    assert builder.testid("close-sheet").is_hidden()  # the panel stays open


def test_a_tap_that_selects_a_tile_never_puts_takes_or_recolours_a_figure(open_builder, tmp_path):
    builder = open_builder(PHONES["390x844"])
    page = builder.page
    import_board(builder, tmp_path, ["farmers"], TILES, FIGURES)
    assert score(builder) == {"red": 4, "blue": 2}
    selected = "window.carcwikiBuilder.state.ui.selected"
    # Blue chosen, a tap on V's road beside blue's robber, then on red's knight: each
    # only selects its tile. The figures and the scores stay as they were.
    builder.page.locator('label[for="turn-blue"]').click()
    builder.click_square(1, 0, 0.5, 0.5)
    assert page.evaluate(selected) == "1,0"
    # V drawn large in the board's top left corner covers D: the player slides the board
    # right until red's knight shows, as a finger would (the selection stays V).
    page.evaluate("window.carcwikiBuilder.viewport.panBy(150, 0)")
    closeup = builder.testid("closeup").bounding_box()
    knight = builder.point(0, 0, *SPOTS["N"])
    assert (knight[0] > closeup["x"] + closeup["width"]
            or knight[1] > closeup["y"] + closeup["height"])
    assert page.evaluate(selected) == "1,0"
    builder.click_square(0, 0, *SPOTS["N"])
    assert page.evaluate(selected) == "0,0"
    assert figures(builder) == sorted(FIGURES)
    assert score(builder) == {"red": 4, "blue": 2}
    # On the selected tile the same tap gives red's knight to blue, ringed and said:
    # blue holds the city (4) and the road (2), red nothing.
    builder.click_square(0, 0, *SPOTS["N"])
    page.wait_for_selector('[data-testid="figure-blue-0,0-N"].is-changed')
    assert "is now Blue's, no longer Red's. Undo gives it back." in builder.message
    assert score(builder) == {"red": 0, "blue": 6}
    builder.testid("undo").click()
    page.wait_for_selector('[data-testid="figure-red-0,0-N"]')
    assert score(builder) == {"red": 4, "blue": 2}
    # A press held on a tile selects it too, and puts nothing. D is selected and drawn
    # large in a top corner: the player slides V to the middle of the board, under it.
    board = box(builder, "board")
    closeup = box(builder, "closeup")
    vx, vy = builder.point(1, 0)
    to = (board["x"] + board["width"] / 2, closeup["y"] + closeup["height"] + 40)
    page.evaluate(f"window.carcwikiBuilder.viewport.panBy({to[0] - vx}, {to[1] - vy})")
    builder.hold_square(1, 0)
    assert figures(builder) == sorted(FIGURES)


# Every kind of the C2 game with these expansions, and the figures nobody owns.
ALL_KINDS = ["farmers", "abbot", "inns-cathedrals", "traders-builders", "abbey-mayor",
             "hills-sheep", "princess-dragon", "mage-witch", "bridges-castles-bazaars",
             "big-top", "phantom"]
KINDS = {"meeple", "abbot", "large", "builder", "pig", "mayor", "wagon", "barn", "shepherd",
         "castle", "ringmaster", "phantom"}
NEUTRAL = {"fairy", "mage", "witch", "big-top"}
# A city of two tiles, closed (E over E), beside three monasteries: the barn stands where
# the four tiles meet at the SE corner of (0, 0).
BARN_TILES = [("E", 0, -1, 180), ("E", 0, 0, 0), ("B", 1, 0, 0), ("B", 0, 1, 0), ("B", 1, 1, 0)]
BARN_FIGURES = [("red", 0, 0, "N", "mayor"), ("blue", 1, 0, "C", "wagon"),
                ("red", 0, 0, "SE", "barn"), ("blue", 0, 1, "C", "large"),
                ("red", 1, 1, "C", "abbot")]

DRAWN = """() => Object.fromEntries([...document.querySelectorAll('svg.board .figure')]
    .map((figure) => [figure.dataset.kind, figure.querySelector('path').getAttribute('d')]))"""
LEGEND = """() => Object.fromEntries([...document.querySelectorAll('[data-testid=legend] li')]
    .map((item) => [item.dataset.kind, [item.querySelector('path').getAttribute('d'),
                                        item.querySelector('.legend-name').textContent]]))"""
DECLARED = """() => Object.fromEntries([...window.carcwikiBuilder.catalogue.figures,
    ...window.carcwikiBuilder.catalogue.rules.neutral]
    .map((kind) => [kind.code, kind.silhouette]))"""


def test_each_figure_kind_has_its_own_outline_and_the_legend_lists_the_kinds_in_play(
        open_builder, tmp_path):
    builder = open_builder(PHONES["390x844"])
    page = builder.page
    import_board(builder, tmp_path, ALL_KINDS, BARN_TILES, BARN_FIGURES, edition="C2")
    page.wait_for_selector('[data-testid="figure-red-0,0-SE-barn"]')
    declared = page.evaluate(DECLARED)
    # The legend lists every kind in play, each drawn by its declared outline, no two
    # alike, with its name.
    legend = page.evaluate(LEGEND)
    assert set(legend) == KINDS | NEUTRAL
    assert {kind: path for kind, (path, _) in legend.items()} == {
        kind: declared[kind] for kind in KINDS | NEUTRAL}
    assert len({path for path, _ in legend.values()}) == len(legend)
    assert legend["mayor"][1] == "Mayor" and legend["big-top"][1] == "Big top"
    # On the board each figure is drawn by its kind's outline, large enough to tell on a
    # phone's screen: at least 14 px high on squares of 64 px, the smallest a phone's
    # view zooms out to by itself (the whole board fitted here may show them smaller).
    drawn = page.evaluate(DRAWN)
    assert drawn == {kind: declared[kind] for kind in ("mayor", "wagon", "barn", "large", "abbot")}
    square = builder.point(1, 0)[0] - builder.point(0, 0)[0]
    for kind in drawn:
        drawing = page.locator(f'svg.board .figure[data-kind="{kind}"] path')
        assert drawing.bounding_box()["height"] * 64 / square >= 14, kind
    # Only the kinds in play: with the base game alone, the meeple and the abbot.
    import_board(builder, tmp_path, ["farmers", "abbot"], [("D", 0, 0, 0)])
    wait_until(page, "document.querySelectorAll('[data-testid=legend] li').length === 2")
    assert set(page.evaluate(LEGEND)) == {"meeple", "abbot"}


def test_the_mayor_stands_inside_its_city_not_on_its_wall(open_builder, tmp_path):
    builder = open_builder(PHONES["390x844"])
    page = builder.page
    # D's city is a cap on its north edge, the shallowest city a tile has.
    import_board(builder, tmp_path, ["abbey-mayor"], [("D", 0, 0, 0), ("E", 0, -1, 180)],
                 [("red", 0, 0, "N", "mayor")], edition="C2")
    mayor = page.locator('[data-testid="figure-red-0,0-N"] path').bounding_box()
    city = page.evaluate("(({ geometry }) => geometry.view('D', 0).segments["
                         "geometry.view('D', 0).at.N].feature)(window.carcwikiBuilder.catalogue)")
    # Under the mayor's feet and under its middle, the tile shows the city.
    for fx, fy in [(0.5, 0.97), (0.5, 0.5), (0.25, 0.95), (0.75, 0.95)]:
        x, y = mayor["x"] + mayor["width"] * fx, mayor["y"] + mayor["height"] * fy
        # The topmost drawing of tile (0, 0) there (the figures lie above the tiles).
        under = page.evaluate("""([x, y]) => document.elementsFromPoint(x, y)
            .find((element) => element.closest('.tile[data-key="0,0"]'))
            ?.closest('[data-feature]')?.dataset.feature""", [x, y])
        assert under == str(city), (fx, fy)


@pytest.mark.parametrize("viewport", PHONES.values(), ids=PHONES.keys())
def test_on_a_phone_a_new_board_has_the_first_screen_and_the_game_opens_on_a_tap(
        open_builder, viewport):
    builder = open_builder(viewport)
    page = builder.page
    screen = {"x": 0, "y": 0, **viewport}
    # Nothing scrolled: the board, its tools and the tiles lie between the game's line
    # and the Score bar, all in sight.
    assert page.evaluate("window.scrollY") == 0
    bar = box(builder, "score")
    board = box(builder, "board")
    line = box(builder, "setup-toggle")
    assert inside(screen, bar) and inside(screen, board) and inside(screen, line)
    assert line["y"] + line["height"] <= board["y"] and board["y"] + board["height"] <= bar["y"]
    for tool in ("hand", "rotate", "undo", "palette-search", "palette-A"):
        assert inside(screen, box(builder, tool)), tool
        assert box(builder, tool)["y"] + box(builder, tool)["height"] <= bar["y"], tool
    # The game's line is folded, and says what is in play; the start note says where the
    # players are set.
    assert builder.testid("players").is_hidden()
    assert builder.testid("setup-toggle").text_content() == (
        "Game and players C3 · Farmers and The Abbot and gardens · 2 players▾")
    assert "Set the players under “Game and players”" in builder.message

    # A tap opens it: the players are there to name and score; another tap folds it and
    # the board is back where it was.
    page.touchscreen.tap(line["x"] + line["width"] / 2, line["y"] + line["height"] / 2)
    builder.testid("player-name-0").fill("Ada")
    builder.testid("player-points-0").fill("12")
    assert builder.testid("edition").is_visible()
    assert {key: builder.board()["players"][0][key] for key in ("color", "name", "points")} == {
        "color": "red", "name": "Ada", "points": 12}
    page.evaluate("window.scrollTo(0, 0)")  # the phone's keyboard may have scrolled it
    page.touchscreen.tap(line["x"] + line["width"] / 2, line["y"] + line["height"] / 2)
    builder.testid("players").wait_for(state="hidden")
    assert box(builder, "board") == board

    # Open again, then a tile laid beyond the start: the game has begun, the panel folds
    # by itself, and its line keeps what was set.
    page.touchscreen.tap(line["x"] + line["width"] / 2, line["y"] + line["height"] / 2)
    builder.testid("players").wait_for()
    builder.place("U", 1, 0, 90)
    builder.testid("players").wait_for(state="hidden")
    assert builder.tiles() == {(0, 0): ("D", 0), (1, 0): ("U", 90)}
    assert builder.board()["players"][0]["name"] == "Ada"


def test_the_tile_panel_drawn_again_does_not_scroll_the_page_to_itself(open_builder, tmp_path):
    # The selected tile's panel lies below the board on a phone. A player puts a farmer
    # on V, goes down to the panel's Turn button (the focus stays there), back up to the
    # board, and takes the farmer off with Ctrl+Z (a keyboard on a tablet). The panel
    # is drawn again for the change; the page stays where the player is.
    builder = open_builder(PHONES["390x844"])
    page = builder.page
    import_board(builder, tmp_path, ["farmers"], TILES, FIGURES)
    builder.hold_square(1, 0)
    builder.click_square(1, 0, 0.2, 0.2)  # V's field north of its curve: red's farmer
    wait_until(page, "window.carcwikiBuilder.state.toBoard().figures.length === 3")
    builder.testid("tile-turn").focus()
    page.evaluate("window.scrollTo(0, 0)")
    assert builder.testid("tile-turn").bounding_box()["y"] > PHONES["390x844"]["height"]
    page.keyboard.press("Control+z")
    wait_until(page, "window.carcwikiBuilder.state.toBoard().figures.length === 2")
    assert page.evaluate("document.activeElement.dataset.testid") == "tile-turn"
    assert page.evaluate("scrollY") == 0
