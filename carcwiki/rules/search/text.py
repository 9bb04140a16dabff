"""Text helpers for search: accent folding, query words, highlighting and excerpts.

Searchable text is stored *folded* (lower case, accents removed) when content is saved,
and queries are folded the same way, so "ferme" finds "fermé" on every database. Matching
is by word prefix: "farm" finds "farm", "farmer" and "farmers", but not "uniform".
"""

import html
import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

MAX_QUERY_WORDS = 8
_WORD = re.compile(r"[^\W_]+")
_TAG = re.compile(r"<[^>]*>")
_BLOCK_END = re.compile(r"</(p|li|tr|td|th|pre|blockquote|dd)>|<br\s*/?>", re.I)
# A heading runs into the text below it in an excerpt unless something marks its end.
_HEADING_END = re.compile(r"</(h[1-6]|dt)>", re.I)


def _fold_char(char: str) -> str:
    if char.isascii():
        return char.lower()
    decomposed = unicodedata.normalize("NFKD", char)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


MAX_FOLDED_KEPT = 4096
"""Characters whose folding :class:`_FoldTable` keeps."""


class _FoldTable(dict):
    """``str.translate`` table of :func:`_fold_char`, filled on first sight of each
    character: the folding then runs in C, which matters for excerpts (a search folds
    every hit's text, and a heading's dash makes nearly every one non-ASCII)."""

    def __missing__(self, code: int) -> str:
        folded = _fold_char(chr(code))
        # Questions bring any character: past the few thousand that texts use, fold
        # without keeping, so a process's table stays small whatever it is asked.
        if len(self) < MAX_FOLDED_KEPT:
            self[code] = folded
        return folded


_FOLD_TABLE = _FoldTable()


def fold(text: str) -> str:
    """Lower case without accents: the form in which text is stored and searched.

    >>> fold("Fermé, FARMERS, Straße")
    'ferme, farmers, strasse'
    """
    if text.isascii():
        return text.lower()
    return text.translate(_FOLD_TABLE)


def fold_with_positions(text: str) -> tuple[str, Sequence[int]]:
    """The folded text and, for each of its characters, the index it came from in ``text``.

    >>> fold_with_positions("Fé—x")
    ('fe—x', range(0, 4))
    >>> fold_with_positions("Straße!")
    ('strasse!', [0, 1, 2, 3, 4, 4, 5, 6])
    """
    folded = fold(text)
    if len(folded) == len(text) and all(len(_FOLD_TABLE[ord(char)]) == 1
                                        for char in set(text) if not char.isascii()):
        # Every character folds to one: nothing moves, and a range answers the same
        # lookups without building a list.
        return folded, range(len(text))
    positions: list[int] = []
    for index, char in enumerate(text):
        positions.extend([index] * len(_FOLD_TABLE[ord(char)]))
    return folded, positions


def query_words(query: str) -> list[str]:
    """The distinct folded words of a query, longest first, at most ``MAX_QUERY_WORDS``.

    >>> query_words("  Farm  fermé farm ")
    ['ferme', 'farm']
    """
    words = dict.fromkeys(_WORD.findall(fold(query)))
    return sorted(words, key=len, reverse=True)[:MAX_QUERY_WORDS]


def word_prefix_pattern(words: Iterable[str]) -> re.Pattern:
    """Matches whole words that start with one of ``words`` (in folded text)."""
    return _word_prefix_pattern(tuple(sorted(set(words), key=lambda word: (-len(word), word))))


@lru_cache(maxsize=256)
def _word_prefix_pattern(words: tuple[str, ...]) -> re.Pattern:
    alternatives = "|".join(re.escape(word) for word in words)
    return re.compile(rf"(?<![^\W_])(?:{alternatives})[^\W_]*")


def count_prefix_matches(folded_text: str, words: Iterable[str]) -> dict[str, int]:
    """How many words of ``folded_text`` start with each query word.

    >>> count_prefix_matches("farmers farm a uniform", ["farm"])
    {'farm': 2}
    """
    return {
        word: len(re.findall(rf"(?<![^\W_]){re.escape(word)}", folded_text)) for word in words
    }


def html_to_text(fragment: str) -> str:
    """Plain text of a sanitised HTML fragment (block ends become spaces, heading ends
    dashes).

    >>> html_to_text("<p>A <em>big</em> city</p><p>Two &amp; three</p>")
    'A big city Two & three'
    >>> html_to_text("<h3>2. Placing a farmer</h3><p>Lay it down.</p>")
    '2. Placing a farmer — Lay it down.'
    """
    text = _HEADING_END.sub(" — ", fragment)
    text = _BLOCK_END.sub(" ", text)
    text = html.unescape(_TAG.sub("", text))
    return " ".join(text.split())


def highlight(text: str, words: Iterable[str]) -> SafeString:
    """``text`` escaped, with each word starting with a query word wrapped in ``<mark>``.

    >>> str(highlight("Farmers & fermé <b>", ["farm", "ferme"]))
    '<mark>Farmers</mark> &amp; <mark>fermé</mark> &lt;b&gt;'
    """
    words = list(words)
    if not words:
        return escape(text)
    folded, positions = fold_with_positions(text)
    pieces: list[str] = []
    cursor = 0
    # html.escape is what Django's escape() runs; called directly, the pieces skip its
    # lazy-string wrapper, a fifth of this function's time (a search highlights ~40 texts).
    quote = html.escape
    for match in word_prefix_pattern(words).finditer(folded):
        start = positions[match.start()]
        end = positions[match.end() - 1] + 1
        pieces.append(quote(text[cursor:start]))
        pieces.append(f"<mark>{quote(text[start:end])}</mark>")
        cursor = end
    pieces.append(quote(text[cursor:]))
    return mark_safe("".join(pieces))  # noqa: S308 - every piece is escaped above


def excerpt(text: str, words: Iterable[str], *, width: int = 240) -> SafeString:
    """A highlighted extract of about ``width`` characters around the first match.

    >>> str(excerpt("one two three farmers four five six", ["farm"], width=20))
    '… three <mark>farmers</mark> four …'
    """
    words = list(words)
    folded, positions = fold_with_positions(text)
    match = word_prefix_pattern(words).search(folded) if words else None
    start, keep_until = 0, 0
    if match is not None and len(text) > width:
        keep_until = positions[match.end() - 1] + 1
        # Open a little before the match, at the start of a word.
        start = text.rfind(" ", 0, max(0, positions[match.start()] - width // 3)) + 1
    end = max(start + width, keep_until)
    if end < len(text):
        space = text.rfind(" ", keep_until, end)
        end = space if space > start else end
    else:
        end = len(text)
    body = highlight(text[start:end], words)
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return mark_safe(f"{prefix}{body}{suffix}")  # noqa: S308 - body is escaped by highlight
