"""Admin for the rules reference: every model searchable and filterable.

Edits go through the services so that Markdown is rendered and sanitised on save exactly
as when loading the fixtures (and section bodies are relinked when the glossary changes).
Note that ``load_catalogue`` makes the database match the YAML files again: lasting
changes belong in ``fixtures/rules/``.
"""

from django.contrib import admin

from . import services
from .models import GlossaryTerm, Note, RulesPage, Section
from .selection import EDITION_GROUPS


class EditionFilter(admin.SimpleListFilter):
    """Content limited to an edition, or valid for every edition."""

    title = "edition"
    parameter_name = "edition"

    def lookups(self, request, model_admin):
        codes = [code for group in EDITION_GROUPS.values() for code in group]
        return [("all", "Every edition"), *[(code, code) for code in codes]]

    def queryset(self, request, queryset):
        if self.value() == "all":
            return queryset.filter(editions=[])
        if self.value():
            # The JSON list is matched as text: portable across SQLite and PostgreSQL.
            return queryset.filter(editions__icontains=f'"{self.value()}"')
        return queryset


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0
    fields = ["order", "anchor", "title", "editions", "requires"]
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        # Sections are added on their own form, where their body is rendered on save.
        return False


@admin.register(RulesPage)
class RulesPageAdmin(admin.ModelAdmin):
    list_display = ["title", "slug", "category", "order", "source_file"]
    list_filter = ["category"]
    search_fields = ["slug", "title", "summary"]
    inlines = [SectionInline]

    def save_formset(self, request, form, formset, change):
        for section in formset.save(commit=False):
            services.save_section(section=section)
        for section in formset.deleted_objects:
            section.delete()


class NoteInline(admin.StackedInline):
    model = Note
    extra = 0
    fields = [
        ("slug", "kind", "order"), "question", "body", ("references", "date", "source"),
        ("editions", "requires"),
    ]
    show_change_link = True


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["title", "anchor", "page", "order", "editions", "requires"]
    list_filter = ["page", EditionFilter]
    list_select_related = ["page"]
    search_fields = ["anchor", "title", "body"]
    readonly_fields = ["body_html"]
    inlines = [NoteInline]

    def save_model(self, request, obj, form, change):
        services.save_section(section=obj)

    def save_formset(self, request, form, formset, change):
        for note in formset.save(commit=False):
            services.save_note(note=note)
        for note in formset.deleted_objects:
            note.delete()


@admin.register(Note)
class NoteAdmin(admin.ModelAdmin):
    list_display = ["slug", "kind", "section", "date", "source"]
    list_filter = ["kind", "section__page", EditionFilter]
    list_select_related = ["section__page"]
    search_fields = ["slug", "question", "body", "references", "source"]
    readonly_fields = ["question_html", "body_html"]
    autocomplete_fields = ["section"]

    def save_model(self, request, obj, form, change):
        services.save_note(note=obj)


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(admin.ModelAdmin):
    list_display = ["term", "slug", "aliases", "editions"]
    list_filter = [EditionFilter]
    search_fields = ["slug", "term", "aliases", "definition"]
    readonly_fields = ["definition_html"]

    def save_model(self, request, obj, form, change):
        services.save_glossary_term(term=obj)

    def delete_model(self, request, obj):
        services.delete_glossary_term(term=obj)

    def delete_queryset(self, request, queryset):
        for term in queryset:
            services.delete_glossary_term(term=term)
