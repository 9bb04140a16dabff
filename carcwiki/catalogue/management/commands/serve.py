"""``manage.py serve [addrport]``: what ``make run`` does, in one process: bring the
database up to date (``migrate``, then ``load_catalogue --if-changed``) and serve it with
``runserver``.

One process instead of three, because a restart was mostly start-up (issue 32): each
command started apart paid for Python, Django's setup and the system checks again, and the
checks build the builder's bundle. Here Django is set up once for the database steps, and
the checks run once, in the server's own process, where they run on every reload too.

runserver's autoreloader serves from a child process, started again after every change
of code; the database steps are done once, by the parent, before it starts the first one
(the child is told apart by Django's ``RUN_MAIN``).
"""

import os

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import autoreload


class Command(BaseCommand):
    help = ("Apply the migrations, load what changed in the catalogue since the last load, "
            "then run the development server.")
    requires_system_checks = []  # runserver runs them, in the process that serves

    def add_arguments(self, parser) -> None:
        parser.add_argument("addrport", nargs="?", help="As runserver's, e.g. 127.0.0.1:8000.")

    def handle(self, *args, addrport=None, **options) -> None:
        if os.environ.get(autoreload.DJANGO_AUTORELOAD_ENV) != "true":
            verbosity = options["verbosity"]
            call_command("migrate", interactive=False, skip_checks=True, verbosity=verbosity)
            call_command("load_catalogue", if_changed=True, skip_checks=True,
                         verbosity=verbosity)
        # call_command skips the checks unless told otherwise; the server runs them.
        call_command("runserver", *([addrport] if addrport else []), skip_checks=False)
