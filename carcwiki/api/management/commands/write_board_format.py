"""``manage.py write_board_format``: writes the expansions part of the board format's page
(``carcwiki/api/board_format.md``) from the engine's rules document, after an expansion
is added or changed (a test fails until it is run)."""

from django.core.management.base import BaseCommand

from carcwiki.api.board_format import PATH, with_expansions_part
from scoring.engine import rules_document


class Command(BaseCommand):
    help = "Write the expansions part of carcwiki/api/board_format.md from the engine's rules."

    def handle(self, *args, **options) -> None:
        text = PATH.read_text(encoding="utf-8")
        written = with_expansions_part(text, rules_document())
        if written == text:
            self.stdout.write("board_format.md is up to date.")
            return
        PATH.write_text(written, encoding="utf-8")
        self.stdout.write(f"Wrote the expansions part of {PATH.name}.")
