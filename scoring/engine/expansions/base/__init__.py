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

MEEPLE = FigureKind(code="meeple", name="meeple", limit=7)

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
