"""Fixtures for the engine tests: the base-game tile set read from the catalogue YAML."""

from pathlib import Path

import pytest

from scoring.engine.expansions import DEFAULT_REGISTRY, PACKAGES_DIR, tile_files
from scoring.engine.tiles import TileSet

ROOT = Path(__file__).resolve().parents[3]
TILES_YAML = PACKAGES_DIR / "base" / "tiles-base.yaml"


@pytest.fixture(scope="session")
def all_tiles() -> TileSet:
    """Every tile file of the catalogue: the base game and the expansions."""
    return TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)


@pytest.fixture(scope="session")
def base_tiles() -> TileSet:
    return TileSet.from_yaml(str(TILES_YAML), registry=DEFAULT_REGISTRY)
