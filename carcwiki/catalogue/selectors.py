"""Reads from the catalogue, shaped for the parts of the site that use them.

``tile_data`` is where the scoring engine's tile set (``scoring.tileset``) reads the
tiles: plain dictionaries in the same shape as the entries of the expansions' tile files
(``scoring/engine/expansions/<module>/tiles-*.yaml``), which the engine checks and turns
into its tile objects. The API, the gallery, the pictures, the builder and the scorer all
read that one checked set; the database stays the single source. A tile's ``expansion`` is
the catalogue code its tile file declares: the part for a part's tiles (``river``), the
expansion otherwise (``base``, ``river2``).
"""

from typing import Any

from .models import TileType


def tile_as_data(tile: TileType) -> dict[str, Any]:
    """One tile type as plain data (uses prefetched ``counts`` when present)."""
    return {
        "code": tile.code,
        "expansion": tile.part.code if tile.part_id else tile.expansion.code,
        "picture": tile.picture,
        "edges": tile.edges,
        "features": tile.features,
        "counts": {count.edition.code: count.count for count in tile.counts.all()},
        "start": tile.is_start,
        "illustrations": tile.illustrations,
        **({"traits": tile.traits} if tile.traits else {}),
    }


def tile_data(*, expansion_codes: list[str] | None = None) -> list[dict[str, Any]]:
    """Every tile type (or those whose tile file declares one of ``expansion_codes``, as in
    the tiles' ``expansion``) as plain data, in catalogue order."""
    tiles = TileType.objects.with_related()
    if expansion_codes is not None:
        tiles = tiles.of_catalogue_codes(expansion_codes)
    return [tile_as_data(tile) for tile in tiles]
