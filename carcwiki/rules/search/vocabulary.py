"""The game's vocabulary for search: groups of words that mean the same thing to a player.

The groups live in one data file, ``fixtures/rules/vocabulary.yaml``, that an editor
extends without touching code: a list of groups, each a list of words or expressions
(``coat of arms``, ``fits nowhere``). A question that uses one of them also looks for
every other of its group, on either database. The loader checks the file with the rest
of the content (:func:`read_vocabulary` lists every problem); the search reads it again
whenever the file changes.
"""

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import yaml
from django.conf import settings

from .words import ENGINE_STOP_WORDS, is_stop_word, words

VOCABULARY_FILE = "vocabulary.yaml"
MAX_EXPRESSION_WORDS = 5

Expression = tuple[str, ...]


class VocabularyError(ValueError):
    """The vocabulary file cannot be used; ``problems`` says where and why."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class Vocabulary:
    """Expressions (tuples of folded words) and the group each belongs to."""

    groups: tuple[tuple[Expression, ...], ...] = ()

    # Kept on the instance: a question looks words up dozens of times, and a cache keyed
    # by the vocabulary itself would hash all its groups at each look-up.
    @cached_property
    def group_of(self) -> dict[Expression, int]:
        return {
            expression: number
            for number, group in enumerate(self.groups)
            for expression in group
        }

    @cached_property
    def longest(self) -> int:
        return max((len(expression) for expression in self.group_of), default=1)

    def equivalents(self, expression: Expression) -> tuple[Expression, ...]:
        """Every expression of the group holding ``expression`` (empty when none does).

        >>> vocabulary = Vocabulary.from_data([["shield", "coat of arms"]], where="test")
        >>> vocabulary.equivalents(("coat", "of", "arms"))
        (('shield',), ('coat', 'of', 'arms'))
        """
        group = self.group_of.get(expression)
        return () if group is None else self.groups[group]

    @classmethod
    def from_data(cls, data, *, where: str) -> "Vocabulary":
        """The vocabulary of parsed YAML; raises :class:`VocabularyError` listing problems."""
        problems: list[str] = []
        if data is None:
            data = []
        if not isinstance(data, list):
            raise VocabularyError([f"{where}: expected a list of groups of words"])
        groups: list[tuple[Expression, ...]] = []
        seen: dict[Expression, int] = {}
        for number, group in enumerate(data, start=1):
            place = f"{where} › group {number}"
            if not isinstance(group, list) or not all(isinstance(item, str) for item in group):
                problems.append(f"{place}: expected a list of words, found {group!r}")
                continue
            expressions: list[Expression] = []
            for item in group:
                expression = tuple(words(item))
                if not expression:
                    problems.append(f"{place}: {item!r} holds no word")
                elif len(expression) > MAX_EXPRESSION_WORDS:
                    problems.append(
                        f"{place}: {item!r} is longer than {MAX_EXPRESSION_WORDS} words"
                    )
                elif all(is_stop_word(word) for word in expression):
                    problems.append(
                        f"{place}: {item!r} is only stop words, which the search ignores"
                    )

                elif expression in seen:
                    problems.append(
                        f"{place}: {item!r} is already in group {seen[expression] + 1}"
                    )
                elif expression not in expressions:
                    expressions.append(expression)
                    seen[expression] = len(groups)
            if len(expressions) < 2 and isinstance(group, list):
                problems.append(f"{place}: a group needs at least two different words")
            elif expressions and not any(map(searchable, expressions)):
                problems.append(
                    f"{place}: every entry starts or ends with a stop word; at least one "
                    "must not, since only those are looked for in the text"
                )
            groups.append(tuple(expressions))
        if problems:
            raise VocabularyError(problems)
        return cls(groups=tuple(groups))


def searchable(expression: Expression) -> bool:
    """Whether the engines look for ``expression`` in the text, not only recognise it in
    a question: PostgreSQL drops a stop word at either end of an expression ("run out"
    would become "run"), so such expressions only point to the rest of their group.

    >>> searchable(("coat", "of", "arms")), searchable(("run", "out"))
    (True, False)
    """
    return not {expression[0], expression[-1]} & ENGINE_STOP_WORDS


def read_vocabulary(path: Path) -> Vocabulary:
    """The vocabulary of a file (an empty one when the file does not exist)."""
    if not path.exists():
        return Vocabulary()
    try:
        with path.open(encoding="utf-8") as stream:
            data = yaml.safe_load(stream)
    except yaml.YAMLError as error:
        problem = " ".join(str(error).split())
        raise VocabularyError([f"{path.name}: not valid YAML: {problem}"]) from None
    except (OSError, UnicodeDecodeError) as error:
        raise VocabularyError([f"{path.name}: cannot be read: {error}"]) from None
    return Vocabulary.from_data(data, where=path.name)


def vocabulary_path() -> Path:
    """The file the search reads: ``RULES_VOCABULARY_FILE`` if set (tests), else the one
    beside the rules content."""
    configured = getattr(settings, "RULES_VOCABULARY_FILE", None)
    return Path(configured or Path(settings.FIXTURES_DIR) / "rules" / VOCABULARY_FILE)


@lru_cache(maxsize=4)
def _cached(path: Path, modified: float) -> Vocabulary:
    try:
        return read_vocabulary(path)
    except VocabularyError:
        # The loader reports the problems; a broken edit must not break the search.
        return Vocabulary()


def current_vocabulary() -> Vocabulary:
    """The vocabulary file as it is now (read again only after it changed)."""
    path = vocabulary_path()
    try:
        modified = path.stat().st_mtime
    except OSError:
        return Vocabulary()
    return _cached(path, modified)
