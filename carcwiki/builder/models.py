"""A board saved by a player so that it can be shared by link and opened again later.

Saved boards are kept for ``settings.BOARD_RETENTION_DAYS`` days, then deleted by
``manage.py prune_boards``; each records its size so that the admin can sort by it.
"""

import json
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

BOARD_ID_BYTES = 12  # 16 URL-safe characters: unguessable, short enough to share


def new_board_id() -> str:
    return secrets.token_urlsafe(BOARD_ID_BYTES)


def board_size(board) -> int:
    """Bytes of ``board`` as compact JSON: about what it takes in the database."""
    return len(json.dumps(board, separators=(",", ":")).encode())


class SavedBoardQuerySet(models.QuerySet):
    def older_than(self, days: int):
        return self.filter(created_at__lt=timezone.now() - timedelta(days=days))

    def expired(self):
        """Boards past the retention period of ``settings.BOARD_RETENTION_DAYS``."""
        return self.older_than(settings.BOARD_RETENTION_DAYS)


class SavedBoard(models.Model):
    """One snapshot of a board, in the request format of ``POST /api/score/``."""

    id = models.CharField(primary_key=True, max_length=32, default=new_board_id, editable=False)
    board = models.JSONField(help_text="The board in the format of the scoring API request.")
    size = models.PositiveIntegerField(default=0, help_text="Bytes of the board as JSON.")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    objects = SavedBoardQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        tiles = self.board.get("tiles", []) if isinstance(self.board, dict) else []
        return f"Board {self.id} ({len(tiles)} tiles)"
