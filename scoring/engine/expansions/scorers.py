"""The base game's feature scorers, which its parts and other expansions reuse.

At the end of the game an incomplete road scores 1 a tile, an incomplete city 1 a tile
and 1 a pennant, a monastery 1 plus 1 for each of its 8 neighbours on the table; a
completed road, city or monastery that still holds figures scores as completed (a city
then 2 a tile and 2 a pennant). The players with the most figures on a feature score it,
each in full on a tie.

Each scorer first values a feature (:class:`~scoring.engine.expansion.Valuation`), then
lets the modifiers of the expansions in play change that value (an inn doubles a road),
and only then writes the result: expansions compose with these rules instead of
replacing them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..expansion import ScoringContext, Valuation
from ..features import Feature
from ..results import FeatureResult, majority_note, plural

HOUSE_RULE_NOTE = "scores 0 (house rule: incomplete features score nothing)"


def evaluate(feature: Feature, valuation: Valuation, context: ScoringContext) -> Valuation:
    """Let every modifier in play change the valuation of ``feature``."""
    for modify in context.in_play.modifiers_by_kind[feature.kind]:
        modify(feature, valuation, context)
    return valuation


def valuation_text(valuation: Valuation) -> tuple[int, str]:
    """The points of a valuation (without bonuses) and the explanation of them."""
    if valuation.zero_reason is not None:
        return 0, f"{valuation.label}: {valuation.zero_reason}"
    each = valuation.each
    points = each * valuation.units
    shown = [
        f"{plural(count, word, plural_word)} × {each}"
        for index, (count, word, plural_word) in enumerate(valuation.terms)
        if count or index == 0 or valuation.show_empty_terms
    ]
    for extra, note in valuation.plus:
        points += extra
        shown.append(note)
    return points, f"{valuation.label}: {' + '.join(shown)} = {points}"


def majority_text(counts, owners, tie_note: str, *, in_full: bool = True) -> str:
    """The majority note of an explanation; when a tie-break (hills) decided between
    tied players, the tie first and then how it was broken."""
    if tie_note:
        listing = ", ".join(f"{player.value} {count}" for player, count in counts.items())
        return f"; tie for most figures ({listing}){tie_note}"
    return majority_note(counts, owners, in_full=in_full)


def owned_result(
    feature: Feature, context: ScoringContext, points: int, explanation: str,
    extras: dict | None = None,
) -> FeatureResult:
    """The result of a feature scored in full by the players with the most figures."""
    counts = context.figure_counts(feature)
    owners, tie_note = context.owners(feature, counts)
    if tie_note or len(counts) > 1:  # one player alone needs no majority note
        explanation += majority_text(counts, owners, tie_note)
    lists = context.figure_lists(feature) if context.listed_kinds else None
    return FeatureResult(
        kind=feature.kind,
        number=feature.number,
        # A converted city (a castle) is no longer a completed city.
        complete=feature.complete and (not context.in_play.conversions
                                       or context.in_play.conversion_of(feature) is None),
        tiles=tuple(feature.tiles),
        figures=counts,
        owners=tuple(owners),
        points=points,
        scored=dict.fromkeys(owners, points),
        explanation=explanation,
        extras={**(extras or {}), **lists} if lists else dict(extras or {}),
    )


def _valued_result(
    feature: Feature, context: ScoringContext, valuation: Valuation
) -> FeatureResult:
    points, text = valuation_text(evaluate(feature, valuation, context))
    return owned_result(feature, context, points, text, valuation.extras)


def _incomplete(context: ScoringContext, valuation: Valuation) -> Valuation:
    if not context.rules.incomplete_features:
        valuation.zero_reason = HOUSE_RULE_NOTE
    return valuation


def score_roads(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """1 point a tile, completed or not."""
    for road in features:
        terms = [(len(road.tiles), "tile", "tiles")]
        if road.complete:
            label = "completed road (a loop)" if road.is_loop else "completed road"
            valuation = Valuation(label, 1, terms)
        else:
            valuation = _incomplete(context, Valuation("incomplete road", 1, terms))
        yield _valued_result(road, context, valuation)


def score_cities(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """Completed: 2 a tile and 2 a pennant (1 and 1 for a small city under the old rule);
    incomplete: 1 a tile and 1 a pennant."""
    rules = context.rules
    for city in features:
        tiles = len(city.tiles)
        terms = [(tiles, "tile", "tiles"), (city.pennants, "pennant", "pennants")]
        if city.complete:
            if rules.small_cities and tiles == 2:
                valuation = Valuation(
                    "completed small city (old rule: 1 a tile and 1 a pennant)", 1, terms
                )
            else:
                valuation = Valuation("completed city", 2, terms)
        else:
            valuation = _incomplete(context, Valuation("incomplete city", 1, terms))
        yield _valued_result(city, context, valuation)


def score_centres(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """A monastery or garden: 1 for itself and 1 for each tile on the 8 squares around."""
    for centre in features:
        name = centre.kind.value
        label = f"{'completed' if centre.complete else 'incomplete'} {name}"
        valuation = Valuation(label, 1, [(1 + centre.neighbours, "tile", "tiles")])
        if not centre.complete:
            _incomplete(context, valuation)
        evaluate(centre, valuation, context)
        if valuation.zero_reason is not None:
            points, text = 0, f"{valuation.label}: {valuation.zero_reason}"
        else:
            points = valuation.points
            text = f"{valuation.label}: 1 + {plural(centre.neighbours, 'neighbour')}"
            if valuation.each != 1:
                text = f"{valuation.label}: (1 + {plural(centre.neighbours, 'neighbour')})" \
                       f" × {valuation.each}"
            for _, note in valuation.plus:
                text += f" + {note}"
            text += f" = {points}"
        yield owned_result(centre, context, points, text, valuation.extras)
