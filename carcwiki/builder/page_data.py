"""The rules and tile data the builder page is rendered with, read from the engine alone
(the tile files and the expansion registry, no database), as one JSON document on
standard output: ``python -m carcwiki.builder.page_data``.

The JavaScript unit tests (``node --test tests/builder/js/``) start the page's modules
from it, so that what they check is the engine's data, not a copy of it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def page_data() -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "carcwiki.settings.test")
    import django

    django.setup()  # selectors imports the catalogue's models; nothing here reads them
    from carcwiki.builder.selectors import (
        builder_geometry,
        builder_rules,
        tile_states_of,
        turned_geometry,
        turned_variants,
    )
    from scoring.engine import DEFAULT_REGISTRY, TileSet, tile_files

    tiles = TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)
    return {
        "tiles": [{**tiles[code].to_data(), "picture": tiles[code].picture,
                   "picture_sides": tiles[code].picture_sides,
                   **tile_states_of(tiles[code], tiles)}
                  for code in tiles],
        "editions": [{"code": code, "name": code} for code in ("C1", "C2", "C3")],
        "options": [],
        "rules": builder_rules(DEFAULT_REGISTRY),
        "geometry": builder_geometry(tiles),
        # Not the page's: the engine's own view of every turn, for the tests to compare.
        "engine_turned": turned_geometry(tiles),
        "engine_variants": turned_variants(tiles),
    }


if __name__ == "__main__":
    json.dump(page_data(), sys.stdout)
