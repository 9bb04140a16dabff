"""Writes to the catalogue: loading the YAML fixtures into the database, idempotently.

Each loader upserts by code, in dependency order, and removes nothing that the fixtures
still name; running it twice leaves the database unchanged.
"""

from pathlib import Path
from typing import Any

import yaml
from django.db import transaction

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


@transaction.atomic
def load_tiles(*, path: Path, expansion_code: str, part_code: str | None = None) -> int:
    editions = {edition.code: edition for edition in Edition.objects.all()}
    expansion = Expansion.objects.get(code=expansion_code)
    part = Part.objects.get(code=part_code) if part_code else None
    entries = read_yaml(path)
    for order, entry in enumerate(entries):
        tile, _ = TileType.objects.update_or_create(
            code=entry["code"],
            defaults={
                "expansion": expansion,
                "part": part,
                "picture": entry["picture"],
                "edges": entry["edges"],
                "features": entry["features"],
                "illustrations": entry.get("illustrations", []),
                "is_start": entry.get("start", False),
                "order": order,
            },
        )
        counts = entry.get("counts", {})
        for code, count in counts.items():
            TileCount.objects.update_or_create(
                tile=tile, edition=editions[code], defaults={"count": count}
            )
        tile.counts.exclude(edition__code__in=list(counts)).delete()
    return len(entries)
