"""What the expansions' tile files declare, counted from the files themselves: the numbers
a test compares a page, the API or the database with, so that an expansion's new tile
file changes no test (each test keeps a few counts it states outright as well)."""

from scoring.engine.expansions import tile_files
from scoring.engine.tiles import read_tile_file

TILES: tuple[dict, ...] = tuple(
    tile for path in tile_files() for tile in read_tile_file(str(path)))
"""Every tile type of every tile file, each with the catalogue code of its file as
``expansion`` (a part's code for a part's tiles: ``river``)."""

ALL_TILE_TYPES = len(TILES)


def tile_types(catalogue_code: str) -> int:
    """How many tile types the file of ``catalogue_code`` (an expansion or a part)
    declares."""
    return sum(1 for tile in TILES if tile["expansion"] == catalogue_code)


def tile_types_with(feature_kind: str) -> int:
    """How many tile types print a feature of that kind (``monastery``)."""
    return sum(1 for tile in TILES
               if any(feature.get("kind") == feature_kind for feature in tile["features"]))
