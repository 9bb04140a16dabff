"""``manage.py load_catalogue``: load every fixture (catalogue, tiles, rules) in order.

Idempotent: each record is upserted by its code, so running the command twice changes
nothing. The scoring engine's tile cache is told to reload through the
``catalogue_loaded`` signal.
"""

from django.conf import settings
from django.core.management.base import BaseCommand

from carcwiki.catalogue import services
from carcwiki.catalogue.signals import catalogue_loaded
from carcwiki.rules.services import load_rules_content

TILE_FILES = [
    # (file, expansion, part)
    ("tiles-base.yaml", "base", None),
]


class Command(BaseCommand):
    help = "Load editions, expansions, bundles, tiles and rules pages from fixtures/."

    def handle(self, *args, **options) -> None:
        directory = settings.FIXTURES_DIR / "catalogue"
        editions = services.load_editions(path=directory / "editions.yaml")
        expansions = services.load_expansions(path=directory / "expansions.yaml")
        bundles = services.load_bundles(path=directory / "bundles.yaml")
        tiles = sum(
            services.load_tiles(path=directory / name, expansion_code=expansion, part_code=part)
            for name, expansion, part in TILE_FILES
        )
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
