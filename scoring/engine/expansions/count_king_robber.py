"""Count, King & Robber (C1, C2): the King & Robber Baron tiles, the City of
Carcassonne with the count, and the shrines. The River II of the same box is declared
in :mod:`.river2`.

- A shrine is a monastery (``shrine: true`` on the tile's monastery): at the end it
  scores like one, 1 plus 1 for each tile around it.
"""

from __future__ import annotations

from ..expansion import Expansion, Part, SegmentAttribute
from ..rules import Edition
from ..tiles import FeatureKind

EDITIONS = frozenset({Edition.C1, Edition.C2})

SHRINE = SegmentAttribute("shrine", FeatureKind.MONASTERY,
                          meaning="The monastery is a shrine (scored as a monastery).")

COUNT = Part(code="count", name="the Count of Carcassonne", editions=EDITIONS)
KING_ROBBER = Part(code="king-robber-baron", name="the king and the robber baron",
                   editions=EDITIONS)
SHRINES = Part(code="shrines", name="the shrines", editions=EDITIONS, attributes=(SHRINE,))

EXPANSION = Expansion(
    code="count-king-robber",
    name="Count, King & Robber",
    editions=EDITIONS,
    parts=(COUNT, KING_ROBBER, SHRINES),
)
