"""``manage.py load_catalogue``: load every fixture (catalogue, tiles, rules) in order.

Every expansion package's ``tiles-*.yaml`` (``scoring/engine/expansions/<module>/``) is
loaded; each file names the expansion or part its tiles belong to. The scoring engine
checks all tile files together before anything is written, and the whole load runs in one
transaction, so a bad tile fails the command with the file, the tile and the problem, and
leaves the database as it was.

Idempotent: each record is upserted by its code, so running the command twice changes
nothing. The scoring engine's tile cache is told to reload through the
``catalogue_loaded`` signal.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from carcwiki.catalogue import services
from carcwiki.catalogue.signals import catalogue_loaded
from carcwiki.rules.services import load_rules_content


class Command(BaseCommand):
    help = ("Load editions, expansions, bundles and rules pages from fixtures/, and tiles "
            "from the expansions' packages.")

    def handle(self, *args, **options) -> None:
        directory = settings.FIXTURES_DIR / "catalogue"
        try:
            tile_files = services.read_tile_files()
            services.check_tile_files(tile_files)
            entries = services.read_expansion_entries(directory / "expansions.yaml")
            with transaction.atomic():
                editions = services.load_editions(path=directory / "editions.yaml")
                expansions = services.load_expansions(entries=entries)
                bundles = services.load_bundles(path=directory / "bundles.yaml")
                tiles = services.load_tiles(tile_files=tile_files)
                rules = load_rules_content(directory=settings.FIXTURES_DIR / "rules")
        except services.TileFileError as error:
            raise CommandError(f"Tile data refused, nothing was loaded: {error}") from error
        except services.CatalogueEntryError as error:
            raise CommandError(f"Expansion entry refused, nothing was loaded: {error}") from error
        catalogue_loaded.send(sender=self.__class__)
        if options["verbosity"] == 0:
            return
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded {editions} editions, {expansions} expansions, {bundles} bundles, "
                f"{tiles} tile types from {len(tile_files)} files, {rules} rules pages."
            )
        )
