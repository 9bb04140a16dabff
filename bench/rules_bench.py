"""Benchmark of the rules reference: median response time of its main pages.

Run: ``.venv/bin/python bench/rules_bench.py`` (an in-memory SQLite database loaded from
the fixtures, requests through Django's test client: it measures the Django stack, the
queries and the templates, not the network). ``DATABASE_URL`` may name another database,
e.g. a throwaway PostgreSQL server, to time its full-text search; its tables are created
by the migrations and then filled by ``load_catalogue``, so never point it at real data.
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

SELECTION = "x=base,inns-cathedrals,traders-builders,river2&ed=c1,c23&pref=c1&mark=1"
PAGES = [
    ("index", "/rules/"),
    ("base-game page", "/rules/base-game/"),
    ("base-game page, C1 selection", f"/rules/base-game/?{SELECTION}"),
    ("search 'farm'", "/search/?q=farm"),
    ("search 'abbé farmer'", "/search/?q=abb%C3%A9+farmer"),
    ("search a player's question", "/search/?q=how+many+points+is+an+unfinished+city+worth"),
    ("glossary", "/glossary/"),
    ("note permalink", "/rules/notes/{note}/"),
    ("selector", "/selection/"),
    ("API page", "/api/rules/pages/base-game/"),
]
RUNS = 50


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    from carcwiki.rules.models import Note

    note = Note.objects.filter(section__page__slug="farmers").values_list("slug", flat=True)[0]
    client = Client()
    print(f"database: {connection.vendor}")
    print(f"{'page':32} {'median ms':>10} {'p90 ms':>8} {'queries':>8} {'kB':>6}")
    for label, url in PAGES:
        url = url.format(note=note)
        client.get(url)  # warm the URL resolver and the template cache
        timings = []
        for _ in range(RUNS):
            start = time.perf_counter()
            response = client.get(url)
            timings.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, (url, response.status_code)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        timings.sort()
        print(
            f"{label:32} {statistics.median(timings):10.2f} {timings[int(RUNS * 0.9)]:8.2f} "
            f"{len(queries):8d} {len(response.content) / 1024:6.0f}"
        )


if __name__ == "__main__":
    main()
