"""Loading the catalogue, all of it or the parts whose files changed (issue 32).

The inputs and what each one feeds:

- ``fixtures/catalogue/`` (editions, the selector's list of expansions, bundles) and each
  package's ``catalogue.yaml``: the catalogue's rows. The tiles sit under its expansions
  and parts (their order follows the parts'), and the rules pages name its codes, so a
  change here also writes the tiles that differ and checks every rules page again;
- each package's ``tiles-*.yaml``: its tiles. Every tile file is read and checked by the
  engine together, as in a whole load, and only the tiles that differ are written;
- each ``fixtures/rules/<page>.yaml``: that page, its sections, notes and search
  documents. Every rules file is read and checked (a slug is unique across files, a code
  must be in the catalogue); only the changed files' pages are rendered and written. The
  glossary's file writes every page (sections link its terms), the vocabulary's is
  checked and read by the search itself.

Whatever is loaded is loaded in one transaction, after the checks: a bad file refuses the
whole load, naming the file and the problem, and the database stays as it was. A removed
file removes what it held (its tiles, its page); an expansion, part, bundle or edition
the catalogue no longer lists is removed, after its tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction

from carcwiki.rules.services import load_rules_content

from . import services, tile_readings
from .load_stamp import EVERYTHING, Changes

CATALOGUE_FILES = ("editions.yaml", "expansions.yaml", "bundles.yaml")
PACKAGE_ENTRY = "catalogue.yaml"


@dataclass(frozen=True)
class Loaded:
    """What a load read and wrote: counts of what the files hold (``None``: that part was
    not read, nothing of it changed) and of the rows written."""

    editions: int | None = None
    expansions: int | None = None
    bundles: int | None = None
    tile_files: int | None = None
    tile_rows_written: int = 0
    rules_pages_written: int | None = None
    catalogue_rows_deleted: int = 0

    @property
    def everything_read(self) -> bool:
        return None not in (self.editions, self.tile_files, self.rules_pages_written)


def input_roots() -> tuple[Path, ...]:
    """The folders the load reads from, for the record of what it read."""
    return (settings.FIXTURES_DIR, services.PACKAGES_DIR)


def load(changes: Changes = EVERYTHING) -> Loaded:
    """Load what ``changes`` touches (everything by default); raises
    :class:`~.services.TileFileError`, :class:`~.services.CatalogueEntryError` or
    :class:`~carcwiki.rules.services.RulesContentError` having written nothing."""
    directory = settings.FIXTURES_DIR / "catalogue"
    package_changes = changes.under(services.PACKAGES_DIR)
    catalogue = changes.touches_any(directory / name for name in CATALOGUE_FILES) or any(
        path.name == PACKAGE_ENTRY or path.is_dir() or not path.suffix
        for path in package_changes)
    tiles = catalogue or any(path.name != PACKAGE_ENTRY for path in package_changes)
    rules_paths = changes.under(settings.FIXTURES_DIR / "rules")
    rules = catalogue or bool(rules_paths) or changes.everything

    # A partial load runs the code the last one ran: a tile file it read is read the same.
    known = {} if changes.everything else tile_readings.kept()
    readings: dict = {}
    tile_files = services.read_tile_files(known=known, readings=readings) if tiles else []
    if tiles:
        services.check_tile_files(tile_files)
    if catalogue:
        editions = services.read_editions(directory / "editions.yaml")
        entries = services.read_expansion_entries(directory / "expansions.yaml")
        bundles = services.read_bundles(directory / "bundles.yaml", expansions=entries)
    with transaction.atomic():
        if catalogue:
            services.load_editions(entries=editions)
            services.load_expansions(entries=entries)
            services.load_bundles(entries=bundles)
        tile_rows = services.load_tiles(tile_files=tile_files) if tiles else 0
        deleted = (services.delete_removed_catalogue(editions=editions, expansions=entries,
                                                     bundles=bundles) if catalogue else 0)
        pages = None
        if rules:
            changed_files = None if changes.everything else {path.name for path in rules_paths}
            pages = load_rules_content(directory=settings.FIXTURES_DIR / "rules",
                                       changed_files=changed_files)
    if tiles:
        tile_readings.keep(readings)
    return Loaded(
        editions=len(editions) if catalogue else None,
        expansions=len(entries) if catalogue else None,
        bundles=len(bundles) if catalogue else None,
        tile_files=len(tile_files) if tiles else None,
        tile_rows_written=tile_rows,
        rules_pages_written=pages,
        catalogue_rows_deleted=deleted,
    )
