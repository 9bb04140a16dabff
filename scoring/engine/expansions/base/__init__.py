"""The base game: its meeples, its rules and its parts (farmers, abbot, river).

Roads, cities and monasteries score as :mod:`.scorers` says; the parts of the base box
are declared in their own modules and listed here.
"""

from __future__ import annotations

from ...common.scorers import score_centres, score_cities, score_roads
from ...expansion import Expansion, FigureKind, Placement
from ...rules import Choice, Edition, RuleOption, switch
from ...tiles import FeatureKind
from . import abbot, farmers, river

# A meeple: round head, arms out, legs apart.
MEEPLE_OUTLINE = (
    "M0,-15 C3.6,-15 5.4,-12.4 5,-9.6 C4.8,-8 4,-7 3.2,-6.4 L11,-3 C13,-2 "
    "13,1.5 11,2.4 L5.6,2 L9.6,12 C10,13 9.4,13.6 8.4,13.6 L2.6,13.6 L0,8.6 "
    "L-2.6,13.6 L-8.4,13.6 C-9.4,13.6 -10,13 -9.6,12 L-5.6,2 L-11,2.4 "
    "C-13,1.5 -13,-2 -11,-3 L-3.2,-6.4 C-4,-7 -4.8,-8 -5,-9.6 C-5.4,-12.4 "
    "-3.6,-15 0,-15 Z"
)
MEEPLE = FigureKind(code="meeple", name="meeple", limit=7, silhouette=MEEPLE_OUTLINE)

SMALL_CITIES = switch(
    "small_cities", "Completed two-tile cities", default=False,
    on="1 a tile and 1 a pennant (old rule)", off="2 a tile and 2 a pennant",
)
INCOMPLETE_FEATURES = RuleOption(
    "incomplete_features", "Incomplete roads, cities, monasteries and gardens at the end",
    (Choice(True, "score as usual"), Choice(False, "score nothing (house rule)")),
    default=True,
)


EXPANSION = Expansion(
    code="base",
    name="base game",
    title="Base game",
    editions=frozenset(Edition),
    other_editions=("WE",),
    figure_kinds=(MEEPLE,),
    placements=(
        Placement("meeple", FeatureKind.ROAD, "highwayman"),
        Placement("meeple", FeatureKind.CITY, "knight"),
        Placement("meeple", FeatureKind.MONASTERY, "monk"),
    ),
    scorers=(
        (FeatureKind.ROAD, score_roads),
        (FeatureKind.CITY, score_cities),
        (FeatureKind.MONASTERY, score_centres),
    ),
    rule_options=(SMALL_CITIES, INCOMPLETE_FEATURES),
    start_tiles=("D",),
    parts=(farmers.PART, abbot.PART, river.PART),
)
