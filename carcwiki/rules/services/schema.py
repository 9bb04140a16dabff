"""The rules content files as the site reads them: their format, checked item by item.

:func:`read_rules_content` reads every ``*.yaml`` of a folder (format:
``fixtures/rules/FORMAT.md``) into specs, and collects every problem, naming the file and
item at fault, before anything is written. The search vocabulary that lives in the same
folder is checked here too.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from carcwiki.catalogue.models import Edition, Expansion, Part
from carcwiki.catalogue.services import YAML_LOADER

from ..models import Note, RulesPage
from ..search.vocabulary import VOCABULARY_FILE, VocabularyError, read_vocabulary
from ..wording import unknown_tokens

GLOSSARY_FILE = "glossary.yaml"
SLUG_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TOP_HEADING = re.compile(r"^ {0,3}#{1,2}(?:\s|$)")

PAGE_KEYS = {
    "slug", "title", "category", "order", "applies_to", "summary", "sections", "turn_steps",
    "final_steps",
}
STEP_KEYS = {"phase", "anchor", "text", "editions", "requires"}
#: The phases of a turn and of the final scoring, in play order (see FORMAT.md).
TURN_PHASES = ("begin", "tile", "figure", "score", "end")
FINAL_PHASES = ("features", "farms", "bonuses", "other")
STEP_LISTS = {"turn_steps": ("turn step", TURN_PHASES), "final_steps": ("final step", FINAL_PHASES)}
SECTION_KEYS = {"anchor", "title", "editions", "requires", "body", "notes"}
NOTE_KEYS = {
    "slug", "kind", "question", "body", "references", "date", "source", "editions", "requires",
}
TERM_KEYS = {"slug", "term", "aliases", "editions", "requires", "definition"}


class RulesContentError(ValueError):
    """The rules content cannot be loaded; ``problems`` names each file and item at fault."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        count = len(problems)
        super().__init__(
            f"The rules content has {count} problem{'s' if count != 1 else ''}, "
            "nothing was loaded:\n- " + "\n- ".join(problems)
        )


# -- what the files say -----------------------------------------------------------------------


@dataclass
class NoteSpec:
    slug: str
    kind: str
    question: str
    body: str
    references: list[str]
    date: str
    source: str
    editions: list[str]
    requires: list[str]
    order: int


@dataclass
class SectionSpec:
    anchor: str
    title: str
    editions: list[str]
    requires: list[str]
    body: str
    order: int
    notes: list[NoteSpec] = field(default_factory=list)


@dataclass
class StepSpec:
    """One step a page adds to a turn or to the final scoring."""

    phase: str
    anchor: str
    text: str
    editions: list[str]
    requires: list[str]

    def as_data(self) -> dict:
        return {
            "phase": self.phase, "anchor": self.anchor, "text": self.text,
            "editions": self.editions, "requires": self.requires,
        }


@dataclass
class PageSpec:
    slug: str
    title: str
    category: str
    order: int
    applies_to: list[str]
    summary: str
    source_file: str
    sections: list[SectionSpec] = field(default_factory=list)
    turn_steps: list[StepSpec] = field(default_factory=list)
    final_steps: list[StepSpec] = field(default_factory=list)


@dataclass
class TermSpec:
    slug: str
    term: str
    aliases: list[str]
    editions: list[str]
    requires: list[str]
    definition: str
    order: int


class _ContentReader:
    """Turns parsed YAML into specs, collecting every problem with where it is."""

    def __init__(self, *, known_codes: set[str], known_editions: set[str]) -> None:
        self.known_codes = known_codes
        self.known_editions = known_editions
        self.problems: list[str] = []

    def problem(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    # Field readers: each reports its own problem and returns a usable value regardless.

    def mapping(self, value: Any, where: str, *, allowed: set[str], required: set[str]) -> dict:
        if not isinstance(value, dict):
            self.problem(where, f"expected a mapping of fields, found {type(value).__name__}")
            return {}
        unknown = sorted(set(value) - allowed)
        if unknown:
            self.problem(
                where, f"unknown field(s) {', '.join(map(str, unknown))} "
                f"(allowed: {', '.join(sorted(allowed))})"
            )
        for key in sorted(required - set(value)):
            self.problem(where, f"'{key}' is missing")
        return value

    def text(self, data: dict, key: str, where: str, *, markdown: bool = False) -> str:
        value = data.get(key)
        if value is None:
            return ""
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            self.problem(where, f"'{key}' should be text, found {type(value).__name__}")
            return ""
        for token in unknown_tokens(value):
            self.problem(where, f"'{key}' uses the unknown wording token {token}")
        if markdown:
            in_code = False
            for line in value.splitlines():
                if line.lstrip().startswith(("```", "~~~")):
                    in_code = not in_code
                elif not in_code and TOP_HEADING.match(line):
                    self.problem(
                        where, f"'{key}' has a heading above ### ({line.strip()!r}): "
                        "headings inside a body start at ###"
                    )
        return value.strip() if not markdown else value

    def slug(self, data: dict, key: str, where: str) -> str:
        value = self.text(data, key, where)
        if value and not SLUG_PATTERN.match(value):
            self.problem(where, f"'{key}' {value!r} may only hold a-z, 0-9 and single hyphens")
        return value

    def integer(self, data: dict, key: str, where: str) -> int:
        value = data.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(where, f"'{key}' should be a whole number, found {value!r}")
            return 0
        return value

    def string_list(self, data: dict, key: str, where: str) -> list[str]:
        value = data.get(key)
        if value is None:
            return []
        if not isinstance(value, list) or not all(
            isinstance(item, str | int | float) and not isinstance(item, bool) for item in value
        ):
            self.problem(where, f"'{key}' should be a list of texts, found {value!r}")
            return []
        return [str(item).strip() for item in value]

    def codes(self, data: dict, key: str, where: str) -> list[str]:
        codes = self.string_list(data, key, where)
        unknown = [code for code in codes if code not in self.known_codes]
        if unknown:
            self.problem(
                where, f"'{key}' names unknown expansion or part code(s) {', '.join(unknown)}"
            )
        return codes

    def editions(self, data: dict, key: str, where: str) -> list[str]:
        editions = self.string_list(data, key, where)
        unknown = [code for code in editions if code not in self.known_editions]
        if unknown:
            self.problem(
                where, f"'{key}' names unknown edition(s) {', '.join(unknown)} "
                f"(known: {', '.join(sorted(self.known_editions))})"
            )
        return editions

    # Items.

    def page(self, data: Any, file_name: str) -> PageSpec:
        where = file_name
        data = self.mapping(
            data, where, allowed=PAGE_KEYS, required={"slug", "title", "category", "sections"}
        )
        category = self.text(data, "category", where)
        if category and category not in RulesPage.Category.values:
            self.problem(
                where, f"unknown category {category!r} "
                f"(expected {' or '.join(RulesPage.Category.values)})"
            )
        applies_to = self.codes(data, "applies_to", where)
        if "applies_to" in data and not applies_to:
            self.problem(where, "'applies_to' is empty: the page would never be shown")
        page = PageSpec(
            slug=self.slug(data, "slug", where),
            title=self.text(data, "title", where),
            category=category,
            order=self.integer(data, "order", where),
            applies_to=applies_to or ["base"],
            summary=self.text(data, "summary", where),
            source_file=file_name,
        )
        sections = data.get("sections") or []
        if not isinstance(sections, list):
            self.problem(where, "'sections' should be a list")
            sections = []
        anchors: set[str] = set()
        for order, section_data in enumerate(sections):
            section_where = _where(where, "section", section_data, order)
            section = self.section(section_data, section_where, order)
            if section.anchor in anchors:
                self.problem(
                    f"{where} › section '{section.anchor}'",
                    "the anchor is used twice on this page",
                )
            anchors.add(section.anchor)
            page.sections.append(section)
        for key, (label, phases) in STEP_LISTS.items():
            steps = data.get(key)
            if steps is None:
                continue
            if not isinstance(steps, list):
                self.problem(where, f"'{key}' should be a list of steps")
                continue
            getattr(page, key).extend(
                self.step(step, f"{where} › {label} #{index + 1}", phases, anchors)
                for index, step in enumerate(steps)
            )
        return page

    def step(self, data: Any, where: str, phases: tuple[str, ...], anchors: set[str]) -> StepSpec:
        data = self.mapping(data, where, allowed=STEP_KEYS, required={"phase", "anchor", "text"})
        phase = self.text(data, "phase", where)
        if phase and phase not in phases:
            self.problem(where, f"unknown phase {phase!r} (expected {', '.join(phases)})")
        anchor = self.text(data, "anchor", where)
        if anchor and anchor not in anchors:
            self.problem(where, f"anchor {anchor!r} names no section of this page")
        return StepSpec(
            phase=phase,
            anchor=anchor,
            text=self.text(data, "text", where),
            editions=self.editions(data, "editions", where),
            requires=self.codes(data, "requires", where),
        )

    def section(self, data: Any, where: str, order: int) -> SectionSpec:
        data = self.mapping(
            data, where, allowed=SECTION_KEYS, required={"anchor", "title", "body"}
        )
        section = SectionSpec(
            anchor=self.slug(data, "anchor", where),
            title=self.text(data, "title", where),
            editions=self.editions(data, "editions", where),
            requires=self.codes(data, "requires", where),
            body=self.text(data, "body", where, markdown=True),
            order=order,
        )
        notes = data.get("notes") or []
        if not isinstance(notes, list):
            self.problem(where, "'notes' should be a list")
            notes = []
        for note_order, note_data in enumerate(notes):
            section.notes.append(
                self.note(note_data, _where(where, "note", note_data, note_order), note_order)
            )
        return section

    def note(self, data: Any, where: str, order: int) -> NoteSpec:
        data = self.mapping(data, where, allowed=NOTE_KEYS, required={"slug", "kind", "body"})
        kind = self.text(data, "kind", where)
        if kind and kind not in Note.Kind.values:
            self.problem(
                where, f"unknown kind {kind!r} (expected one of {', '.join(Note.Kind.values)})"
            )
        return NoteSpec(
            slug=self.slug(data, "slug", where),
            kind=kind,
            question=self.text(data, "question", where),
            body=self.text(data, "body", where, markdown=True),
            references=self.string_list(data, "references", where),
            date=self.text(data, "date", where),
            source=self.text(data, "source", where),
            editions=self.editions(data, "editions", where),
            requires=self.codes(data, "requires", where),
            order=order,
        )

    def term(self, data: Any, where: str, order: int) -> TermSpec:
        data = self.mapping(data, where, allowed=TERM_KEYS, required={"slug", "term", "definition"})
        return TermSpec(
            slug=self.slug(data, "slug", where),
            term=self.text(data, "term", where),
            aliases=self.string_list(data, "aliases", where),
            editions=self.editions(data, "editions", where),
            requires=self.codes(data, "requires", where),
            definition=self.text(data, "definition", where, markdown=True),
            order=order,
        )


def _where(parent: str, kind: str, data: Any, index: int) -> str:
    """``farmers.yaml › section 'fields'``, or the position when the item has no key."""
    key = "anchor" if kind == "section" else "slug"
    name = data.get(key) if isinstance(data, dict) else None
    return f"{parent} › {kind} " + (f"'{name}'" if isinstance(name, str) else f"#{index + 1}")


class _Unreadable(Exception):
    pass


def _read_yaml(path: Path, reader: _ContentReader) -> Any:
    try:
        with path.open(encoding="utf-8") as stream:
            return yaml.load(stream, Loader=YAML_LOADER)
    except yaml.YAMLError as error:
        reader.problem(path.name, "not valid YAML: " + " ".join(str(error).split()))
    except (OSError, UnicodeDecodeError) as error:
        reader.problem(path.name, f"cannot be read: {error}")
    raise _Unreadable


def read_rules_content(*, directory: Path) -> tuple[list[PageSpec], list[TermSpec]]:
    """Read and check every YAML file of ``directory``; raise :class:`RulesContentError`
    listing all problems found."""
    known_codes = set(Expansion.objects.values_list("code", flat=True))
    known_codes |= set(Part.objects.values_list("code", flat=True))
    reader = _ContentReader(
        known_codes=known_codes, known_editions=set(Edition.objects.values_list("code", flat=True))
    )
    if not directory.is_dir():
        raise RulesContentError([f"{directory}: the rules content folder does not exist"])

    pages: list[PageSpec] = []
    terms: list[TermSpec] = []
    try:
        read_vocabulary(directory / VOCABULARY_FILE)
    except VocabularyError as error:
        reader.problems.extend(error.problems)
    for path in sorted(directory.glob("*.yaml")):
        if path.name == VOCABULARY_FILE:  # checked above, not a page
            continue
        try:
            data = _read_yaml(path, reader)
        except _Unreadable:
            continue
        if path.name != GLOSSARY_FILE:
            pages.append(reader.page(data, path.name))
        elif isinstance(data, list):
            terms.extend(
                reader.term(item, _where(path.name, "term", item, order), order)
                for order, item in enumerate(data)
            )
        else:
            reader.problem(path.name, "the glossary should be a list of terms")

    _check_unique(reader, [(page.slug, page.source_file) for page in pages], "page slug")
    _check_unique(
        reader,
        [
            (note.slug, f"{page.source_file} › section '{section.anchor}'")
            for page in pages
            for section in page.sections
            for note in section.notes
        ],
        "note slug",
    )
    _check_unique(reader, [(term.slug, GLOSSARY_FILE) for term in terms], "glossary slug")
    if reader.problems:
        raise RulesContentError(reader.problems)
    return pages, terms


def _check_unique(reader: _ContentReader, entries: list[tuple[str, str]], what: str) -> None:
    places: dict[str, list[str]] = {}
    for value, place in entries:
        if value:
            places.setdefault(value, []).append(place)
    for value, where in places.items():
        if len(where) > 1:
            reader.problem(
                where[0], f"{what} '{value}' is used more than once (in {'; '.join(where)})"
            )


