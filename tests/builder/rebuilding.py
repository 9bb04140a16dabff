"""Helpers of the browser tests that rebuild a small board on the builder page: import it
as a player would (the page's Import JSON), read the figures back, and score it."""

from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError


def import_board(builder, tmp_path, expansions, tiles, figures=(), edition="C3"):
    """Import a board of red and blue with ``tiles`` as ``(code, x, y, rotation)`` and
    ``figures`` as ``(player, x, y, at, kind)``, and fit the view to it."""
    board = {
        "edition": edition, "expansions": expansions,
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": t, "x": x, "y": y, "rotation": r} for t, x, y, r in tiles],
        "figures": [{"player": p, "x": x, "y": y, "at": at, "kind": kind}
                    for p, x, y, at, kind in figures],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    builder.testid("import").set_input_files(str(path))
    x, y = tiles[-1][1:3]
    builder.page.wait_for_selector(f'[data-testid="tile-{x},{y}"]')
    builder.fit()


def figures(builder):
    """The page's figures, sorted, as ``(player, x, y, at, kind)``."""
    return sorted((f["player"], f["x"], f["y"], f["at"], f.get("kind", "meeple"))
                  for f in builder.board()["figures"])


def score(builder):
    """Score the board on the page; red's and blue's final points. On a phone the results
    open over the board: they are read there, then closed back to the board."""
    fresh = "[data-testid=results]:not(.is-stale) [data-testid=score-table]"
    builder.testid("score").click()
    try:
        builder.page.wait_for_selector(fresh, timeout=20_000)
    except PlaywrightTimeoutError:
        # A known fault of the page, seen only under load in CI (the mage and the castle
        # tests): a Score right after an import sometimes never shows fresh results; the
        # likeliest cause is the imported expansions' tiles arriving after the click and
        # marking the results stale. A player taps Score again, and so does the test; the
        # points it reads are still checked against the hand-computed ones.
        builder.testid("score").click()
        builder.page.wait_for_selector(fresh, timeout=20_000)
    points = {color: int(builder.testid(f"final-{color}").text_content())
              for color in ("red", "blue")}
    if builder.testid("close-sheet").is_visible():
        builder.testid("close-sheet").click()
    return points
