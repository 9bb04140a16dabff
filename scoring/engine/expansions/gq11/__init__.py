"""Mini Expansion GQ#11 (C1, given away with Games Quarterly issue 11 in 2006): twelve
tiles, ten land tiles and two river tiles.

The set brings no rules of its own: its tiles are laid, and their features scored, by the
rules of the base game, during play as at the end. Its river tiles (``gq11-A``, a spring
whose road splits the field around it, and ``gq11-B``) join the river of The River or The
River II, so the set declares the river and its layout rules as those do: river edges
meet river edges, and a game has one spring, this one if the group chose it
(``/rules/gq11/#setting-up``). The game's start tile stays the one of the parts in play;
a group that started from this spring lays it in place of the other. The all-field tile
(``gq11-D``) is officially no pig-herd (``/rules/gq11/#all-field-tile``), so nothing
changes in the final scoring.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...common.riverbed import RIVER, RIVER_LAYOUT
from ...expansion import Expansion
from ...rules import Edition

EXPANSION = Expansion(
    code="gq11",
    after=("festival",),
    name="Mini Expansion GQ#11",
    editions=frozenset({Edition.C1}),
    landmarks=(RIVER,),
    layout_rules=(RIVER_LAYOUT,),
)

__all__: Sequence[str] = ["EXPANSION"]
