"""Mage & Witch (C1 2012, C2 2017 in Big Box 6, C3 2021 in Big Box 7): eight land tiles
with a magic symbol, and two figures that belong to no player.

- Laying a magic tile makes its player put the mage or the witch on an incomplete road
  or city (or move one there). They never stand on the same feature. The request places
  them under ``neutral``: ``{"kind": "mage", "x": 0, "y": 0, "at": "E"}``.
- The mage adds 1 point a tile to the road or city he stands on (nothing for pennants).
  On a road with an inn or a city with a cathedral that is still incomplete at the end
  (which scores nothing by the rules), he still brings his 1 a tile.
- The witch halves what the feature scores, rounded up, after the inn, the cathedral and
  every other modifier.
- Both apply in the final scoring, to incomplete features as to completed ones that still
  hold figures.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from ...common.scorers import HOUSE_RULE_NOTE
from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    LandmarkKind,
    NeutralFigure,
    ScoreModifier,
    ScoreTransform,
    ScoringContext,
    Valuation,
)
from ...features import Feature
from ...glyphs import Glyph, Mark
from ...messages import Message, add_templates
from ...outputs import FeatureField, Shape
from ...problems import BoardError, ProblemCode
from ...rules import Edition
from ...tiles import FeatureKind
from ...words import kind_word

add_templates({
    "error.mage_beside_witch.the_mage_and_the_witch": (
        "The mage and the witch both stand on the same {feature_kind_value}: they never share "
        "a road or a city. Move one of them."),
})

EDITIONS = frozenset({Edition.C1, Edition.C2, Edition.C3})
MAGE, WITCH = "mage", "witch"
ROADS_AND_CITIES = (FeatureKind.ROAD, FeatureKind.CITY)

MAGIC = LandmarkKind(
    name="magic",
    meaning="The magic symbol: laying the tile moves the mage or the witch.",
    glyph=Glyph("magic", (  # a violet star below the middle of the tile
        Mark.of("path", d="M0 12 L1.8 16.6 L6.6 16.8 L2.8 19.8 L4.1 24.4 L0 21.8 "
                          "L-4.1 24.4 L-2.8 19.8 L-6.6 16.8 L-1.8 16.6 Z",
                fill="#8e5fc2", stroke="#4b2a72", stroke_width=0.7, stroke_linejoin="round"),
    )),
)
# A robe under a straight pointed hat, a staff with an orb beside it.
MAGE_OUTLINE = (
    "M0,-18 L4,-9 L8.5,-8 L4.4,-6.6 L9,13 L-9,13 L-4.4,-6.6 L-8.5,-8 L-4,-9 "
    "Z M10.2,13 L10.2,-6 L11.8,-6 L11.8,13 Z M11,-12 A3,3 0 1,1 11,-6 A3,3 "
    "0 1,1 11,-12 Z"
)
# A robe under a crooked pointed hat, a broom beside it.
WITCH_OUTLINE = (
    "M-9,-17 L-1,-14.5 L4,-9 L9,-8 L4.4,-6.6 L9,13 L-9,13 L-4.4,-6.6 L-9,-8 "
    "L-4,-9 L-3.4,-12.5 Z M-14.5,13 L-9.5,13 L-10.8,7 L-12.2,7 Z M-12,7 "
    "L-11,7 L-11,-4 L-12,-4 Z"
)
MAGE_BESIDE_WITCH = ProblemCode(
    "mage_beside_witch", "the mage and the witch stand on the same road or city",
)
MAGE_FIGURE = NeutralFigure(
    MAGE, "mage", features=ROADS_AND_CITIES,
    meaning="Adds 1 point a tile to his road or city.", silhouette=MAGE_OUTLINE,
    never_beside=(WITCH, MAGE_BESIDE_WITCH.value),
)
WITCH_FIGURE = NeutralFigure(
    WITCH, "witch", features=ROADS_AND_CITIES,
    meaning="Halves what her road or city scores, rounded up.", silhouette=WITCH_OUTLINE,
)


def _has(feature: Feature, kind: str) -> bool:
    return any(piece.kind == kind for piece in feature.neutral)


def _tiles(feature: Feature) -> int:
    return len(set(feature.tiles))


add_templates({
    "mage.label_but": "{label} ({reason} but for the mage)",
    "mage.tiles": "mage: {tiles} {tiles|tile|tiles} × 1",
    "witch.halves": "the witch halves it, rounded up",
})


def mage_adds(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """The mage adds 1 a tile to his road or city, pennants not counted."""
    if _has(feature, WITCH):
        valuation.extras[WITCH] = True
    if not _has(feature, MAGE):
        return
    valuation.extras[MAGE] = True
    if valuation.zero_reason == HOUSE_RULE_NOTE:
        return  # the house rule: incomplete features score nothing, mage or not
    tiles = _tiles(feature)
    if valuation.zero_reason is not None:
        # An incomplete inn road or cathedral city: nothing but the mage's 1 a tile.
        valuation.label = Message("mage.label_but",
                                  {"label": valuation.label, "reason": valuation.zero_reason})
        valuation.zero_reason = None
        valuation.terms = []
    valuation.plus.append((tiles, Message("mage.tiles", {"tiles": tiles})))


def witch_halves(feature: Feature, points: int,
                 context: ScoringContext) -> tuple[int, Message] | None:
    """The witch halves her road's or city's points, rounded up."""
    if not _has(feature, WITCH):
        return None
    return math.ceil(points / 2), Message("witch.halves")


def check_apart(view: BoardView) -> Iterator[BoardError]:
    """The mage and the witch never stand on the same feature."""
    kinds = {piece.kind for piece in view.request.board.neutral}
    if not {MAGE, WITCH} <= kinds:
        return
    for feature_kind in ROADS_AND_CITIES:
        for feature in view.graph.of_kind(feature_kind):
            if _has(feature, MAGE) and _has(feature, WITCH):
                yield BoardError(
                    "neutral", MAGE_BESIDE_WITCH,
                    Message("error.mage_beside_witch.the_mage_and_the_witch", {
                        "feature_kind_value": kind_word(feature_kind.value)}),
                )


EXPANSION = Expansion(
    code="mage-witch",
    after=("goldmines",),
    name="Mage & Witch",
    editions=EDITIONS,
    landmarks=(MAGIC,),
    neutral_figures=(MAGE_FIGURE, WITCH_FIGURE),
    modifiers=(ScoreModifier(FeatureKind.ROAD, mage_adds),
               ScoreModifier(FeatureKind.CITY, mage_adds)),
    transforms=(ScoreTransform(ROADS_AND_CITIES, witch_halves),),
    board_checks=(BoardCheck(codes=(MAGE_BESIDE_WITCH,), check=check_apart),),
    outputs=(
        FeatureField(MAGE, Shape.FLAG, "mage", "A road or city with the mage (+1 a tile)."),
        FeatureField(WITCH, Shape.FLAG, "witch",
                     "A road or city with the witch (points halved, rounded up)."),
    ),
)

__all__: Sequence[str] = ["EXPANSION"]
