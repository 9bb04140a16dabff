"""Writes to the catalogue: loading the YAML fixtures into the database, idempotently.

Each loader upserts by code, in dependency order, and removes nothing that the fixtures
still name; running it twice leaves the database unchanged.
"""

from pathlib import Path
from typing import Any

import yaml
from django.db import transaction

from scoring.engine import TileDataError, TileSet
from scoring.engine.expansions import DEFAULT_REGISTRY
from scoring.engine.tiles import read_tile_file

from .models import Bundle, Edition, Expansion, Part, TileCount, TileType


def read_yaml(path: Path) -> Any:
    with path.open(encoding="utf-8") as stream:
        return yaml.safe_load(stream)


@transaction.atomic
def load_editions(*, path: Path) -> int:
    entries = read_yaml(path)
    for order, entry in enumerate(entries):
        Edition.objects.update_or_create(
            code=entry["code"],
            defaults={
                "name": entry["name"],
                "year": entry["year"],
                "description": entry.get("description", ""),
                "order": order,
            },
        )
    return len(entries)


@transaction.atomic
def load_expansions(*, path: Path) -> int:
    editions = {edition.code: edition for edition in Edition.objects.all()}
    entries = read_yaml(path)
    for order, entry in enumerate(entries):
        expansion, _ = Expansion.objects.update_or_create(
            code=entry["code"],
            defaults={
                "name": entry["name"],
                "category": entry["category"],
                "number": entry.get("number"),
                "description": entry.get("description", ""),
                "order": order,
            },
        )
        expansion.editions.set([editions[code] for code in entry.get("editions", [])])
        for part_order, part_entry in enumerate(entry.get("parts") or []):
            part, _ = Part.objects.update_or_create(
                code=part_entry["code"],
                defaults={
                    "expansion": expansion,
                    "name": part_entry["name"],
                    "description": part_entry.get("description", ""),
                    "order": part_order,
                },
            )
            part.editions.set([editions[code] for code in part_entry.get("editions", [])])
    return len(entries)


@transaction.atomic
def load_bundles(*, path: Path) -> int:
    editions = {edition.code: edition for edition in Edition.objects.all()}
    expansions = {expansion.code: expansion for expansion in Expansion.objects.all()}
    parts = {part.code: part for part in Part.objects.all()}
    entries = read_yaml(path)
    for order, entry in enumerate(entries):
        bundle, _ = Bundle.objects.update_or_create(
            code=entry["code"],
            defaults={
                "name": entry["name"],
                "edition": editions.get(entry.get("edition")),
                "description": entry.get("description", ""),
                "order": order,
            },
        )
        included = entry.get("includes", [])
        bundle.expansions.set([expansions[code] for code in included if code in expansions])
        bundle.parts.set([parts[code] for code in included if code in parts])
        unknown = [code for code in included if code not in expansions and code not in parts]
        if unknown:
            raise ValueError(f"bundle {entry['code']} includes unknown codes: {unknown}")
    return len(entries)


def read_tile_files(paths: list[Path]) -> list[dict[str, Any]]:
    """Every tile of the tile files, checked all together by the scoring engine against
    the expansions it knows: a bad tile stops the load here, naming the file and tile,
    before anything is written."""
    entries = []
    for path in paths:
        try:
            tiles = read_tile_file(str(path))
            TileSet.from_data(tiles, DEFAULT_REGISTRY)
        except TileDataError as error:
            raise TileDataError(f"{path.name}: {error}") from None
        entries += tiles
    TileSet.from_data(entries, DEFAULT_REGISTRY)  # codes unique across files
    return entries


@transaction.atomic
def load_tiles(*, entries: list[dict[str, Any]]) -> int:
    """Write checked tile entries (see :func:`read_tile_files`): each belongs to the
    expansion or part its file names."""
    editions = {edition.code: edition for edition in Edition.objects.all()}
    expansions = {expansion.code: expansion for expansion in Expansion.objects.all()}
    parts = {part.code: part for part in Part.objects.select_related("expansion")}
    for order, entry in enumerate(entries):
        code = entry["expansion"]
        if code in expansions:
            expansion, part = expansions[code], None
        elif code in parts:
            expansion, part = parts[code].expansion, parts[code]
        else:
            raise TileDataError(f"tile {entry['code']}: no expansion or part {code!r}")
        tile, _ = TileType.objects.update_or_create(
            code=entry["code"],
            defaults={
                "expansion": expansion,
                "part": part,
                "picture": entry.get("picture", ""),
                "edges": entry["edges"],
                "features": entry["features"],
                "illustrations": entry.get("illustrations", []),
                "is_start": entry.get("start", False),
                "order": order,
            },
        )
        counts = entry.get("counts", {})
        for edition_code, count in counts.items():
            TileCount.objects.update_or_create(
                tile=tile, edition=editions[edition_code], defaults={"count": count}
            )
        tile.counts.exclude(edition__code__in=list(counts)).delete()
    return len(entries)
