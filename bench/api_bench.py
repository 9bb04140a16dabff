"""Benchmark of the catalogue API: median response time per endpoint.

Run: ``.venv/bin/python bench/api_bench.py`` (uses an in-memory SQLite database loaded
from the fixtures, through Django's test client, so it measures the Django stack and the
queries, not the network).
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

ENDPOINTS = [
    "/api/editions/",
    "/api/expansions/?page_size=200",
    "/api/tiles/?page_size=200",
    "/api/tiles/?edition=C1&feature=city",
    "/api/tiles/D/",
    "/api/schema/",
]
RUNS = 50


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    client = Client()
    print(f"{'endpoint':40} {'median ms':>10} {'p90 ms':>8} {'queries':>8}")
    for url in ENDPOINTS:
        client.get(url)  # warm caches (schema generation, URL resolver)
        timings = []
        for _ in range(RUNS):
            start = time.perf_counter()
            response = client.get(url)
            timings.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, (url, response.status_code)
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        timings.sort()
        print(
            f"{url:40} {statistics.median(timings):10.2f} {timings[int(RUNS * 0.9)]:8.2f} "
            f"{len(queries):8d}"
        )


if __name__ == "__main__":
    main()
