"""``manage.py load_catalogue``: load every fixture (catalogue, tiles, rules) in order.

Every expansion package's ``tiles-*.yaml`` (``scoring/engine/expansions/<module>/``) is
loaded; each file names the expansion or part its tiles belong to. The scoring engine
checks all tile files together before anything is written, and the whole load runs in one
transaction, so a bad tile fails the command with the file, the tile and the problem, and
leaves the database as it was.

Idempotent: each record is upserted by its code and written only when it differs, so a
second run writes nothing. The scoring engine's tile cache and the page cache are told
through the ``catalogue_loaded`` signal.

``--if-changed`` (what ``make run`` uses) compares the files with those the last load into
this database read (:mod:`carcwiki.catalogue.load_stamp`): nothing changed, and nothing is
loaded; one rules page or one tile file changed, and only its part is loaded again
(:mod:`carcwiki.catalogue.loading`); the loading code changed, and everything is.
"""

from django.core.management.base import BaseCommand, CommandError

from carcwiki.catalogue import load_stamp, loading, services
from carcwiki.catalogue.signals import catalogue_loaded
from carcwiki.rules.services import RulesContentError


class Command(BaseCommand):
    help = ("Load editions, expansions, bundles and rules pages from fixtures/, and tiles "
            "from the expansions' packages.")

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--if-changed", action="store_true",
            help="Load only what changed since the last load into this database (nothing "
                 "when nothing did); without it, everything is read and checked.")

    def handle(self, *args, **options) -> None:
        changes = load_stamp.changes_to_load() if options["if_changed"] else load_stamp.EVERYTHING
        if changes.nothing:
            if options["verbosity"]:
                self.stdout.write("The catalogue is unchanged since the last load: skipped.")
            return
        inputs = load_stamp.start_recording(loading.input_roots())
        try:
            loaded = loading.load(changes)
        except services.TileFileError as error:
            raise CommandError(f"Tile data refused, nothing was loaded: {error}") from error
        except services.CatalogueEntryError as error:
            raise CommandError(f"Expansion entry refused, nothing was loaded: {error}") from error
        except RulesContentError as error:
            raise CommandError(str(error)) from error
        finally:
            load_stamp.stop_recording(inputs)
        load_stamp.remember(inputs, partial=not changes.everything)
        catalogue_loaded.send(sender=self.__class__)
        if options["verbosity"]:
            self.stdout.write(self.style.SUCCESS(describe(loaded, changes)))


def describe(loaded: loading.Loaded, changes: load_stamp.Changes) -> str:
    if changes.everything:
        return (f"Loaded {loaded.editions} editions, {loaded.expansions} expansions, "
                f"{loaded.bundles} bundles, {loaded.tile_files} tile files, "
                f"{loaded.rules_pages_written} rules pages.")
    read = []
    if loaded.editions is not None:
        read.append(f"the catalogue ({loaded.expansions} expansions)")
    if loaded.tile_files is not None:
        read.append(f"{loaded.tile_files} tile files "
                    f"({count(loaded.tile_rows_written, 'tile row')} written)")
    if loaded.rules_pages_written is not None:
        read.append(f"the rules ({count(loaded.rules_pages_written, 'page')} written)")
    names = ", ".join(sorted(path.name for path in changes.paths))
    return (f"Changed since the last load: {names}. Loaded again: "
            f"{', '.join(read) or 'nothing'}.")


def count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"
