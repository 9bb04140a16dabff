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

from django.db import transaction

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


def wanted_documents() -> dict[tuple[str, int], tuple[str, str]]:
    """``(kind, object id)`` → ``(title, body)`` for all the content (three queries)."""
    kind = SearchDocument.Kind
    wanted: dict[tuple[str, int], tuple[str, str]] = {}
    for section in Section.objects.select_related("page"):
        wanted[(kind.SECTION, section.pk)] = section_document(section)
    for note in Note.objects.select_related("section__page"):
        wanted[(kind.NOTE, note.pk)] = note_document(note)
    for term in GlossaryTerm.objects.all():
        wanted[(kind.GLOSSARY, term.pk)] = term_document(term)
    return wanted


@transaction.atomic
def sync_documents() -> int:
    """Write the documents that changed, add the missing ones and delete the ones of
    deleted content; returns how many rows were written or deleted."""
    wanted = wanted_documents()
    existing = {(doc.kind, doc.object_id): doc for doc in SearchDocument.objects.defer("vector")}
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
