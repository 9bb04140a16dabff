"""Reads of the rules reference, filtered by a selection and worded for it.

Every function here costs a fixed number of queries whatever the amount of content:
relations are fetched up front and the selection (expansion codes and editions, stored as
plain lists) is applied in Python, which is cheap for a reference of a few hundred
sections. The ``*View`` objects carry HTML already worded for the preferred edition.
"""

import html
import re
from dataclasses import dataclass, field

from django.db import connections
from django.db.models import Q, QuerySet
from django.utils.safestring import SafeString, mark_safe

from carcwiki.catalogue.models import Bundle, Expansion

from . import searching
from .models import GlossaryTerm, Note, RulesPage, Section
from .selection import (
    EDITION_GROUPS,
    CatalogueExpansion,
    CatalogueItem,
    QuickSelection,
    Selection,
    SelectorCatalogue,
    edition_label,
)
from .wording import apply_wording

MAX_SEARCH_RESULTS = 50
_INTERNAL_HREF = re.compile(r'href="(/(?:rules|glossary|search)/[^"#?]*)(#[^"]*)?"')

# -- the catalogue as the selector sees it ---------------------------------------------------


def selector_catalogue() -> SelectorCatalogue:
    """Expansions and parts with their editions, in catalogue order (four queries)."""
    expansions = []
    for expansion in Expansion.objects.with_related():
        parts = tuple(
            CatalogueItem(
                code=part.code,
                name=part.name,
                editions=frozenset(edition.code for edition in part.editions.all()),
            )
            for part in expansion.parts.all()
        )
        expansions.append(
            CatalogueExpansion(
                code=expansion.code,
                name=expansion.name,
                editions=frozenset(edition.code for edition in expansion.editions.all()),
                category=expansion.category,
                number=expansion.number,
                parts=parts,
            )
        )
    return SelectorCatalogue(expansions=tuple(expansions))


def selector_catalogue_for_request(request) -> SelectorCatalogue:
    """:func:`selector_catalogue`, read once per request."""
    catalogue = getattr(request, "_rules_catalogue", None)
    if catalogue is None:
        catalogue = request._rules_catalogue = selector_catalogue()
    return catalogue


def quick_selections() -> list[QuickSelection]:
    """The catalogue's bundles (Big Box 6…) as ready-made selections."""
    group_of_edition = {
        code: group for group, codes in EDITION_GROUPS.items() for code in codes
    }
    bundles = Bundle.objects.select_related("edition").prefetch_related("expansions", "parts")
    return [
        QuickSelection(
            code=bundle.code,
            name=bundle.name,
            description=bundle.description,
            edition_group=group_of_edition.get(bundle.edition.code) if bundle.edition else None,
            includes=tuple(
                [expansion.code for expansion in bundle.expansions.all()]
                + [part.code for part in bundle.parts.all()]
            ),
        )
        for bundle in bundles
    ]


# -- wording and links for display ------------------------------------------------------------


class Presenter:
    """Turns stored text into what a reader of this selection sees."""

    def __init__(self, selection: Selection) -> None:
        self.selection = selection
        self.edition_group = selection.preferred_edition
        self.href_suffix = html.escape(selection.link_suffix)

    def text(self, text: str) -> str:
        return apply_wording(text, edition_group=self.edition_group)

    def html(self, fragment: str) -> SafeString:
        """Stored (sanitised) HTML with the edition's words, internal links keeping a
        shared selection."""
        fragment = apply_wording(fragment, edition_group=self.edition_group)
        if self.href_suffix:
            fragment = _INTERNAL_HREF.sub(
                lambda m: f'href="{m.group(1)}{self.href_suffix}{m.group(2) or ""}"', fragment
            )
        return mark_safe(fragment)  # noqa: S308 - sanitised when saved; only words replaced

    def editions(self, editions: list[str]) -> str:
        """Edition label for content limited to some editions, empty for "all"."""
        return edition_label(editions) if editions else ""


def section_visible(section: Section, page: RulesPage, selection: Selection) -> bool:
    return selection.applies_to_any(page.applies_to) and selection.allows(
        section.requires, section.editions
    )


def note_visible(note: Note, section: Section, page: RulesPage, selection: Selection) -> bool:
    return section_visible(section, page, selection) and selection.allows(
        note.requires, note.editions
    )


@dataclass
class NoteView:
    note: Note
    kind_label: str
    question_html: SafeString
    body_html: SafeString
    editions_label: str
    adapted: bool
    visible: bool = True
    section_title: str = ""
    page_title: str = ""


@dataclass
class SectionView:
    section: Section
    title: str
    body_html: SafeString
    editions_label: str
    adapted: bool
    notes: list[NoteView] = field(default_factory=list)


@dataclass
class PageView:
    page: RulesPage
    title: str
    summary: str
    applies: bool
    sections: list[SectionView]
    hidden_sections: int


@dataclass
class PageSummary:
    page: RulesPage
    title: str
    summary: str
    section_count: int


def _note_view(note: Note, presenter: Presenter, *, visible: bool = True) -> NoteView:
    selection = presenter.selection
    return NoteView(
        note=note,
        kind_label=note.get_kind_display(),
        question_html=presenter.html(note.question_html),
        body_html=presenter.html(note.body_html),
        editions_label=presenter.editions(note.editions),
        adapted=selection.is_adaptation(note.editions),
        visible=visible,
    )


# -- pages ------------------------------------------------------------------------------------


def visible_section_counts(*, selection: Selection) -> tuple[list[RulesPage], dict[int, int]]:
    """Every page, and how many of its sections apply to the selection, by page id (pages
    with none are left out of the counts). Two queries."""
    pages = list(RulesPage.objects.all())
    page_by_id = {page.pk: page for page in pages}
    counts: dict[int, int] = {}
    for page_id, editions, requires in Section.objects.values_list(
        "page_id", "editions", "requires"
    ):
        if selection.applies_to_any(page_by_id[page_id].applies_to) and selection.allows(
            requires, editions
        ):
            counts[page_id] = counts.get(page_id, 0) + 1
    return pages, counts


def visible_pages(*, selection: Selection) -> tuple[list[tuple[str, list[PageSummary]]], int]:
    """Pages with at least one section for this selection, grouped by category in index
    order, and how many pages the selection hides (two queries)."""
    presenter = Presenter(selection)
    pages, counts = visible_section_counts(selection=selection)
    groups: dict[str, list[PageSummary]] = {label: [] for label in RulesPage.Category.labels}
    for page in pages:
        if page.pk in counts:
            groups[page.get_category_display()].append(
                PageSummary(
                    page=page,
                    title=presenter.text(page.title),
                    summary=presenter.text(page.summary),
                    section_count=counts[page.pk],
                )
            )
    shown = [(label, summaries) for label, summaries in groups.items() if summaries]
    return shown, len(pages) - len(counts)


def page_view(*, slug: str, selection: Selection) -> PageView:
    """A page with the sections and notes that apply to the selection (three queries).

    Raises ``RulesPage.DoesNotExist`` for an unknown slug.
    """
    page = RulesPage.objects.prefetch_related("sections__notes").get(slug=slug)
    presenter = Presenter(selection)
    applies = selection.applies_to_any(page.applies_to)
    sections: list[SectionView] = []
    all_sections = list(page.sections.all())
    for section in all_sections:
        if not section_visible(section, page, selection):
            continue
        sections.append(
            SectionView(
                section=section,
                title=presenter.text(section.title),
                body_html=presenter.html(section.body_html),
                editions_label=presenter.editions(section.editions),
                adapted=selection.is_adaptation(section.editions),
                notes=[
                    _note_view(note, presenter)
                    for note in section.notes.all()
                    if selection.allows(note.requires, note.editions)
                ],
            )
        )
    return PageView(
        page=page,
        title=presenter.text(page.title),
        summary=presenter.text(page.summary),
        applies=applies,
        sections=sections,
        hidden_sections=len(all_sections) - len(sections),
    )


def note_view(*, slug: str, selection: Selection) -> NoteView:
    """One note with its section and page, and whether it applies to the selection (one
    query). Raises ``Note.DoesNotExist``."""
    note = Note.objects.with_context().get(slug=slug)
    presenter = Presenter(selection)
    view = _note_view(
        note,
        presenter,
        visible=note_visible(note, note.section, note.section.page, selection),
    )
    view.section_title = presenter.text(note.section.title)
    view.page_title = presenter.text(note.section.page.title)
    return view


@dataclass
class TermView:
    term: GlossaryTerm
    name: str
    aliases: list[str]
    definition_html: SafeString
    adapted: bool
    editions_label: str


def glossary_view(*, selection: Selection) -> list[TermView]:
    """Glossary terms that apply to the selection, alphabetically (one query)."""
    presenter = Presenter(selection)
    views = [
        TermView(
            term=term,
            name=presenter.text(term.term),
            aliases=[presenter.text(alias) for alias in term.aliases],
            definition_html=presenter.html(term.definition_html),
            adapted=selection.is_adaptation(term.editions),
            editions_label=presenter.editions(term.editions),
        )
        for term in GlossaryTerm.objects.all()
        if selection.allows(term.requires, term.editions)
    ]
    # Sorted here, after wording, so that every database gives the same order.
    return sorted(views, key=lambda view: view.name.casefold())


# -- search -----------------------------------------------------------------------------------


@dataclass
class SearchHit:
    kind: str  # "section", "note" or "glossary"
    label: str
    url: str
    title: SafeString
    excerpt: SafeString
    context: str
    rank: float
    note_kind: str = ""
    references: list[str] = field(default_factory=list)
    date: str = ""
    source: str = ""
    adapted: bool = False


@dataclass
class SearchResults:
    query: str
    words: list[str]
    hits: list[SearchHit]
    total: int


def _matching(queryset: QuerySet, words: list[str]) -> list:
    """Objects of ``queryset`` whose folded title or body holds every word as a word
    prefix, each with a ``search_rank`` attribute (higher is better)."""
    if connections[queryset.db].vendor == "postgresql":
        # Imported here: the module needs psycopg, which SQLite-only installs may lack.
        from django.contrib.postgres.search import SearchQuery, SearchRank, SearchVector

        vector = SearchVector("search_title", weight="A", config="simple") + SearchVector(
            "search_body", weight="B", config="simple"
        )
        # Words are runs of letters and digits only, so the raw tsquery syntax is safe.
        query = SearchQuery(
            " & ".join(f"{word}:*" for word in words), search_type="raw", config="simple"
        )
        found = queryset.annotate(search_document=vector, search_rank=SearchRank(vector, query))
        return list(found.filter(search_document=query))

    condition = Q()
    for word in words:
        condition &= Q(search_title__contains=word) | Q(search_body__contains=word)
    found = []
    for item in queryset.filter(condition):
        in_title = searching.count_prefix_matches(item.search_title, words)
        in_body = searching.count_prefix_matches(item.search_body, words)
        if all(in_title[word] or in_body[word] for word in words):
            item.search_rank = sum(4 * in_title[word] + min(in_body[word], 8) for word in words)
            found.append(item)
    return found


def search(*, query: str, selection: Selection) -> SearchResults:
    """Sections, notes and glossary terms matching every word of ``query`` (as word
    prefixes, ignoring case and accents) that apply to the selection, best first, with
    the matching words marked (three queries)."""
    words = searching.query_words(query)
    if not words:
        return SearchResults(query=query, words=[], hits=[], total=0)
    presenter = Presenter(selection)
    suffix = selection.link_suffix
    hits: list[SearchHit] = []

    for section in _matching(Section.objects.with_page(), words):
        if not section_visible(section, section.page, selection):
            continue
        title = presenter.text(section.title)
        hits.append(
            SearchHit(
                kind="section",
                label="Rules",
                url=f"{section.page.get_absolute_url()}{suffix}#{section.anchor}",
                title=searching.highlight(title, words),
                excerpt=searching.excerpt(
                    searching.html_to_text(presenter.text(section.body_html)), words
                ),
                context=presenter.text(section.page.title),
                rank=section.search_rank,
                adapted=selection.is_adaptation(section.editions),
            )
        )

    for note in _matching(Note.objects.with_context(), words):
        section, page = note.section, note.section.page
        if not note_visible(note, section, page, selection):
            continue
        question = searching.html_to_text(presenter.text(note.question_html))
        hits.append(
            SearchHit(
                kind="note",
                label=note.get_kind_display(),
                note_kind=note.kind,
                url=f"{note.get_absolute_url()}{suffix}",
                title=searching.highlight(
                    question or f"{note.get_kind_display()}: {presenter.text(section.title)}",
                    words,
                ),
                excerpt=searching.excerpt(
                    searching.html_to_text(presenter.text(note.body_html)), words
                ),
                context=f"{presenter.text(page.title)} › {presenter.text(section.title)}",
                rank=note.search_rank,
                references=list(note.references),
                date=note.date,
                source=note.source,
                adapted=selection.is_adaptation(note.editions),
            )
        )

    for term in _matching(GlossaryTerm.objects.all(), words):
        if not selection.allows(term.requires, term.editions):
            continue
        hits.append(
            SearchHit(
                kind="glossary",
                label="Glossary",
                url=f"{term.get_absolute_url().replace('#', suffix + '#')}",
                title=searching.highlight(presenter.text(term.term), words),
                excerpt=searching.excerpt(
                    searching.html_to_text(presenter.text(term.definition_html)), words
                ),
                context=", ".join(presenter.text(alias) for alias in term.aliases),
                rank=term.search_rank,
                adapted=selection.is_adaptation(term.editions),
            )
        )

    kind_order = {"glossary": 0, "section": 1, "note": 2}
    hits.sort(key=lambda hit: (-hit.rank, kind_order[hit.kind]))
    return SearchResults(
        query=query, words=words, hits=hits[:MAX_SEARCH_RESULTS], total=len(hits)
    )
