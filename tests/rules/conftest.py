"""Fixtures of the rules tests: small YAML content written to a temporary folder, and a
strict check that a page's HTML is well formed."""

import html
import re
import textwrap
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from carcwiki.rules.services import load_rules_content

VOID_ELEMENTS = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}

SMALL_PAGE = {
    "slug": "small-farms",
    "title": "Small farms",
    "category": "base",
    "order": 5,
    "applies_to": ["farmers"],
    "summary": "Where {{meeples}} lie down.",
    "sections": [
        {
            "anchor": "placing",
            "title": "Placing a farmer",
            "body": "Lay a {{meeple}} in a field. A **field** is green land.\n",
            "notes": [
                {
                    "slug": "small-farms-split",
                    "kind": "clarification",
                    "question": "Does a road split a field?",
                    "body": "Yes, a road splits it.\n",
                    "references": ["WICA.0201.0001", "CAR.022"],
                    "date": "5/2013",
                    "source": "Georg Wild (HiG)",
                },
                {
                    "slug": "small-farms-house",
                    "kind": "house-rule",
                    "body": "Some groups score fields twice.\n",
                },
            ],
        },
        {
            "anchor": "history",
            "title": "Old scoring",
            "editions": ["C1"],
            "body": "The first edition counted farms per city.\n",
            "notes": [],
        },
        {
            "anchor": "with-abbot",
            "title": "Gardens and fields",
            "requires": ["farmers", "abbot"],
            "body": "A garden sits inside a field.\n",
        },
    ],
}

SMALL_GLOSSARY = [
    {"slug": "field", "term": "Field", "aliases": ["farm"], "definition": "Green land.\n"},
    {"slug": "meeple", "term": "Meeple", "aliases": ["follower"], "definition": "A figure.\n"},
]


class RulesFolder:
    """A temporary rules folder; ``write`` adds or replaces a YAML file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def write(self, name: str, content) -> None:
        text = content if isinstance(content, str) else yaml.safe_dump(content, sort_keys=False)
        (self.path / name).write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture
def rules_dir(tmp_path) -> RulesFolder:
    """A folder holding the small page and glossary above."""
    folder = RulesFolder(tmp_path)
    folder.write("small-farms.yaml", SMALL_PAGE)
    folder.write("glossary.yaml", SMALL_GLOSSARY)
    return folder


@pytest.fixture
def small_content(db, rules_dir):
    """The database holds only the small content (the real content comes back after the
    test, when its transaction is rolled back)."""
    load_rules_content(directory=rules_dir.path)
    return rules_dir


class _BalanceChecker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, tuple[int, int]]] = []
        self.errors: list[str] = []
        self.ids: dict[str, int] = {}

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id":
                self.ids[value] = self.ids.get(value, 0) + 1
        if tag not in VOID_ELEMENTS:
            self.stack.append((tag, self.getpos()))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID_ELEMENTS:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID_ELEMENTS:
            self.errors.append(f"end tag for void element </{tag}> at {self.getpos()}")
        elif not self.stack or self.stack[-1][0] != tag:
            opened = self.stack[-1] if self.stack else None
            self.errors.append(f"</{tag}> at {self.getpos()} closes {opened}")
        else:
            self.stack.pop()


def assert_valid_html(document: str) -> None:
    """Every element is closed in order, and no id is used twice."""
    checker = _BalanceChecker()
    checker.feed(document)
    checker.close()
    assert document.lstrip().lower().startswith("<!doctype html>")
    assert not checker.errors, checker.errors[:5]
    assert not checker.stack, f"unclosed: {checker.stack[:5]}"
    duplicates = [value for value, count in checker.ids.items() if count > 1]
    assert not duplicates, f"ids used twice: {duplicates}"


# -- reading pages ----------------------------------------------------------------------------

_SECTION = re.compile(r'<section id="([^"]+)" class="rules-section')
_TAG = re.compile(r"<[^>]+>")
_BLOCK_TAG = re.compile(
    r"</?(?:p|div|li|h[1-6]|section|aside|nav|td|th|tr|dt|dd|br|ul|ol|main|details|summary"
    r"|table|form|fieldset|legend|label|header|footer|button)\b[^>]*>"
)


def section_anchors(document: str) -> list[str]:
    """The anchors of the rules sections shown on a page, in order."""
    return _SECTION.findall(document)


def text_of(document: str) -> str:
    """The visible text of an HTML document or fragment, whitespace collapsed."""
    body = document.split('<main id="main">', 1)[-1]
    return " ".join(html.unescape(_TAG.sub("", _BLOCK_TAG.sub(" ", body))).split())


def page(client, url: str) -> str:
    """The HTML of ``url`` after checking it answers 200 and is well formed."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    document = response.content.decode()
    assert_valid_html(document)
    return document
