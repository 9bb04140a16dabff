"""The search documents: what each section, note and glossary term says, made searchable.

:func:`sync_documents` makes ``rules_searchdocument`` match the content; the services call
it after loading the YAML files and after every save from the admin, and deletes reach it
through signals. The engines' own indexes follow through database triggers.

A document holds both editions' words (``follower`` and ``meeple``), so that a player
finds a rule in the words of any edition. A section's document also names its page, and
a note's names its section and its kind ("house rule or variant"), since players ask
"farmer on a monastery tile" or "house rule for the table edge" rather than quoting a
heading.
"""

from django.db import models, transaction

from ..models import GlossaryTerm, Note, SearchDocument, Section
from ..wording import with_both_wordings
from .text import html_to_text
from .words import index_text


def _text(*pieces: str) -> str:
    return index_text(*(with_both_wordings(piece) for piece in pieces if piece))


def section_document(section: Section) -> tuple[str, str]:
    return _text(section.title), _text(html_to_text(section.body_html), section.page.title)


def note_document(note: Note) -> tuple[str, str]:
    section = note.section
    return (
        _text(html_to_text(note.question_html)),
        _text(
            html_to_text(note.body_html),
            note.get_kind_display(),
            section.title,
            section.page.title,
            " ".join(note.references),
            note.source,
            note.date,
        ),
    )


def term_document(term: GlossaryTerm) -> tuple[str, str]:
    return _text(term.term, " ".join(term.aliases)), _text(html_to_text(term.definition_html))


def wanted_documents(*, pages: list[str] | None = None,
                     glossary: bool = True) -> dict[tuple[str, int], tuple[str, str]]:
    """``(kind, object id)`` → ``(title, body)`` for the content (three queries): all of
    it, or the sections and notes of the pages with the slugs ``pages`` (and the glossary
    if ``glossary``)."""
    kind = SearchDocument.Kind
    sections = Section.objects.select_related("page")
    notes = Note.objects.select_related("section__page")
    if pages is not None:
        sections = sections.filter(page__slug__in=pages)
        notes = notes.filter(section__page__slug__in=pages)
    wanted: dict[tuple[str, int], tuple[str, str]] = {}
    for section in sections:
        wanted[(kind.SECTION, section.pk)] = section_document(section)
    for note in notes:
        wanted[(kind.NOTE, note.pk)] = note_document(note)
    if glossary:
        for term in GlossaryTerm.objects.all():
            wanted[(kind.GLOSSARY, term.pk)] = term_document(term)
    return wanted


@transaction.atomic
def sync_documents(*, pages: list[str] | None = None, glossary: bool = True) -> int:
    """Write the documents that changed, add the missing ones and delete the ones of
    deleted content; returns how many rows were written or deleted.

    ``pages`` (slugs) and ``glossary`` limit the work to the documents of that content
    (a load that wrote only those pages); deleted content's documents are dropped by the
    signals of :mod:`.signals` in any case.
    """
    wanted = wanted_documents(pages=pages, glossary=glossary)
    documents = SearchDocument.objects.defer("vector")
    if pages is not None:
        # The documents of that content only: those of content deleted meanwhile are gone
        # already (signals), the others are another page's.
        in_scope = models.Q(pk__in=[])
        for document_kind in sorted({kind for kind, _ in wanted}):
            ids = [object_id for kind, object_id in wanted if kind == document_kind]
            in_scope |= models.Q(kind=document_kind, object_id__in=ids)
        documents = documents.filter(in_scope)
    existing = {(doc.kind, doc.object_id): doc for doc in documents}
    changed = []
    for key, (title, body) in wanted.items():
        document = existing.get(key)
        if document is not None and (document.title, document.body) != (title, body):
            document.title, document.body = title, body
            changed.append(document)
    created = [
        SearchDocument(kind=kind, object_id=object_id, title=title, body=body)
        for (kind, object_id), (title, body) in wanted.items()
        if (kind, object_id) not in existing
    ]
    gone = [document.pk for key, document in existing.items() if key not in wanted]
    SearchDocument.objects.bulk_update(changed, ["title", "body"])
    SearchDocument.objects.bulk_create(created)
    SearchDocument.objects.filter(pk__in=gone).delete()
    return len(changed) + len(created) + len(gone)


def forget(kind: str, object_id: int) -> None:
    """Drop the document of deleted content."""
    SearchDocument.objects.filter(kind=kind, object_id=object_id).delete()
