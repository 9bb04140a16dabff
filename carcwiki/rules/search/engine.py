"""A search, from the question to the ranked hits a reader of a selection sees.

1. The question becomes concepts (:mod:`.query`), with the vocabulary's equivalents.
2. One query asks the database's engine (:mod:`.backends`) for every document holding
   any concept, with which concepts each holds, in its title or body.
3. Documents are ranked by the concepts they hold, each worth its rarity (an inverse
   document frequency: "abbot" says more than "tile") and twice that in a title (1.75
   times in a note's question), plus
   the engine's own score (``bm25``, ``ts_rank``: how often, in how long a text) scaled
   to at most 1, about half a rare concept. Both engines agree on which document holds
   which concept, which decides most of the rank, so the same question mostly puts the
   same results first on SQLite and PostgreSQL; glossary entries count a little less
   than rules and notes.
4. What decides whether each section and note is shown (its page's codes and title,
   its own ``requires`` and ``editions``), what a hit shows of it, and the glossary are
   read once per content version and kept by the process (:func:`_content_rows`), so a
   search costs the one query of step 2. A section or note whose page's title holds a
   concept of the question gains that concept's rarity, and when no expansion's page is
   named that way, the base game's pages gain ``CORE_BONUS`` (a question that names no
   expansion is about the base game, even with every expansion selected); what the
   selection hides is left out; the rest is worded for the reader's edition. The best
   few of what it hides only because an expansion is not selected are kept apart
   (``SearchResults.elsewhere``), each naming the expansion that would show it, so that a
   player can add it; answers of editions the selection does not show stay out. They
   never come before the selection's own answers (see ``SearchResults.elsewhere_first``).

Excerpts and highlights are cut here from the worded text rather than with the engines'
``snippet()``/``ts_headline``: the engines index both editions' words at once, while a
reader sees only their own edition's.
"""

import difflib
import json
import math
import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from django.db.models import TextField
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils.safestring import SafeString

from ...page_cache import content_version
from ..models import GlossaryTerm, Note, RulesPage, SearchDocument, Section
from ..presenters import Presenter, note_visible, section_visible
from ..selection import Selection
from ..wording import equivalent_words
from . import backends
from .query import ParsedQuery, marking_stem, parse
from .text import excerpt, fold, highlight, html_to_text
from .vocabulary import current_vocabulary
from .words import is_stop_word, words

#: Hits shown; the rest are counted. A player reads the first few, and wording and
#: cutting an excerpt is most of the time of a search.
MAX_RESULTS = 20
MAX_SUGGESTIONS = 5
#: Answers from expansions the reader has not selected, shown apart and marked.
MAX_ELSEWHERE = 3
#: A concept found in a title (a heading, a note's question, a term) counts this many
#: times more than one found in a body.
TITLE_FACTOR = 2.0
#: A note's title is its whole question, a sentence of ten or twenty words; a concept
#: found there says less about it than one found in a heading of three words.
NOTE_TITLE_FACTOR = 1.75
#: A concept found in the title of a document's page adds this share of its rarity.
PAGE_FACTOR = 1.0
#: What a section or note of the base game's own pages (those shown with the base game
#: alone: the base game, the first edition, the scoring reference) gains when the question
#: names no expansion's page:
#: "when is a road finished" asks about the base game, whatever expansions are selected;
#: an expansion's note that merely mentions roads should not come first.
CORE_BONUS = 1.0
#: Glossary entries define words; for a question, rules and notes are the better answer.
GLOSSARY_FACTOR = 0.6
#: How much the engine's own score (scaled to 0–1 among the results: term frequency,
#: length) adds to the rank: about half a rare concept.
ENGINE_WEIGHT = 1.0
#: What a section or note that gives a number of points gains when the question asks for
#: one ("how much is a vineyard worth"): about a common concept, so that the answer
#: outranks sections that only name the piece.
VALUE_BONUS = 0.75
#: What a section or note of editions the reader does not prefer loses (the first
#: edition's rule for a group that chose C2/C3): it stays found, below the current rule.
OTHER_EDITION_PENALTY = 0.75
KIND_ORDER = {SearchDocument.Kind.GLOSSARY: 0, SearchDocument.Kind.SECTION: 1,
              SearchDocument.Kind.NOTE: 2}
# The kinds as plain strings, for the loops over every document found (reading an enum
# member from its class is an attribute lookup through the enum machinery each time).
_SECTION = SearchDocument.Kind.SECTION.value
_NOTE = SearchDocument.Kind.NOTE.value
_GLOSSARY = SearchDocument.Kind.GLOSSARY.value


@dataclass
class SearchHit:
    kind: str  # "section", "note" or "glossary"
    label: str  # what the hit is: Rule, Official clarification, …, Glossary
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
    #: For an answer outside the selection: the code that would show it, and its name.
    add_code: str = ""
    add_name: str = ""
    #: The same search with that expansion added to the selection (a link: the answer
    #: then holds no form, so it is served from the page cache's early answers).
    add_url: str = ""


@dataclass
class Suggestion:
    """A glossary term close to a word that found nothing ("did you mean")."""

    term: str
    query: str


@dataclass
class SearchResults:
    query: str
    words: list[str]
    hits: list[SearchHit]
    total: int
    suggestions: list[Suggestion] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    #: Answers in expansions the selection leaves out (at most ``MAX_ELSEWHERE``).
    elsewhere: list[SearchHit] = field(default_factory=list)

    @property
    def elsewhere_first(self) -> bool:
        """Whether the answers outside the selection are shown first: only when nothing
        inside it matches. However much better another box's answer scores, a player
        asks about the boxes on their table; the others' answers follow, folded."""
        return bool(self.elsewhere) and not self.hits

    @property
    def elsewhere_names(self) -> list[str]:
        """The expansions the answers outside the selection come from, best first, each
        once ("Also in: Little Buildings, Catapult")."""
        return list(dict.fromkeys(hit.add_name for hit in self.elsewhere))


class RankedDocument(NamedTuple):
    """A document found and its score. A named tuple, not a dataclass: a search makes two
    for each of the hundreds of documents a question finds, and a tuple is made faster."""

    kind: str
    object_id: int
    score: float


def rarities(matches: list[backends.Match]) -> list[float]:
    """How much each concept says: the rarer among the documents, the more (an inverse
    document frequency)."""
    if not matches:
        return []
    documents = max(matches[0].documents, 1)
    # Each concept's column of flags, summed: how many documents hold it.
    holding = [sum(column) for column in zip(*(match.holds for match in matches), strict=True)]
    return [math.log(1 + (documents - held + 0.5) / (held + 0.5)) for held in holding]


def rank(matches: list[backends.Match]) -> list[RankedDocument]:
    """Best first: rarer concepts, more concepts, concepts in titles, a little of the
    engine's score; then a fixed order so that equal results always come out alike."""
    if not matches:
        return []
    rarity = rarities(matches)
    best_engine_score = max(match.engine_score for match in matches) or 1.0
    scored = []
    for match in matches:
        title_factor = NOTE_TITLE_FACTOR if match.kind == _NOTE else TITLE_FACTOR
        # A plain loop rather than sum() over a generator: this runs for each of the
        # hundreds of documents a question finds, and adds in the same order.
        score = 0.0
        for weight, holds, in_title in zip(rarity, match.holds, match.in_title, strict=True):
            if holds:
                score += weight * (title_factor if in_title else 1.0)
        score += ENGINE_WEIGHT * match.engine_score / best_engine_score
        if match.kind == _GLOSSARY:
            score *= GLOSSARY_FACTOR
        scored.append((round(score, 6), match))
    scored.sort(
        key=lambda pair: (-pair[0], -pair[1].engine_score, KIND_ORDER[pair[1].kind],
                          pair[1].object_id)
    )
    return [RankedDocument(match.kind, match.object_id, score) for score, match in scored]


def ranked_documents(
    question: str,
) -> tuple[ParsedQuery, list[RankedDocument], list[float]]:
    """The parsed question, every matching document best first, and the rarity of each
    concept (one query)."""
    parsed = parse(question, current_vocabulary())
    matches = backends.matches(parsed.concepts)
    return parsed, rank(matches), rarities(matches)


@lru_cache(maxsize=1024)
def _title_words(title: str) -> frozenset[str]:
    """The stems of a page title's words (a site has a few dozen pages, each found by many
    questions)."""
    return frozenset(marking_stem(word) for word in words(fold(title)))


def page_bonus(parsed: ParsedQuery, rarity: list[float], page_title: str) -> float:
    """What a document gains when the question names its page ("phantom", "catapult",
    "river"): the rarity of every concept found in the page's title, times
    ``PAGE_FACTOR``. A question about an expansion then prefers that expansion's page to
    another page that merely mentions it."""
    return _page_bonus(_concept_stems(parsed), rarity, page_title)


def _page_bonus(concept_stems, rarity: list[float], page_title: str) -> float:
    title = _title_words(page_title)
    bonus = 0.0
    for alternatives, weight in zip(concept_stems, rarity, strict=False):
        if any(all(stem in title for stem in stems) for stems in alternatives):
            bonus += PAGE_FACTOR * weight
    return bonus


@lru_cache(maxsize=64)
def _concept_stems(parsed: ParsedQuery) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """For each concept, the stems of each of its expressions (stop words left out)."""
    return tuple(
        tuple(
            stems
            for expression in concept.alternatives
            if (stems := tuple(marking_stem(word) for word in expression
                               if not is_stop_word(word)))
        )
        for concept in parsed.concepts
    )


def search(*, query: str, selection: Selection) -> SearchResults:
    """Sections, notes and glossary terms answering ``query`` that apply to the
    selection, best first, with the words found marked (one query, the engine's: what
    decides visibility and what a hit shows come from :func:`_content_rows`)."""
    parsed, ranked, rarity = ranked_documents(query)
    if not parsed:
        return SearchResults(query=query, words=[], hits=[], total=0)
    # What decides whether a row is shown, and what a hit shows of it, for every
    # section, note and term: read once per content version.
    content = _content_rows()
    sections, notes, terms = content.sections, content.notes, content.terms
    ranked = _with_page_context(ranked, parsed, rarity, sections, notes)
    ranked = _for_the_question_and_reader(ranked, query, selection, content)

    presenter = Presenter(selection)
    words = parsed.marked_words
    marked = words + equivalent_words(words, edition_group=selection.preferred_edition)
    builder = _HitBuilder(presenter, marked)
    shown: list[tuple[RankedDocument, tuple[str, str] | None]] = []
    elsewhere_count = total = 0
    rows_of_kind = {_SECTION: sections, _NOTE: notes, _GLOSSARY: terms}
    for document in ranked:
        item = rows_of_kind[document.kind].get(document.object_id)
        if item is None:
            continue
        if not builder.visible(document.kind, item):
            if elsewhere_count < MAX_ELSEWHERE:
                missing = builder.missing_code(document.kind, item)
                if missing:
                    elsewhere_count += 1
                    shown.append((document, missing))
            continue
        total += 1
        if total <= MAX_RESULTS:
            shown.append((document, None))

    full = {_SECTION: content.section_texts, _NOTE: content.note_texts, _GLOSSARY: terms}
    hits: list[SearchHit] = []
    elsewhere: list[SearchHit] = []
    for document, missing in shown:
        hit = builder.hit(document, full[document.kind][document.object_id])
        if missing:
            hit.add_code, hit.add_name = missing
            elsewhere.append(hit)
        else:
            hits.append(hit)
    suggestions = [] if hits or elsewhere else suggest(parsed, terms.values(), presenter)
    return SearchResults(
        query=query, words=words, hits=hits, total=total, suggestions=suggestions,
        codes=list(parsed.codes), elsewhere=elsewhere,
    )


@dataclass(frozen=True)
class _Row:
    """What deciding visibility and page context needs of a page, section or note."""

    title: str = ""
    core: bool = False  # a page of the base game itself (``applies_to`` holds ``base``)
    applies_to: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    editions: tuple[str, ...] = ()
    page: "_Row | None" = None
    section: "_Row | None" = None


def _codes(text: str | None) -> tuple[str, ...]:
    """A list of codes read as JSON text (``'["C1"]'``), decoded once per distinct value:
    a search reads these lists for hundreds of rows, and most are ``[]``."""
    return _decoded(text or "[]")


@lru_cache(maxsize=1024)
def _decoded(text: str) -> tuple[str, ...]:
    return tuple(json.loads(text))


def _as_text(*names: str) -> dict[str, Cast]:
    """The JSON columns ``names`` read as their text, skipping Django's per-value decoding."""
    return {f"{name.replace('__', '_')}_text": Cast(name, TextField()) for name in names}


@dataclass(frozen=True)
class _Term:
    """What a search needs of a glossary term, read as plain values (a search reads them
    all, for visibility and suggestions, and shows few)."""

    pk: int
    slug: str
    term: str
    aliases: tuple[str, ...]
    editions: tuple[str, ...]
    requires: tuple[str, ...]
    definition_html: str

    def get_absolute_url(self) -> str:
        return f"{reverse('rules:glossary')}#{self.slug}"


def _glossary() -> dict[int, _Term]:
    json_columns = _as_text("aliases", "editions", "requires")
    return {
        pk: _Term(pk, slug, term, _codes(aliases), _codes(editions), _codes(requires), html)
        for pk, slug, term, html, aliases, editions, requires in (
            GlossaryTerm.objects.annotate(**json_columns)
            .values_list("pk", "slug", "term", "definition_html", *json_columns)
        )
    }


class _PageShown(NamedTuple):
    """What a hit shows of a rules page: its title and address."""

    title: str
    url: str


class _SectionShown(NamedTuple):
    """What a hit shows of a section (its rendered HTML; the Markdown is never shown)."""

    title: str
    anchor: str
    body_html: str
    editions: tuple[str, ...]
    page: _PageShown


class _NoteShown(NamedTuple):
    """What a hit shows of a note, with its address and kind label worked out once."""

    url: str
    kind: str
    kind_label: str
    question_html: str
    body_html: str
    references: tuple[str, ...]
    date: str
    source: str
    editions: tuple[str, ...]
    section_title: str
    page_title: str


class _ContentRows(NamedTuple):
    """Every section, note and glossary term as a search reads them: what decides
    whether each is shown (``sections``, ``notes``: rows shared by the documents that
    need the same), and what a hit shows of it (``section_texts``, ``note_texts``)."""

    sections: dict[int, _Row]
    notes: dict[int, _Row]
    terms: dict[int, _Term]
    section_texts: dict[int, _SectionShown]
    note_texts: dict[int, _NoteShown]
    #: The sections and notes that give a number of points (see :func:`gives_value`).
    value_sections: frozenset[int] = frozenset()
    value_notes: frozenset[int] = frozenset()


_content_cache: tuple[int, _ContentRows] | None = None
"""The rows of :func:`_content_rows` and the content version they were read under."""
_content_lock = threading.Lock()


def _content_rows() -> _ContentRows:
    """Every section, note and glossary term as a search reads them, read once per
    content version (three queries then, none after).

    A search used to read what decides visibility for the hundreds of documents it
    found, then the twenty it shows in full: two thirds of its time in Python went to
    building those queries and their model instances. All of it depends only on the
    content (about 600 kB of rendered HTML for the whole site), which changes rarely
    and always raises the content version (see :mod:`carcwiki.page_cache`); each
    process keeps the rows it read with that version. The version is read before the
    rows, so rows read while an edit commits are kept under the old version and read
    again on the next search.
    """
    global _content_cache
    version = content_version()
    cached = _content_cache
    if cached is not None and cached[0] == version:
        return cached[1]
    # Reading them costs seconds of CPU: the threads of a process that all search at
    # once read them once, the others wait for it rather than each reading them too.
    with _content_lock:
        cached = _content_cache
        if cached is not None and cached[0] == version:
            return cached[1]
        sections, section_texts = _read_sections()
        notes, note_texts = _read_notes()
        rows = _ContentRows(
            sections, notes, _glossary(), section_texts, note_texts,
            frozenset(pk for pk, text in section_texts.items() if gives_value(text.body_html)),
            frozenset(pk for pk, text in note_texts.items() if gives_value(text.body_html)),
        )
        _content_cache = (version, rows)
        return rows


def warm() -> None:
    """Read what every search reads (the content rows, the vocabulary) before the first
    search: the gunicorn master calls it before forking its workers, so that a worker,
    new or replaced, answers its first searches in milliseconds rather than seconds."""
    _content_rows()
    current_vocabulary()


def _page_row(pages: dict[int, _Row], page_id: int, title: str, applies_to: str) -> _Row:
    """The row of a page (its codes as JSON text), made once per page and shared by its
    sections or notes."""
    page = pages.get(page_id)
    if page is None:
        codes = _codes(applies_to)
        page = pages[page_id] = _Row(title=title, core="base" in codes, applies_to=codes)
    return page


def _read_sections() -> tuple[dict[int, _Row], dict[int, _SectionShown]]:
    pages: dict[int, _Row] = {}
    shown_pages: dict[int, _PageShown] = {}
    # Most sections of a page need nothing and exist in every edition: they share one row.
    distinct: dict[tuple, _Row] = {}
    rows, texts = {}, {}
    json_columns = _as_text("requires", "editions", "page__applies_to")
    for pk, page_id, page_title, page_slug, anchor, title, body_html, requires, editions, \
            applies_to in (
        Section.objects.order_by()  # read into a dictionary: the models' sort would be wasted
        .annotate(**json_columns)
        .values_list("pk", "page_id", "page__title", "page__slug", "anchor", "title",
                     "body_html", *json_columns)
    ):
        page = _page_row(pages, page_id, page_title, applies_to)
        if page_id not in shown_pages:
            shown_pages[page_id] = _PageShown(
                page_title, RulesPage(slug=page_slug).get_absolute_url()
            )
        key = (requires, editions, page_id)
        row = distinct.get(key)
        if row is None:
            row = distinct[key] = _Row(
                requires=_codes(requires), editions=_codes(editions), page=page
            )
        rows[pk] = row
        texts[pk] = _SectionShown(title, anchor, body_html, row.editions, shown_pages[page_id])
    return rows, texts


def _read_notes() -> tuple[dict[int, _Row], dict[int, _NoteShown]]:
    pages: dict[int, _Row] = {}
    sections: dict[int, _Row] = {}
    # Most notes of a section need nothing more than it: they share one row.
    distinct: dict[tuple, _Row] = {}
    rows, texts = {}, {}
    json_columns = _as_text(
        "requires", "editions", "section__requires", "section__editions",
        "section__page__applies_to", "references",
    )
    for (pk, section_id, page_id, page_title, section_title, slug, kind, question_html,
         body_html, date, source, requires, editions, section_requires, section_editions,
         applies_to, references) in (
        Note.objects.order_by()  # read into a dictionary: the models' sort would be wasted
        .annotate(**json_columns)
        .values_list("pk", "section_id", "section__page_id", "section__page__title",
                     "section__title", "slug", "kind", "question_html", "body_html", "date",
                     "source", *json_columns)
    ):
        page = _page_row(pages, page_id, page_title, applies_to)
        section = sections.get(section_id)
        if section is None:
            section = sections[section_id] = _Row(
                requires=_codes(section_requires), editions=_codes(section_editions),
                page=page,
            )
        key = (requires, editions, section_id)
        row = distinct.get(key)
        if row is None:
            row = distinct[key] = _Row(
                requires=_codes(requires), editions=_codes(editions), section=section
            )
        rows[pk] = row
        # The model's own address and label, on an unsaved note holding just what they read.
        note = Note(slug=slug, kind=kind)
        texts[pk] = _NoteShown(
            url=note.get_absolute_url(), kind=kind,
            kind_label=note.get_kind_display(), question_html=question_html,
            body_html=body_html, references=tuple(json.loads(references or "[]")),
            date=date, source=source,
            editions=row.editions, section_title=section_title, page_title=page_title,
        )
    return rows, texts


def _with_page_context(ranked, parsed, rarity, sections, notes) -> list[RankedDocument]:
    """``ranked`` again, each section and note gaining :func:`page_bonus` from its page's
    title, and, when the question names no expansion's page, the pages of the base game
    gaining ``CORE_BONUS`` (no query: the rows are read already)."""
    pages: list[_Row | None] = []
    for document in ranked:
        if document.kind == _SECTION:
            row = sections.get(document.object_id)
            pages.append(row.page if row else None)
        elif document.kind == _NOTE:
            row = notes.get(document.object_id)
            pages.append(row.section.page if row else None)
        else:
            pages.append(None)
    bonuses: dict[str, float] = {}
    concept_stems = _concept_stems(parsed)
    for page in pages:
        if page is not None and page.title not in bonuses:
            bonuses[page.title] = _page_bonus(concept_stems, rarity, page.title)
    names_an_expansion = any(
        bonuses[page.title] > 0 for page in pages if page is not None and not page.core
    )
    core_bonus = 0.0 if names_an_expansion else CORE_BONUS
    adjusted = []
    for document, page in zip(ranked, pages, strict=True):
        bonus = 0.0
        if page is not None:
            bonus = bonuses[page.title] + (core_bonus if page.core else 0.0)
        adjusted.append(
            RankedDocument(document.kind, document.object_id, round(document.score + bonus, 6))
        )
    # A stable sort keeps the engine's order among equal scores.
    return sorted(adjusted, key=lambda document: -document.score)


_VALUE_WORDS = re.compile(r"\b(?:how much|how many points|worth|value|points?|pts)\b")
_NUMBER_OF_POINTS = re.compile(
    r"\d[^.]{0,60}\bpoints?\b|\bpoints?\b[^.]{0,60}\d|\b(?:no|zero) points\b"
    r"|\b\d+ (?:per|for each|for its)\b")


def asks_for_value(question: str) -> bool:
    """Whether a question asks how many points something gives.

    >>> [asks_for_value(q) for q in ("how much is a vineyard worth", "vineyard points",
    ...                              "where can the abbey go")]
    [True, True, False]
    """
    return bool(_VALUE_WORDS.search(fold(question)))


def gives_value(body_html: str) -> bool:
    """Whether a text gives a number of points ("3 points per city", "points: 2 per tile"),
    read in its plain text (a table's cells in a row).

    >>> gives_value("<p>Each vineyard adds 3 points to the monastery.</p>")
    True
    >>> gives_value("<table><tr><td>road</td><td>1 per tile</td></tr></table>")
    True
    >>> gives_value("<p>A vineyard is printed on some tiles.</p>")
    False
    """
    return bool(_NUMBER_OF_POINTS.search(html_to_text(body_html)))


_ASKS_FOR_ANOTHER_EDITION = re.compile(
    r"\b(?:first edition|c1|c2|old|older|original|earlier|history|used to|previous)\b")


def asks_for_another_edition(question: str) -> bool:
    """Whether a question asks about an older edition's rule ("old rule where a small
    city was only worth 2"): then its rules are not ranked down.

    >>> asks_for_another_edition("how did farm scoring work in the first edition")
    True
    """
    return bool(_ASKS_FOR_ANOTHER_EDITION.search(fold(question)))


def _other_edition(row: _Row, selection: Selection) -> bool:
    """Whether the row exists only in editions the reader does not prefer."""
    editions = row.editions or (row.section.editions if row.section else ())
    return bool(editions) and selection.is_adaptation(editions)


def _for_the_question_and_reader(ranked, question: str, selection: Selection,
                                 content: _ContentRows) -> list[RankedDocument]:
    """``ranked`` again with what the question and the reader say: when the question asks
    for points, the sections and notes that give a number gain ``VALUE_BONUS``; those of
    editions the reader does not prefer lose ``OTHER_EDITION_PENALTY`` (no query)."""
    value = asks_for_value(question)
    editions_matter = not asks_for_another_edition(question)
    rows = {_SECTION: content.sections, _NOTE: content.notes}
    valued = {_SECTION: content.value_sections, _NOTE: content.value_notes}
    adjusted = []
    changed = False
    for document in ranked:
        score = document.score
        kind_rows = rows.get(document.kind)
        if kind_rows is not None:
            if value and document.object_id in valued[document.kind]:
                score += VALUE_BONUS
            row = kind_rows.get(document.object_id)
            # Sections only: a section of another edition restates a rule the reader's
            # edition has in its own words (the first edition's page, a farm-scoring
            # history); a note of another edition is often the only answer there is.
            if editions_matter and document.kind == _SECTION and row is not None \
                    and _other_edition(row, selection):
                score -= OTHER_EDITION_PENALTY
        changed = changed or score != document.score
        adjusted.append(RankedDocument(document.kind, document.object_id, round(score, 6)))
    if not changed:
        return ranked
    return sorted(adjusted, key=lambda document: -document.score)


def suggest(parsed: ParsedQuery, terms, presenter: Presenter) -> list[Suggestion]:
    """Glossary terms (or their other names) spelt closest to the words of the question."""
    selection = presenter.selection
    names: dict[str, str] = {}
    for term in terms:
        if not selection.allows(term.requires, term.editions):
            continue
        for name in (term.term, *term.aliases):
            worded = presenter.text(name)
            names.setdefault(fold(worded), worded)
    found: list[Suggestion] = []
    typed = [" ".join(concept.typed) for concept in parsed.concepts]
    for word in typed:
        for close in difflib.get_close_matches(word, list(names), n=3, cutoff=0.7):
            if all(suggestion.query != close for suggestion in found):
                found.append(Suggestion(term=names[close], query=close))
    return found[:MAX_SUGGESTIONS]


class _HitBuilder:
    """Turns found rows into hits worded and linked for the reader's selection."""

    def __init__(self, presenter: Presenter, marked: list[str]) -> None:
        self.presenter = presenter
        self.selection = presenter.selection
        self.suffix = presenter.selection.link_suffix
        self.marked = marked

    def visible(self, kind: str, item) -> bool:
        if kind == _SECTION:
            return section_visible(item, item.page, self.selection)
        if kind == _NOTE:
            return note_visible(item, item.section, item.section.page, self.selection)
        return self.selection.allows(item.requires, item.editions)

    def missing_code(self, kind: str, item) -> tuple[str, str] | None:
        """``(code, name)`` of the one expansion or part whose adding would show ``item``,
        or ``None`` when something else hides it (an edition, or several codes)."""
        selection = self.selection
        if kind == SearchDocument.Kind.SECTION:
            page, requires, editions = item.page, item.requires, item.editions
        elif kind == SearchDocument.Kind.NOTE:
            page = item.section.page
            requires = [*item.section.requires, *item.requires]
            editions = item.editions or item.section.editions
        else:
            page, requires, editions = None, item.requires, item.editions
        if editions and not selection.allows((), editions):
            return None
        names = selection.catalogue.names if selection.catalogue else {}
        needed = [code for code in requires if code not in selection.codes]
        if page is not None and not selection.applies_to_any(page.applies_to):
            page_code = next((code for code in page.applies_to if code in names), None)
            if page_code is None:
                return None
            needed = [page_code, *(code for code in needed if code != page_code)]
        needed = list(dict.fromkeys(needed))
        if len(needed) != 1 or needed[0] not in names:
            return None
        return needed[0], names[needed[0]]

    def _excerpt(self, html: str) -> SafeString:
        return excerpt(html_to_text(self.presenter.text(html)), self.marked)

    def hit(self, document: RankedDocument, item) -> SearchHit:
        text, selection = self.presenter.text, self.selection
        common = {
            "rank": document.score,
            "adapted": selection.is_adaptation(item.editions),
            "editions_label": self.presenter.editions(item.editions),
        }
        if document.kind == SearchDocument.Kind.SECTION:
            return SearchHit(
                kind="section",
                label="Rule",
                url=f"{item.page.url}{self.suffix}#{item.anchor}",
                title=highlight(text(item.title), self.marked),
                excerpt=self._excerpt(item.body_html),
                context=f"{text(item.page.title)} › {text(item.title)}",
                **common,
            )
        if document.kind == SearchDocument.Kind.NOTE:
            question = html_to_text(text(item.question_html))
            return SearchHit(
                kind="note",
                label=item.kind_label,
                note_kind=item.kind,
                url=f"{item.url}{self.suffix}",
                title=highlight(
                    question or f"{item.kind_label}: {text(item.section_title)}", self.marked
                ),
                excerpt=self._excerpt(item.body_html),
                context=f"{text(item.page_title)} › {text(item.section_title)}",
                references=list(item.references),
                date=item.date,
                source=item.source,
                **common,
            )
        return SearchHit(
            kind="glossary",
            label="Glossary",
            url=item.get_absolute_url().replace("#", self.suffix + "#"),
            title=highlight(text(item.term), self.marked),
            excerpt=self._excerpt(item.definition_html),
            context=highlight(
                ", ".join(text(alias) for alias in item.aliases), self.marked
            ),
            **common,
        )

