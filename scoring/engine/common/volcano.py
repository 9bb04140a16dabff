"""The volcano, printed on tiles of two expansions (The River II's lake, The Princess &
the Dragon's volcano tiles): no figure is placed on its tile when the tile is laid.

Without a way to reach tiles already on the table none stands there at the end either;
an expansion whose rules do (``Part.reaches_laid_tiles``: the magic portal) lifts the
rule (``FigureRule.laying_only``).
"""

from __future__ import annotations

from typing import Any

from ..expansion import FigureRule, LandmarkKind
from ..glyphs import Glyph, Mark
from ..messages import Message, add_templates

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


add_templates({
    "volcano.no_figure": (
        "No figure may stand on {tile}: it holds a volcano, where no figure is placed when "
        "the tile is laid, and only a magic portal (The Princess & the Dragon) could bring "
        "one there later."),
})


def no_figure_by_the_volcano(tile: Any, segment: Any, kind: str) -> Message | None:
    """No figure on a tile with a volcano."""
    if tile.oriented.definition.has_landmark("volcano"):
        return Message("volcano.no_figure", {"tile": tile.label})
    return None


NO_FIGURE_BY_THE_VOLCANO = FigureRule(no_figure_by_the_volcano, laying_only=True)
