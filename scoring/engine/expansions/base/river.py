"""The River (a part of the base game; in the C2 and C3 base boxes): twelve tiles from a
spring to a lake, laid first.

Its roads, cities, monasteries, gardens and fields score as usual; the river itself
scores nothing and separates fields (:mod:`.riverbed`). A game with the river starts
from the spring. C3 prints its own spring and lake (``river-A-C3``, ``river-L-C3``).
"""

from __future__ import annotations

from ...common.riverbed import RIVER, RIVER_LAYOUT
from ...expansion import Part
from ...rules import Edition

PART = Part(
    code="river",
    name="The River",
    editions=frozenset(Edition),
    other_editions=("WE",),
    landmarks=(RIVER,),
    layout_rules=(RIVER_LAYOUT,),
    start_tiles=("river-A", "river-A-C3"),
)
