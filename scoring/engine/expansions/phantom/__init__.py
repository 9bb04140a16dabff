"""The Phantom (Hans im Glück, 2011; fits C1, C2 and C3): one translucent meeple a player.

During play the phantom may join a normal meeple on the tile just placed, on another
feature of it, or be placed on its own. At the end of the game it is an ordinary meeple
where it stands: it counts one towards the majority and its owner scores the feature
like any other meeple's owner (see ``/rules/phantom/#scoring``). It may stand wherever a
meeple may, gardens excepted, so a field takes it only with the farmers in play. The
expansion has no tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import Expansion, FigureKind, Placement
from ...rules import Edition
from ...tiles import FeatureKind

PHANTOM = FigureKind(code="phantom", name="phantom", limit=1, counts_as="meeple")

EXPANSION = Expansion(
    code="phantom",
    after=("robbers",),
    name="The Phantom",
    editions=frozenset({Edition.C1, Edition.C2, Edition.C3}),
    figure_kinds=(PHANTOM,),
    placements=(
        Placement(PHANTOM.code, FeatureKind.ROAD, "highwayman"),
        Placement(PHANTOM.code, FeatureKind.CITY, "knight"),
        Placement(PHANTOM.code, FeatureKind.MONASTERY, "monk"),
        Placement(PHANTOM.code, FeatureKind.FARM, "farmer", needs=("farmers",)),
    ),
)

__all__: Sequence[str] = ["EXPANSION", "PHANTOM"]
