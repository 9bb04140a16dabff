"""``manage.py score_board FILE``: score a board request from a file or stdin.

Prints a table per player and per feature, or with ``--json`` the exact response of
``POST /api/score/``. A board with problems prints every problem (path, code, message)
and exits with status 1.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from scoring.engine import (
    InvalidBoardError,
    ScoreResult,
    UnreadableJSONError,
    load_json,
    score_request,
)
from scoring.tileset import current_tiles


class Command(BaseCommand):
    help = "Score a board given as a JSON request of POST /api/score/ (FILE, or - for stdin)."
    stealth_options = ("stdin",)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="JSON file holding the request, or - for stdin.")
        parser.add_argument(
            "--json", action="store_true", help="Print the API response instead of tables."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        data = self.read(options["file"], options.get("stdin") or sys.stdin)
        try:
            tiles = current_tiles()
        except DatabaseError as error:
            raise CommandError(
                f"Cannot read the tile catalogue from the database ({error}): run "
                "manage.py migrate and manage.py load_catalogue first."
            ) from None
        if not tiles:
            raise CommandError(
                "The tile catalogue is empty: run manage.py load_catalogue first."
            )
        try:
            result = score_request(data, tiles)
        except InvalidBoardError as invalid:
            for error in invalid.errors:
                where = error.path or "(body)"
                self.stderr.write(f"{where}: {error.message} [{error.code.value}]")
            count = len(invalid.errors)
            noun = "problem" if count == 1 else "problems"
            raise CommandError(f"The board has {count} {noun}; nothing was scored.") from None
        if options["json"]:
            self.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(render_tables(result))

    @staticmethod
    def read(name: str, stdin: Any) -> Any:
        try:
            if name == "-":
                text = stdin.read()
            else:
                with open(name, encoding="utf-8") as stream:
                    text = stream.read()
        except OSError as error:
            raise CommandError(f"Cannot read {name}: {error.strerror or error}.") from None
        except UnicodeDecodeError:
            raise CommandError(f"{name} is not UTF-8 text.") from None
        try:
            return load_json(text)
        except UnreadableJSONError as error:
            raise CommandError(f"{name} is {error}.") from None


def _table(headers: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(
            str(cell).rjust(width) if index in right else str(cell).ljust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [line(headers), line(["-" * width for width in widths]), *map(line, rows)]


def render_tables(result: ScoreResult) -> str:
    """The scoring as two plain-text tables: players, then the features that scored."""
    data = result.to_json()
    kinds = list(data["players"][0]["by_kind"]) if data["players"] else []
    player_rows = [
        [str(p["rank"]), p["color"], p["name"] or "", str(p["points_before"]),
         *(str(p["by_kind"][kind]) for kind in kinds), str(p["final_points"]), str(p["total"])]
        for p in sorted(data["players"], key=lambda p: p["rank"])
    ]
    lines = ["Players"]
    lines += _table(
        ["rank", "colour", "name", "before", *kinds, "final", "total"], player_rows,
        right={0, *range(3, 3 + len(kinds) + 3)},
    )
    winners = ", ".join(data["winners"])
    lines += ["", f"Winner{'s' if len(data['winners']) > 1 else ''}: {winners}", ""]
    feature_rows = [
        [f["id"], "yes" if f["complete"] else "no", str(len(f["tiles"])),
         ", ".join(f"{color} {count}" for color, count in f["figures"].items()),
         ", ".join(f"{color} {points}" for color, points in f["scored"].items()),
         f["explanation"]]
        for f in data["features"]
    ]
    lines.append("Features")
    if feature_rows:
        lines += _table(["feature", "complete", "tiles", "figures", "scored", "explanation"],
                        feature_rows, right={2})
    else:
        lines.append("(no figure on the board)")
    for warning in data["warnings"]:
        lines.append(f"Note: {warning['message']}")
    return "\n".join(lines)
