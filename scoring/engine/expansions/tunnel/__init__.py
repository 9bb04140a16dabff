"""The Tunnel (Spielbox 6/2009, first-edition style only): four land tiles whose roads run
into tunnel openings, and twelve tunnel tokens, two in each of six colours.

During play a player may put a token of one of their colours on any free opening; when
the second token of that colour goes on another opening, the roads leading into the two
openings are one road from then on, running underground between them. A road that runs
into an opening without a pair of tokens is not finished there. A road through a tunnel
scores its tiles as any road, each tile once; the tokens score nothing.

On the finished board the player enters each token as a figure nobody owns, under the
request's ``neutral`` (``{"kind": "tunnel-red", "x": 0, "y": 0, "at": "E"}``, ``at``
naming the road's edge after rotation). Two tokens of one colour join their roads
(:class:`~scoring.engine.declarations.Passage`); the final scoring needs nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...board import Color
from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    NeutralFigure,
    Passage,
    SegmentAttribute,
)
from ...messages import Message, add_templates
from ...problems import BoardError, ProblemCode
from ...rules import Edition
from ...tiles import FeatureKind

OPENING = SegmentAttribute(
    "tunnel", FeatureKind.ROAD,
    meaning="A tunnel opening: the road runs underground from here; it is not finished "
            "until two tokens of one colour pair this opening with another.",
)

TOKEN_COLOURS = tuple(color for color in Color if color is not Color.PINK)
"""The token colours. The rules give two tokens in each of six colours, each player
taking their own; the calculator names them by the first edition's six player colours
(pink came later, with Big Box 6)."""

# A flat token with a tunnel's arch cut into it; each colour's pair is drawn in its
# colour (with the colour's letter), as the tokens on the table are.
TOKEN_OUTLINE = (
    "M-11,9 L-11,-3 C-11,-10 -6,-13 0,-13 C6,-13 11,-10 11,-3 L11,9 L5,9 L5,1 "
    "C5,-3 3,-5 0,-5 C-3,-5 -5,-3 -5,1 L-5,9 Z"
)

TOKENS = tuple(
    NeutralFigure(
        f"tunnel-{color.value}", f"{color.value} tunnel token", features=(FeatureKind.ROAD,),
        limit=2, silhouette=TOKEN_OUTLINE, colour=color.value,
        meaning=f"One of the two {color.value} tunnel tokens: on a tunnel opening, paired "
                f"with the other {color.value} one, it joins the two roads underground.",
    )
    for color in TOKEN_COLOURS
)

INVALID_TUNNEL_TOKEN = ProblemCode(
    "invalid_tunnel_token",
    "a tunnel token on a road that does not run into a tunnel opening on that tile, or "
    "two tokens on one opening",
)


add_templates({
    "error.invalid_tunnel_token.not_an_opening": (
        "The {colour} tunnel token at ({x},{y}) lies on {at}, which is not a road running "
        "into a tunnel opening on that tile."),
    "error.invalid_tunnel_token.opening_taken": (
        "The tunnel opening at ({x},{y}) {at} already holds a token (neutral[{first}]); an "
        "opening takes only one."),
})


def check_tokens(view: BoardView) -> Iterator[BoardError]:
    """Each tunnel token lies on a tunnel opening, one token to an opening."""
    kinds = {token.code for token in TOKENS}
    taken: dict[tuple[int, int, object], int] = {}
    for index, piece in enumerate(view.request.board.neutral):
        if piece.kind not in kinds:
            continue
        tile = view.graph.tile_at(piece.x, piece.y)
        segment = tile.segment_at(piece.at) if tile is not None and piece.at else None
        if segment is None or not any(name == OPENING.name for name, _ in segment.attributes):
            yield BoardError(
                f"neutral[{index}].at", INVALID_TUNNEL_TOKEN,
                Message("error.invalid_tunnel_token.not_an_opening", {
                    "colour": piece.kind.removeprefix("tunnel-"), "x": piece.x, "y": piece.y,
                    "at": str(piece.at)}),
            )
            continue
        place = (piece.x, piece.y, segment)
        if place in taken:
            yield BoardError(
                f"neutral[{index}]", INVALID_TUNNEL_TOKEN,
                Message("error.invalid_tunnel_token.opening_taken", {
                    "x": piece.x, "y": piece.y, "at": str(piece.at), "first": taken[place]}),
            )
            continue
        taken[place] = index


EXPANSION = Expansion(
    code="tunnel",
    after=("little-buildings",),
    name="The Tunnel",
    editions=frozenset({Edition.C1}),
    attributes=(OPENING,),
    neutral_figures=TOKENS,
    passages=(Passage(tuple(token.code for token in TOKENS), OPENING.name),),
    board_checks=(BoardCheck(codes=(INVALID_TUNNEL_TOKEN,), check=check_tokens),),
)

__all__: Sequence[str] = ["EXPANSION"]
