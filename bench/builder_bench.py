"""Benchmark of the board builder in a real browser: how responsive ``/board/`` stays.

Run: ``.venv/bin/python bench/builder_bench.py [--runs N]`` (needs Debian's
``/usr/bin/chromium``; ``make test`` installs it). It serves the site as in production
(gunicorn, whitenoise) on a throwaway SQLite file loaded from the fixtures, opens
``/board/`` in headless Chromium through Playwright, and reports the median of N runs of:

- opening the page until it is ready to use (the ``builder-ready`` mark of main.js);
- importing a finished 72-tile game with figures, and a 400-tile board, until every
  tile is drawn;
- picking the last tile of that game, and a tile for the 400-tile board, until the
  squares where it fits are lit;
- one zoom step on the 400-tile board until the browser has painted it;
- scoring the 72-tile game (the request to ``POST /api/score/`` included) until the
  results are shown.

Times are taken in the page (``performance.now()``), from the action until the change
it makes is in the document and two animation frames have passed, so they include
layout and painting but not Playwright's own round trips. The browser tests check that all of this
works; this script says how fast.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PYTHON = sys.executable

def finished_game() -> dict:
    """The 72-tile game of bench/score_bench.py, with the tiles read from the fixtures."""
    from scoring.engine import TileSet
    from scoring.engine.expansions import DEFAULT_REGISTRY, PACKAGES_DIR
    from scoring.engine.generate import finished_game as finished

    return finished(TileSet.from_yaml(str(PACKAGES_DIR / "base" / "tiles-base.yaml"),
                                      registry=DEFAULT_REGISTRY))


def big_board(side: int = 20) -> dict:
    """``side`` × ``side`` monasteries in open fields: every edge is a field."""
    return {
        "edition": "C3",
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "B", "x": x, "y": y} for x in range(side) for y in range(side)],
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(folder: Path, port: int) -> subprocess.Popen:
    """The site as in production (gunicorn, whitenoise, production settings over plain
    HTTP on loopback) on a fresh SQLite file, once it answers."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "carcwiki.settings.prod",
        "DJANGO_SECRET_KEY": secrets.token_hex(32),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_HSTS_SECONDS": "0",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
    }
    for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["load_catalogue"],
                    ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([PYTHON, "manage.py", *command], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    server = subprocess.Popen(
        [str(Path(PYTHON).with_name("gunicorn")), "carcwiki.wsgi", "--bind",
         f"127.0.0.1:{port}", "--workers", "2", "--threads", "4"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/board/", timeout=1).read()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("gunicorn did not answer")


# In the page: run ``act``, then resolve once ``done()`` holds (checked at every change of
# the document) and two animation frames have passed; the milliseconds it took.
TIMED = """async ([act, done]) => {
    const ready = new Function('return ' + done);
    const started = performance.now();
    const settled = new Promise(resolve => {
        const check = () => { if (ready()) { observer.disconnect(); resolve(); return true; } };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        setTimeout(check, 0);
    });
    await new Function('return (async () => {' + act + '})()')();
    await settled;
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
    return performance.now() - started;
}"""

IMPORT = """
    const input = document.querySelector('[data-testid=import]');
    const files = new DataTransfer();
    files.items.add(new File([%s], 'board.json', { type: 'application/json' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
"""


class Page:
    """The builder page, measured from inside: Playwright only starts each case, so its
    own round trips and waits are not in the figures."""

    def __init__(self, browser, url: str):
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.url = url

    def timed(self, act: str, done: str) -> float:
        return self.page.evaluate(TIMED, [act, done])

    def open(self) -> float:
        """Milliseconds from the navigation's start until the page is ready and painted."""
        self.page.goto(self.url + "/board/")
        self.page.wait_for_selector("[data-builder][data-ready=true]")
        return self.page.evaluate("performance.getEntriesByName('builder-ready')[0].startTime")

    def load(self, board: dict, last_tile: str) -> float:
        return self.timed(
            IMPORT % json.dumps(json.dumps(board)),
            f"document.querySelector('[data-testid=\"tile-{last_tile}\"]')",
        )

    def pick(self, code: str) -> float:
        self.page.keyboard.press("Escape")  # put back the tile in hand, if any
        return self.timed(
            f"document.querySelector('[data-testid=palette-{code}]').click()",
            "document.querySelector('svg.board .target')",
        )

    def nothing(self) -> float:
        """The floor of every figure: two animation frames."""
        return self.timed("", "true")

    def score_request(self) -> float:
        """The last scoring request as the page's resource timing saw it."""
        return self.page.evaluate("""() => performance.getEntriesByType('resource')
            .filter(entry => entry.name.endsWith('/api/score/')).at(-1).duration""")

    def zoom(self) -> float:
        return self.timed("window.carcwikiBuilder.viewport.zoomAt(1.25)", "true")

    def score(self) -> float:
        self.page.evaluate("document.querySelector('[data-testid=results]').replaceChildren()")
        return self.timed(
            "document.querySelector('[data-testid=score]').click()",
            "document.querySelector('[data-testid=score-table]')",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15,
                        help="runs of each case (scoring is throttled at 120 a minute)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        game_board = finished_game()
        # The same game with its last tile (and any figure on it) still to place.
        last = game_board["tiles"][-1]
        short_board = {
            **game_board,
            "tiles": game_board["tiles"][:-1],
            "figures": [figure for figure in game_board["figures"]
                        if (figure["x"], figure["y"]) != (last["x"], last["y"])],
        }
        short_last = "{x},{y}".format(**short_board["tiles"][-1])
        game_last = "{x},{y}".format(**game_board["tiles"][-1])
        port = free_port()
        server = serve(folder, port)
        times: dict[str, list[float]] = {}

        def record(name: str, value: float) -> None:
            times.setdefault(name, []).append(value)

        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", headless=True,
                    args=["--no-sandbox", "--disable-gpu"])
                for _ in range(args.runs):
                    page = Page(browser, f"http://127.0.0.1:{port}")
                    record("open /board/ until ready", page.open())
                    record("import the 72-tile game (24 figures)", page.load(game_board, game_last))
                    record("nothing (the two-frame floor)", page.nothing())
                    record("score the 72-tile game: results shown", page.score())
                    record("  of which POST /api/score/ (network)", page.score_request())
                    page.load(short_board, short_last)
                    record("pick the last tile, 71 down: fits lit", page.pick(last["tile"]))
                    record("import a 400-tile board", page.load(big_board(), "19,19"))
                    record("pick a tile, 400-tile board: fits lit", page.pick("U"))
                    record("zoom one step, 400-tile board: painted", page.zoom())
                    page.context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait()

    print(f"Builder bench: headless Chromium, median of {args.runs} runs "
          f"(load average {os.getloadavg()[0]:.2f})")
    print(f"{'case':<44}{'median':>12}{'max':>12}")
    for name, values in times.items():
        print(f"{name:<44}{statistics.median(values):>9.1f} ms{max(values):>9.1f} ms")


if __name__ == "__main__":
    main()
