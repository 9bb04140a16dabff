"""What every search reads is read before the first search, and once a process: the gunicorn
master warms it before forking (so that a new worker's first searches do not take seconds),
and threads that search at once in a cold process read it once between them."""

import gc
import runpy
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from carcwiki.rules.search import engine

pytestmark = pytest.mark.django_db

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "gunicorn.conf.py"


@pytest.fixture
def cold(monkeypatch):
    """A process that has not searched yet (restored afterwards)."""
    monkeypatch.setattr(engine, "_content_cache", None)


def test_a_warmed_process_searches_without_reading_the_content(cold, client,
                                                               django_assert_num_queries):
    engine.warm()
    with django_assert_num_queries(0):
        engine._content_rows()
    answer = client.get("/search/?q=farmer+city")
    assert answer.status_code == 200 and "farmer" in answer.content.decode().lower()


def test_the_gunicorn_master_warms_the_search_before_forking(cold, monkeypatch):
    calls = []
    monkeypatch.setattr(engine, "warm", lambda: calls.append("search"))
    from carcwiki import warm

    monkeypatch.setattr(warm, "STEPS", (warm.search_content,))
    monkeypatch.setattr(gc, "freeze", lambda: None)  # keep the test process as it was
    config = runpy.run_path(str(CONFIG))
    config["when_ready"](SimpleNamespace(log=SimpleNamespace(warning=pytest.fail)))
    assert calls == ["search"]


def test_threads_searching_at_once_read_the_content_once(cold, monkeypatch):
    reads = []

    def slow_read():
        reads.append(threading.get_ident())
        time.sleep(0.2)  # long enough for every thread to arrive while it reads
        return {}, {}

    monkeypatch.setattr(engine, "_read_sections", slow_read)
    monkeypatch.setattr(engine, "_read_notes", slow_read)
    monkeypatch.setattr(engine, "_glossary", dict)
    monkeypatch.setattr(engine, "content_version", lambda: 7)
    results = []
    threads = [threading.Thread(target=lambda: results.append(engine._content_rows()))
               for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # One read of the sections and one of the notes, by the same thread; all 8 got them.
    assert len(reads) == 2 and len(set(reads)) == 1
    assert len(results) == 8 and all(rows is results[0] for rows in results)
