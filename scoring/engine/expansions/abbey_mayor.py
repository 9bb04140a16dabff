"""Abbey & Mayor (C1, C2): the abbey tiles, the mayor, the wagon and the barn.

- The wagon is a follower of strength 1 on a road, a city or a monastery (never in a
  field); at the end it scores like a meeple.
"""

from __future__ import annotations

from ..expansion import Expansion, FigureKind, Part, Placement, WhenMissing
from ..rules import Edition
from ..tiles import FeatureKind

EDITIONS = frozenset({Edition.C1, Edition.C2})

WAGON = FigureKind(code="wagon", name="wagon", limit=1,
                   when_missing=WhenMissing.UNKNOWN_KIND)

ABBEY = Part(code="abbey", name="the abbeys", editions=EDITIONS)
MAYOR = Part(code="mayor", name="the mayor", editions=EDITIONS)
WAGONS = Part(
    code="wagon", name="the wagon", editions=EDITIONS,
    figure_kinds=(WAGON,),
    placements=(
        Placement("wagon", FeatureKind.ROAD, "wagon"),
        Placement("wagon", FeatureKind.CITY, "wagon"),
        Placement("wagon", FeatureKind.MONASTERY, "wagon"),
    ),
)
BARN = Part(code="barn", name="the barn", editions=EDITIONS)

EXPANSION = Expansion(
    code="abbey-mayor",
    name="Abbey & Mayor",
    editions=EDITIONS,
    parts=(ABBEY, MAYOR, WAGONS, BARN),
)
