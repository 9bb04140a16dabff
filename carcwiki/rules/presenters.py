"""How stored rules content is shown to a reader: worded for their edition, with links
that keep a shared selection, and gathered into the view objects the templates read.

Nothing here reads the database; :mod:`carcwiki.rules.queries` reads and hands the
rows over.
"""

import html
import re
from dataclasses import dataclass, field

from django.utils.safestring import SafeString, mark_safe

from .models import GlossaryTerm, Note, RulesPage, Section
from .selection import Selection, edition_label
from .wording import apply_wording

_INTERNAL_HREF = re.compile(r'href="(/(?:rules|glossary|search)/[^"#?]*)(#[^"]*)?"')
_GLOSSARY_LINK = re.compile(
    r'<a class="glossary-term" href="/glossary/#([^"]+)"[^>]*>(.*?)</a>', re.DOTALL
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


@dataclass
class TermView:
    term: GlossaryTerm
    name: str
    aliases: list[str]
    definition_html: SafeString
    adapted: bool
    editions_label: str



def present_note(note: Note, presenter: Presenter, *, visible: bool = True) -> NoteView:
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


def present_term(term: GlossaryTerm, presenter: Presenter) -> TermView:
    selection = presenter.selection
    return TermView(
        term=term,
        name=presenter.text(term.term),
        aliases=[presenter.text(alias) for alias in term.aliases],
        definition_html=presenter.html(term.definition_html),
        adapted=selection.is_adaptation(term.editions),
        editions_label=presenter.editions(term.editions),
    )
