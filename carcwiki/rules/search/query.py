"""A player's question turned into what the engines look for.

A question becomes a few *concepts*: each meaningful word, or expression of the
vocabulary ("coat of arms", "fits nowhere"), with the other words of its vocabulary
group as alternatives. Stop words and question words are dropped ("can I", "what
happens if my"). A result needs only one concept (OR semantics); results that hold more
concepts, rarer ones, or hold them in their title rank higher (see :mod:`.engine`).

Reference codes (``CAR.022``, ``WICA.0201.0001``) are recognised whole, so a search for
a code can go straight to the notes that carry it.
"""

import re
from dataclasses import dataclass

from .vocabulary import Expression, Vocabulary, searchable
from .words import is_stop_word, words

MAX_CONCEPTS = 8
#: Words of at least this length also find the words they start ("farm" finds farmers).
PREFIX_MIN_LENGTH = 4
REFERENCE_CODE = re.compile(r"\b[A-Za-z]{2,}(?:\.\d+)+\b")


@dataclass(frozen=True)
class Concept:
    """One thing the question is about, and the ways of saying it.

    ``typed`` is what the player wrote (folded); ``alternatives`` are expressions, the
    typed one first. The typed single word also matches as a word start.
    """

    typed: Expression
    alternatives: tuple[Expression, ...]

    @property
    def prefix(self) -> bool:
        return len(self.typed) == 1 and len(self.typed[0]) >= PREFIX_MIN_LENGTH

    @property
    def searched(self) -> tuple[tuple[Expression, bool], ...]:
        """``(expression, as a word start)`` pairs the engines look for (expressions with
        a stop word at an end are only recognised in questions)."""
        return tuple(
            (expression, self.prefix and expression == self.typed)
            for expression in self.alternatives
            if searchable(expression)
        )

    @property
    def marked_words(self) -> list[str]:
        """The word starts to highlight in the results: each word of the alternatives cut
        to its stem, so that "cities" marks "city" as the engines found it."""
        return [marking_stem(word) for expression in self.alternatives for word in expression
                if not is_stop_word(word)]


@dataclass(frozen=True)
class ParsedQuery:
    concepts: tuple[Concept, ...]
    codes: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.concepts)

    @property
    def marked_words(self) -> list[str]:
        return list(dict.fromkeys(w for concept in self.concepts for w in concept.marked_words))


_ENDINGS = ("ing", "ies", "ed", "es", "s", "e", "y")


def marking_stem(word: str) -> str:
    """A word without its usual English ending, to mark every form of it (the engines'
    stemmers decide what matches; this only finds it again in the text shown).

    >>> [marking_stem(word) for word in ("cities", "scoring", "scored", "tile", "farm")]
    ['cit', 'scor', 'scor', 'til', 'farm']
    """
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def reference_codes(text: str) -> list[str]:
    """The reference codes written in ``text``, upper-cased.

    >>> reference_codes("see car.022 and WICA.0201.0001")
    ['CAR.022', 'WICA.0201.0001']
    """
    return [code.upper() for code in REFERENCE_CODE.findall(text)]


def reference_code_only(text: str) -> str:
    """The code when ``text`` is one reference code and nothing else, else ``""``.

    >>> reference_code_only(" car.022 "), reference_code_only("car.022 farmers")
    ('CAR.022', '')
    """
    codes = reference_codes(text)
    rest = REFERENCE_CODE.sub(" ", text)
    return codes[0] if len(codes) == 1 and not words(rest) else ""


def _singular(word: str) -> str:
    """A plain English singular, to find a vocabulary word typed in the plural."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _vocabulary_match(
    tokens: list[str], position: int, vocabulary: Vocabulary, longest: int
) -> tuple[Expression, tuple[Expression, ...]]:
    """The longest vocabulary expression starting at ``position`` (as typed) and its
    group, else the single word there and no group."""
    for size in range(min(longest, len(tokens) - position), 0, -1):
        typed = tuple(tokens[position:position + size])
        group = vocabulary.equivalents(typed)
        if not group and size == 1:
            group = vocabulary.equivalents((_singular(typed[0]),))
        if group:
            return typed, group
    return (tokens[position],), ()


def parse(question: str, vocabulary: Vocabulary) -> ParsedQuery:
    """The concepts of a question, in the order typed, at most ``MAX_CONCEPTS``.

    >>> vocabulary = Vocabulary.from_data(
    ...     [["unfinished", "incomplete"], ["shield", "coat of arms"]], where="test")
    >>> query = parse("Does a coat of arms count in an unfinished city?", vocabulary)
    >>> [concept.alternatives for concept in query.concepts]  # doctest: +NORMALIZE_WHITESPACE
    [(('coat', 'of', 'arms'), ('shield',)), (('count',),),
     (('unfinished',), ('incomplete',)), (('city',),)]
    >>> parse("Is a shield worth points?", vocabulary).concepts[0].alternatives
    (('shield',), ('coat', 'of', 'arms'))
    >>> parse("what is the", vocabulary).concepts
    ()
    """
    codes = reference_codes(question)
    remaining = REFERENCE_CODE.sub(" ", question)
    concepts: list[Concept] = [
        Concept(typed=tuple(words(code)), alternatives=(tuple(words(code)),)) for code in codes
    ]
    tokens = words(remaining)
    longest = vocabulary.longest
    position = 0
    while position < len(tokens):
        typed, group = _vocabulary_match(tokens, position, vocabulary, longest)
        position += len(typed)
        if group:
            others = tuple(expression for expression in group if expression != typed)
            concepts.append(Concept(typed=typed, alternatives=(typed, *others)))
        elif not is_stop_word(typed[0]) and not (len(typed[0]) == 1 and typed[0].isalpha()):
            concepts.append(Concept(typed=typed, alternatives=(typed,)))
    unique: dict[tuple[Expression, ...], Concept] = {}
    for concept in concepts:
        unique.setdefault(tuple(sorted(concept.alternatives)), concept)
    return ParsedQuery(concepts=tuple(unique.values())[:MAX_CONCEPTS], codes=tuple(codes))
