"""The River II (C1, C2): a river with a fork, a volcano lake and special features that
belong to other expansions.

The river scores nothing and follows the rules of :mod:`~scoring.engine.common.riverbed`.
Its inn (``river2-D``) counts only with the inns of Inns & Cathedrals, its pig-herd
(``river2-F``) only with the pig of Traders & Builders: those parts read the tile data, so
nothing here needs to. The volcano (``river2-L``) is a volcano of The Princess & the
Dragon (the dragon flies there when it is laid). No figure is placed on a volcano tile
when it is laid, and without a way to reach tiles already on the table none stands there
at the end; a magic portal of The Princess & the Dragon places a follower on any
unfinished feature, a volcano tile's too, so with the portals in play the rule is not
checked (``FigureRule.laying_only``).
"""

from __future__ import annotations

from ...common.riverbed import RIVER, RIVER_LAYOUT
from ...common.volcano import NO_FIGURE_BY_THE_VOLCANO, VOLCANO
from ...expansion import Expansion
from ...rules import Edition

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
