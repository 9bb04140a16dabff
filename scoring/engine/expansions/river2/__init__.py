"""The River II (C1, C2): a river with a fork, a volcano lake and special features that
belong to other expansions.

The river scores nothing and follows the rules of :mod:`.riverbed`. Its inn
(``river2-D``) counts only with the inns of Inns & Cathedrals, its pig-herd
(``river2-F``) only with the pig of Traders & Builders: those parts read the tile data,
so nothing here needs to. The volcano (``river2-L``) is a volcano of The Princess & the
Dragon (the dragon flies there when it is laid). No figure is placed on a volcano tile
when it is laid, and without a way to reach tiles already on the table none stands
there at the end; a magic portal of The Princess & the Dragon places a follower on any
unfinished feature, a volcano tile's too, so with the portals in play the rule is not
checked (``FigureRule.laying_only``).
"""

from __future__ import annotations

from typing import Any

from ...common.riverbed import RIVER, RIVER_LAYOUT
from ...expansion import Expansion, FigureRule, LandmarkKind
from ...glyphs import Glyph, Mark
from ...rules import Edition

VOLCANO = LandmarkKind(
    name="volcano", meaning="A volcano: no figure is placed on its tile when it is laid.",
    glyph=Glyph("volcano", (  # a smoking cone
        Mark.of("path", d="M-13 9 L-4 -7 H4 L13 9 Z", fill="#6b5444", stroke="#3b2f22",
                stroke_width=1, stroke_linejoin="round"),
        Mark.of("path", d="M-4 -7 H4 l-1.5 5 -2 -2.5 -1.5 3.5 -1 -3 z", fill="#e0542c"),
        Mark.of("circle", cx=-1, cy=-12, r=2.8, fill="#b9b4ad"),
        Mark.of("circle", cx=2.5, cy=-16, r=3.4, fill="#cfcac3"),
    )),
)


def no_figure_by_the_volcano(tile: Any, segment: Any, kind: str) -> str | None:
    """No figure on a tile with a volcano."""
    if tile.oriented.definition.has_landmark("volcano"):
        return (f"No figure may stand on {tile.label}: it holds a volcano, where no figure "
                "is placed when the tile is laid, and only a magic portal (The Princess & "
                "the Dragon) could bring one there later.")
    return None


NO_FIGURE_BY_THE_VOLCANO = FigureRule(no_figure_by_the_volcano, laying_only=True)


EXPANSION = Expansion(
    code="river2",
    after=("base",),
    name="The River II",
    editions=frozenset({Edition.C1, Edition.C2}),
    landmarks=(RIVER, VOLCANO),
    layout_rules=(RIVER_LAYOUT,),
    figure_rules=(NO_FIGURE_BY_THE_VOLCANO,),
    start_tiles=("river2-A",),
)
