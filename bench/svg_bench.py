"""Benchmark of the tile pictures: rendering all base tiles, and serving one through Django.

Run: ``.venv/bin/python bench/svg_bench.py`` (an in-memory SQLite database loaded from the
fixtures, Django's test client: it measures the renderer and the Django stack, not the
network). Reports medians over repeated runs.
"""

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcwiki.settings.test")
os.environ.setdefault("DATABASE_URL", "sqlite://:memory:")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from carcwiki.catalogue.svg import render_tile_svg  # noqa: E402
from scoring.tileset import current_tiles  # noqa: E402

RUNS = 200


def timed_ms(action, runs: int) -> list[float]:
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        timings.append((time.perf_counter() - start) * 1000)
    return sorted(timings)


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    # The pictures draw the engine's checked tiles, as the tile view does.
    checked = current_tiles()
    tiles = [checked[code] for code in checked.codes_in_play(None, frozenset({"base"}))]

    def render_all() -> None:
        for tile in tiles:
            render_tile_svg(tile)

    render_all()  # warm up
    all_tiles = timed_ms(render_all, RUNS)
    size = sum(len(render_tile_svg(tile)) for tile in tiles) / len(tiles)

    client = Client()

    def serve(url: str):
        def get() -> None:
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)

        return get

    print(f"{'what':44} {'median ms':>10} {'p90 ms':>8} {'queries':>8}")
    print(
        f"{f'render all {len(tiles)} base tiles':44} {statistics.median(all_tiles):10.3f} "
        f"{all_tiles[int(RUNS * 0.9)]:8.3f} {0:8d}"
    )
    for url in ("/tiles/D.svg", "/tiles/D.svg?rotation=90", "/tiles/"):
        serve(url)()
        timings = timed_ms(serve(url), RUNS if url.endswith(".svg") else RUNS // 4)
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        print(
            f"{'GET ' + url:44} {statistics.median(timings):10.3f} "
            f"{timings[int(len(timings) * 0.9)]:8.3f} {len(queries):8d}"
        )
    print(f"average picture size: {size:.0f} bytes")


if __name__ == "__main__":
    main()
