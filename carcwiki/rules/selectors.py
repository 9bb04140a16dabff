"""Reads of the rules reference, filtered by a selection and worded for it.

Every function here costs a fixed number of queries whatever the amount of content:
relations are fetched up front and the selection (expansion codes and editions, stored as
plain lists) is applied in Python, which is cheap for a reference of a few hundred
sections. The ``*View`` objects carry HTML already worded for the preferred edition.
"""

import html
import re
from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, QuerySet
from django.utils.safestring import SafeString, mark_safe

from carcwiki.catalogue.models import Bundle, Expansion, Part

from . import fulltext, searching
from .models import SEARCH_FIELDS, GlossaryTerm, Note, RulesPage, Section
from .selection import (
    EDITION_GROUPS,
    CatalogueExpansion,
    CatalogueItem,
    QuickSelection,
    Selection,
    SelectorCatalogue,
    edition_label,
)
from .wording import apply_wording, equivalent_words

MAX_SEARCH_RESULTS = 50
_INTERNAL_HREF = re.compile(r'href="(/(?:rules|glossary|search)/[^"#?]*)(#[^"]*)?"')

# -- the catalogue as the selector sees it ---------------------------------------------------


def selector_catalogue() -> SelectorCatalogue:
    """Expansions and parts with their editions, in catalogue order (four queries).

    Read as plain values rather than model instances: every page needs it, and building
    a few hundred model objects with their prefetched editions would cost more than the
    rest of the page.
    """
    expansion_editions: dict[int, set[str]] = {}
    for expansion_id, code in Expansion.editions.through.objects.values_list(
        "expansion_id", "edition__code"
    ):
        expansion_editions.setdefault(expansion_id, set()).add(code)
    part_editions: dict[int, set[str]] = {}
    for part_id, code in Part.editions.through.objects.values_list("part_id", "edition__code"):
        part_editions.setdefault(part_id, set()).add(code)
    parts_of: dict[int, list[CatalogueItem]] = {}
    for part_id, expansion_id, code, name in Part.objects.order_by(
        "expansion__order", "order", "pk"
    ).values_list("pk", "expansion_id", "code", "name"):
        parts_of.setdefault(expansion_id, []).append(
            CatalogueItem(
                code=code, name=name, editions=frozenset(part_editions.get(part_id, ()))
            )
        )
    expansions = tuple(
        CatalogueExpansion(
            code=code,
            name=name,
            editions=frozenset(expansion_editions.get(expansion_id, ())),
            category=category,
            number=number,
            parts=tuple(parts_of.get(expansion_id, ())),
        )
        for expansion_id, code, name, category, number in Expansion.objects.values_list(
            "pk", "code", "name", "category", "number"
        )
    )
    return SelectorCatalogue(expansions=expansions)


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


_GLOSSARY_LINK = re.compile(
    r'<a class="glossary-term" href="/glossary/#([^"]+)"[^>]*>(.*?)</a>', re.DOTALL
)


def hidden_glossary_terms(selection: Selection) -> frozenset[str]:
    """Slugs of the glossary terms that do not apply to the selection (one query)."""
    return frozenset(
        slug
        for slug, editions, requires in GlossaryTerm.objects.values_list(
            "slug", "editions", "requires"
        )
        if not selection.allows(requires, editions)
    )


class Presenter:
    """Turns stored text into what a reader of this selection sees.

    ``hidden_terms`` are glossary slugs whose links are taken out of the text (the term
    would not be on the glossary page of this selection).
    """

    def __init__(self, selection: Selection, *, hidden_terms: frozenset[str] = frozenset()):
        self.selection = selection
        self.edition_group = selection.preferred_edition
        self.href_suffix = html.escape(selection.link_suffix)
        self.hidden_terms = hidden_terms

    def text(self, text: str) -> str:
        return apply_wording(text, edition_group=self.edition_group)

    def html(self, fragment: str) -> SafeString:
        """Stored (sanitised) HTML with the edition's words, internal links keeping a
        shared selection."""
        fragment = apply_wording(fragment, edition_group=self.edition_group)
        if self.hidden_terms and "glossary-term" in fragment:
            fragment = _GLOSSARY_LINK.sub(
                lambda m: m.group(2) if m.group(1) in self.hidden_terms else m.group(0),
                fragment,
            )
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
    """A page with the sections and notes that apply to the selection (four queries).

    Raises ``RulesPage.DoesNotExist`` for an unknown slug.
    """
    page = RulesPage.objects.prefetch_related(
        Prefetch("sections", queryset=Section.objects.for_display()),
        Prefetch("sections__notes", queryset=Note.objects.for_display()),
    ).get(slug=slug)
    presenter = Presenter(selection, hidden_terms=hidden_glossary_terms(selection))
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
    note = Note.objects.with_context().for_display().get(slug=slug)
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
        for term in GlossaryTerm.objects.defer(*SEARCH_FIELDS)
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
    context: str  # where the hit is (page › section), or a term's other names
    rank: float
    note_kind: str = ""
    references: list[str] = field(default_factory=list)
    date: str = ""
    source: str = ""
    adapted: bool = False
    editions_label: str = ""


@dataclass
class SearchResults:
    query: str
    words: list[str]
    hits: list[SearchHit]
    total: int


def _matching(queryset: QuerySet, words: list[str]) -> list:
    """Objects of ``queryset`` whose folded title or body holds every word as a word
    prefix, each with a ``search_rank`` attribute (higher is better).

    PostgreSQL matches and ranks with its full-text search over the documents stored
    when the content was saved. Elsewhere the folded text is filtered with ``LIKE`` and
    checked and ranked here: a title match counts four times a body match.
    """
    if fulltext.is_postgresql(queryset.db):
        return fulltext.matching(queryset, words)

    condition = Q()
    for word in words:
        condition &= Q(search_title__contains=word) | Q(search_body__contains=word)
    found = []
    for item in queryset.defer("search_vector").filter(condition):
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
    # The words to mark: the query's, and what this edition says for a word of another.
    marked = words + equivalent_words(words, edition_group=selection.preferred_edition)

    for section in _matching(Section.objects.with_page(), words):
        if not section_visible(section, section.page, selection):
            continue
        title = presenter.text(section.title)
        hits.append(
            SearchHit(
                kind="section",
                label="Rules",
                url=f"{section.page.get_absolute_url()}{suffix}#{section.anchor}",
                title=searching.highlight(title, marked),
                excerpt=searching.excerpt(
                    searching.html_to_text(presenter.text(section.body_html)), marked
                ),
                context=presenter.text(section.page.title),
                rank=section.search_rank,
                adapted=selection.is_adaptation(section.editions),
                editions_label=presenter.editions(section.editions),
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
                    marked,
                ),
                excerpt=searching.excerpt(
                    searching.html_to_text(presenter.text(note.body_html)), marked
                ),
                context=f"{presenter.text(page.title)} › {presenter.text(section.title)}",
                rank=note.search_rank,
                references=list(note.references),
                date=note.date,
                source=note.source,
                adapted=selection.is_adaptation(note.editions),
                editions_label=presenter.editions(note.editions),
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
                title=searching.highlight(presenter.text(term.term), marked),
                excerpt=searching.excerpt(
                    searching.html_to_text(presenter.text(term.definition_html)), marked
                ),
                context=searching.highlight(
                    ", ".join(presenter.text(alias) for alias in term.aliases), marked
                ),
                rank=term.search_rank,
                adapted=selection.is_adaptation(term.editions),
                editions_label=presenter.editions(term.editions),
            )
        )

    kind_order = {"glossary": 0, "section": 1, "note": 2}
    hits.sort(key=lambda hit: (-hit.rank, kind_order[hit.kind]))
    return SearchResults(
        query=query, words=words, hits=hits[:MAX_SEARCH_RESULTS], total=len(hits)
    )
