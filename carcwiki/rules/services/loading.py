"""Loading the rules content files into the database.

``load_rules_content`` checks all of a folder (see :mod:`.schema`) before writing
anything, then makes the database match the files: pages are upserted by slug, sections
by page and anchor, notes and glossary terms by slug, and whatever the files no longer
contain is deleted. Running it twice changes nothing. The search documents follow.

Told which files changed since the last load (``changed_files``), it still reads and
checks them all (a slug must stay unique across files, a code must be in the catalogue),
but renders and writes only the pages of those files, and their search documents. A
changed glossary renders every page again, since sections link its terms.
"""

from pathlib import Path
from typing import Any

from django.db import transaction

from ..models import GlossaryTerm, Note, RulesPage, Section
from ..search.index import sync_documents
from .editing import linker_for, render_glossary_term, render_note, render_section
from .schema import GLOSSARY_FILE, PageSpec, TermSpec, read_rules_content


def _assign(instance, values: dict[str, Any]) -> bool:
    """Set ``values`` on ``instance``; whether anything changed."""
    changed = False
    for name, value in values.items():
        if getattr(instance, name) != value:
            setattr(instance, name, value)
            changed = True
    return changed


RENDERED_FIELDS = ("body_html", "question_html", "definition_html")
"""What rendering derives from the content: compared after rendering again, so that a
change in how content is rendered reaches databases loaded before it."""


def _rendered(instance) -> tuple:
    return tuple(getattr(instance, name, None) for name in RENDERED_FIELDS)


def _save_if_changed(instance, values: dict[str, Any], render) -> None:
    before = _rendered(instance)
    changed = _assign(instance, values) or instance.pk is None
    render(instance)
    if changed or _rendered(instance) != before:
        instance.save()


@transaction.atomic
def write_rules_content(*, pages: list[PageSpec], terms: list[TermSpec],
                        changed_files: set[str] | None = None) -> int:
    """Make the database hold exactly ``pages`` and ``terms``; returns how many pages were
    written (rendered and compared).

    ``changed_files`` (file names) limits the writing to the pages read from those files;
    ``None`` writes everything. Whatever the files no longer hold is deleted either way.
    """
    everything = changed_files is None or GLOSSARY_FILE in changed_files
    linker = linker_for([(term.slug, [term.term, *term.aliases]) for term in terms])
    if everything:
        _write_terms(terms)
    written = [spec for spec in pages if everything or spec.source_file in changed_files]
    slugs = [spec.slug for spec in written]
    existing_pages = {page.slug: page for page in RulesPage.objects.filter(slug__in=slugs)}
    existing_sections = {
        (section.page_id, section.anchor): section
        for section in Section.objects.filter(page__slug__in=slugs)
    }
    note_slugs = [note.slug for spec in written for section in spec.sections
                  for note in section.notes]
    # A note may move from a page not written here: it is found by its slug anywhere.
    existing_notes = {note.slug: note for note in Note.objects.filter(slug__in=note_slugs)}
    # Section HTML depends on the glossary too: _save_if_changed compares it after rendering.
    kept_sections: list[int] = []
    for spec in written:
        page = existing_pages.get(spec.slug) or RulesPage(slug=spec.slug)
        _save_if_changed(
            page,
            {
                "title": spec.title,
                "category": spec.category,
                "order": spec.order,
                "applies_to": spec.applies_to,
                "summary": spec.summary,
                "source_file": spec.source_file,
                "turn_steps": [step.as_data() for step in spec.turn_steps],
                "final_steps": [step.as_data() for step in spec.final_steps],
            },
            lambda page: None,
        )
        for section_spec in spec.sections:
            section = existing_sections.get((page.pk, section_spec.anchor)) or Section(
                page=page, anchor=section_spec.anchor
            )
            _save_if_changed(
                section,
                {
                    "title": section_spec.title,
                    "order": section_spec.order,
                    "editions": section_spec.editions,
                    "requires": section_spec.requires,
                    "body": section_spec.body,
                },
                lambda section: render_section(section, linker=linker),
            )
            kept_sections.append(section.pk)
            for note_spec in section_spec.notes:
                note = existing_notes.get(note_spec.slug) or Note(slug=note_spec.slug)
                _save_if_changed(
                    note,
                    {
                        "section_id": section.pk,
                        "kind": note_spec.kind,
                        "question": note_spec.question,
                        "body": note_spec.body,
                        "references": note_spec.references,
                        "date": note_spec.date,
                        "source": note_spec.source,
                        "editions": note_spec.editions,
                        "requires": note_spec.requires,
                        "order": note_spec.order,
                    },
                    render_note,
                )
    all_note_slugs = [
        note.slug for page in pages for section in page.sections for note in section.notes
    ]
    Note.objects.exclude(slug__in=all_note_slugs).delete()
    Section.objects.filter(page__slug__in=slugs).exclude(pk__in=kept_sections).delete()
    RulesPage.objects.exclude(slug__in=[spec.slug for spec in pages]).delete()
    if everything:
        sync_documents()
    else:
        sync_documents(pages=slugs, glossary=False)
    return len(written)


def _write_terms(terms: list[TermSpec]) -> None:
    existing_terms = {term.slug: term for term in GlossaryTerm.objects.all()}
    for spec in terms:
        term = existing_terms.get(spec.slug) or GlossaryTerm(slug=spec.slug)
        _save_if_changed(
            term,
            {
                "term": spec.term,
                "aliases": spec.aliases,
                "editions": spec.editions,
                "requires": spec.requires,
                "definition": spec.definition,
                "order": spec.order,
            },
            render_glossary_term,
        )
    GlossaryTerm.objects.exclude(slug__in=[spec.slug for spec in terms]).delete()


def load_rules_content(*, directory: Path, changed_files: set[str] | None = None) -> int:
    """Load the rules pages and the glossary of ``directory``, all of them or those read
    from ``changed_files`` (see :func:`write_rules_content`); returns how many pages were
    written.

    Raises :class:`RulesContentError` (naming each file and item at fault) without
    changing the database when the content has problems: every file is checked, changed
    or not.
    """
    pages, terms = read_rules_content(directory=directory)
    return write_rules_content(pages=pages, terms=terms, changed_files=changed_files)
