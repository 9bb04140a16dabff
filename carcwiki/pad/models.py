"""A game kept on the score pad: its players and every score entered during play.

Games that a table plays one after another ("Play again") share a ``group``, whose
page (``/pad/group/<group>/``) lists them with each player's wins and average score.

A game has two addresses: its write key (``/pad/<key>/``), which whoever holds it may
use to add, edit and undo entries, and its watch id (``/pad/watch/<watch>/``), which only
reads. Both are random and unguessable; no account is involved. Each change raises the
game's ``version``, which every phone polls for (an ETag), so that an entry made on one
phone shows on the others.

An entry is kept once per client-generated ``uid``: a phone that retries a request it
got no answer to (offline, a dropped connection) adds nothing twice.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import models
from django.db.models import Exists, OuterRef
from django.utils import timezone

from scoring.engine import Message, message_from_json

MAX_EXPLANATION = 500
"""An entry's explanation is shown at most this long (a long free reason is cut)."""

KEY_BYTES = 16  # 22 URL-safe characters: the write key is a capability, like a password
WATCH_BYTES = 12  # 16 characters, as a saved board's id


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def new_watch_id() -> str:
    return secrets.token_urlsafe(WATCH_BYTES)


def _has_final_scoring() -> Exists:
    """A game whose final scoring came back as entries (and was not undone)."""
    return Exists(Entry.objects.filter(game=OuterRef("pk"), kind=Entry.Kind.FINAL,
                                       undone=False))


class GameQuerySet(models.QuerySet):
    def finished(self):
        return self.filter(_has_final_scoring())

    def unfinished(self):
        return self.filter(~_has_final_scoring())

    def untouched_for(self, days: int):
        """Games with no change (an entry added, edited or undone) for ``days`` days."""
        return self.filter(updated_at__lt=timezone.now() - timedelta(days=days))

    def expired(self, unfinished_days: int, finished_days: int):
        """Games past their retention: an unfinished game left untouched for
        ``unfinished_days``, a finished one for ``finished_days``."""
        return (self.unfinished().untouched_for(unfinished_days)
                | self.finished().untouched_for(finished_days))


class Game(models.Model):
    key = models.CharField(max_length=32, unique=True, default=new_key, editable=False)
    watch = models.CharField(max_length=32, unique=True, default=new_watch_id, editable=False)
    group = models.CharField(
        max_length=32, default=new_watch_id, db_index=True, editable=False,
        help_text="Games played again with the same players share it: their history's link.")
    edition = models.CharField(max_length=4)
    expansions = models.JSONField(default=list, help_text="Codes in play, as the builder's.")
    players = models.JSONField(help_text='[{"name": ..., "color": ...}] in seat order.')
    version = models.PositiveIntegerField(
        default=1, help_text="Raised by every change; the ETag that phones poll for.")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        names = ", ".join(player["name"] for player in self.players)
        return f"Game {self.watch} ({names})"


class Entry(models.Model):
    """One score entered during play: a completed feature, points an expansion hands
    out during play, a free entry with a reason, or the final scoring's result."""

    class Kind(models.TextChoices):
        FEATURE = "feature"
        PLAY = "play"
        FREE = "free"
        FINAL = "final"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="entries")
    uid = models.CharField(max_length=64, help_text="Chosen by the client: a retry is one entry.")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    players = models.JSONField(default=list, help_text="The colours of who scored.")
    detail = models.JSONField(
        help_text="What the players said: the feature, the points, the reason.")
    scores = models.JSONField(help_text='Points by colour: {"red": 14, "blue": 14}.')
    said = models.JSONField(
        null=True, blank=True,
        help_text="The explanation as the engine's message: its id and parameters, rendered "
                  "in the reader's words when read.")
    explanation = models.CharField(
        max_length=500, blank=True, default="",
        help_text="The English explanation of an entry written before messages were stored "
                  "(empty since).")
    undone = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "uid"], name="pad_entry_once_per_uid"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.text}"

    @property
    def message(self) -> Message | None:
        return message_from_json(self.said) if self.said else None

    @property
    def text(self) -> str:
        """The explanation in English: the stored message rendered, or the English an
        older entry kept."""
        message = self.message
        return message.text()[:MAX_EXPLANATION] if message is not None else self.explanation
