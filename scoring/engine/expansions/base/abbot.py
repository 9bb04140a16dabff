"""The Abbot (C2/C3 base box): one abbot a player, on a monastery or a garden.

At the end an abbot scores like a monk, and a garden scores like a monastery: 1 plus 1
for each tile on the 8 squares around it. Garden tiles exist whether or not the abbot is
in play, but without it nothing can stand on a garden.
"""

from __future__ import annotations

from ...common.scorers import score_centres
from ...expansion import FigureKind, Part, Placement
from ...rules import Edition
from ...tiles import FeatureKind

ABBOT = FigureKind(code="abbot", name="abbot", limit=1)

PART = Part(
    code="abbot",
    name="The Abbot",
    title="The Abbot and gardens",
    editions=frozenset({Edition.C2, Edition.C3}),
    other_editions=("WE",),
    figure_kinds=(ABBOT,),
    placements=(
        Placement("abbot", FeatureKind.MONASTERY, "abbot"),
        Placement("abbot", FeatureKind.GARDEN, "abbot"),
    ),
    scorers=((FeatureKind.GARDEN, score_centres),),
    in_play_by_default=True,
)
