"""How the search cuts text and questions into words, the same way for every database.

Text is folded (lower case, accents removed, see :func:`carcwiki.rules.search.text.fold`)
and its punctuation turned into spaces before either engine sees it, so that SQLite's
FTS5 tokenizer and PostgreSQL's parser are handed identical words: ``WICA.0201.0001``
becomes ``wica 0201 0001`` for both.

Stop words are dropped from questions (never from the indexed text). The list holds
PostgreSQL's English stop words — that engine ignores them anyway, so leaving them out
of FTS5 queries too keeps both databases answering alike — plus the words players put
around a question ("how", "can", "happens", "allowed").
"""

import re

from .text import fold

_WORD = re.compile(r"[^\W_]+")

#: PostgreSQL's ``english`` stop words (the Snowball list).
ENGINE_STOP_WORDS = frozenset(
    """
    i me my myself we our ours ourselves you your yours yourself yourselves he him his
    himself she her hers herself it its itself they them their theirs themselves what which
    who whom this that these those am is are was were be been being have has had having do
    does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on
    off over under again further then once here there when where why how all any both each
    few more most other some such no nor not only own same so than too very s t can will
    just don should now
    """.split()
)

#: Words of the way a question is asked rather than of what it is about.
QUESTION_WORDS = frozenset(
    """
    allowed anyone anything anybody could would may might must shall get gets got
    happen happens happened possible ok okay rule rules please someone something still
    also else ever exactly really actually thing things way whose wondering know tell
    need needs let lets like want wants use using able cannot cant doesn dont isn
    many much one two give gives go goes going mean means work works guys another
    always normal usually sometimes ever anyway
    """.split()
)

STOP_WORDS = ENGINE_STOP_WORDS | QUESTION_WORDS


def words(text: str) -> list[str]:
    """The folded words of ``text``, in order.

    >>> words("Coat-of-arms? WICA.0201.0001, fermé!")
    ['coat', 'of', 'arms', 'wica', '0201', '0001', 'ferme']
    """
    return _WORD.findall(fold(text))


def index_text(*pieces: str) -> str:
    """The text an engine indexes: the folded words of ``pieces`` joined by spaces.

    >>> index_text("Le champ fermé.", "CAR.022")
    'le champ ferme car 022'
    """
    return " ".join(word for piece in pieces if piece for word in words(piece))


def is_stop_word(word: str) -> bool:
    """Whether a question may leave ``word`` out.

    >>> is_stop_word("my"), is_stop_word("happens"), is_stop_word("meeple")
    (True, True, False)
    """
    return word in STOP_WORDS
