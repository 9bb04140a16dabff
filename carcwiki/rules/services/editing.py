"""Saving edited rules content: Markdown rendered and sanitised, glossary terms linked,
and the search documents brought up to date (the admin saves through these)."""

from django.db import transaction
from django.urls import reverse

from ..models import GlossaryTerm, Note, Section
from ..rendering import GlossaryLinker, render_inline_markdown, render_markdown
from ..search.index import sync_documents


def linker_for(terms: list[tuple[str, list[str]]]) -> GlossaryLinker:
    """A glossary linker for ``(slug, names)`` pairs, linking to the glossary page."""
    return GlossaryLinker(terms, url=reverse("rules:glossary"))


def glossary_linker() -> GlossaryLinker:
    """The linker of the glossary as stored (one query)."""
    return linker_for(
        [(slug, [term, *aliases]) for slug, term, aliases in GlossaryTerm.objects.values_list(
            "slug", "term", "aliases"
        )]
    )


def render_section(section: Section, *, linker: GlossaryLinker) -> None:
    section.body_html = render_markdown(section.body, glossary=linker)


def render_note(note: Note) -> None:
    note.question_html = render_inline_markdown(note.question) if note.question else ""
    note.body_html = render_markdown(note.body)


def render_glossary_term(term: GlossaryTerm) -> None:
    term.definition_html = render_markdown(term.definition)


@transaction.atomic
def save_section(*, section: Section) -> Section:
    """Render and save a section, and bring the search up to date (used by the admin)."""
    render_section(section, linker=glossary_linker())
    section.save()
    sync_documents()
    return section


@transaction.atomic
def save_note(*, note: Note) -> Note:
    """Render and save a note (used by the admin)."""
    render_note(note)
    note.save()
    sync_documents()
    return note


@transaction.atomic
def save_glossary_term(*, term: GlossaryTerm) -> GlossaryTerm:
    """Render and save a glossary term, then relink every section body to the glossary."""
    render_glossary_term(term)
    term.save()
    relink_sections()
    return term


@transaction.atomic
def delete_glossary_term(*, term: GlossaryTerm) -> None:
    term.delete()
    relink_sections()


def relink_sections() -> int:
    """Render every section again with the current glossary; returns how many changed."""
    linker = glossary_linker()
    changed = []
    for section in Section.objects.all():
        before = section.body_html
        render_section(section, linker=linker)
        if section.body_html != before:
            changed.append(section)
    Section.objects.bulk_update(changed, ["body_html"])
    sync_documents()
    return len(changed)


