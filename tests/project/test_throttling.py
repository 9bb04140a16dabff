"""The throttles hold: under a crowd of parallel requests, across a window boundary, and
when something else fills the page cache. Run against Redis too (``REDIS_URL``, .ci/run)."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.management import call_command
from django.test import RequestFactory, override_settings

from carcwiki.throttling import THROTTLE_CACHE, ClientRateThrottle, add_to_counter

ROOT = Path(__file__).resolve().parents[2]


class TwentyAMinute(ClientRateThrottle):
    scope = "test"
    rate = "20/min"


class TwoAMinute(ClientRateThrottle):
    scope = "test"
    rate = "2/min"


def client_request(address="203.0.113.9"):
    return RequestFactory().get("/", REMOTE_ADDR=address)


def at(seconds: float):
    return staticmethod(lambda: seconds)


def test_a_crowd_of_parallel_requests_gets_exactly_the_rate_through():
    request = client_request()
    allowed = []
    start = threading.Barrier(16)

    def burst():
        start.wait()
        for _ in range(10):
            allowed.append(TwentyAMinute().allow_request(request, None))

    threads = [threading.Thread(target=burst) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(allowed) == 160
    assert allowed.count(True) == 20


def test_a_client_cannot_pass_twice_the_rate_across_a_window_boundary(monkeypatch):
    request = client_request()
    window_end = 60.0 * 1_000_000 - 1  # the last second of a minute's window
    monkeypatch.setattr(TwoAMinute, "timer", at(window_end))
    assert [TwoAMinute().allow_request(request, None) for _ in range(3)] == [True, True, False]
    # Two seconds later a new window has begun, but the last one's two requests still
    # weigh almost fully: nothing more gets through yet.
    monkeypatch.setattr(TwoAMinute, "timer", at(window_end + 2))
    refused = TwoAMinute()
    assert refused.allow_request(request, None) is False
    assert refused.wait() == 29  # until they weigh one request: half a minute in
    monkeypatch.setattr(TwoAMinute, "timer", at(window_end + 2 + 29))
    assert [TwoAMinute().allow_request(request, None) for _ in range(2)] == [True, False]


def test_refused_requests_do_not_count(monkeypatch):
    request = client_request()
    monkeypatch.setattr(TwoAMinute, "timer", at(60.0 * 1_000_000))
    for _ in range(50):
        TwoAMinute().allow_request(request, None)
    # Two full windows later the earlier window weighs nothing, hammering or not.
    monkeypatch.setattr(TwoAMinute, "timer", at(60.0 * 1_000_002))
    assert [TwoAMinute().allow_request(request, None) for _ in range(3)] == [True, True, False]


def test_filling_the_page_cache_does_not_reset_a_limit():
    request = client_request()
    assert [TwoAMinute().allow_request(request, None) for _ in range(2)] == [True, True]
    pages = caches["default"]
    for n in range(2000):  # far past the in-memory cache's 300 entries: it culls
        pages.set(f"/api/schema/?n={n}", "x" * 100)
    pages.clear()
    assert TwoAMinute().allow_request(request, None) is False


def test_the_throttle_cache_is_its_own_and_never_culls():
    throttle, default = settings.CACHES[THROTTLE_CACHE], settings.CACHES["default"]
    assert throttle != default
    if "redis" in throttle["BACKEND"].lower():
        assert throttle["KEY_PREFIX"] != default.get("KEY_PREFIX")
    else:
        assert throttle["OPTIONS"]["MAX_ENTRIES"] >= 10**9


@pytest.mark.parametrize("module", ["test", "prod"])
def test_redis_url_puts_every_cache_and_the_sessions_in_redis(module):
    script = (
        "from django.conf import settings as s; import json; print(json.dumps("
        "[s.CACHES['default']['BACKEND'], s.CACHES['throttle']['BACKEND'], "
        "s.CACHES['throttle']['KEY_PREFIX'], s.CACHES['throttle']['LOCATION'], "
        "s.SESSION_ENGINE]))"
    )
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("DJANGO_", "REDIS_"))}
    environment.update(DJANGO_SETTINGS_MODULE=f"carcwiki.settings.{module}",
                       REDIS_URL="redis://127.0.0.1:6/0", DJANGO_SECRET_KEY="k" * 50,
                       DJANGO_ALLOWED_HOSTS="carcwiki.example")
    result = subprocess.run([sys.executable, "-c", f"import django; django.setup(); {script}"],
                            cwd=ROOT, env=environment, capture_output=True, text=True,
                            timeout=60)
    assert json.loads(result.stdout) == [
        "carcwiki.cache.RedisCache",  # Django's, reusing its client (carcwiki/cache.py)
        "carcwiki.cache.RedisCache",
        "carcwiki-throttle",
        "redis://127.0.0.1:6/1",  # a database of its own: clearing the pages keeps it
        "django.contrib.sessions.backends.cached_db",
    ], result.stderr


@pytest.mark.django_db(transaction=True)
def test_counting_in_the_database_cache_takes_a_lock():
    database_cache = {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                      "LOCATION": "test_throttle_counts"}
    with override_settings(CACHES={**settings.CACHES, THROTTLE_CACHE: database_cache}):
        call_command("createcachetable", verbosity=0)
        cache = caches[THROTTLE_CACHE]
        assert [add_to_counter(cache, "k", 1, 60) for _ in range(3)] == [1, 2, 3]
        assert add_to_counter(cache, "k", -1, 60) == 2
        assert cache.get("k:lock") is None  # released


def test_one_redis_client_per_pool_is_reused():
    from carcwiki.cache import RedisCache

    cache = RedisCache("redis://127.0.0.1:6/0", {})
    assert cache._cache.get_client(write=True) is cache._cache.get_client(write=False)


def test_a_counted_request_reads_the_previous_window_in_the_same_step():
    from carcwiki.throttling import count_request

    cache = caches[THROTTLE_CACHE]
    add_to_counter(cache, "test:previous", 7, 60)
    # First request of a window: the counter starts at 1; the previous window said 7.
    assert count_request(cache, "test:current", "test:previous", 60) == (1, 7)
    assert count_request(cache, "test:current", "test:previous", 60) == (2, 7)
    assert count_request(cache, "test:other", "test:none", 60) == (1, 0)
