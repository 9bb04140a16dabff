"""Score pad games in the admin: read-only, deletable."""

from django.contrib import admin

from .models import Entry, Game


class EntryInline(admin.TabularInline):
    model = Entry
    fields = ["created_at", "kind", "scores", "text", "undone"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["watch", "created_at", "updated_at", "edition", "version"]
    date_hierarchy = "created_at"
    readonly_fields = ["key", "watch", "edition", "expansions", "players", "version",
                       "created_at", "updated_at"]
    inlines = [EntryInline]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
