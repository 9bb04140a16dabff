"""How many actions a player needs to rebuild a finished game in the board builder.

Run: ``.venv/bin/python bench/builder_actions.py [--games N] [--big-box N]``
(needs Debian's ``/usr/bin/chromium``). It serves the site as in production (see
bench/builder_bench.py), generates finished games with the project's own generator
(``scoring.engine.generate``: base games, and Big Box games when ``--big-box`` is not 0),
and rebuilds each in ``/board/`` in headless Chromium through Playwright, on a laptop
(1280×800, mouse and keys) and on a phone (390×844, taps only), using only what a player
can do: clicks, taps, keys and swipes. Each counts as one action. For every tile and
figure the player takes the fewest actions the page allows (see :class:`Player`).

After the rebuild it scores through the page and checks that every player's final
points on the page equal the engine's score of the original request; a game that does
not is reported as a failure (and the run exits non-zero).

It reports, per viewport, the median over the games of the actions per tile (figures
included: every action spent on tiles and figures, divided by the tiles laid), the
actions for the game set-up (edition, expansions, players and their points) and for
scoring, and the seconds of page time per game: the main-thread task time Chromium
spent on the page during the whole rebuild (DevTools' ``TaskDuration``), so Playwright's
own round trips are not in it.
"""

from __future__ import annotations

import argparse
import glob
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from builder_bench import free_port, serve  # noqa: E402

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BIG_BOX = ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders"]
FIGURES_PER_PLAYER = 5  # about 20 figures on a base table, as after a real game
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ROTATIONS = (0, 90, 180, 270)
# Where each location sits inside a square (fractions of its side, y to the south), the
# same anchors the page draws figures at: a player taps a feature where it shows.
ANCHORS = {
    "C": (0.5, 0.5), "I": (0.5, 0.5),
    "N": (0.5, 0.16), "E": (0.84, 0.5), "S": (0.5, 0.84), "W": (0.16, 0.5),
    "NW": (0.27, 0.12), "NE": (0.73, 0.12), "EN": (0.88, 0.27), "ES": (0.88, 0.73),
    "SE": (0.73, 0.88), "SW": (0.27, 0.88), "WS": (0.12, 0.73), "WN": (0.12, 0.27),
}


# -- the games ---------------------------------------------------------------------------------

def tile_set():
    from scoring.engine import TileSet
    from scoring.engine.expansions import DEFAULT_REGISTRY

    files = sorted(glob.glob(str(ROOT / "fixtures" / "catalogue" / "tiles-*.yaml")))
    return TileSet.from_yaml(*files, registry=DEFAULT_REGISTRY)


def one_figure_a_tile(figures: list[dict], joining: set[str]) -> list[dict]:
    """The figures as a table shows them: a player puts at most one figure on the tile
    just laid, so one stands on each tile; a figure that joins another (a builder, a
    pig) stays when the figure it joins stays."""
    kept: list[dict] = []
    taken: set[tuple[int, int]] = set()
    for figure in figures:
        if figure["kind"] in joining:
            continue
        if (figure["x"], figure["y"]) in taken:
            continue
        taken.add((figure["x"], figure["y"]))
        kept.append(figure)
    standing = {(f["player"], f["x"], f["y"], f["at"]) for f in kept}
    kept += [f for f in figures if f["kind"] in joining
             and (f["player"], f["x"], f["y"], f["at"]) in standing]
    return kept


@dataclass
class Game:
    name: str
    request: dict
    final: dict[str, int]  # the engine's final points per colour


def make_games(tiles, base: int, big_box: int) -> list[Game]:
    """``base`` base games and ``big_box`` Big Box games, each a whole box laid by the
    generator (one seed each) with a few figures of every kind for each player."""
    from scoring.engine.board import PlacedTile
    from scoring.engine.generate import place_figures, random_request
    from scoring.engine.rules import Edition
    from scoring.engine.scoring import score_request
    from scoring.engine.validation import registry_of

    registry = registry_of(tiles)
    games: list[Game] = []
    wanted = [("base", seed, None) for seed in range(base)]
    wanted += [("big box", seed, BIG_BOX) for seed in range(big_box)]
    for kind, seed, expansions in wanted:
        request = random_request(tiles, random.Random(seed), size=None, expansions=expansions)
        in_play = registry.in_play(request["expansions"])
        joining = {code for (code, _), placement in in_play.placements.items() if placement.beside}
        board = [PlacedTile.from_json(tile) for tile in request["tiles"]]
        figures = place_figures(board, tiles, random.Random(1000 + seed),
                                [_color(player["color"]) for player in request["players"]],
                                edition=Edition(request["edition"]),
                                expansions=request["expansions"], per_player=FIGURES_PER_PLAYER)
        request["figures"] = one_figure_a_tile(figures, joining)
        result = score_request(request, tiles)
        final = {player.color.value: player.final_points for player in result.players}
        games.append(Game(f"{kind} #{seed}", request, final))
    return games


def _color(code: str):
    from scoring.engine.board import Color

    return Color(code)


# -- the player --------------------------------------------------------------------------------

class Mismatch(AssertionError):
    """The page did something else than the player meant."""


class Unsupported(Exception):
    """The page offers no way to do what the game needs."""


@dataclass
class Tally:
    """Actions by what they were for."""

    counts: Counter = field(default_factory=Counter)

    def add(self, what: str, count: int = 1) -> None:
        self.counts[what] += count

    def total(self, *groups: str) -> int:
        return sum(count for what, count in self.counts.items()
                   if not groups or what.split(":")[0] in groups)


# In the page: is the element wholly visible (in the window and in every scrolling box
# round it)? A player sees only what is on the screen.
IN_SIGHT = """(element) => {
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) return false;
    if (box.top < 0 || box.left < 0) return false;
    if (box.bottom > innerHeight || box.right > innerWidth) return false;
    for (let up = element.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (!/(auto|scroll|hidden)/.test(style.overflowX + style.overflowY)) continue;
        const frame = up.getBoundingClientRect();
        if (box.top < frame.top - 1 || box.bottom > frame.bottom + 1
            || box.left < frame.left - 1 || box.right > frame.right + 1) return false;
    }
    return true;
}"""

# In the page: where a point of square (x, y) is on the screen, and whether it is on the
# visible part of the board.
SQUARE_POINT = """([x, y, u, v]) => {
    const svg = document.querySelector('svg.board');
    const p = svg.createSVGPoint(); p.x = (x + u) * 100; p.y = (y + v) * 100;
    const s = p.matrixTransform(svg.getScreenCTM());
    const frame = svg.getBoundingClientRect();
    const side = 100 * svg.getScreenCTM().a;
    const inside = s.x >= frame.left + 2 && s.x <= frame.right - 2 && s.y >= frame.top + 2
        && s.y <= frame.bottom - 2 && s.x >= 0 && s.y >= 0
        && s.x <= innerWidth && s.y <= innerHeight;
    const framed = frame.top >= 0 && frame.bottom <= innerHeight;
    const hit = inside ? document.elementFromPoint(s.x, s.y) : null;
    const covered = inside && !(hit && svg.contains(hit));
    const centre = [frame.left + frame.width / 2, frame.top + frame.height / 2];
    return { x: s.x, y: s.y, inside: inside && !covered, framed, side, centre,
             frame: [frame.width, frame.height] };
}"""


class Player:
    """Rebuilds a game on the page as a player who knows the page well would.

    Tiles go down in the order they were laid in the game (each then touches the board).
    For a tile: tap its type in the palette (after a swipe when the palette has it out of
    sight), turn it with R (the Turn button on a phone) as often as needed, tap its square;
    when turning the placed tile is shorter (it then turns only to the ways that fit), it
    is placed first and turned after. The figures of a tile go down right after it, while
    it is still selected: switch the current player (a key on a laptop, a tap on a phone)
    and the figure kind when needed, tap the feature. The view is brought back with "Show
    the whole board" when the square is off the visible board, and the page is scrolled
    (one swipe) when what is tapped is off the screen.
    """

    def __init__(self, page, touch: bool, tiles, tally: Tally):
        self.page = page
        self.touch = touch
        self.tiles = tiles
        self.tally = tally
        self.testid = page.get_by_test_id

    # -- the hands --------------------------------------------------------------------------

    def reach(self, locator, what: str) -> None:
        """Swipe once to bring the element into sight if it is not."""
        if not locator.evaluate(IN_SIGHT):
            locator.evaluate("e => e.scrollIntoView({ block: 'nearest', inline: 'nearest' })")
            self.tally.add(f"{what}:swipe")
            if not locator.evaluate(IN_SIGHT):
                locator.evaluate("e => e.scrollIntoView({ block: 'center', inline: 'center' })")

    def press(self, locator, what: str) -> None:
        self.reach(locator, what)
        if self.touch:
            locator.tap()
        else:
            locator.click()
        self.tally.add(what)

    def key_or_button(self, key: str, button: str, what: str) -> None:
        if self.touch:
            self.press(self.testid(button), what)
        else:
            self.page.keyboard.press(key)
            self.tally.add(what)

    def square_point(self, x: int, y: int, u: float, v: float, what: str) -> tuple[float, float]:
        """The screen point of a point of a square, once the player can see it."""
        spot = self.page.evaluate(SQUARE_POINT, [x, y, u, v])
        if not spot["framed"]:
            self.reach(self.testid("board"), what)
            spot = self.page.evaluate(SQUARE_POINT, [x, y, u, v])
        if not spot["inside"]:
            (cx, cy), (width, height) = spot["centre"], spot["frame"]
            if abs(spot["x"] - cx) < width * 0.9 and abs(spot["y"] - cy) < height * 0.9:
                self.drag_board(cx - spot["x"], cy - spot["y"])
                self.tally.add(f"{what}:view")
            else:
                self.press(self.testid("fit"), f"{what}:view")
            spot = self.page.evaluate(SQUARE_POINT, [x, y, u, v])
        if not spot["inside"]:
            raise Mismatch(f"square ({x}, {y}) is not on the visible board")
        return spot["x"], spot["y"]

    def drag_board(self, dx: float, dy: float) -> None:
        """One drag of the board that pans it by (dx, dy) pixels, from a point of the
        board away from the selected tile (a drag there may mean something else)."""
        frame = self.testid("board").bounding_box()
        start = None
        for fu, fv in ((0.5, 0.5), (0.3, 0.3), (0.7, 0.7), (0.3, 0.7), (0.7, 0.3)):
            px, py = frame["x"] + frame["width"] * fu, frame["y"] + frame["height"] * fv
            selected = self.page.evaluate(
                """([px, py]) => Boolean(document.elementFromPoint(px, py)
                    ?.closest('.tile.is-selected, .figure, button'))""", [px, py])
            if not selected:
                start = (px, py)
                break
        px, py = start or (frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
        steps = 6
        if self.touch:
            cdp = self.page.context.new_cdp_session(self.page)
            def touch(kind, points):
                cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
                    {"x": x, "y": y, "id": 0} for x, y in points]})
            touch("touchStart", [(px, py)])
            for step in range(1, steps + 1):
                touch("touchMove", [(px + dx * step / steps, py + dy * step / steps)])
            touch("touchEnd", [])
            cdp.detach()
        else:
            self.page.mouse.move(px, py)
            self.page.mouse.down()
            self.page.mouse.move(px + dx, py + dy, steps=steps)
            self.page.mouse.up()

    def tap_square(self, x: int, y: int, u: float, v: float, what: str) -> None:
        px, py = self.square_point(x, y, u, v, what)
        if self.touch:
            self.page.touchscreen.tap(px, py)
        else:
            self.page.mouse.click(px, py)
        self.tally.add(what)

    # -- reading the page (the player's eyes: no action) ------------------------------------

    def board(self) -> dict:
        return self.page.evaluate("window.carcwikiBuilder.state.toBoard()")

    def ui(self, name: str):
        return self.page.evaluate(f"window.carcwikiBuilder.state.ui[{json.dumps(name)}]")

    # -- set-up -----------------------------------------------------------------------------

    def set_up(self, request: dict) -> None:
        testid = self.testid
        if testid("edition").input_value() != request["edition"]:
            self.choose(testid("edition"), request["edition"])
        for code in sorted(set(request["expansions"]) ^ set(self.board()["expansions"])):
            if not testid(f"expansion-{code}").count():
                raise Unsupported(f"the page offers no {code}")
            self.press(testid(f"expansion-{code}"), "setup")
        wanted = [player["color"] for player in request["players"]]
        page_colors = [player["color"] for player in self.board()["players"]]
        # Keep the page's colours that the game has; change the others.
        free = [color for color in wanted if color not in page_colors]
        for index, color in enumerate(page_colors):
            if color not in wanted:
                self.choose(testid(f"player-color-{index}"), free.pop(0))
        for color in free:
            self.press(testid("add-player"), "setup")
            index = len(self.board()["players"]) - 1
            if self.board()["players"][index]["color"] != color:
                self.choose(testid(f"player-color-{index}"), color)
        points = {player["color"]: player["points"] for player in request["players"]}
        for index, player in enumerate(self.board()["players"]):
            field_ = testid(f"player-points-{index}")
            self.reach(field_, "setup")
            field_.fill(str(points[player["color"]]))
            self.tally.add("setup")  # tap the field and type the number
        if sorted(p["color"] for p in self.board()["players"]) != sorted(wanted):
            raise Mismatch("players not set up")

    def choose(self, select, value: str) -> None:
        """Open a drop-down and pick an entry: two actions."""
        self.reach(select, "setup")
        select.select_option(value)
        self.tally.add("setup", 2)

    # -- tiles ------------------------------------------------------------------------------

    def fitting(self, placed: dict, code: str, x: int, y: int, edition) -> list[int]:
        """The rotations in which the tile fits its neighbours at (x, y)."""
        from scoring.engine.generate import _fits

        table = self.tiles.orientations(edition)
        return [rotation for rotation in ROTATIONS
                if _fits(placed, x, y, table[code][rotation // 90])]

    def plan_turns(self, fits: list[int], rotation: int) -> tuple[int, int]:
        """(turns before placing, turns after) with the fewest in all. The tile comes to
        hand unturned; a placed tile turns to the next rotation that fits."""
        best = None
        for before in range(4):
            first = before * 90
            if first not in fits:
                continue
            after = (fits.index(rotation) - fits.index(first)) % len(fits)
            if best is None or before + after < sum(best):
                best = (before, after)
        return best

    def lay(self, tile: dict, placed: dict, edition) -> None:
        code, x, y, rotation = tile["tile"], tile["x"], tile["y"], tile["rotation"]
        before, after = self.plan_turns(self.fitting(placed, code, x, y, edition), rotation)
        self.press(self.testid(f"palette-{code}"), "tile:pick")
        for _ in range(before):
            self.key_or_button("r", "rotate", "tile:turn")
        self.tap_square(x, y, 0.5, 0.5, "tile:place")
        self.page.wait_for_selector(f'[data-testid="tile-{x},{y}"]')
        for _ in range(after):
            self.key_or_button("r", "rotate", "tile:turn")
        self.page.wait_for_selector(f'[data-testid="tile-{x},{y}"][data-rotation="{rotation}"]')

    # -- figures ----------------------------------------------------------------------------

    def stand(self, figure: dict, request: dict, edition) -> None:
        """Put a figure on the tile just laid (it is selected)."""
        players = [player["color"] for player in self.board()["players"]]
        if self.ui("currentPlayer") != figure["player"]:
            index = players.index(figure["player"])
            if self.touch:
                self.press(self.page.locator(f'label[for="turn-{figure["player"]}"]'),
                           "figure:player")
            else:
                self.page.keyboard.press(str(index + 1))
                self.tally.add("figure:player")
        kind = figure["kind"]
        if self.ui("figureKind") != kind and not self.garden_takes(figure, request, edition):
            if not self.page.locator(f'label[for="turn-kind-{kind}"]').count():
                raise Unsupported(f"the page has no way to put a {kind} figure")
            self.press(self.page.locator(f'label[for="turn-kind-{kind}"]'), "figure:kind")
        self.tap_feature(figure, edition)

    def garden_takes(self, figure: dict, request: dict, edition) -> bool:
        """On this page a meeple put on a garden becomes the abbot by itself."""
        segment = self.segment(figure, edition)
        return (figure["kind"] == "abbot" and segment.kind.value == "garden"
                and self.ui("figureKind") == "meeple")

    def segment(self, figure: dict, edition):
        from scoring.engine.locations import Location

        tile = self.tile_at(figure["x"], figure["y"])
        oriented = self.tiles.orientations(edition)[tile["tile"]][tile["rotation"] // 90]
        return oriented.segments[oriented.segment_index(Location(figure["at"]))]

    def tile_at(self, x: int, y: int) -> dict:
        return self._placed[(x, y)]

    def spots(self, figure: dict, edition):
        """Where to tap for a figure: the anchor of its location, then the other
        locations of its feature, then a grid over the square nearest first."""
        segment = self.segment(figure, edition)
        seen = []
        for location in [figure["at"], *(loc.value for loc in segment.locations)]:
            if ANCHORS.get(location) and ANCHORS[location] not in seen:
                seen.append(ANCHORS[location])
        anchor = ANCHORS.get(figure["at"], (0.5, 0.5))
        grid = [(0.08 + 0.84 * i / 9, 0.08 + 0.84 * j / 9) for i in range(10) for j in range(10)]
        grid.sort(key=lambda p: (p[0] - anchor[0]) ** 2 + (p[1] - anchor[1]) ** 2)
        return seen + grid

    def tap_feature(self, figure: dict, edition) -> None:
        """Tap the feature. The player sees the picture and taps the feature where it
        shows: when the bench's first guess of a point lands elsewhere, that guess is
        undone and not counted."""
        wanted = self.segment(figure, edition)
        before = len(self.board()["figures"])
        for u, v in self.spots(figure, edition):
            self.tap_square(figure["x"], figure["y"], u, v, "figure:put")
            figures = self.board()["figures"]
            if len(figures) == before + 1:
                put = figures[-1]
                same = (put["player"], put["kind"], put["x"], put["y"]) == (
                    figure["player"], figure["kind"], figure["x"], figure["y"])
                if same and self.segment(put, edition) == wanted:
                    return
            self.tally.add("figure:put", -1)
            if len(figures) != before:
                self.page.evaluate("window.carcwikiBuilder.state.undo()")
            if self.ui("selected") != f"{figure['x']},{figure['y']}":
                self.page.evaluate(f"window.carcwikiBuilder.state.setUi({{ selected: "
                                   f"'{figure['x']},{figure['y']}' }})")
        raise Mismatch(f"no point of tile ({figure['x']}, {figure['y']}) takes {figure}")

    # -- the whole game ---------------------------------------------------------------------

    def rebuild(self, request: dict) -> None:
        from scoring.engine.generate import _fits  # noqa: F401 (checked import)
        from scoring.engine.rules import Edition

        edition = Edition(request["edition"])
        table = self.tiles.orientations(edition)
        self._placed = {}
        placed_oriented: dict[tuple[int, int], object] = {}
        on_page = {(t["x"], t["y"]): t for t in self.board()["tiles"]}
        figures_at: dict[tuple[int, int], list[dict]] = {}
        for figure in request["figures"]:
            figures_at.setdefault((figure["x"], figure["y"]), []).append(figure)
        for tile in request["tiles"]:
            where = (tile["x"], tile["y"])
            there = on_page.pop(where, None)
            same = there and there["tile"] == tile["tile"]
            if same and there.get("rotation", 0) == tile["rotation"]:
                if figures_at.get(where):  # select it for its figures
                    self.tap_square(*where, 0.5, 0.5, "tile:select")
            else:
                if there:  # another start tile: take it off first
                    self.tap_square(*where, 0.5, 0.5, "tile:select")
                    self.key_or_button("Delete", "tile-remove", "tile:remove")
                self.lay(tile, placed_oriented, edition)
            self._placed[where] = tile
            placed_oriented[where] = table[tile["tile"]][tile["rotation"] // 90]
            mine = figures_at.get(where, [])
            current = self.ui("currentPlayer")
            for figure in sorted(mine, key=lambda f: f["player"] != current):
                self.stand(figure, request, edition)
        if on_page:
            raise Mismatch(f"the page has tiles the game has not: {sorted(on_page)}")

    def score(self) -> dict[str, int]:
        self.press(self.testid("score"), "score")
        self.page.wait_for_selector("[data-testid=score-table]")
        colors = [player["color"] for player in self.board()["players"]]
        return {color: int(self.testid(f"final-{color}").text_content().lstrip("+"))
                for color in colors}


# -- running -----------------------------------------------------------------------------------

@dataclass
class Outcome:
    game: str
    viewport: str
    tiles: int
    figures: int
    tally: Tally
    page_seconds: float
    wall_seconds: float
    problem: str = ""
    unsupported: str = ""

    @property
    def per_tile(self) -> float:
        return self.tally.total("tile", "figure") / self.tiles


def task_seconds(cdp) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(metric["value"] for metric in metrics if metric["name"] == "TaskDuration")


def play(browser, url: str, game: Game, viewport_name: str, tiles) -> Outcome:
    viewport = LAPTOP if viewport_name == "laptop" else PHONE
    touch = viewport_name == "phone"
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    tally = Tally()
    request = game.request
    outcome = Outcome(game.name, viewport_name, len(request["tiles"]), len(request["figures"]),
                      tally, 0.0, 0.0)
    try:
        page.goto(url + "/board/")
        page.wait_for_selector("[data-builder][data-ready=true]")
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        started_task = task_seconds(cdp)
        started = time.perf_counter()
        player = Player(page, touch, tiles, tally)
        player.set_up(request)
        player.rebuild(request)
        final = player.score()
        outcome.wall_seconds = time.perf_counter() - started
        outcome.page_seconds = task_seconds(cdp) - started_task
        if final != game.final:
            outcome.problem = f"page scored {final}, the engine {game.final}"
        elif errors:
            outcome.problem = f"page errors: {errors[:3]}"
    except Unsupported as error:
        outcome.unsupported = str(error)
    except Exception as error:  # noqa: BLE001 - reported per game, the run goes on
        said = page.get_by_test_id("message").text_content() if not page.is_closed() else ""
        first_line = (str(error) or repr(error)).splitlines()[0][:200]
        outcome.problem = f"{type(error).__name__}: {first_line} (the page said: {said})"
        if os.environ.get("BUILDER_ACTIONS_SHOTS"):
            page.screenshot(path=f"{os.environ['BUILDER_ACTIONS_SHOTS']}/{viewport_name}-"
                            f"{game.name.replace(' #', '-').replace(' ', '-')}.png")
    finally:
        context.close()
    return outcome


def summarise(outcomes: list[Outcome]) -> None:
    print(f"{'games':<10}{'viewport':<9}{'n':>3}{'tiles':>7}{'figures':>8}{'act/tile':>10}"
          f"{'tile':>7}{'figure':>8}{'setup':>7}{'page s':>8}{'wall s':>8}")
    groups: dict[tuple[str, str], list[Outcome]] = {}
    for outcome in outcomes:
        if not outcome.problem:
            groups.setdefault((outcome.game.split(" #")[0], outcome.viewport), []).append(outcome)
    for (kind, viewport), done in groups.items():
        med = statistics.median
        print(f"{kind:<10}{viewport:<9}{len(done):>3}"
              f"{med(o.tiles for o in done):>7.0f}{med(o.figures for o in done):>8.0f}"
              f"{med(o.per_tile for o in done):>10.2f}"
              f"{med(o.tally.total('tile') for o in done):>7.0f}"
              f"{med(o.tally.total('figure') for o in done):>8.0f}"
              f"{med(o.tally.total('setup') for o in done):>7.0f}"
              f"{med(o.page_seconds for o in done):>8.2f}{med(o.wall_seconds for o in done):>8.1f}")
        breakdown = Counter()
        for outcome in done:
            breakdown.update(outcome.tally.counts)
        print("    actions by kind (mean a game): " + ", ".join(
            f"{what} {count / len(done):.1f}" for what, count in sorted(breakdown.items())))


def run_viewport(url: str, viewport: str, games: list[Game]) -> list[Outcome]:
    """Every game on one viewport, in a browser of its own."""
    from playwright.sync_api import sync_playwright

    tiles = tile_set()
    outcomes = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        for game in games:
            outcome = play(browser, url, game, viewport, tiles)
            outcomes.append(outcome)
            status = outcome.problem or (f"cannot: {outcome.unsupported}"
                                         if outcome.unsupported else "scores match")
            print(f"  {viewport:<7}{game.name:<12}{outcome.tiles:>4} tiles"
                  f"{outcome.figures:>4} figures {outcome.per_tile:6.2f} a tile "
                  f"{outcome.page_seconds:6.2f} s page: {status}", flush=True)
        browser.close()
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="base games (default 20)")
    parser.add_argument("--big-box", type=int, default=10, help="Big Box games (default 10)")
    parser.add_argument("--viewports", default="laptop,phone")
    parser.add_argument("--jobs", type=int, default=2,
                        help="viewports played at once, each in its own browser (default 2)")
    parser.add_argument("--save", type=Path, help="write each game's JSON to this folder")
    args = parser.parse_args()

    started = time.perf_counter()
    tiles = tile_set()
    games = make_games(tiles, args.games, args.big_box)
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for game in games:
            name = game.name.replace(" #", "-").replace(" ", "-")
            (args.save / f"{name}.json").write_text(json.dumps(game.request, indent=1))
    viewports = args.viewports.split(",")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = serve(Path(folder), port)
        url = f"http://127.0.0.1:{port}"
        try:
            with ProcessPoolExecutor(max_workers=max(1, args.jobs),
                                     mp_context=multiprocessing.get_context("spawn")) as pool:
                runs = [pool.submit(run_viewport, url, viewport, games) for viewport in viewports]
                outcomes = [outcome for run in runs for outcome in run.result()]
        finally:
            server.terminate()
            server.wait()
    print(f"\nBuilder actions: headless Chromium, medians over the games "
          f"({time.perf_counter() - started:.0f} s in all, load average {os.getloadavg()[0]:.2f})")
    summarise([outcome for outcome in outcomes if not outcome.unsupported])
    unsupported = {(o.game, o.unsupported) for o in outcomes if o.unsupported}
    for name, why in sorted(unsupported):
        print(f"not rebuilt: {name}: the page cannot do it: {why}")
    failed = [outcome for outcome in outcomes if outcome.problem]
    for outcome in failed:
        print(f"FAILED: {outcome.viewport} {outcome.game}: {outcome.problem}")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
