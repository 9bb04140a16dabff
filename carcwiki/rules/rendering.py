"""Markdown to safe HTML, done once when content is saved (never per request).

The pipeline is: Markdown → HTML → glossary links added → sanitised with ``nh3``.
Sanitising comes last so that nothing, not even a link this module adds, reaches a page
without passing the allow-list. Wording tokens (``{{meeple}}``) pass through untouched;
they are replaced when the page is shown (see :mod:`carcwiki.rules.wording`).
"""

import html
import re
from collections.abc import Iterable
from html.parser import HTMLParser

import markdown
import nh3

from .wording import TOKEN_WORDS

MARKDOWN_EXTENSIONS = ["tables", "sane_lists", "fenced_code"]

ALLOWED_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "dl", "dt", "em", "h3", "h4",
    "h5", "h6", "hr", "i", "kbd", "li", "ol", "p", "pre", "s", "strong", "sub", "sup",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "ol": {"start"},
    "td": {"align"},
    "th": {"align"},
}
ALLOWED_CLASSES = {"a": {"glossary-term"}}
URL_SCHEMES = {"http", "https", "mailto"}

#: Text inside these elements is never turned into a glossary link: it is already a link,
#: a heading (which would look odd underlined) or code.
UNLINKED_ELEMENTS = {"a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "kbd"}


def sanitise(fragment: str) -> str:
    """Keep only the allow-listed tags, attributes and URL schemes of an HTML fragment.

    >>> sanitise('<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:x">y</a></p>')
    '<p>Hi <a rel="noopener noreferrer">y</a></p>'
    """
    return nh3.clean(
        fragment,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        allowed_classes=ALLOWED_CLASSES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer",
    )


def _normalise_name(name: str) -> str:
    return " ".join(name.lower().split())


class GlossaryLinker:
    """Links the first occurrence of each glossary term (or alias) in an HTML fragment.

    A word matches in the singular or with a plural ``s``/``es``; a wording token such as
    ``{{meeples}}`` matches the term that names either of its words (meeple or follower).

    >>> linker = GlossaryLinker([("farm", ["Field", "farm"])], url="/g/")
    >>> print(linker.link("<p>Two fields. <a href='/x'>A field</a>. Farm.</p>"))
    <p>Two <a class="glossary-term" href="/g/#farm">fields</a>. <a href='/x'>A field</a>. Farm.</p>
    """

    def __init__(self, entries: Iterable[tuple[str, Iterable[str]]], *, url: str) -> None:
        self.url = url
        self._slug_by_name: dict[str, str] = {}
        for slug, names in entries:
            for name in names:
                if name.strip():
                    self._slug_by_name.setdefault(_normalise_name(name), slug)
        self._slug_by_token = {
            token: slug
            for token, words in TOKEN_WORDS.items()
            for word in words
            if (slug := self._slug_for_word(word))
        }
        names = sorted(self._slug_by_name, key=len, reverse=True)
        word_alternatives = "|".join(r"\s+".join(map(re.escape, name.split())) for name in names)
        token_alternatives = "|".join(
            re.escape(f"{{{{{token}}}}}") for token in self._slug_by_token
        )
        parts = []
        if token_alternatives:
            parts.append(f"(?P<token>{token_alternatives})")
        if word_alternatives:
            # Whole words only, and never the word inside a wording token.
            parts.append(
                rf"(?<![^\W_])(?<!\{{\{{)(?P<word>{word_alternatives})(?:e?s)?(?![^\W_])(?!\}}\}})"
            )
        self._pattern = re.compile("|".join(parts), re.IGNORECASE) if parts else None

    def _slug_for_word(self, word: str) -> str | None:
        """The slug of a word or of its singular (meeples → meeple, coats of arms → …)."""
        name = _normalise_name(word)
        for candidate in (name, name.removesuffix("s"), name.removesuffix("es")):
            if candidate in self._slug_by_name:
                return self._slug_by_name[candidate]
        return None

    def slug_for(self, match: re.Match) -> str | None:
        token = match.groupdict().get("token")
        if token:
            return self._slug_by_token.get(token.strip("{}"))
        return self._slug_by_name.get(_normalise_name(match.group("word")))

    def link_text(self, text: str, linked: set[str]) -> str:
        """Escape plain ``text``, linking terms whose slug is not in ``linked`` yet."""
        if self._pattern is None:
            return html.escape(text, quote=False)
        pieces: list[str] = []
        cursor = 0
        for match in self._pattern.finditer(text):
            slug = self.slug_for(match)
            if slug is None or slug in linked:
                continue
            linked.add(slug)
            pieces.append(html.escape(text[cursor : match.start()], quote=False))
            pieces.append(
                f'<a class="glossary-term" href="{self.url}#{slug}">'
                f"{html.escape(match.group(0), quote=False)}</a>"
            )
            cursor = match.end()
        pieces.append(html.escape(text[cursor:], quote=False))
        return "".join(pieces)

    def link(self, fragment: str) -> str:
        parser = _LinkingParser(self)
        parser.feed(fragment)
        parser.close()
        return "".join(parser.output)


class _LinkingParser(HTMLParser):
    """Copies an HTML fragment, passing its text outside links and headings to the linker."""

    def __init__(self, linker: GlossaryLinker) -> None:
        super().__init__(convert_charrefs=True)
        self.linker = linker
        self.output: list[str] = []
        self.unlinked_depth = 0
        self.linked: set[str] = set()

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in UNLINKED_ELEMENTS:
            self.unlinked_depth += 1
        self.output.append(self.get_starttag_text() or "")

    def handle_startendtag(self, tag: str, attrs) -> None:
        self.output.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in UNLINKED_ELEMENTS and self.unlinked_depth:
            self.unlinked_depth -= 1
        self.output.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.unlinked_depth:
            self.output.append(html.escape(data, quote=False))
        else:
            self.output.append(self.linker.link_text(data, self.linked))


def render_markdown(text: str, *, glossary: GlossaryLinker | None = None) -> str:
    """Sanitised HTML of a Markdown body, with glossary terms linked when a linker is given.

    >>> render_markdown("Hello **there**<script>alert(1)</script>")
    '<p>Hello <strong>there</strong></p>'
    """
    fragment = markdown.markdown(text, extensions=MARKDOWN_EXTENSIONS)
    if glossary is not None:
        fragment = glossary.link(fragment)
    return sanitise(fragment)


def render_inline_markdown(text: str) -> str:
    """Sanitised HTML of a one-paragraph Markdown text, without the surrounding ``<p>``.

    >>> render_inline_markdown("Does a *river* split fields?")
    'Does a <em>river</em> split fields?'
    """
    fragment = render_markdown(text)
    if fragment.startswith("<p>") and fragment.endswith("</p>") and fragment.count("<p>") == 1:
        return fragment[3:-4]
    return fragment
