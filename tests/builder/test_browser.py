"""The board builder in a real browser (Debian's Chromium through Playwright).

The main test rebuilds the final-scoring example of the rules (the base game's
known-answer board final-scoring-example.json) by clicking, on a phone-sized window, and
reads the numbers the rules give: green 8, yellow 4, blue 3, red 3, black 0. The
expansion tests build a short river, have a river U-turn and a figure by the volcano
refused with the server's reason, and rebuild the contract's Inns & Cathedrals + Traders &
Builders example (red 58, pink 48).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from carcwiki.builder.models import SavedBoard
from tests.known_boards import board_path
from tests.waiting import wait_until

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
EXAMPLE = board_path("final-scoring-example")
PHONE = {"width": 390, "height": 844}  # a touch screen
LAPTOP = {"width": 1280, "height": 900}

# Where to click inside a square, as fractions of its side, for a location after rotation.
SPOTS = {"N": (0.5, 0.14), "E": (0.86, 0.5), "S": (0.5, 0.86), "W": (0.14, 0.5), "C": (0.5, 0.52),
         "SW": (0.25, 0.85), "EN": (0.88, 0.3)}

pytestmark = pytest.mark.django_db(transaction=True)


class Builder:
    """The page, driven as a player would drive it."""

    def __init__(self, page, base_url, touch=False):
        self.page = page
        self.base_url = base_url
        self.touch = touch

    def open(self, path="/board/"):
        self.page.goto(self.base_url + path)
        self.page.wait_for_selector("[data-builder][data-ready=true]")
        return self

    def testid(self, name):
        return self.page.get_by_test_id(name)

    @property
    def message(self):
        return self.testid("message").text_content()

    def tiles(self):
        """The placed tiles as drawn: {(x, y): (code, rotation)}."""
        drawn = self.page.eval_on_selector_all(
            "svg.board .tile",
            "tiles => tiles.map(t => [t.dataset.key, t.dataset.tile, t.dataset.rotation])")
        return {tuple(map(int, k.split(","))): (code, int(turn)) for k, code, turn in drawn}

    def lit_tiles(self):
        """Keys of the tiles lit from the results, sorted."""
        return sorted(self.page.eval_on_selector_all(
            "svg.board .tile.is-lit", "tiles => tiles.map(t => t.dataset.key)"))

    def point(self, x, y, u=0.5, v=0.5):
        """Window coordinates of a point of square (x, y)."""
        return self.page.evaluate(
            """([x, y]) => {
                const svg = document.querySelector('svg.board');
                const p = svg.createSVGPoint(); p.x = x; p.y = y;
                const s = p.matrixTransform(svg.getScreenCTM());
                return [s.x, s.y];
            }""",
            [(x + u) * 100, (y + v) * 100],
        )

    def click_square(self, x, y, u=0.5, v=0.5):
        """Click (or, on a touch screen, tap) a point of square (x, y)."""
        self.testid("board").scroll_into_view_if_needed()
        px, py = self.point(x, y, u, v)
        if self.touch:
            self.page.touchscreen.tap(px, py)
        else:
            self.page.mouse.click(px, py)

    def fit(self):
        self.testid("fit").click()

    def open_setup(self):
        """Unfold "Game and players" with a tap on its line, if it is folded (on a phone it
        is, at first and once the game has begun)."""
        if not self.page.evaluate("document.querySelector('[data-setup]').open"):
            self.testid("setup-toggle").click()
        self.testid("edition").wait_for()

    def hold_square(self, x, y):
        """Press and hold a square (it selects the tile there, with no figure put)."""
        self.testid("board").scroll_into_view_if_needed()
        px, py = self.point(x, y)
        if self.touch:
            touch = self.page.context.new_cdp_session(self.page)
            touch.send("Input.dispatchTouchEvent",
                       {"type": "touchStart", "touchPoints": [{"x": px, "y": py}]})
            self.page.wait_for_timeout(500)
            touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            touch.detach()
        else:
            self.page.mouse.move(px, py)
            self.page.mouse.down()
            self.page.wait_for_timeout(500)
            self.page.mouse.up()
        self.page.wait_for_selector(f'[data-testid="tile-{x},{y}"].is-selected')

    def pick(self, code):
        """Take a type from the palette, unturned (a tap on the type still in hand from
        the copy placed before keeps it in hand, unturned)."""
        self.testid(f"palette-{code}").click()

    def place(self, code, x, y, rotation=0):
        """Place a tile turned on purpose: R as often as needed (four times round for
        0°), so that it goes down as turned whatever way fits best."""
        self.fit()
        self.pick(code)
        for _ in range(rotation // 90 or 4):
            self.page.keyboard.press("r")
        self.testid(f"target-{x},{y}").wait_for()
        self.click_square(x, y)
        self.page.wait_for_selector(f'[data-testid="tile-{x},{y}"][data-rotation="{rotation}"]')

    def select(self, x, y):
        """Tap the tile at (x, y) if it is not selected: the tap only selects it."""
        selected = f'[data-testid="tile-{x},{y}"].is-selected'
        if self.page.locator(selected).count():
            return
        self.click_square(x, y)
        self.page.wait_for_selector(selected)

    def figure(self, color, x, y, at):
        """Choose the player, select the tile (a tile just placed is selected), then one
        tap on its feature."""
        self.page.locator(f'label[for="turn-{color}"]').click()
        self.fit()
        self.select(x, y)
        self.click_square(x, y, *SPOTS[at])
        self.page.wait_for_selector(f'[data-testid="figure-{color}-{x},{y}-{at}"]')

    def board(self):
        return self.page.evaluate("window.carcwikiBuilder.state.toBoard()")


@pytest.fixture
def open_builder(live_server, loaded_catalogue, chromium_browser):
    contexts = []
    problems = []

    def opener(viewport=LAPTOP, path="/board/"):
        touch = viewport["width"] < 1024  # a phone, upright or on its side
        context = chromium_browser.new_context(
            viewport=viewport, accept_downloads=True, has_touch=touch, is_mobile=touch)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on("console", lambda message: problems.append(f"console: {message.text}")
                if message.type == "error" and "400 (Bad Request)" not in message.text else None)
        return Builder(page, live_server.url, touch).open(path)

    yield opener
    for context in contexts:
        context.close()
    assert not problems


def set_up_players(builder, players):
    """Colours in order, with names and points (the page starts with red and blue)."""
    for index, (color, name, points) in enumerate(players):
        if index >= 2:
            builder.testid("add-player").click()
        builder.testid(f"player-color-{index}").select_option(color)
        builder.testid(f"player-name-{index}").fill(name)
        builder.testid(f"player-points-{index}").fill(str(points))
        # Taken into the board before the next step (a loaded machine lags behind): the
        # colour, the name and the points, each (a run under load once lost a name).
        taken = f"window.carcwikiBuilder.state.doc.players[{index}]"
        wait_until(builder.page, f"{taken}?.color === {json.dumps(color)} && "
                   f"{taken}?.name === {json.dumps(name)} && {taken}?.points === {points}")


def test_rebuild_the_rules_example_on_a_phone_and_read_its_scores(open_builder):
    example = json.loads(EXAMPLE.read_text())["request"]
    builder = open_builder(PHONE)
    page = builder.page
    builder.open_setup()
    builder.testid("edition").select_option("C2")
    set_up_players(builder, [("yellow", "Yuki", 10), ("red", "Rob", 7), ("green", "Gia", 12),
                             ("blue", "Bo", 3), ("black", "Kai", 20)])

    # Nothing makes the page scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # The example has no start tile at (0, 0): take it off, then lay the example's tiles.
    builder.hold_square(0, 0)
    builder.testid("tile-remove").click()
    assert builder.tiles() == {}
    for tile in example["tiles"]:
        builder.place(tile["tile"], tile["x"], tile["y"], tile["rotation"])
    assert builder.tiles() == {
        (t["x"], t["y"]): (t["tile"], t["rotation"]) for t in example["tiles"]}

    for figure in example["figures"]:
        builder.figure(figure["player"], figure["x"], figure["y"], figure["at"])
    # Green has two meeples down: five of seven left (and the abbot).
    assert page.locator('[data-left-for="green"]').get_attribute("title") == (
        "5 of 7 meeples, 1 of 1 abbot left")

    builder.testid("score").click()
    page.wait_for_selector("[data-testid=score-table]")
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_timeout(800)  # the page scrolls smoothly to the results
    page.screenshot(path=str(ARTIFACTS / "builder-scored-phone.png"))
    expected = {  # color: (before, final, total)
        "yellow": (10, 4, 14), "red": (7, 3, 10), "green": (12, 8, 20), "blue": (3, 3, 6),
        "black": (20, 0, 20),
    }
    for color, (before, final, total) in expected.items():
        assert builder.testid(f"before-{color}").text_content() == str(before)
        assert builder.testid(f"final-{color}").text_content() == f"+{final}"
        assert builder.testid(f"total-{color}").text_content() == str(total)
    assert builder.testid("winners").text_content().strip() == (
        "★ Winners (tied): Green (Gia) and Black (Kai) with 20 points.")
    big_city = builder.testid("feature-city-2")
    assert "5 tiles × 1 + 3 coats of arms × 1 = 8" in big_city.text_content()  # C2's words
    assert "most figures: green" in big_city.text_content()

    # Tapping a result lights its tiles on the board: brought up from the bottom edge and
    # tapped near its foot, as a thumb would (the board's workbench is pinned to the top
    # of a phone's screen and covers the top of a tall item).
    big_city.evaluate("item => item.scrollIntoView({block: 'end'})")
    big_city.click(position={"x": 20, "y": big_city.bounding_box()["height"] - 8})
    assert builder.lit_tiles() == sorted(["2,-1", "-1,0", "0,0", "1,0", "2,0"])
    page.screenshot(path=str(ARTIFACTS / "builder-scored-phone-lit.png"))

    # The board sent is the example's board.
    board = builder.board()
    assert board["edition"] == "C2"
    assert sorted(map(json.dumps, board["figures"])) == sorted(
        json.dumps({**figure, "kind": "meeple"}) for figure in example["figures"])


def test_a_scored_board_on_a_laptop_links_results_and_tiles(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.testid("import").set_input_files(str(EXAMPLE))  # the fixture file as it is
    page.wait_for_selector('[data-testid="tile--1,-2"]')
    assert builder.testid("edition").input_value() == "C2"
    builder.testid("score").click()
    page.wait_for_selector("[data-testid=score-table]")
    for color, points in {"yellow": 4, "red": 3, "green": 8, "blue": 3, "black": 0}.items():
        assert builder.testid(f"final-{color}").text_content() == f"+{points}"
        assert builder.testid(f"total-{color}").text_content() == str(points)
    assert builder.testid("winners").text_content().strip() == "★ Winner: Green with 8 points."
    monastery = builder.testid("feature-monastery-1")
    assert "incomplete monastery: 1 + 3 neighbours = 4" in monastery.text_content()

    # Hovering a result lights its tiles; hovering a tile lights its results.
    road = builder.testid("feature-road-1")
    road.hover()
    page.wait_for_selector('svg.board .tile.is-lit[data-key="-1,-2"]')
    assert builder.lit_tiles() == ["-1,-1", "-1,-2", "-2,-1"]
    page.mouse.move(1, 1)
    wait_until(page, "!document.querySelector('svg.board').classList.contains('has-highlight')")
    page.mouse.move(*builder.point(0, 0))
    page.wait_for_selector('[data-testid="feature-city-2"].is-related')
    page.wait_for_selector('[data-testid="feature-monastery-1"].is-related')  # a neighbour
    assert "is-related" not in (road.get_attribute("class") or "")
    # Focus works as hover does, for the keyboard.
    builder.testid("feature-city-1").focus()
    page.wait_for_selector('svg.board .tile.is-lit[data-key="1,-1"]')

    ARTIFACTS.mkdir(exist_ok=True)
    builder.testid("feature-city-2").click()
    page.mouse.move(1, 1)
    page.evaluate("document.getElementById('results-title').scrollIntoView()")
    page.screenshot(path=str(ARTIFACTS / "builder-scored.png"))


def test_figures_go_where_they_are_clicked_and_score(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.place("U", 1, 0, 90)  # road west–east, after the start tile's road
    builder.place("E", 0, -1, 180)  # closes the start tile's city
    builder.figure("red", 0, 0, "N")  # a knight in the completed two-tile city
    builder.figure("blue", 1, 0, "E")  # a robber on the road
    builder.figure("blue", 0, 0, "SW")  # a farmer south of the road: no city, no points
    builder.figure("blue", 0, 0, "EN")  # a farmer between road and city: 3 for the city
    # Red's tap on the red knight takes it back; another tap on its feature puts it back.
    page.locator('label[for="turn-red"]').click()
    builder.click_square(0, 0, *SPOTS["N"])
    page.wait_for_selector('[data-testid="figure-red-0,0-N"]', state="detached")
    builder.figure("red", 0, 0, "N")
    builder.testid("score").click()
    page.wait_for_selector("[data-testid=score-table]")
    assert builder.testid("final-red").text_content() == "+4"  # completed city: 2 tiles × 2
    assert builder.testid("final-blue").text_content() == "+5"  # road 2 + farm 3 (one city)
    assert "completed city" in builder.testid("feature-city-1").text_content().lower()


def test_an_illegal_placement_is_refused_with_the_reason(open_builder):
    builder = open_builder(LAPTOP)
    builder.fit()
    builder.pick("K")
    for _ in range(4):  # turned round on purpose: K goes down as turned or not at all
        builder.page.keyboard.press("r")
    builder.click_square(0, 1)  # K's city would meet the start tile's field
    assert builder.tiles() == {(0, 0): ("D", 0)}
    assert builder.message == (
        "Tile K does not fit at (0, 1): its north edge is a city but the south edge of tile D at "
        "(0, 0) is a field. It fits there turned 270°: press R to turn it.")
    assert builder.testid("message").get_attribute("data-tone") == "error"
    builder.click_square(2, 2)
    assert "must touch a placed tile" in builder.message
    assert builder.tiles() == {(0, 0): ("D", 0)}
    # R turns the tile in hand: turned 180° its city faces the start tile's field no more.
    builder.page.keyboard.press("r")
    builder.page.keyboard.press("r")
    assert builder.page.get_by_test_id("target-0,1").count() == 0  # K turned 180°: road meets field
    for _ in range(3):
        builder.page.keyboard.press("r")
    builder.click_square(1, 0)  # turned 90°: its road runs on from the start tile's road
    assert builder.tiles()[(1, 0)] == ("K", 90)


def test_a_placed_tile_turns_moves_and_comes_off_with_its_figures(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.place("V", -1, 0, 180)  # road north–east, meeting the start tile's road
    page.keyboard.press("r")  # the tile just placed turns to the next way that fits
    assert builder.tiles()[(-1, 0)] == ("V", 270)
    builder.figure("red", -1, 0, "E")
    builder.testid("tile-move").click()
    page.keyboard.press("r")  # the tile being moved turns too
    builder.testid("target-1,0").wait_for()
    builder.click_square(1, 0)
    page.wait_for_selector('[data-testid="tile-1,0"]')
    assert builder.tiles() == {(0, 0): ("D", 0), (1, 0): ("V", 0)}
    assert builder.board()["figures"] == [
        {"player": "red", "x": 1, "y": 0, "at": "S", "kind": "meeple"}]
    page.keyboard.press("Delete")
    assert builder.tiles() == {(0, 0): ("D", 0)}
    assert builder.board()["figures"] == []
    page.keyboard.press("Control+z")
    assert builder.tiles()[(1, 0)] == ("V", 0)
    assert len(builder.board()["figures"]) == 1


def test_undo_and_redo_with_buttons_and_keys(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    assert builder.testid("undo").is_disabled()
    builder.place("U", 1, 0, 90)
    builder.place("U", 2, 0, 90)
    page.keyboard.press("Control+z")
    assert set(builder.tiles()) == {(0, 0), (1, 0)}
    builder.testid("undo").click()
    assert set(builder.tiles()) == {(0, 0)}
    page.keyboard.press("Control+y")
    assert set(builder.tiles()) == {(0, 0), (1, 0)}
    builder.testid("redo").click()
    assert set(builder.tiles()) == {(0, 0), (1, 0), (2, 0)}
    assert builder.testid("redo").is_disabled()
    assert "Redid" in builder.message


def test_save_and_open_the_share_link(open_builder):
    builder = open_builder(LAPTOP)
    builder.place("E", 0, -1, 180)
    builder.figure("blue", 0, -1, "S")
    builder.testid("player-name-0").fill("Ada")
    builder.testid("save").click()
    link = builder.testid("share-link")
    link.wait_for()
    href = link.get_attribute("href")
    assert re.fullmatch(r"/board/[A-Za-z0-9_-]{16,}/", href)
    saved = SavedBoard.objects.get(pk=href.split("/")[2])
    assert {(t["tile"], t["x"], t["y"], t["rotation"]) for t in saved.board["tiles"]} == {
        ("D", 0, 0, 0), ("E", 0, -1, 180)}
    assert builder.testid("share-url").input_value() == builder.base_url + href

    other = open_builder(PHONE, href)
    assert other.tiles() == {(0, 0): ("D", 0), (0, -1): ("E", 180)}
    other.page.wait_for_selector('[data-testid="figure-blue-0,-1-S"]')
    assert other.board() == builder.board()
    other.open_setup()
    assert other.testid("player-name-0").input_value() == "Ada"
    other.testid("setup-toggle").click()

    # Changes made on the shared page stay in this browser; the link keeps the saved board.
    other.hold_square(0, -1)
    other.testid("tile-remove").click()
    other.page.reload()
    other.page.wait_for_selector("[data-builder][data-ready=true]")
    assert other.tiles() == {(0, 0): ("D", 0)}
    other.testid("open-sheet").click()  # on a phone "Back to the saved version" is in the sheet
    other.testid("revert").click()
    assert other.tiles() == {(0, 0): ("D", 0), (0, -1): ("E", 180)}
    assert other.board() == builder.board()


def test_export_and_import_round_trip(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.place("U", -1, 0, 90)
    builder.figure("red", -1, 0, "W")
    before = builder.board()
    with page.expect_download() as download:
        builder.testid("export").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported == before

    builder.testid("new-board").click()
    assert builder.tiles() == {(0, 0): ("D", 0)}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(exported))
    builder.testid("import").set_input_files(str(path))
    page.wait_for_selector('[data-testid="tile--1,0"]')
    assert builder.board() == before
    assert "Imported board.json" in builder.message

    path.write_text("{not json")
    builder.testid("import").set_input_files(str(path))
    wait_until(page,
        "document.querySelector('[data-testid=message]').textContent.includes('Not imported')")
    assert builder.board() == before


def test_a_score_tapped_while_an_import_loads_scores_the_imported_board(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # The tiles of the imported board's expansion are held back by the network, as on a
    # slow connection, until Score has been tapped.
    held = []
    page.route("**/board/tiles/**", lambda route: held.append(route))
    board = {
        "edition": "C2", "expansions": ["castles", "farmers"],
        "players": [{"color": "red"}, {"color": "blue"}],
        # A city of two tiles, closed: E turned 180° at (0, -1) over E at (0, 0); red's
        # farmer in the field of E at (0, 0), which borders it.
        "tiles": [{"tile": "E", "x": 0, "y": -1, "rotation": 180},
                  {"tile": "E", "x": 0, "y": 0, "rotation": 0}],
        "figures": [{"player": "red", "x": 0, "y": 0, "at": "SW", "kind": "meeple"}],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    builder.testid("import").set_input_files(str(path))
    for _ in range(500):  # the route is called while Playwright waits
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the import asked for no tiles"
    builder.testid("score").click()
    held[0].continue_()
    # Not the new board's start tile (no figure: 0 each) but the imported one: a completed
    # city beside red's farm, 1 × 3 = 3.
    page.wait_for_selector("[data-testid=results]:not(.is-stale) [data-testid=score-table]",
                           timeout=30_000)
    assert int(builder.testid("final-red").text_content()) == 3
    assert int(builder.testid("final-blue").text_content()) == 0


def test_the_work_in_progress_survives_a_reload(open_builder):
    builder = open_builder(LAPTOP)
    builder.place("U", 1, 0, 90)
    builder.page.reload()
    builder.page.wait_for_selector("[data-builder][data-ready=true]")
    assert builder.tiles() == {(0, 0): ("D", 0), (1, 0): ("U", 90)}
    assert "kept in this browser" in builder.message


def test_server_errors_point_at_the_tile(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.place("U", 1, 0, 90)
    builder.place("U", 2, 0, 90)
    builder.hold_square(1, 0)
    builder.testid("tile-remove").click()  # (2, 0) is now cut off from the board
    assert "in pieces" in builder.message
    builder.testid("score").click()
    errors = builder.testid("errors")
    errors.wait_for()
    assert "disconnected_tile" in errors.locator("li").first.get_attribute("data-code")
    assert errors.locator("li").first.get_attribute("data-path") == "tiles[1]"
    assert "Tile U at (2, 0):" in errors.locator(".error-path").all_text_contents()
    # Worded by the page from the errors' templates it fetched (the server's sentence).
    assert ("Tile U at (2,0) does not touch the rest of the board along an edge."
            in errors.locator("li").first.inner_text())
    marks = page.eval_on_selector_all(
        "svg.board .problem", "marks => marks.map(m => [m.getAttribute('x'), m.getAttribute('y')])")
    assert marks == [["202", "2"]]


def test_the_board_works_from_the_keyboard(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.pick("U")
    page.keyboard.press("r")
    builder.testid("board").focus()
    page.keyboard.press("ArrowRight")
    assert "tile U fits here" in builder.message
    page.keyboard.press("Enter")
    assert builder.tiles()[(1, 0)] == ("U", 90)
    page.keyboard.press("Enter")  # the new tile is selected: Enter goes to its features
    focused = page.evaluate("document.activeElement.dataset.testid")
    assert focused.startswith("put-meeple-")
    page.keyboard.press("Enter")
    assert len(builder.board()["figures"]) == 1
    # "/" finds a type by typing, Enter takes the first match; on the board Enter lays it
    # turned to fit, and R turns the tile just placed to its other way.
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.dataset.testid") == "palette-search"
    page.keyboard.type("v")
    page.keyboard.press("Enter")
    assert page.evaluate("window.carcwikiBuilder.state.ui.hand") == "V"
    builder.testid("board").focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    assert builder.tiles()[(-1, 0)] == ("V", 180)  # north–east: it continues the road
    page.keyboard.press("r")
    assert builder.tiles()[(-1, 0)] == ("V", 270)


def test_the_abbot_stands_only_on_monasteries_and_gardens_and_runs_out(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.place("A", 0, 1, 0)  # monastery south of the start tile
    builder.place("B", 1, 1, 0)  # another one beside it
    page.locator('label[for="turn-kind-abbot"]').click()
    builder.fit()
    builder.select(0, 0)
    builder.click_square(0, 0, *SPOTS["E"])  # the start tile's road
    assert builder.message == "An abbot stands only on a monastery or a garden."
    assert builder.board()["figures"] == []
    builder.figure("red", 0, 1, "C")
    assert builder.board()["figures"] == [
        {"player": "red", "x": 0, "y": 1, "at": "C", "kind": "abbot"}]
    builder.select(1, 1)
    builder.click_square(1, 1, *SPOTS["C"])
    assert builder.message.startswith("Red's abbot is already on the board.")
    assert len(builder.board()["figures"]) == 1
    builder.figure("blue", 1, 1, "C")
    assert page.locator('[data-left-for="blue"]').get_attribute("title") == (
        "7 of 7 meeples, 0 of 1 abbot left")
    # The selected tile lists its features with what may go on each.
    inspector = builder.testid("inspector")
    assert "Monastery" in inspector.text_content()
    assert inspector.get_by_test_id("take-back-0").count() == 1
    # Nothing takes the place of blue's abbot (issue 20: no figure of another kind
    # replaces one): the monastery offers only to take it back.
    assert inspector.get_by_test_id("put-meeple-0").count() == 0


def test_switching_to_the_first_edition_hides_what_it_does_not_have(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    assert builder.testid("palette-E-garden").count() == 1
    builder.testid("edition").select_option("C1")
    page.wait_for_selector('[data-testid="palette-E-garden"]', state="detached")
    assert builder.testid("expansion-abbot").is_disabled()
    assert builder.testid("kind-abbot").count() == 0
    assert "E" in builder.testid("palette-E").text_content()
    assert "5 left" in builder.testid("palette-E").text_content()  # C1 has five plain E tiles
    assert builder.board()["expansions"] == ["farmers"]
    page.keyboard.press("Control+z")
    assert builder.testid("edition").input_value() == "C3"


def test_pan_and_zoom_with_mouse_wheel_and_keys_on_a_large_board(open_builder, tmp_path):
    # 12 × 12 monasteries in open fields: every edge is a field, so any square fits.
    board = {"edition": "C3", "players": [{"color": "red"}, {"color": "blue"}],
             "tiles": [{"tile": "B", "x": x, "y": y} for x in range(12) for y in range(12)]}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(board))
    builder = open_builder(LAPTOP)
    page = builder.page
    # How fast is measured by bench/builder_bench.py; this checks that it all works.
    builder.testid("import").set_input_files(str(path))
    page.wait_for_selector('[data-testid="tile-11,11"]')
    assert len(builder.tiles()) == 144

    view = lambda: page.get_by_test_id("board").get_attribute("viewBox")  # noqa: E731
    before = view()
    box = builder.testid("board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 120, cy + 60, steps=8)
    page.mouse.up()
    after_drag = view()
    assert after_drag != before
    assert page.evaluate("window.carcwikiBuilder.state.ui.selected") is None  # a drag is no click
    scale = page.evaluate("window.carcwikiBuilder.viewport.scale")
    page.mouse.wheel(0, -300)
    wait_until(page, f"window.carcwikiBuilder.viewport.scale > {scale}")
    builder.testid("board").focus()
    scale = page.evaluate("window.carcwikiBuilder.viewport.scale")
    page.keyboard.press("-")
    assert page.evaluate("window.carcwikiBuilder.viewport.scale") < scale
    moved = view()
    page.keyboard.press("Shift+ArrowLeft")
    assert view() != moved

    # Picking a tile lights every square where it fits, some way, at once.
    builder.pick("U")
    assert page.locator("svg.board .target").count() == 48
    # Turned on purpose, U runs north–south: it fits east and west of the board, not
    # north or south of it.
    for _ in range(4):
        page.keyboard.press("r")
    assert page.locator("svg.board .target").count() == 24


def test_the_page_geometry_follows_the_tile_specification(open_builder):
    """geometry.js and the rules kernel, run in the page on the server's data: location
    names turn as tiles-base-game.md says, edges turn with the tile, clicks name
    locations, tiles fit where their edges meet."""
    builder = open_builder(LAPTOP)
    result = builder.page.evaluate("""() => {
        const { catalogue } = window.carcwikiBuilder;
        const g = catalogue.geometry;
        const k = catalogue.kernel;
        const names = ['N', 'E', 'S', 'W', 'C', 'NW', 'NE', 'EN', 'ES', 'SE', 'SW', 'WS', 'WN'];
        const tiles = new Map([['0,0', { tile: 'D', x: 0, y: 0, rotation: 0 }]]);
        return {
            turned: Object.fromEntries(names.map(l => [l, g.turn(l, 90)])),
            back: g.turn('EN', -90),
            edgesOfD90: ['N', 'E', 'S', 'W'].map(side => g.edgeAt('D', 90, side)).join(''),
            cityClick: g.locationAtPoint('D', 0, [0.5, 0.1], 'C3'),
            cityClickTurned: g.locationAtPoint('D', 90, [0.9, 0.5], 'C3'),
            fieldClick: g.locationAtPoint('D', 0, [0.2, 0.9], 'C3'),
            kFits: ['0,1', '1,0'].map(s => k.fitsAt(tiles, 'K', ...s.split(',').map(Number), 0).ok),
            uSquares: k.squaresFitting(tiles, 'U', 90).map(([x, y]) => `${x},${y}`).sort(),
        };
    }""")
    assert result["turned"] == {
        "N": "E", "E": "S", "S": "W", "W": "N", "C": "C", "NW": "EN", "NE": "ES", "EN": "SE",
        "ES": "SW", "SE": "WS", "SW": "WN", "WS": "NW", "WN": "NE",
    }
    assert result["back"] == "NW"
    assert result["edgesOfD90"] == "RCRF"
    clicks = (result["cityClick"], result["cityClickTurned"], result["fieldClick"])
    assert clicks == ("N", "E", "SW")
    assert result["kFits"] == [False, True]
    assert result["uSquares"] == ["-1,0", "0,1", "1,0"]  # not north: the city is there


def test_two_fingers_pinch_to_zoom_and_one_finger_pans_on_a_phone(open_builder):
    builder = open_builder(PHONE)
    page = builder.page
    builder.testid("board").scroll_into_view_if_needed()
    box = builder.testid("board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # Real touch events, as a phone's screen sends them (Chromium turns them into the
    # pointer events the page reads).
    touch = page.context.new_cdp_session(page)

    def fingers(kind, *points):
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": number} for number, (x, y) in enumerate(points)]})

    scale = lambda: page.evaluate("window.carcwikiBuilder.viewport.scale")  # noqa: E731
    before = scale()
    fingers("touchStart", (cx - 30, cy), (cx + 30, cy))
    for step in range(1, 7):
        fingers("touchMove", (cx - 30 - 10 * step, cy), (cx + 30 + 10 * step, cy))
    fingers("touchEnd")
    # The fingers end 3 times as far apart as they started: the board is 3 times larger.
    assert scale() == pytest.approx(before * 3, rel=0.02)

    where = "(({ cx, cy }) => [cx, cy])(window.carcwikiBuilder.viewport)"
    centre = page.evaluate(where)
    fingers("touchStart", (cx, cy))
    for step in range(1, 7):
        fingers("touchMove", (cx + 10 * step, cy + 5 * step))
    fingers("touchEnd")
    moved = page.evaluate(where)
    # Dragging 60 by 30 screen pixels to the right and down shows what lies left and up.
    assert moved[0] == pytest.approx(centre[0] - 60 / scale(), abs=0.5)
    assert moved[1] == pytest.approx(centre[1] - 30 / scale(), abs=0.5)
    assert page.evaluate("window.carcwikiBuilder.state.ui.selected") is None  # no tap


# -- expansions: the river, Inns & Cathedrals, Traders & Builders ------------------------------


def segment_index(builder, x, y, at):
    """The segment of the placed tile at (x, y) that a figure at `at` stands on."""
    return builder.page.evaluate(
        """([x, y, at]) => {
            const { state, catalogue } = window.carcwikiBuilder;
            const tile = state.tileAt(x, y);
            return catalogue.geometry.view(tile.tile, tile.rotation).at[at];
        }""", [x, y, at])


def put(builder, color, x, y, at, kind):
    """Put a figure from the inspector's buttons, which offer only what may stand there."""
    builder.page.locator(f'label[for="turn-{color}"]').click()
    builder.fit()
    tile = builder.page.locator(f'[data-testid="tile-{x},{y}"]')
    if "is-selected" not in (tile.get_attribute("class") or ""):
        builder.hold_square(x, y)
    count = len(builder.board()["figures"])
    index = segment_index(builder, x, y, at)
    builder.testid("inspector").get_by_test_id(f"put-{kind}-{index}").click()
    wait_until(builder.page,
        f"window.carcwikiBuilder.state.doc.figures.length === {count + 1}")


def test_build_a_short_river_and_score_it(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.testid("expansion-river").check()
    # A river game starts from the spring (C3 prints its own), and river tiles come first.
    page.wait_for_selector('[data-testid="tile-0,0"][data-tile="river-A-C3"]')
    first = page.locator(".palette-tile").first.get_attribute("data-code")
    assert first.startswith("river-")
    # The River II has no C3 box, but a C3 table lays its C2 one; the Wind Roses, printed
    # for C1 only, are not in C3.
    assert not builder.testid("expansion-river2").is_disabled()
    assert builder.testid("expansion-wind-roses").is_disabled()
    builder.place("river-G", 0, 1)
    builder.place("river-I", -1, 1)
    builder.place("U", -1, 0)
    # Nothing stands on the river: river-G offers its two fields only.
    builder.hold_square(0, 1)
    kinds = page.eval_on_selector_all(
        "[data-testid=inspector] .feature-row", "rows => rows.map(r => r.dataset.kind)")
    assert kinds == ["farm", "farm"]
    put(builder, "red", -1, 1, "W", "meeple")  # the road of river-I, on to U
    put(builder, "blue", 0, 0, "N", "meeple")  # the spring's road
    assert builder.board()["expansions"] == ["farmers", "abbot", "river"]
    builder.testid("score").click()
    page.wait_for_selector("[data-testid=score-table]")
    assert builder.testid("final-red").text_content() == "+2"
    assert builder.testid("final-blue").text_content() == "+1"
    road = page.locator("[data-testid=feature-results] .feature-result", has_text="Red +2")
    assert "incomplete road: 2 tiles × 1 = 2" in road.text_content()


def test_a_river_u_turn_is_refused_with_the_reason(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.testid("expansion-river").check()
    page.wait_for_selector('[data-testid="tile-0,0"][data-tile="river-A-C3"]')
    builder.place("river-G", 0, 1)  # the river turns west...
    builder.fit()
    builder.pick("river-I")
    for _ in range(3):
        page.keyboard.press("r")
    # ...and turned 270° river-I would turn it at once north again, a U-turn: the
    # square is not lit for that turn, and a tap there says why, with the turn that fits.
    assert builder.testid("target--1,1").count() == 0
    builder.click_square(-1, 1)
    wait_until(page,
        "document.querySelector('[data-testid=message]').textContent.includes('U-turn')")
    assert "It fits there turned 0°" in builder.message
    assert builder.testid("tile--1,1").count() == 0
    assert [tile["tile"] for tile in builder.board()["tiles"]] == ["river-A-C3", "river-G"]


def test_an_unturned_river_tile_never_goes_down_as_a_u_turn(open_builder):
    """river-J turned 180° at (0, 1) turns the river west; river-G (VFFV), unturned, at
    (-1, 1): turned 90° (north-east, the first turn clockwise whose east edge is river)
    would turn it north again; the page lays it turned 180° (east-south), and it stays."""
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.testid("expansion-river").check()
    page.wait_for_selector('[data-testid="tile-0,0"][data-tile="river-A-C3"]')
    builder.place("river-J", 0, 1, 180)
    builder.fit()
    builder.pick("river-G")
    builder.testid("target--1,1").wait_for()
    builder.click_square(-1, 1)
    page.wait_for_selector('[data-testid="tile--1,1"][data-rotation="180"]')
    page.wait_for_load_state("networkidle")  # the server's check of the new tile is back
    page.wait_for_timeout(300)
    assert "went back in the box" not in builder.message
    assert [(t["tile"], t["rotation"]) for t in builder.board()["tiles"]] == [
        ("river-A-C3", 0), ("river-J", 180), ("river-G", 180)]


def test_inns_cathedrals_and_traders_builders_figures_goods_and_scores(open_builder):
    """The contract's example (board-format.md, section 7): red 58, pink 48."""
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.testid("expansion-inns-cathedrals").check()
    builder.testid("expansion-traders-builders").check()
    # The whole is ticked (once its tiles have come): its parts are not to be ticked.
    wait_until(page, "document.querySelector('[data-testid=expansion-large-meeple]').disabled")
    set_up_players(builder, [("red", "Anna", 40), ("pink", "Ben", 44)])
    for code, x, y, rotation in [("traders-P", 0, -1, 90), ("H", 0, -2, 270),
                                 ("inns-B", 1, 0, 0), ("W", -1, 0, 0), ("X", 2, 0, 0)]:
        builder.place(code, x, y, rotation)
    # The new figures are offered with their limits.
    assert page.locator('[data-left-for="red"]').get_attribute("title") == (
        "7 of 7 meeples, 1 of 1 abbot, 1 of 1 large meeple, 1 of 1 builder, 1 of 1 pig left")
    # A builder needs its owner's meeple on the road: not offered before red's large meeple.
    builder.page.locator('label[for="turn-red"]').click()
    page.wait_for_selector('[data-testid="tile-2,0"].is-selected')  # X was placed last
    road_w = segment_index(builder, 2, 0, "W")
    assert builder.testid("inspector").get_by_test_id(f"put-builder-{road_w}").count() == 0
    put(builder, "red", 1, 0, "E", "large")
    put(builder, "pink", -1, 0, "E", "meeple")
    put(builder, "red", 2, 0, "W", "builder")
    put(builder, "pink", 0, 0, "EN", "meeple")  # a farmer north of the road
    put(builder, "pink", 1, 0, "NW", "pig")  # beside that farmer, in the same field
    page.wait_for_selector('[data-testid="figure-red-2,0-W-builder"]')
    # Goods: red closed the wine city but has not entered the token yet.
    builder.testid("score").click()
    errors = builder.testid("errors")
    errors.wait_for()
    assert "1 wine symbol" in errors.text_content() and "1 missing" in errors.text_content()
    builder.testid("player-goods-wine-0").fill("1")
    wait_until(page, "window.carcwikiBuilder.state.toBoard().players[0].goods?.wine === 1")
    builder.testid("score").click()
    page.wait_for_selector("[data-testid=score-table]")
    for color, before, final, total in [("red", 40, 18, 58), ("pink", 44, 4, 48)]:
        assert builder.testid(f"before-{color}").text_content() == str(before)
        assert builder.testid(f"final-{color}").text_content() == f"+{final}"
        assert builder.testid(f"total-{color}").text_content() == str(total)
    road = builder.testid("feature-road-1").text_content()
    assert "completed road with an inn: 4 tiles × 2 = 8" in road
    assert "inn" in builder.testid("marks-road-1").text_content()
    assert "builders: Red (Anna)" in builder.testid("marks-road-1").text_content()
    farm = page.locator('.feature-result[data-kind="farm"]')
    assert farm.count() == 1
    assert "farm: 1 completed city × 3 = 3; pink's pig: +1 a city → pink 4" in farm.text_content()
    assert "pigs: Pink (Ben)" in farm.locator(".feature-marks").text_content()
    assert builder.testid("trade-goods-wine").text_content().endswith(
        "wine: red holds the most tokens (1): 10")
    assert "goods 10" in builder.testid("result-red").text_content()
    # Named by the tile of its first figure (red's large meeple) and where it lies.
    assert ("The road by tile inns-B, 1 east of the start is completed but still holds "
            "figures") in page.locator(".warnings").text_content()


def test_the_river_ii_starts_from_its_spring_and_no_figure_stands_by_the_volcano(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.testid("edition").select_option("C2")
    builder.testid("expansion-river2").check()
    page.wait_for_selector('[data-testid="tile-0,0"][data-tile="river2-A"]')
    builder.place("river2-L", 0, 1)  # the lake with the volcano, at the spring's mouth
    builder.page.locator('label[for="turn-red"]').click()
    page.wait_for_selector('[data-testid="tile-0,1"].is-selected')
    field = segment_index(builder, 0, 1, "SW")
    builder.testid("inspector").get_by_test_id(f"put-meeple-{field}").click()
    # The page lets the server judge the expansion's figure rule, and takes it back.
    wait_until(page,
        "document.querySelector('[data-testid=message]').textContent.includes('volcano')")
    assert builder.message.endswith("The figure went back.")
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 0")
