"""Reads of the rules reference, filtered by a selection.

Every function here costs a fixed number of queries whatever the amount of content:
relations are fetched up front and the selection (expansion codes and editions, stored as
plain lists) is applied in Python, which is cheap for a reference of a few hundred
sections. What the rows look like to a reader is :mod:`carcwiki.rules.presenters`' job.
"""

from carcwiki.catalogue.models import Bundle, Expansion, Part

from .models import GlossaryTerm, Note, RulesPage, Section
from .presenters import (
    NoteView,
    PageSummary,
    PageView,
    Presenter,
    SectionView,
    TermView,
    note_visible,
    present_note,
    present_term,
    section_visible,
)
from .selection import (
    EDITION_GROUPS,
    CatalogueExpansion,
    CatalogueItem,
    QuickSelection,
    Selection,
    SelectorCatalogue,
)
from .steps import FINAL_PHASE_LABELS, TURN_PHASE_LABELS, PageSteps, StepView, compose
from .wording import apply_wording

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


def hidden_glossary_terms(selection: Selection) -> frozenset[str]:
    """Slugs of the glossary terms that do not apply to the selection (one query)."""
    return frozenset(
        slug
        for slug, editions, requires in GlossaryTerm.objects.values_list(
            "slug", "editions", "requires"
        )
        if not selection.allows(requires, editions)
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


def visible_pages(
    *, selection: Selection
) -> tuple[list[tuple[str, list[PageSummary]]], list[PageSummary]]:
    """Pages with at least one section for this selection, grouped by category in index
    order, and the pages the selection hides, in index order (two queries)."""
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
    hidden = [
        PageSummary(
            page=page,
            title=presenter.text(page.title),
            summary=presenter.text(page.summary),
            section_count=0,
        )
        for page in pages
        if page.pk not in counts
    ]
    return shown, hidden


def codes_with_pages() -> frozenset[str]:
    """Every expansion or part code some rules page is about (one query)."""
    return frozenset(
        code
        for applies_to in RulesPage.objects.values_list("applies_to", flat=True)
        for code in applies_to
    )


def page_for_code(code: str) -> RulesPage | None:
    """The rules page an expansion or part code is about (one query): the first page, in
    index order, that names it first among its codes, else the first that names it at
    all (``base`` → the base game, ``river2`` → The River, ``inns`` → Inns &
    Cathedrals)."""
    pages = [page for page in RulesPage.objects.only("slug", "applies_to", "order", "title")
             if code in page.applies_to]
    leading = [page for page in pages if page.applies_to[0] == code]
    return (leading or pages or [None])[0]


def selected_without_page(
    *, selection: Selection, covered: frozenset[str] | None = None
) -> list[str]:
    """Names of the selected expansions that no rules page is about yet (one query, none
    when the codes of the pages, ``covered``, are given)."""
    covered = codes_with_pages() if covered is None else covered
    if selection.catalogue is None:
        return []
    return [
        expansion.name
        for expansion in selection.catalogue.expansions
        if expansion.code in selection.codes
        and covered.isdisjoint([expansion.code, *(part.code for part in expansion.parts)])
    ]


def page_view(*, slug: str, selection: Selection) -> PageView:
    """A page with the sections and notes that apply to the selection (four queries).

    Raises ``RulesPage.DoesNotExist`` for an unknown slug.
    """
    page = RulesPage.objects.prefetch_related(
        "sections",
        "sections__notes",
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
                    present_note(note, presenter)
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
    view = present_note(
        note,
        presenter,
        visible=note_visible(note, note.section, note.section.page, selection),
    )
    view.section_title = presenter.text(note.section.title)
    view.page_title = presenter.text(note.section.page.title)
    return view


def glossary_view(*, selection: Selection) -> list[TermView]:
    """Glossary terms that apply to the selection, alphabetically (one query)."""
    presenter = Presenter(selection)
    views = [
        present_term(term, presenter)
        for term in GlossaryTerm.objects.all()
        if selection.allows(term.requires, term.editions)
    ]
    # Sorted here, after wording, so that every database gives the same order.
    return sorted(views, key=lambda view: view.name.casefold())




def notes_with_reference(*, code: str, selection: Selection) -> list[NoteView]:
    """The notes that carry a reference code, in reading order, each saying whether it
    applies to the selection (one query; the codes are a JSON list, which not every
    database can search inside)."""
    code = code.upper()
    presenter = Presenter(selection)
    views = []
    for note in Note.objects.with_context():
        if code not in (reference.upper() for reference in note.references):
            continue
        visible = note_visible(note, note.section, note.section.page, selection)
        view = present_note(note, presenter, visible=visible)
        view.section_title = presenter.text(note.section.title)
        view.page_title = presenter.text(note.section.page.title)
        views.append(view)
    return views


# -- a turn and a final scoring in order ------------------------------------------------------


def steps_view(*, kind: str, selection: Selection) -> list[StepView]:
    """The steps of a turn (``kind="turn"``) or of the final scoring (``"final"``) that the
    selection's pages declare, numbered in play order (two queries)."""
    field_name, labels = {
        "turn": ("turn_steps", TURN_PHASE_LABELS),
        "final": ("final_steps", FINAL_PHASE_LABELS),
    }[kind]
    presenter = Presenter(selection)
    sections: dict[int, dict] = {}
    titles: dict[tuple[str, str], str] = {}
    rows = list(RulesPage.objects.values_list("pk", "slug", "title", "applies_to", field_name))
    slug_of = {pk: slug for pk, slug, *_ in rows}
    for page_id, anchor, title, editions, requires in Section.objects.values_list(
        "page_id", "anchor", "title", "editions", "requires"
    ):
        sections.setdefault(page_id, {})[anchor] = (tuple(editions), tuple(requires))
        titles[(slug_of[page_id], anchor)] = presenter.text(title)
    pages = [
        PageSteps(
            slug=slug, title=title, applies_to=tuple(applies_to), steps=tuple(steps or ()),
            sections=sections.get(pk, {}),
        )
        for pk, slug, title, applies_to, steps in rows
    ]
    return compose(
        pages, selection=selection, phase_labels=labels, section_titles=titles,
        wording=presenter.text,
    )


def rules_citing(href: str) -> list[dict]:
    """The sections and notes whose text links to ``href`` (a tile's page), in reading
    order, as ``{"title", "context", "url"}`` (two queries)."""
    needle = f'href="{href}'
    found = []
    for section in Section.objects.with_page().filter(body_html__contains=needle):
        if needle in section.body_html:  # LIKE ignores case on SQLite
            found.append({
                "title": apply_wording(section.title, edition_group="c23"),
                "context": apply_wording(section.page.title, edition_group="c23"),
                "url": section.get_absolute_url(),
            })
    for note in Note.objects.with_context().filter(body_html__contains=needle):
        if needle in note.body_html:
            found.append({
                "title": apply_wording(note.question or note.get_kind_display(),
                                       edition_group="c23"),
                "context": apply_wording(
                    f"{note.section.page.title} › {note.section.title}", edition_group="c23"
                ),
                "url": note.get_absolute_url(),
            })
    return found
