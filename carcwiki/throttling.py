"""Per-client rate limits that hold under concurrency, in a cache nothing else can evict.

DRF's ``SimpleRateThrottle`` keeps each client's list of request times in the default
cache and writes it back after reading it: two requests at the same moment both read the
same list, both pass, and only one of their writes survives, so a crowd of parallel
requests gets about twice the rate through. It also shares the cache with pages, so
filling the cache with anything else wiped everyone's history.

:class:`SlidingWindowRateThrottle` counts instead: one counter per client and window of
the rate's period, raised with the cache's atomic ``add``/``incr`` (Redis ``INCR``, a lock
in the in-memory cache, a short lock key elsewhere), in the ``throttle`` cache alias
(``settings.CACHES``) which holds nothing else and is never culled. The previous
window's count is weighed by how much of it still lies within one period, so a client
cannot pass the rate twice by straddling a window boundary.
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager

from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle

THROTTLE_CACHE = "throttle"
"""The cache alias of the throttles' counters (see ``settings.CACHES``)."""

_ATOMIC_INCREMENT = (RedisCache, LocMemCache)
_LOCK_SECONDS = 5
_LOCK_ATTEMPTS = 400
_LOCK_PAUSE = 0.005


@contextmanager
def _locked(cache: BaseCache, key: str):
    """Hold a short lock on ``key`` in a cache whose ``incr`` is a read then a write
    (the database cache); ``add`` is atomic there, so it serves as the lock."""
    lock = f"{key}:lock"
    acquired = False
    for _ in range(_LOCK_ATTEMPTS):
        if acquired := cache.add(lock, 1, _LOCK_SECONDS):
            break
        time.sleep(_LOCK_PAUSE)
    # After two seconds without the lock (a holder that died keeps it five), count
    # anyway: a rare miscount beats a request that waits for ever.
    try:
        yield
    finally:
        if acquired:
            cache.delete(lock)


def add_to_counter(cache: BaseCache, key: str, delta: int, timeout: int) -> int:
    """Add ``delta`` to the counter at ``key`` (created at 0 for ``timeout`` seconds)
    in one atomic step; the new value."""
    if isinstance(cache, _ATOMIC_INCREMENT):
        cache.add(key, 0, timeout)
        try:
            return cache.incr(key, delta)
        except ValueError:  # expired between the two calls: start it again
            cache.add(key, 0, timeout)
            return cache.incr(key, delta)
    with _locked(cache, key):
        value = cache.get(key, 0) + delta
        cache.set(key, value, timeout)
        return value


def count_request(cache: BaseCache, current_key: str, previous_key: str,
                  timeout: int) -> tuple[int, int]:
    """Count one request in the current window's counter; (its new value, the previous
    window's count). On Redis the three commands go in one round trip (a pipeline: GET,
    SET NX EX, INCR, each atomic, as ``add_to_counter`` does them one by one)."""
    if isinstance(cache, RedisCache):
        current = cache.make_and_validate_key(current_key)
        pipeline = cache._cache.get_client(current, write=True).pipeline(transaction=False)
        pipeline.get(cache.make_and_validate_key(previous_key))
        pipeline.set(current, 0, ex=timeout, nx=True)
        pipeline.incr(current)
        previous, _, count = pipeline.execute()
        return count, int(previous or 0)
    previous = cache.get(previous_key, 0)
    return add_to_counter(cache, current_key, 1, timeout), previous


class SlidingWindowRateThrottle(SimpleRateThrottle):
    """A ``SimpleRateThrottle`` that counts atomically in the ``throttle`` cache."""

    @property
    def cache(self) -> BaseCache:
        return caches[THROTTLE_CACHE]

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        now = self.timer()
        window = int(now // self.duration)
        into_window = now - window * self.duration
        # Kept two periods: the next window still reads this one's count.
        current_key, previous_key = f"{self.key}:{window}", f"{self.key}:{window - 1}"
        weight = 1 - into_window / self.duration
        count, previous = count_request(self.cache, current_key, previous_key,
                                        2 * self.duration)
        if count + math.ceil(previous * weight) <= self.num_requests:
            return True
        # Refused requests do not count: a client who waits gets through again.
        add_to_counter(self.cache, current_key, -1, 2 * self.duration)
        self.seconds_to_wait = self._wait_after(count - 1, previous, into_window)
        return False

    def _wait_after(self, current: int, previous: int, into_window: float) -> float:
        """Seconds until one more request fits, as the previous window's weight fades."""
        if current >= self.num_requests or previous == 0:
            return self.duration - into_window
        # Need ceil(previous * (1 - t / duration)) <= num_requests - current - 1.
        allowed = self.num_requests - current - 1
        fraction = 1 - allowed / previous
        return max(0.0, fraction * self.duration - into_window)

    def wait(self) -> float | None:
        return getattr(self, "seconds_to_wait", None)


class ScopedSlidingWindowThrottle(ScopedRateThrottle, SlidingWindowRateThrottle):
    """DRF's ``ScopedRateThrottle`` (a rate per view's ``throttle_scope``), counted by
    :class:`SlidingWindowRateThrottle`."""


class ClientRateThrottle(SlidingWindowRateThrottle):
    """A limit on one ``scope`` per client address (see :mod:`carcwiki.client_identity`)."""

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
