"""The engine's tile set, built from the catalogue database once per process.

Building a :class:`~scoring.engine.TileSet` reads every tile type with its counts and
prepares four rotated views of each: far more work than scoring a board, so it is done on
first use and kept. The cache is a ``functools.lru_cache`` of size one, dropped when the
catalogue's ``catalogue_loaded`` signal fires (``load_catalogue`` sends it after writing
the tiles). A signal is enough because the catalogue only changes through that command:
in tests and in a shell it runs in the process that holds the cache, and on a server it
runs at deploy time, before the workers start. A version key read from the database on
every request would cost a query per scoring for a case that does not occur.
"""

from __future__ import annotations

import functools

from carcwiki.catalogue.selectors import tile_data
from carcwiki.catalogue.signals import catalogue_loaded

from .engine import TileSet
from .engine.expansions import DEFAULT_REGISTRY


@functools.lru_cache(maxsize=1)
def current_tiles() -> TileSet:
    """Every tile type of the catalogue as the engine's tile set (cached), with the
    expansions the calculator knows. The data was checked when it was loaded."""
    return TileSet.from_data(tile_data(), DEFAULT_REGISTRY)


def forget_tiles(**_signal_kwargs: object) -> None:
    """Drop the cached tile set; the next scoring rebuilds it from the database."""
    current_tiles.cache_clear()


catalogue_loaded.connect(forget_tiles, dispatch_uid="scoring.tileset.forget_tiles")
