"""``manage.py prune_pad_games``: delete score-pad games past their retention, with their
entries.

Run it once a day (cron, a systemd timer), beside ``prune_boards``. A game that never got
its final scoring is deleted once nobody has touched it (added, edited or undone an entry)
for ``settings.PAD_UNFINISHED_RETENTION_DAYS`` days (environment variable of the same
name, 30 unless set); a finished game, whose history a group may come back to, after
``settings.PAD_FINISHED_RETENTION_DAYS`` (365 unless set). ``--unfinished-days`` and
``--finished-days`` override them; ``--dry-run`` only counts. Running it again deletes
nothing more.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from carcwiki.pad.models import Game


class Command(BaseCommand):
    help = ("Delete score-pad games untouched for PAD_UNFINISHED_RETENTION_DAYS (unfinished) "
            "or PAD_FINISHED_RETENTION_DAYS (finished) days.")

    def add_arguments(self, parser):
        parser.add_argument("--unfinished-days", type=int, default=None,
                            help="Keep unfinished games touched in the last DAYS days.")
        parser.add_argument("--finished-days", type=int, default=None,
                            help="Keep finished games touched in the last DAYS days.")
        parser.add_argument("--dry-run", action="store_true",
                            help="Only say how many games would be deleted.")

    def handle(self, *args, unfinished_days=None, finished_days=None, dry_run=False,
               **options):
        unfinished_days = (settings.PAD_UNFINISHED_RETENTION_DAYS if unfinished_days is None
                           else unfinished_days)
        finished_days = (settings.PAD_FINISHED_RETENTION_DAYS if finished_days is None
                         else finished_days)
        if min(unfinished_days, finished_days) < 1:
            raise CommandError("A retention period is at least one day.")
        unfinished = Game.objects.unfinished().untouched_for(unfinished_days).count()
        finished = Game.objects.finished().untouched_for(finished_days).count()
        counts = (f"{unfinished} unfinished untouched for {unfinished_days} days, "
                  f"{finished} finished untouched for {finished_days} days")
        if dry_run:
            self.stdout.write(f"{unfinished + finished} pad games would be deleted: {counts}.")
            return
        _, by_model = Game.objects.expired(unfinished_days, finished_days).delete()
        self.stdout.write(f"Deleted {by_model.get('pad.Game', 0)} pad games ({counts}) and "
                          f"{by_model.get('pad.Entry', 0)} entries.")
