"""``manage.py prune_boards``: delete saved boards older than the retention period.

Run it once a day (cron, a systemd timer): the period is ``settings.BOARD_RETENTION_DAYS``
(environment ``BOARD_RETENTION_DAYS``, 90 days unless set), or ``--days``.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from carcwiki.builder.models import SavedBoard


class Command(BaseCommand):
    help = "Delete saved boards older than BOARD_RETENTION_DAYS (or --days) days."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=None,
                            help="Keep boards of the last DAYS days (default: the setting).")
        parser.add_argument("--dry-run", action="store_true",
                            help="Only say how many boards would be deleted.")

    def handle(self, *args, days=None, dry_run=False, **options):
        days = settings.BOARD_RETENTION_DAYS if days is None else days
        if days < 1:
            raise CommandError("The retention period is at least one day.")
        expired = SavedBoard.objects.older_than(days)
        if dry_run:
            self.stdout.write(f"{expired.count()} saved boards are older than {days} days.")
            return
        deleted, _ = expired.delete()
        self.stdout.write(f"Deleted {deleted} saved boards older than {days} days.")
