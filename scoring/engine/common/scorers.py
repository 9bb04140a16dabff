"""The base game's feature scorers, which its parts and other expansions reuse.

At the end of the game an incomplete road scores 1 a tile, an incomplete city 1 a tile
and 1 a pennant, a monastery 1 plus 1 for each of its 8 neighbours on the table; a
completed road, city or monastery that still holds figures scores as completed (a city
then 2 a tile and 2 a pennant). The players with the most figures on a feature score it,
each in full on a tie.

Each scorer first values a feature (:class:`~scoring.engine.expansion.Valuation`), then
lets the modifiers of the expansions in play change that value (an inn doubles a road),
and only then writes the result: expansions compose with these rules instead of
replacing them. A kind that no hook in play reaches (see
:attr:`~scoring.engine.expansion.InPlay.plain_kinds`) skips that machinery: its features
are valued straight from these rules, with the same texts (:func:`worth`,
:func:`centre_worth`), and written by :func:`plain_result`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..board import Color
from ..expansion import ScoringContext, Valuation
from ..features import Feature
from ..results import FeatureResult, figure_counts, majority, majority_note, plural
from ..tiles import FeatureKind

HOUSE_RULE_NOTE = "scores 0 (house rule: incomplete features score nothing)"


def evaluate(feature: Feature, valuation: Valuation, context: ScoringContext) -> Valuation:
    """Let every modifier in play change the valuation of ``feature``."""
    for modify in context.in_play.modifiers_by_kind[feature.kind]:
        modify(feature, valuation, context)
    return valuation


def worth(
    label: str, each: int, terms: Sequence[tuple[int, str, str]], zero_reason: str | None = None,
    plus: Sequence[tuple[int, str]] = (), show_empty_terms: bool = False,
) -> tuple[int, str]:
    """The points of ``each`` a unit of the ``terms``, plus ``plus``, and the explanation
    of them (``incomplete city: 3 tiles × 1 + 1 pennant × 1 = 4``); 0 with the reason
    when ``zero_reason`` is set. See :class:`~scoring.engine.expansion.Valuation`."""
    if zero_reason is not None:
        return 0, f"{label}: {zero_reason}"
    if len(terms) == 1 and not plus:  # a road, a farm: one term, nothing added
        ((count, word, plural_word),) = terms
        points = each * count
        return points, f"{label}: {plural(count, word, plural_word)} × {each} = {points}"
    points = each * sum(count for count, _, _ in terms)
    shown = [
        f"{plural(count, word, plural_word)} × {each}"
        for index, (count, word, plural_word) in enumerate(terms)
        if count or index == 0 or show_empty_terms
    ]
    for extra, note in plus:
        points += extra
        shown.append(note)
    return points, f"{label}: {' + '.join(shown)} = {points}"


def valuation_text(valuation: Valuation) -> tuple[int, str]:
    """The points of a valuation (without bonuses) and the explanation of them."""
    return worth(valuation.label, valuation.each, valuation.terms, valuation.zero_reason,
                 valuation.plus, valuation.show_empty_terms)


def majority_text(counts: Mapping[Color, int], owners: Sequence[Color], tie_note: str, *,
                  in_full: bool = True) -> str:
    """The majority note of an explanation; when a tie-break (hills) decided between
    tied players, the tie first and then how it was broken."""
    if tie_note:
        listing = ", ".join(f"{player.value} {count}" for player, count in counts.items())
        return f"; tie for most figures ({listing}){tie_note}"
    return majority_note(counts, owners, in_full=in_full)


def owned_result(
    feature: Feature, context: ScoringContext, points: int, explanation: str,
    extras: dict[str, Any] | None = None,
) -> FeatureResult:
    """The result of a feature scored in full by the players with the most figures."""
    counts = context.figure_counts(feature)
    owners, tie_note = context.owners(feature, counts)
    if tie_note or len(counts) > 1:  # one player alone needs no majority note
        explanation += majority_text(counts, owners, tie_note)
    explanation += context.zero_strength_note(feature)
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


def plain_result(
    feature: Feature, context: ScoringContext, points: int, explanation: str
) -> FeatureResult:
    """:func:`owned_result` for a feature of a kind no hook in play reaches (see
    :attr:`~scoring.engine.expansion.InPlay.plain_kinds`): the same result, with the
    majority taken straight from the figures' fixed strengths and no extras."""
    counts = figure_counts(feature.figures, context.strengths, context.players)
    owners = tuple(majority(counts))
    if len(counts) > 1:  # one player alone needs no majority note
        explanation += majority_note(counts, owners)
    return FeatureResult(feature.kind, feature.number, feature.complete, tuple(feature.tiles),
                         counts, owners, points, dict.fromkeys(owners, points), explanation,
                         None, {})


def _valued_result(
    feature: Feature, context: ScoringContext, valuation: Valuation
) -> FeatureResult:
    points, text = valuation_text(evaluate(feature, valuation, context))
    return owned_result(feature, context, points, text, valuation.extras)


def _incomplete_reason(context: ScoringContext) -> str | None:
    """Why an incomplete feature scores nothing, when the house rule says so."""
    return None if context.rules.incomplete_features else HOUSE_RULE_NOTE


def score_roads(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """1 point a tile, completed or not."""
    plain = FeatureKind.ROAD in context.in_play.plain_kinds
    incomplete = _incomplete_reason(context)
    for road in features:
        terms = [(len(road.tiles), "tile", "tiles")]
        if road.complete:
            label = "completed road (a loop)" if road.is_loop else "completed road"
            zero_reason = None
        else:
            label, zero_reason = "incomplete road", incomplete
        if plain:
            yield plain_result(road, context, *worth(label, 1, terms, zero_reason))
        else:
            yield _valued_result(road, context, Valuation(label, 1, terms, zero_reason))


def score_cities(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """Completed: 2 a tile and 2 a pennant (1 and 1 for a small city under the old rule);
    incomplete: 1 a tile and 1 a pennant."""
    small_cities = context.rules.small_cities
    pennant, pennants = context.wording.words("pennant")
    plain = FeatureKind.CITY in context.in_play.plain_kinds
    incomplete = _incomplete_reason(context)
    for city in features:
        tiles = len(city.tiles)
        terms = [(tiles, "tile", "tiles"), (city.pennants, pennant, pennants)]
        zero_reason = None
        if city.complete:
            if small_cities and tiles == 2:
                label, each = f"completed small city (old rule: 1 a tile and 1 a {pennant})", 1
            else:
                label, each = "completed city", 2
        else:
            label, each, zero_reason = "incomplete city", 1, incomplete
        if plain:
            yield plain_result(city, context, *worth(label, each, terms, zero_reason))
        else:
            yield _valued_result(city, context, Valuation(label, each, terms, zero_reason))


def centre_worth(label: str, neighbours: int, points: int, zero_reason: str | None = None,
                 each: int = 1, plus: Sequence[tuple[int, str]] = ()) -> tuple[int, str]:
    """A monastery or garden worth ``points``, ``each`` for itself and each neighbour plus
    ``plus``, with the explanation (``incomplete monastery: 1 + 5 neighbours = 6``); 0
    with the reason when ``zero_reason`` is set."""
    if zero_reason is not None:
        return 0, f"{label}: {zero_reason}"
    if each != 1:
        text = f"{label}: (1 + {plural(neighbours, 'neighbour')}) × {each}"
    else:
        text = f"{label}: 1 + {plural(neighbours, 'neighbour')}"
    for _, note in plus:
        text += f" + {note}"
    return points, f"{text} = {points}"


def score_centres(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """A monastery or garden: 1 for itself and 1 for each tile on the 8 squares around."""
    incomplete = _incomplete_reason(context)
    plain = bool(features) and features[0].kind in context.in_play.plain_kinds
    for centre in features:
        noun = centre.kind.value
        if noun == "monastery":  # the cloister of the first edition's rulebook
            noun = context.wording.monastery[0]
        label = f"{'completed' if centre.complete else 'incomplete'} {noun}"
        zero_reason = None if centre.complete else incomplete
        if plain:
            yield plain_result(centre, context, *centre_worth(
                label, centre.neighbours, 1 + centre.neighbours, zero_reason))
            continue
        valuation = Valuation(label, 1, [(1 + centre.neighbours, "tile", "tiles")], zero_reason)
        evaluate(centre, valuation, context)
        points, text = centre_worth(valuation.label, centre.neighbours, valuation.points,
                                    valuation.zero_reason, valuation.each, valuation.plus)
        yield owned_result(centre, context, points, text, valuation.extras)
