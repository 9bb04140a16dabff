"""Besiegers, Cathars and Siege (C1 only): city tiles showing a siege.

Three first-edition sets carry the same rule: The Cathars (Spielbox, 2004; 4 tiles), Siege
(Rio Grande Games, 2008; the Cathars' 4 layouts, new art) and The Besiegers (Hans im Glück,
2013; 6 new layouts). Their tiles are one file, ``tiles-besiegers.yaml``; the siege is
the ``siege`` attribute of the city segment that shows it.

- A city holding at least one siege tile is besieged. Completed, each of its tiles and
  pennants scores 1 less than it would (1 instead of 2; with a cathedral, 2 instead of
  3); still open at the end, it scores nothing. Several siege tiles change nothing more.
  Inns & Cathedrals' modifier runs first (its parts come first in the registry), so the
  siege takes its 1 from the cathedral's 3. Under the old small-city rule (2 tiles: 1 a
  tile and pennant) a besieged small city scores nothing, as JCloisterZone's engine test
  ``siege/besieged-tiny-city`` asserts.
- Each completed besieged city counts twice for the farmers of every field it borders
  (a :class:`~scoring.engine.expansion.CityWeight`): 6 instead of 3, 8 with a pig,
  under the second- and third-edition farm scoring alike (both pay 3 a city). For the
  first-edition method (4 a city to the most farmers around it) no source read gives a
  besieged rule: it counts the city once and warns.
- Knights escaping past a monastery happen during play and leave nothing to score.

Sources: the rules wiki's page of the three sets and its Cathars tables (wikia), the
RGG and HiG rules as the wiki reports them, and JCloisterZone (``siege.xml`` for the
tiles, its engine tests for known answers). No source read says whether a barn's 4 a
city doubles for a besieged city, or how the mage's 1 a tile meets a siege: the barn
counts it once, and the mage's points are left as the mage's rule gives them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import (
    CityWeight,
    Expansion,
    ScoreModifier,
    ScoringContext,
    SegmentAttribute,
    Valuation,
)
from ...features import Feature
from ...glyphs import Glyph, Mark
from ...messages import Message, add_templates
from ...outputs import FeatureField, Shape
from ...rules import Edition
from ...tiles import FeatureKind

SIEGE = SegmentAttribute(
    "siege", FeatureKind.CITY,
    meaning="A siege tile's city: the city it belongs to is besieged.",
    asked="besieged (a siege tile)",
    glyph=Glyph("siege", scale=1.1, marks=(  # a striped tent with a pennon on its pole
        Mark.of("path", d="M-6 5 L0 -4 L6 5 Z", fill="#f1e6cc", stroke="#4e2d10",
                stroke_width=0.8, stroke_linejoin="round"),
        Mark.of("path", d="M-3 0.5 L0 5 M3 0.5 L0 5", stroke="#b8322a",
                stroke_width=1.1, fill="none"),
        Mark.of("path", d="M0 -4 V-8", stroke="#4e2d10", stroke_width=0.8, fill="none"),
        Mark.of("path", d="M0 -8 L3.5 -7 L0 -6 Z", fill="#b8322a"),
    )),
)


add_templates({
    "besieged.label": "{label}, besieged",
    "besieged.label_open": "{label} (its tiles and pennants score nothing when still open)",
    "besieged.open_nothing": "scores nothing when still open at the end",
    "besieged.less_leaves_nothing": "1 less a tile and pennant leaves nothing",
    "besieged.label_less": "{label} (1 less a tile and pennant)",
})


def besieged_city(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """A besieged city: 1 less a tile and pennant when completed, nothing when open."""
    if not feature.has(SIEGE.name):
        return
    valuation.extras["besieged"] = True
    if valuation.zero_reason is not None:
        return  # nothing already: an open city with a cathedral, the house rule
    valuation.label = Message("besieged.label", {"label": valuation.label})
    if not feature.complete:
        if valuation.plus:  # points that are not a tile's or pennant's (the mage's) stay
            valuation.label = Message("besieged.label_open", {"label": valuation.label})
            valuation.terms = []
        else:
            valuation.zero_reason = Message("besieged.open_nothing")
        return
    valuation.each = max(valuation.each - 1, 0)
    if valuation.each == 0 and not valuation.plus:
        valuation.zero_reason = Message("besieged.less_leaves_nothing")
    else:
        valuation.label = Message("besieged.label_less", {"label": valuation.label})
        valuation.show_empty_terms = True


def besieged_for_farmers(city: Feature) -> int:
    """A completed besieged city counts twice for the farmers of every field it borders."""
    return 2 if city.has(SIEGE.name) else 1


BESIEGED_FOR_FARMERS = CityWeight(
    besieged_for_farmers, word="besieged city", plural="besieged cities",
    key="farm_besieged",
)

EXPANSION = Expansion(
    code="besiegers",
    after=("phantom",),
    name="Besiegers, Cathars and Siege",
    title="Besiegers / Cathars / Siege",
    editions=frozenset({Edition.C1}),
    attributes=(SIEGE,),
    modifiers=(ScoreModifier(FeatureKind.CITY, besieged_city),),
    city_weights=(BESIEGED_FOR_FARMERS,),
    outputs=(
        FeatureField("besieged", Shape.FLAG, "besieged",
                     "A city with a siege tile: 1 less a tile and pennant when completed, "
                     "nothing when still open at the end."),
        FeatureField("farm_besieged", Shape.COUNTS, "besieged cities",
                     "On a farm: the completed besieged cities it borders, each counted "
                     "twice (second- and third-edition farm scoring)."),
    ),
)

__all__: Sequence[str] = ["EXPANSION", "SIEGE"]
