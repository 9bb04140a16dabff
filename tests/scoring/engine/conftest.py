"""Fixtures for the engine tests: tile sets read from the catalogue YAML.

``base_tiles`` holds the base game only; ``all_tiles`` every ``tiles-*.yaml`` of the
catalogue (base game, rivers and expansions), for boards that use expansion tiles.
"""

from pathlib import Path

import pytest

from scoring.engine.expansions import DEFAULT_REGISTRY
from scoring.engine.tiles import TileSet

ROOT = Path(__file__).resolve().parents[3]
CATALOGUE_DIR = ROOT / "fixtures" / "catalogue"
TILES_YAML = CATALOGUE_DIR / "tiles-base.yaml"
BOARDS_DIR = ROOT / "fixtures" / "boards"


@pytest.fixture(scope="session")
def base_tiles() -> TileSet:
    return TileSet.from_yaml(str(TILES_YAML), registry=DEFAULT_REGISTRY)


@pytest.fixture(scope="session")
def all_tiles() -> TileSet:
    paths = sorted(str(path) for path in CATALOGUE_DIR.glob("tiles-*.yaml"))
    return TileSet.from_yaml(*paths, registry=DEFAULT_REGISTRY)
