"""The base game: meeples on roads, cities and monasteries, and how those score.

At the end of the game an incomplete road scores 1 a tile, an incomplete city 1 a tile
and 1 a pennant, a monastery 1 plus 1 for each of its 8 neighbours on the table; a
completed road, city or monastery that still holds figures scores as completed (a city
then 2 a tile and 2 a pennant). The players with the most figures on a feature score it,
each in full on a tie.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..features import Feature
from ..results import FeatureResult, figure_counts, majority, majority_note, plural
from ..rules import Edition
from ..tiles import FeatureKind
from ..variants import Expansion, FigureKind, Placement, ScoringContext

MEEPLE = FigureKind(code="meeple", name="meeple", limit=7)

HOUSE_RULE_NOTE = "scores 0 (house rule: incomplete features score nothing)"


def owned_result(
    feature: Feature, context: ScoringContext, points: int, explanation: str
) -> FeatureResult:
    """The result of a feature scored in full by the players with the most figures."""
    counts = figure_counts(feature.figures, context.strengths, context.players)
    owners = majority(counts)
    return FeatureResult(
        kind=feature.kind,
        number=feature.number,
        complete=feature.complete,
        tiles=tuple(feature.tiles),
        figures=counts,
        owners=tuple(owners),
        points=points,
        scored={owner: points for owner in owners},
        explanation=explanation + majority_note(counts, owners),
    )


def score_roads(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """1 point a tile, completed or not."""
    for road in features:
        tiles = len(road.tiles)
        if road.complete:
            label = "completed road (a loop)" if road.is_loop else "completed road"
            text = f"{label}: {plural(tiles, 'tile')} × 1 = {tiles}"
            yield owned_result(road, context, tiles, text)
        elif not context.rules.incomplete_features:
            yield owned_result(road, context, 0, f"incomplete road: {HOUSE_RULE_NOTE}")
        else:
            yield owned_result(
                road, context, tiles, f"incomplete road: {plural(tiles, 'tile')} × 1 = {tiles}"
            )


def score_cities(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """Completed: 2 a tile and 2 a pennant (1 and 1 for a small city under the old rule);
    incomplete: 1 a tile and 1 a pennant."""
    rules = context.rules
    for city in features:
        tiles = len(city.tiles)
        if city.complete:
            if rules.small_cities and tiles == 2:
                label, each = "completed small city (old rule: 1 a tile and 1 a pennant)", 1
            else:
                label, each = "completed city", 2
        elif not rules.incomplete_features:
            yield owned_result(city, context, 0, f"incomplete city: {HOUSE_RULE_NOTE}")
            continue
        else:
            label, each = "incomplete city", 1
        points = each * (tiles + city.pennants)
        sum_text = f"{plural(tiles, 'tile')} × {each}"
        if city.pennants:
            sum_text += f" + {plural(city.pennants, 'pennant')} × {each}"
        yield owned_result(city, context, points, f"{label}: {sum_text} = {points}")


def score_centres(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """A monastery or garden: 1 for itself and 1 for each tile on the 8 squares around."""
    for centre in features:
        name = centre.kind.value
        if centre.complete:
            label = f"completed {name}"
        elif not context.rules.incomplete_features:
            yield owned_result(centre, context, 0, f"incomplete {name}: {HOUSE_RULE_NOTE}")
            continue
        else:
            label = f"incomplete {name}"
        points = 1 + centre.neighbours
        text = f"{label}: 1 + {plural(centre.neighbours, 'neighbour')} = {points}"
        yield owned_result(centre, context, points, text)


EXPANSION = Expansion(
    code="base",
    name="base game",
    editions=frozenset(Edition),
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
)
