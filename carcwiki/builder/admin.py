"""Saved boards in the admin: how many, how big, how old; read-only, deletable."""

from django.contrib import admin
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.timesince import timesince

from .models import SavedBoard


@admin.register(SavedBoard)
class SavedBoardAdmin(admin.ModelAdmin):
    list_display = ["id", "created_at", "age", "tile_count", "size_on_disk"]
    list_filter = ["created_at"]
    date_hierarchy = "created_at"
    search_fields = ["id"]
    ordering = ["-created_at"]
    readonly_fields = ["id", "created_at", "size", "board"]
    list_per_page = 100

    def has_add_permission(self, request) -> bool:
        return False  # boards come from the builder page only

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="age", ordering="created_at")
    def age(self, board: SavedBoard) -> str:
        return timesince(board.created_at, timezone.now())

    @admin.display(description="size", ordering="size")
    def size_on_disk(self, board: SavedBoard) -> str:
        return filesizeformat(board.size)

    @admin.display(description="tiles")
    def tile_count(self, board: SavedBoard) -> int:
        return len(board.board.get("tiles", [])) if isinstance(board.board, dict) else 0
