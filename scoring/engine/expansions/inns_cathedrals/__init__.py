"""Inns & Cathedrals (C1, C2, C3): inns on roads, cathedrals in cities, the large meeple.

- An inn by a road makes the whole road worth 2 a tile when it is completed and nothing
  when it is still incomplete at the end; several inns do not add up.
- A cathedral makes its whole city worth 3 a tile and 3 a pennant when completed and
  nothing when incomplete; two cathedrals do not add up.
- The rule ``incomplete_inns_cathedrals: normal`` scores incomplete ones like the same
  road or city without them (1 a tile, 1 a pennant).
- The large meeple counts 2 in a majority and never changes the points; it may not
  stand on a garden.
- The sixth player and the 50/100 point tiles change nothing in the calculator
  (``points`` already carries the whole score, and the base game accepts six players).

These are modifiers of the base game's road and city scoring, so they compose with its
other rules (the house rule that incomplete features score nothing still wins).
"""

from __future__ import annotations

from ...expansion import (
    Expansion,
    FigureKind,
    Part,
    Placement,
    ScoreModifier,
    ScoringContext,
    SegmentAttribute,
    Valuation,
    WhenMissing,
)
from ...features import Feature
from ...glyphs import Glyph, Mark, house
from ...messages import Message, Text, add_templates
from ...outputs import FeatureField, Shape
from ...rules import Choice, Edition, RuleOption
from ...tiles import FeatureKind
from ...wording import noun

EDITIONS = frozenset({Edition.C1, Edition.C2, Edition.C3})

INCOMPLETE_INNS_CATHEDRALS = RuleOption(
    "incomplete_inns_cathedrals", "Incomplete roads with an inn and cities with a cathedral",
    (Choice("zero", "score nothing (the rules)"),
     Choice("normal", "score like a plain road or city (variant)")),
    default="zero",
)

INN = SegmentAttribute(
    "inn", FeatureKind.ROAD, meaning="An inn by the road.", asked="with an inn",
    glyph=Glyph("inn", distance=11, marks=(  # a blue-roofed house by its pond
        Mark.of("ellipse", away=8, cx=0, cy=0, rx=5, ry=3.5, fill="#5b9bd5", stroke="#2f6aa3",
                stroke_width=0.6),
        *house(0, 0, width=8, roof="#2f5e8f"),
    )),
)
CATHEDRAL = SegmentAttribute(
    "cathedral", FeatureKind.CITY, meaning="A cathedral in the city.",
    asked="with a cathedral",
    glyph=Glyph("cathedral", scale=1.8, marks=(  # a nave between two towers
        Mark.of("path", d="M-6 6 v-8 l6 -5 6 5 v8 z", fill="#d9d4c7", stroke="#3b2f22",
                stroke_width=0.8),
        Mark.of("path", d="M-7 6 v-12 l1.5 -3 1.5 3 v12 z M4 6 v-12 l1.5 -3 1.5 3 v12 z",
                fill="#bfb8a8", stroke="#3b2f22", stroke_width=0.8),
    )),
)

# The meeple's outline, a third larger.
LARGE_MEEPLE_OUTLINE = (
    "M0,-19.5 C4.7,-19.5 7,-16.1 6.5,-12.5 C6.2,-10.4 5.2,-9.1 4.2,-8.3 "
    "L14.3,-3.9 C16.9,-2.6 16.9,2 14.3,3.1 L7.3,2.6 L12.5,15.6 C13,16.9 "
    "12.2,17.7 10.9,17.7 L3.4,17.7 L0,11.2 L-3.4,17.7 L-10.9,17.7 "
    "C-12.2,17.7 -13,16.9 -12.5,15.6 L-7.3,2.6 L-14.3,3.1 C-16.9,2 "
    "-16.9,-2.6 -14.3,-3.9 L-4.2,-8.3 C-5.2,-9.1 -6.2,-10.4 -6.5,-12.5 "
    "C-7,-16.1 -4.7,-19.5 0,-19.5 Z"
)
LARGE_MEEPLE = FigureKind(
    code="large", name="large meeple", limit=1, strength=2,
    when_missing=WhenMissing.UNKNOWN_KIND, silhouette=LARGE_MEEPLE_OUTLINE,
)


add_templates({
    "special.noun_with": "{noun} {with}",
    "special.with_inn": "with an inn",
    "special.with_cathedral": "with a cathedral",
    "special.scores_nothing": "scores nothing",
    "special.variant": "{label} (variant: scored like a plain one)",
})


def _named_with(label: Text, named: Message, with_it: Message) -> Text | None:
    """``label`` with ``with_it`` after its noun (``completed road with an inn``), found
    in it or in the label it wraps (``{label}, besieged``); ``None`` when it names no such
    noun."""
    if not isinstance(label, Message):
        return None
    if label.params.get("noun") == named:
        return Message(label.id, {
            **label.params, "noun": Message("special.noun_with", {"noun": named, "with": with_it})})
    inner = label.params.get("label")
    if isinstance(inner, Message):
        inner_named = _named_with(inner, named, with_it)
        if inner_named is not None:
            return Message(label.id, {**label.params, "label": inner_named})
    return None


def _special(
    feature: Feature, valuation: Valuation, context: ScoringContext,
    *, named: Message, with_it: Message, completed_each: int,
) -> None:
    """The shared rule of inns and cathedrals: more when completed, nothing when not."""
    label = _named_with(valuation.label, named, with_it)
    if label is not None:  # a label that names no road (or city) is left as it is
        valuation.label = label
    if feature.complete:
        valuation.each = completed_each
        valuation.show_empty_terms = True
    elif valuation.zero_reason is None:
        if context.rules.incomplete_inns_cathedrals == "zero":
            valuation.zero_reason = Message("special.scores_nothing")
        else:
            valuation.label = Message("special.variant", {"label": valuation.label})


def inn_on_road(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """A road with an inn: 2 a tile completed, nothing incomplete."""
    if feature.has("inn"):
        valuation.extras["inn"] = True
        _special(feature, valuation, context, named=noun("road"),
                 with_it=Message("special.with_inn"), completed_each=2)
        valuation.show_empty_terms = False


def cathedral_in_city(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """A city with a cathedral: 3 a tile and 3 a pennant completed, nothing incomplete."""
    if feature.has("cathedral"):
        valuation.extras["cathedral"] = True
        _special(feature, valuation, context, named=noun("city"),
                 with_it=Message("special.with_cathedral"), completed_each=3)


INNS = Part(
    code="inns", name="Inns", editions=EDITIONS,
    attributes=(INN,),
    modifiers=(ScoreModifier(FeatureKind.ROAD, inn_on_road),),
    rule_options=(INCOMPLETE_INNS_CATHEDRALS,),
    outputs=(FeatureField("inn", Shape.FLAG, "inn", "A road with an inn that counts."),),
)
CATHEDRALS = Part(
    code="cathedrals", name="Cathedrals", editions=EDITIONS,
    attributes=(CATHEDRAL,),
    modifiers=(ScoreModifier(FeatureKind.CITY, cathedral_in_city),),
    rule_options=(INCOMPLETE_INNS_CATHEDRALS,),
    outputs=(FeatureField("cathedral", Shape.FLAG, "cathedral",
                          "A city with a cathedral that counts."),),
)
LARGE = Part(
    code="large-meeple", name="the large meeple", title="Large meeple (big follower)",
    editions=EDITIONS,
    figure_kinds=(LARGE_MEEPLE,),
    placements=(
        Placement("large", FeatureKind.ROAD, "highwayman"),
        Placement("large", FeatureKind.CITY, "knight"),
        Placement("large", FeatureKind.MONASTERY, "monk"),
        Placement("large", FeatureKind.FARM, "farmer", needs=("farmers",)),
    ),
)
SIXTH_PLAYER = Part(code="sixth-player", name="the sixth player", title="Sixth player",
                    editions=EDITIONS)
POINT_TILES = Part(code="point-tiles", name="the 50/100 point tiles",
                   title="50/100 point tiles", editions=EDITIONS)

EXPANSION = Expansion(
    code="inns-cathedrals",
    after=("river2",),
    name="Inns & Cathedrals",
    editions=EDITIONS,
    parts=(INNS, CATHEDRALS, LARGE, SIXTH_PLAYER, POINT_TILES),
)
