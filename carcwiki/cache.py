"""Django's ``RedisCache``, with one ``redis.Redis`` client per connection pool.

Django's Redis backend builds a new ``redis.Redis`` object for every cache operation;
building one fills a table of about 170 response callbacks, which costs more than the
round trip to a Redis on the same machine (a quarter of a millisecond each, three or
four per scoring request with its throttle). The client is thread-safe and its pool
notices a fork, so one per pool is kept and reused. Nothing else changes.
"""

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class ReusedRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedRedisCacheClient
