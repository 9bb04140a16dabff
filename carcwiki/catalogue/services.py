"""Writes to the catalogue: loading the YAML fixtures into the database, idempotently.

Each loader upserts by code, in dependency order, and writes a row only when one of its
values differs from the files; what the files no longer name is deleted. Running it twice
writes nothing the second time. An expansion the scoring
engine declares takes its name, editions and parts from the declaration
(``catalogue_entry``), and the rest of its entry from its package's ``catalogue.yaml``
(``read_expansion_entries``); ``expansions.yaml`` gives the selector's order and the
entries of the expansions the engine does not declare. Tile files, which lie in the
expansions' packages (``scoring/engine/expansions/<module>/``), are checked by the scoring
engine, all together, before any tile is written (``check_tile_files``).
"""

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from django.db import transaction

from scoring.engine import (
    DEFAULT_REGISTRY,
    PACKAGES_DIR,
    TileDataError,
    TileSet,
    catalogue_files,
    read_tile_file,
    tile_files,
)

from .models import Bundle, Edition, Expansion, Part, TileCount, TileType

# Tiles of a part are ordered after their expansion's own tiles: part n starts at
# TILE_ORDER_PER_PART * (n + 1), far beyond any expansion's tile count.
TILE_ORDER_PER_PART = 1000


#: libyaml's safe reader when PyYAML was built with it (ten times faster than the
#: pure-Python one, with the same results).
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path) -> Any:
    with path.open(encoding="utf-8") as stream:
        return yaml.load(stream, Loader=YAML_LOADER)


def _upsert(model, existing: dict[str, Any], code: str, values: dict[str, Any]):
    """The row of ``code`` holding ``values`` (foreign keys by their ``*_id``): created
    when missing, saved when a value differs, left alone otherwise. ``existing`` maps the
    codes of the rows already there to the rows; the new row is added to it."""
    row = existing.get(code)
    if row is None:
        row = existing[code] = model.objects.create(code=code, **values)
        return row
    changed = False
    for name, value in values.items():
        if getattr(row, name) != value:
            setattr(row, name, value)
            changed = True
    if changed:
        row.save()
    return row


def _set_related(row, name: str, wanted: list[Any]) -> None:
    """Make the many-to-many ``name`` of ``row`` hold ``wanted``, writing only when it
    differs from what was prefetched."""
    manager = getattr(row, name)
    if {item.pk for item in manager.all()} != {item.pk for item in wanted}:
        manager.set(wanted)


def _delete_others(queryset, codes) -> int:
    """Delete the rows of ``queryset`` whose code the files no longer name."""
    deleted, _ = queryset.exclude(code__in=list(codes)).delete()
    return deleted


def read_editions(path: Path) -> list[dict[str, Any]]:
    return read_yaml(path)


def read_bundles(path: Path, *, expansions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bundles of ``path``, each including only codes of ``expansions`` (the entries
    read with them) or of their parts."""
    known = {entry["code"] for entry in expansions} | {
        part["code"] for entry in expansions for part in entry.get("parts") or ()}
    entries = read_yaml(path)
    for entry in entries:
        unknown = [code for code in entry.get("includes", []) if code not in known]
        if unknown:
            raise CatalogueEntryError(
                f"{path.name}: bundle {entry['code']} includes unknown codes: {unknown}")
    return entries


@transaction.atomic
def load_editions(*, entries: list[dict[str, Any]]) -> int:
    existing = {edition.code: edition for edition in Edition.objects.all()}
    for order, entry in enumerate(entries):
        _upsert(Edition, existing, entry["code"], {
            "name": entry["name"],
            "year": entry["year"],
            "description": entry.get("description", ""),
            "order": order,
        })
    return len(entries)


WRITTEN_IN_DECLARATION = ("name", "editions")
"""Keys an entry of an expansion the engine declares must not repeat."""
ENTRY_KEYS = frozenset({"code", "name", "editions", "category", "number", "description",
                        "parts"})
"""The keys of an entry of ``expansions.yaml`` or of a package's ``catalogue.yaml``."""


class CatalogueEntryError(ValueError):
    """An expansion's catalogue entry that cannot be loaded; the message names the file or
    the expansion."""


def read_expansion_entries(path: Path, registry: Any = DEFAULT_REGISTRY) -> list[dict[str, Any]]:
    """The catalogue's expansions in the selector's order, each completed from its
    declaration (:func:`catalogue_entry`), checked before anything is written.

    ``path`` (``expansions.yaml``) lists every expansion the selector offers, in its order;
    one the engine declares is listed by its code alone, and its entry is its package's
    ``catalogue.yaml``. A package the file does not list follows those it lists, in
    registration order.
    """
    packaged: dict[str, dict[str, Any]] = {}
    for file in catalogue_files(PACKAGES_DIR):
        where = f"{file.parent.name}/{file.name}"
        entry = _with_category(_checked_entry(read_yaml(file), where), where)
        code = entry["code"]
        if code not in registry or registry.expansion_of(code).code != code:
            raise CatalogueEntryError(f"{file.parent.name}/{file.name}: {code} is not an "
                                      "expansion the engine declares")
        if code in packaged:
            raise CatalogueEntryError(f"{file.parent.name}/{file.name}: {code} has two entries")
        packaged[code] = entry
    entries = []
    listed = read_yaml(path)
    for position, listed_entry in enumerate(listed):
        where = f"{path.name}, entry {position + 1}"
        entry = _checked_entry(listed_entry, where)
        code = entry["code"]
        if code in packaged:
            if set(entry) != {"code"}:
                raise CatalogueEntryError(
                    f"{path.name}: {code} has its entry in its package (catalogue.yaml "
                    "beside its declaration); list its code alone here")
            entry = packaged.pop(code)
        elif code in registry and registry.expansion_of(code).code == code:
            raise CatalogueEntryError(f"{path.name}: {code} is declared by the engine but its "
                                      "package has no catalogue.yaml")
        else:
            _with_category(entry, where)
        entries.append(entry)
    declared_order = [expansion.code for expansion in registry.expansions]
    entries += sorted(packaged.values(), key=lambda entry: declared_order.index(entry["code"]))
    return [catalogue_entry(entry, registry) for entry in entries]


def _checked_entry(entry: Any, where: str) -> dict[str, Any]:
    """``entry`` if it is a mapping with a code and only the keys of the format."""
    if not isinstance(entry, dict) or not isinstance(entry.get("code"), str):
        raise CatalogueEntryError(f"{where}: an entry is a mapping with a code")
    unknown = sorted(set(entry) - ENTRY_KEYS)
    if unknown:
        raise CatalogueEntryError(f"{where}: {entry['code']} has unknown keys {unknown}")
    return entry


def _with_category(entry: dict[str, Any], where: str) -> dict[str, Any]:
    """``entry`` if it says its category (a whole entry, not a code keeping a place)."""
    if entry.get("category") not in Expansion.Category.values:
        raise CatalogueEntryError(
            f"{where}: {entry['code']} needs a category, one of "
            f"{', '.join(Expansion.Category.values)}")
    return entry


def catalogue_entry(entry: dict[str, Any], registry: Any = DEFAULT_REGISTRY) -> dict[str, Any]:
    """One entry of ``expansions.yaml`` completed from the engine's declaration when there
    is one: the name, editions and parts (with theirs) come from the declaration, the
    entry gives the rest (category, number, descriptions). An entry without a declaration
    is returned as it is."""
    code = entry["code"]
    if code not in registry or registry.expansion_of(code).code != code:
        return entry
    declared = registry[code]
    repeated = [key for key in WRITTEN_IN_DECLARATION if key in entry] + [
        f"parts.{part.get('code')}.{key}" for part in entry.get("parts") or ()
        for key in WRITTEN_IN_DECLARATION if key in part
    ]
    if repeated:
        raise CatalogueEntryError(f"expansion {code}: {', '.join(repeated)} is written in its "
                                  "engine declaration (scoring/engine/expansions/), not in "
                                  "its entry")
    descriptions = {part["code"]: part.get("description", "")
                    for part in entry.get("parts") or ()}
    unknown = sorted(set(descriptions) - {part.code for part in declared.parts})
    if unknown:
        raise CatalogueEntryError(f"expansion {code}: parts {unknown} are not in its "
                                  "declaration")
    return {
        **entry,
        "name": declared.catalogue_name,
        "editions": list(declared.catalogue_editions),
        "parts": [{"code": part.code, "name": part.catalogue_name,
                   "editions": list(part.catalogue_editions),
                   "description": descriptions.get(part.code, "")}
                  for part in declared.parts],
    }


@transaction.atomic
def load_expansions(*, entries: list[dict[str, Any]]) -> int:
    """Write the entries :func:`read_expansion_entries` read, in their order; rows whose
    values are already those are left alone."""
    editions = {edition.code: edition for edition in Edition.objects.all()}
    existing = {expansion.code: expansion
                for expansion in Expansion.objects.prefetch_related("editions")}
    existing_parts = {part.code: part for part in Part.objects.prefetch_related("editions")}
    for order, entry in enumerate(entries):
        expansion = _upsert(Expansion, existing, entry["code"], {
            "name": entry["name"],
            "category": entry["category"],
            "number": entry.get("number"),
            "description": entry.get("description", ""),
            "order": order,
        })
        _set_related(expansion, "editions",
                     [editions[code] for code in entry.get("editions", [])])
        for part_order, part_entry in enumerate(entry.get("parts") or []):
            part = _upsert(Part, existing_parts, part_entry["code"], {
                "expansion_id": expansion.pk,
                "name": part_entry["name"],
                "description": part_entry.get("description", ""),
                "order": part_order,
            })
            _set_related(part, "editions",
                         [editions[code] for code in part_entry.get("editions", [])])
    return len(entries)


@transaction.atomic
def load_bundles(*, entries: list[dict[str, Any]]) -> int:
    """Write the bundles :func:`read_bundles` read and checked."""
    editions = {edition.code: edition for edition in Edition.objects.all()}
    expansions = {expansion.code: expansion for expansion in Expansion.objects.all()}
    parts = {part.code: part for part in Part.objects.all()}
    existing = {bundle.code: bundle
                for bundle in Bundle.objects.prefetch_related("expansions", "parts")}
    for order, entry in enumerate(entries):
        included = entry.get("includes", [])
        edition = editions.get(entry.get("edition"))
        bundle = _upsert(Bundle, existing, entry["code"], {
            "name": entry["name"],
            "edition_id": edition.pk if edition else None,
            "description": entry.get("description", ""),
            "order": order,
        })
        _set_related(bundle, "expansions",
                     [expansions[code] for code in included if code in expansions])
        _set_related(bundle, "parts", [parts[code] for code in included if code in parts])
    return len(entries)


def delete_removed_catalogue(*, editions: list[dict[str, Any]],
                             expansions: list[dict[str, Any]],
                             bundles: list[dict[str, Any]]) -> int:
    """Delete the bundles, parts, expansions and editions the files no longer name (after
    the tiles of removed tile files: a tile keeps its expansion); returns how many rows."""
    part_codes = [part["code"] for entry in expansions for part in entry.get("parts") or ()]
    return (_delete_others(Bundle.objects.all(), [entry["code"] for entry in bundles])
            + _delete_others(Part.objects.all(), part_codes)
            + _delete_others(Expansion.objects.all(), [entry["code"] for entry in expansions])
            + _delete_others(Edition.objects.all(), [entry["code"] for entry in editions]))


@dataclass(frozen=True)
class TileFile:
    """One ``tiles-*.yaml`` file: the catalogue code it declares and its tile dicts (each
    already carrying that code as its ``expansion``, as the scoring engine reads them)."""

    path: Path
    catalogue_code: str
    tiles: list[dict[str, Any]]


class TileFileError(ValueError):
    """A tile file that cannot be loaded; the message names the file and the tile."""


def read_tile_files(paths: Iterable[Path] | None = None, *,
                    known: dict[str, dict[str, Any]] | None = None,
                    readings: dict[str, tuple[str, list[dict[str, Any]]]] | None = None,
                    ) -> list[TileFile]:
    """The tile files at ``paths`` (by default every expansion package's ``tiles-*.yaml``,
    in name order), read by the engine's reader of the tile format. A file without tiles
    has nothing to load and is left out.

    ``known`` gives, by path, what the same code read earlier from a file with that
    SHA-256 (:mod:`.tile_readings`): such a file is not parsed again. ``readings``, when
    given, receives ``(sha256, tiles)`` for every file."""
    read = []
    for path in tile_files(PACKAGES_DIR) if paths is None else paths:
        sha = hashlib.sha256(path.read_bytes()).hexdigest()
        earlier = (known or {}).get(str(path))
        if earlier is not None and earlier.get("sha256") == sha:
            tiles = earlier["tiles"]
        else:
            try:
                tiles = read_tile_file(str(path))
            except TileDataError as error:
                raise TileFileError(str(error).replace(str(path), path.name)) from None
        for position, entry in enumerate(tiles):
            if not isinstance(entry.get("code"), str) or not entry["code"]:
                raise TileFileError(f"{path.name}: tile entry {position + 1} has no code")
        if readings is not None:
            readings[str(path)] = (sha, tiles)
        if tiles:
            read.append(TileFile(path=path, catalogue_code=tiles[0]["expansion"], tiles=tiles))
    return read


def check_tile_files(tile_files: list[TileFile]) -> None:
    """Refuse tile data the scoring engine would refuse, before anything is written.

    Each file is checked alone first, so that the message names the file with the tile;
    then all files together, which catches a code used in two files. A tile that no
    edition counts is refused as well: it could never be on a table, unless it is a piece
    of a tile covering several squares (the City of Carcassonne), laid with it.
    """
    pieces = {code for tile in DEFAULT_REGISTRY.large_tiles.values()
              for _, _, code in tile.pieces}
    for tile_file in tile_files:
        name = tile_file.path.name
        for entry in tile_file.tiles:
            counts = entry.get("counts")
            if entry.get("code") in pieces and isinstance(counts, dict):
                continue
            if not isinstance(counts, dict) or not any(
                isinstance(number, int) and number > 0 for number in counts.values()
            ):
                raise TileFileError(f"{name}: tile {entry['code']}: no edition counts a copy")
        try:
            TileSet.from_data(tile_file.tiles, DEFAULT_REGISTRY)
        except TileDataError as error:
            raise TileFileError(f"{name}: {error}") from None
    try:
        TileSet.from_data(
            [entry for tile_file in tile_files for entry in tile_file.tiles], DEFAULT_REGISTRY
        )
    except TileDataError as error:
        files = ", ".join(tile_file.path.name for tile_file in tile_files)
        raise TileFileError(f"{files}: {error}") from None


@transaction.atomic
def load_tiles(*, tile_files: list[TileFile]) -> int:
    """Make the tiles match checked files: each under its expansion, or its expansion's
    part; a tile that no file holds any more is deleted. Returns how many tile types and
    copy counts were written or deleted: a tile whose values are already those is left
    alone.

    Tiles are ordered by file: within an expansion its own tiles come first, then those of
    each part in the part's order, so that The River follows the base game's tiles.
    """
    editions = {edition.code: edition for edition in Edition.objects.all()}
    expansions = {expansion.code: expansion for expansion in Expansion.objects.all()}
    parts = {part.code: part for part in Part.objects.select_related("expansion")}
    existing = {tile.code: tile for tile in TileType.objects.prefetch_related("counts")}
    written = 0
    for tile_file in tile_files:
        code = tile_file.catalogue_code
        if code in expansions:
            expansion, part, first_order = expansions[code], None, 0
        elif code in parts:
            part = parts[code]
            expansion, first_order = part.expansion, TILE_ORDER_PER_PART * (part.order + 1)
        else:
            raise TileFileError(
                f"{tile_file.path.name}: {code!r} is neither an expansion nor a part of the "
                "catalogue"
            )
        for position, entry in enumerate(tile_file.tiles):
            written += _save_tile(entry, existing=existing, expansion=expansion, part=part,
                                  order=first_order + position, editions=editions,
                                  file_name=tile_file.path.name)
    kept = {entry["code"] for tile_file in tile_files for entry in tile_file.tiles}
    written += _delete_others(TileType.objects.all(), kept)
    return written


def _save_tile(entry, *, existing, expansion, part, order, editions, file_name) -> int:
    """Write one tile and its copy counts where they differ; how many rows were written."""
    counts = entry.get("counts", {})
    unknown = sorted(set(counts) - set(editions))
    if unknown:
        raise TileFileError(f"{file_name}: tile {entry['code']}: unknown editions {unknown}")
    before = existing.get(entry["code"])
    values = {
        "expansion_id": expansion.pk,
        "part_id": part.pk if part else None,
        "picture": entry.get("picture", ""),
        "edges": entry["edges"],
        "features": entry["features"],
        "illustrations": entry.get("illustrations", []),
        "traits": entry.get("traits", []),
        "is_start": entry.get("start", False),
        "order": order,
    }
    unchanged = before is not None and all(getattr(before, name) == value
                                          for name, value in values.items())
    tile = before if unchanged else _upsert(TileType, existing, entry["code"], values)
    written = 0 if unchanged else 1
    stored = {count.edition_id: count for count in tile.counts.all()} if before else {}
    wanted = {editions[code].pk: number for code, number in counts.items()}
    for edition_id, number in wanted.items():
        count = stored.get(edition_id)
        if count is None:
            TileCount.objects.create(tile=tile, edition_id=edition_id, count=number)
            written += 1
        elif count.count != number:
            count.count = number
            count.save(update_fields=["count"])
            written += 1
    gone = [count.pk for edition_id, count in stored.items() if edition_id not in wanted]
    if gone:
        written += TileCount.objects.filter(pk__in=gone).delete()[0]
    return written
