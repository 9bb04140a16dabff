"""Admin for the catalogue: every model editable, searchable and filterable."""

from django.contrib import admin

from .models import Bundle, Edition, Expansion, Part, TileCount, TileType


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "year", "order"]
    search_fields = ["code", "name"]


class PartInline(admin.TabularInline):
    model = Part
    extra = 0
    fields = ["code", "name", "order"]
    show_change_link = True


@admin.register(Expansion)
class ExpansionAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "category", "number", "order"]
    list_filter = ["category", "editions"]
    search_fields = ["code", "name", "description"]
    filter_horizontal = ["editions"]
    inlines = [PartInline]


@admin.register(Part)
class PartAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "expansion"]
    list_filter = ["expansion__category", "expansion", "editions"]
    search_fields = ["code", "name", "description"]
    list_select_related = ["expansion"]
    filter_horizontal = ["editions"]


@admin.register(Bundle)
class BundleAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "edition"]
    list_filter = ["edition"]
    search_fields = ["code", "name"]
    filter_horizontal = ["expansions", "parts"]


class TileCountInline(admin.TabularInline):
    model = TileCount
    extra = 0


@admin.register(TileType)
class TileTypeAdmin(admin.ModelAdmin):
    list_display = ["code", "picture", "edges", "expansion", "pennants", "has_monastery",
                    "has_garden", "is_start"]
    list_filter = ["expansion", "has_city", "has_road", "has_monastery", "has_garden",
                   "counts__edition"]
    search_fields = ["code", "picture"]
    list_select_related = ["expansion"]
    inlines = [TileCountInline]


@admin.register(TileCount)
class TileCountAdmin(admin.ModelAdmin):
    """Copies per edition, also editable one by one on each tile type's page."""

    list_display = ["tile", "edition", "count"]
    list_filter = ["edition", "tile__expansion"]
    search_fields = ["tile__code", "tile__picture"]
    list_select_related = ["tile", "edition"]
