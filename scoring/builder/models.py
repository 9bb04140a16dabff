"""A board saved by a player so that it can be shared by link and opened again later."""

import secrets

from django.db import models

BOARD_ID_BYTES = 12  # 16 URL-safe characters: unguessable, short enough to share


def new_board_id() -> str:
    return secrets.token_urlsafe(BOARD_ID_BYTES)


class SavedBoard(models.Model):
    """One snapshot of a board, in the request format of ``POST /api/score/``."""

    id = models.CharField(primary_key=True, max_length=32, default=new_board_id, editable=False)
    board = models.JSONField(help_text="The board in the format of the scoring API request.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Board {self.id} ({len(self.board.get('tiles', []))} tiles)"
