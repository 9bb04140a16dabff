"""The engine's tile set, built from the site's tile data once per process and version.

Building a :class:`~scoring.engine.TileSet` reads every tile type with its counts, checks
it and prepares four rotated views of each: far more work than scoring a board, so it is
done on first use and kept. The scorer, the API, the gallery, the tile pictures and the
board builder all read this one checked set.

The scoring app knows nothing of where the tiles are stored: the site hands it a function
returning the tile dicts (:func:`use_tile_data`; the catalogue app does so when it is
ready). When the tiles change (``load_catalogue``, an edit in the admin), the site calls
:func:`tiles_changed`, which writes a new version stamp into Django's cache: every
process compares its set's stamp with the cache's on each use (one cache read) and
rebuilds when they differ, so a worker that did not make the edit sees it too. The stamp
is read at most once every :data:`CHECK_INTERVAL` seconds, so that scoring stays free of
queries with a database cache.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from django.core.cache import cache

from .engine import DEFAULT_REGISTRY, TileSet

VERSION_KEY = "scoring:tileset:version"
"""The cache key of the tile set's version stamp, shared by every process."""

CHECK_INTERVAL = 1.0
"""Seconds a process trusts its tile set before reading the version stamp again."""

TileData = Callable[[], list[Mapping[str, Any]]]

_source: TileData | None = None
_built: tuple[object, TileSet] | None = None
_checked_at = 0.0
_lock = threading.Lock()


def use_tile_data(source: TileData) -> None:
    """Read tiles from ``source`` (a function returning tile dicts of the catalogue
    format) from now on."""
    global _source, _built
    _source, _built = source, None


def current_tiles() -> TileSet:
    """Every tile type as the engine's checked tile set, with the expansions the
    calculator knows; rebuilt when another version was stamped since it was built."""
    global _built, _checked_at
    built = _built
    now = time.monotonic()
    if built is not None and now - _checked_at < CHECK_INTERVAL:
        return built[1]
    version = cache.get(VERSION_KEY)
    _checked_at = now
    if built is not None and built[0] == version:
        return built[1]
    if _source is None:
        raise RuntimeError("no tile data: the catalogue app calls use_tile_data when ready")
    with _lock:
        if _built is not None and _built[0] == version:
            return _built[1]
        tiles = TileSet.from_data(_source(), DEFAULT_REGISTRY)
        _built = (version, tiles)
    return tiles


def recheck() -> None:
    """Read the version stamp on the next use, however recent the last reading (for a
    cache that was cleared, as between tests)."""
    global _checked_at
    _checked_at = float("-inf")


def tiles_changed(**_signal_kwargs: object) -> None:
    """The tile data changed: stamp a new version, so every process rebuilds its set on
    its next use (this one at once)."""
    global _built
    cache.set(VERSION_KEY, uuid.uuid4().hex, None)
    _built = None


__all__ = ["VERSION_KEY", "current_tiles", "recheck", "tiles_changed", "use_tile_data"]
