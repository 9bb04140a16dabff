"""``manage.py load_catalogue``: load every fixture (catalogue, tiles, rules) in order.

Idempotent: each record is upserted by its code, so running the command twice changes
nothing. Every ``tiles-*.yaml`` file is a tile file that names its expansion; all tiles
are checked by the scoring engine before anything is written, and a bad tile stops the
command with the file, the tile and the problem. The scoring engine's tile cache is told
to reload through the ``catalogue_loaded`` signal.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from carcwiki.catalogue import services
from carcwiki.catalogue.signals import catalogue_loaded
from carcwiki.rules.services import load_rules_content
from scoring.engine import TileDataError


class Command(BaseCommand):
    help = "Load editions, expansions, bundles, tiles and rules pages from fixtures/."

    def handle(self, *args, **options) -> None:
        directory = settings.FIXTURES_DIR / "catalogue"
        try:
            tile_entries = services.read_tile_files(sorted(directory.glob("tiles-*.yaml")))
        except TileDataError as error:
            raise CommandError(f"Tile data not loaded: {error}") from None
        editions = services.load_editions(path=directory / "editions.yaml")
        expansions = services.load_expansions(path=directory / "expansions.yaml")
        bundles = services.load_bundles(path=directory / "bundles.yaml")
        tiles = services.load_tiles(entries=tile_entries)
        rules = load_rules_content(directory=settings.FIXTURES_DIR / "rules")
        catalogue_loaded.send(sender=self.__class__)
        if options["verbosity"] == 0:
            return
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded {editions} editions, {expansions} expansions, {bundles} bundles, "
                f"{tiles} tile types, {rules} rules pages."
            )
        )
