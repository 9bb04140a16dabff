"""The engine's words that are not sentences: a tile by its code and square, an edge's
compass word, a feature kind or a figure kind with its article. Each is a message whose
id is the word's key, so another catalogue words it; a declaration's English name (a figure
kind's, a part's) becomes the template of its key (:func:`declared`) when a registry is
built (:func:`declare_words`), so the catalogue is whole before anything is scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .board import Color
from .declarations import FigureKind
from .locations import Side
from .tiles import EdgeType, FeatureKind

if TYPE_CHECKING:
    from .expansion import ExpansionRegistry
from .messages import ENGLISH, Listing, Message, Param, add_templates

add_templates({
    "tile.at": "Tile {code} at ({x},{y})",
    "square": "({x},{y})",
    **{f"side.{side.name}": word for side, word in (
        (Side.N, "north"), (Side.E, "east"), (Side.S, "south"), (Side.W, "west"))},
})


def tile_label(code: str | None, x: int | None, y: int | None) -> Message:
    """``Tile D at (0,0)``."""
    return Message("tile.at", {"code": code if code is not None else "?",
                               "x": str(x) if x is None else x,
                               "y": str(y) if y is None else y})


def side_word(side: Side) -> Message:
    """``north``: a tile's edge by its compass word."""
    return Message(f"side.{side.name}")


DECLARED_WORDS: set[str] = set()
"""The keys of the words :func:`declared` made templates of (they name things in errors)."""

RESULT_WORDS: set[str] = set()
"""The declared words that explanations use too (:func:`result_word`): the page that
renders the results carries them with the results' templates."""

ERROR_PIECES = ("error.", "subject.", "shown.", "tile.", "side.", "square")
"""The ids of the errors' sentences and of the pieces only errors are made of."""


def declared(key: str, english: str) -> Message:
    """A word a declaration gives in English (a figure kind's name, a part's), as a
    message whose id is the word's key: another catalogue words it by that key."""
    if ENGLISH.get(key) != english:
        add_templates({key: english})
        DECLARED_WORDS.add(key)
    return Message(key)


def result_word(key: str, english: str) -> Message:
    """A word a declaration gives that explanations use (a figure kind's name, what a
    converted city is called), as :func:`declared` makes it, kept among the results'
    templates."""
    RESULT_WORDS.add(key)
    return declared(key, english)


def result_templates() -> dict[str, str]:
    """The English templates of what a scored board says (explanations, bonus entries,
    warnings), without the errors' (:data:`ERROR_PIECES`, :data:`DECLARED_WORDS`).

    A page that renders the results itself carries these; the errors' templates (about
    two thirds of the catalogue, :func:`error_templates`) it fetches only when a board is
    first refused.
    """
    return {message_id: template for message_id, template in ENGLISH.items()
            if message_id in RESULT_WORDS
            or (not message_id.startswith(ERROR_PIECES) and message_id not in DECLARED_WORDS)}


def error_templates() -> dict[str, str]:
    """The English templates that :func:`result_templates` leaves out: the errors'
    sentences, the pieces they are made of and the declared words. A page fetches them
    when the server first refuses a board, to render its errors from their ids."""
    results = result_templates()
    return {message_id: template for message_id, template in sorted(ENGLISH.items())
            if message_id not in results}


def a_word(key: str, noun: str, capitalised: bool = False) -> Message:
    """``a meeple`` (``A meeple``), with its article, as the declared word ``key.a``
    (``key.A``)."""
    if capitalised:
        return declared(f"{key}.A", a(noun).capitalize())
    return declared(f"{key}.a", a(noun))


def a_kind(kind: str) -> Message:
    """``a road``: a feature (or an edge's) kind with its article."""
    return a_word(f"kind.{kind}", kind)


def a_figure(kind: FigureKind, capitalised: bool = False) -> Message:
    """``a meeple`` (``A meeple``): a figure kind by its declared name."""
    return a_word(f"figure.{kind.code}", kind.name, capitalised)


def figure_word(kind: FigureKind, count: int = 1) -> Message:
    """``meeple`` or, for any other count, ``meeples``: a figure kind's declared name."""
    if count == 1:
        return declared(f"figure.{kind.code}", kind.name)
    return declared(f"figure.{kind.code}.plural", kind.plural_name)


def capital_colour(color: str) -> Message:
    """``Red``: a player's colour starting a sentence."""
    return declared(f"colour.{color}.capital", color.capitalize())


def square(x: int, y: int) -> Message:
    """``(2,-1)``."""
    return Message("square", {"x": x, "y": y})


def kind_word(kind: str) -> Message:
    """``road``: a feature kind's word."""
    return declared(f"kind.{kind}", kind)


def either_of(items: Sequence[Param]) -> Param:
    """``a road, a city or a farm``, as a listing (``nothing`` for none)."""
    if not items:
        return declared("word.nothing", "nothing")
    if len(items) == 1:
        return items[0]
    return Listing((Listing(tuple(items[:-1])), items[-1]), "join.or")




def declare_words(registry: ExpansionRegistry) -> None:
    """Make a template of every word the registry's declarations give (a figure kind's
    name, a part's, a token's, a space's...), as the errors name them: the catalogue is
    whole from the start, not only once an error has used a word."""
    for kind in [*(kind.value for kind in FeatureKind), *(edge.word for edge in EdgeType)]:
        kind_word(kind)
        a_kind(kind)
    for color in Color:
        capital_colour(color.value)
    for key, english in (("word.nothing", "nothing"), ("word.none", "none"), ("word.empty", ""),
                         ("neutral.none_listed", "none with the expansions listed")):
        declared(key, english)
    spaces = {name: landmark.space for name, (landmark, _part) in registry.spaces.items()}
    for name, space in spaces.items():
        if space is not None:
            a_word(f"space.{name}", str(declared(f"space.{name}", space.word or f"{name} space")))
    for large in registry.large_tiles.values():
        declared(f"large_tile.{large.code}", large.name)
    for tokens in registry.tokens:
        for token in tokens.kinds:
            token_word = tokens.word(token)
            declared(f"token.{tokens.name}.{token}", token_word)
            declared(f"token.{tokens.name}.{token}.capital",
                     token_word[:1].upper() + token_word[1:])
    for part in (registry[code] for code in registry.codes):
        declared(f"part.{part.code}", part.name)
        declared(f"part.{part.code}.capital", part.name[:1].upper() + part.name[1:])
        for figure in part.figure_kinds:
            if figure.strength_of is not None:  # "red's mayor counts 0 here"
                result_word(f"figure.{figure.code}", figure.name)
            figure_word(figure)
            figure_word(figure, 2)
            a_figure(figure)
            a_figure(figure, True)
        for placement in part.placements:
            a_word(f"role.{placement.role}", placement.role, True)
        for neutral in part.neutral_figures:
            declared(f"neutral.{neutral.code}", neutral.name)


def a(noun: str) -> str:
    """``a road``, ``an abbot``: the English article for a declared word."""
    return ("an " if noun[:1] in "aeiou" else "a ") + noun
