"""Helpers of the browser tests that rebuild a small board on the builder page: import it
as a player would (the page's Import JSON), read the figures back, and score it."""

from __future__ import annotations

import json

from tests.waiting import wait_until


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
    # Until the board is in (its expansions' tiles may come from the server first), the
    # page holds the board before; a square alone would not tell: the start tile stands
    # at (0, 0) on a new board.
    wanted = sorted(json.dumps([code, x, y, r], separators=(",", ":")) for code, x, y, r in tiles)
    wait_until(builder.page, f"""(() => {{
        const drawn = window.carcwikiBuilder.state.toBoard().tiles
            .map((t) => JSON.stringify([t.tile, t.x, t.y, t.rotation])).sort();
        return JSON.stringify(drawn) === {json.dumps(json.dumps(wanted, separators=(",", ":")))};
    }})()""", timeout=30)
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
    # The answer of a server sharing two cores with the other test pass can take more
    # than the default 10 s; results that stay stale still fail here.
    builder.page.wait_for_selector(fresh, timeout=30_000)
    points = {color: int(builder.testid(f"final-{color}").text_content())
              for color in ("red", "blue")}
    if builder.testid("close-sheet").is_visible():
        builder.testid("close-sheet").click()
    return points


def inside(outer, inner):
    """Whether box ``inner`` lies wholly within box ``outer`` (Playwright's bounding
    boxes: x, y, width, height), with a pixel's leeway."""
    return all(inner[start] >= outer[start] - 1
               and inner[start] + inner[size] <= outer[start] + outer[size] + 1
               for start, size in (("x", "width"), ("y", "height")))
