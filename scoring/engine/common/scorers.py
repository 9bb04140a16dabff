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
from ..messages import Listing, Message, Param, Text
from ..results import FeatureResult, figure_counts, majority, majority_note, player_counts
from ..tiles import FeatureKind
from ..wording import TILE, noun

HOUSE_RULE_NOTE = Message("score.house_rule_zero")


def evaluate(feature: Feature, valuation: Valuation, context: ScoringContext) -> Valuation:
    """Let every modifier in play change the valuation of ``feature``."""
    for modify in context.in_play.modifiers_by_kind[feature.kind]:
        modify(feature, valuation, context)
    return valuation


def term(count: int, word: Message, plural_word: Message, each: int) -> Message:
    """``3 tiles × 2``: a count of units, the word its count takes, and the rate."""
    return Message("score.term", {"count": count, "unit": word if count == 1 else plural_word,
                                  "each": each})


def worth(
    label: Text, each: int, terms: Sequence[tuple[int, Message, Message]],
    zero_reason: Text | None = None, plus: Sequence[tuple[int, Text]] = (),
    show_empty_terms: bool = False,
) -> tuple[int, Message]:
    """The points of ``each`` a unit of the ``terms``, plus ``plus``, and the explanation
    of them (``incomplete city: 3 tiles × 1 + 1 pennant × 1 = 4``); 0 with the reason
    when ``zero_reason`` is set. See :class:`~scoring.engine.expansion.Valuation`."""
    if zero_reason is not None:
        return 0, Message("score.zero", {"label": label, "reason": zero_reason})
    if len(terms) == 1 and not plus:  # a road, a farm: one term, nothing added
        ((count, word, plural_word),) = terms
        points = each * count
        return points, Message("score.worth_one", {
            "label": label, "count": count, "unit": word if count == 1 else plural_word,
            "each": each, "points": points})
    points = each * sum(count for count, _, _ in terms)
    if not plus and len(terms) == 2:  # a city: one message, not one for each term
        (count, word, plural_word), (count2, word2, plural_word2) = terms
        if not count2 and not show_empty_terms:  # no pennants: they are not written
            return points, Message("score.worth_one", {
                "label": label, "count": count, "unit": word if count == 1 else plural_word,
                "each": each, "points": points})
        return points, Message("score.worth_two", {
            "label": label, "count": count, "unit": word if count == 1 else plural_word,
            "each": each, "count2": count2,
            "unit2": word2 if count2 == 1 else plural_word2, "points": points})
    shown: list[Text] = [
        term(count, word, plural_word, each)
        for index, (count, word, plural_word) in enumerate(terms)
        if count or index == 0 or show_empty_terms
    ]
    for extra, note in plus:
        points += extra
        shown.append(note)
    return points, Message("score.worth", {
        "label": label, "terms": Listing(tuple(shown), "join.plus"), "points": points})


def valuation_text(valuation: Valuation) -> tuple[int, Message]:
    """The points of a valuation (without bonuses) and the explanation of them."""
    return worth(valuation.label, valuation.each, valuation.terms, valuation.zero_reason,
                 valuation.plus, valuation.show_empty_terms)


def majority_text(counts: Mapping[Color, int], owners: Sequence[Color],
                  tie_notes: Sequence[Text], *, in_full: bool = True) -> Message | None:
    """The majority note of an explanation; when a tie-break (hills) decided between
    tied players, the tie first and then how it was broken."""
    if tie_notes:
        return Message("majority.tie_broken", {
            "counts": player_counts(counts),
            "notes": Listing(tuple(Message("score.note", {"note": note}) for note in tie_notes),
                             "join.none")})
    return majority_note(counts, owners, in_full=in_full)


def with_notes(explanation: Message, notes: Sequence[Message | None]) -> Message:
    """The explanation followed by the notes that are there (a majority, a figure that
    counts 0)."""
    found = tuple(note for note in notes if note is not None)
    if not found:
        return explanation
    return Message("score.with_notes", {"explanation": explanation,
                                        "notes": Listing(found, "join.none")})


def owned_result(
    feature: Feature, context: ScoringContext, points: int, explanation: Message,
    extras: dict[str, Any] | None = None,
) -> FeatureResult:
    """The result of a feature scored in full by the players with the most figures."""
    counts = context.figure_counts(feature)
    owners, tie_notes = context.owners(feature, counts)
    majority_said = (majority_text(counts, owners, tie_notes)
                     if tie_notes or len(counts) > 1 else None)  # one player needs no note
    zero = context.zero_strength_note(feature)
    if majority_said is not None or zero:
        explanation = with_notes(explanation, [majority_said, *zero])
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
        said=explanation,
        extras={**(extras or {}), **lists} if lists else dict(extras or {}),
    )


def plain_result(
    feature: Feature, context: ScoringContext, points: int, explanation: Message
) -> FeatureResult:
    """:func:`owned_result` for a feature of a kind no hook in play reaches (see
    :attr:`~scoring.engine.expansion.InPlay.plain_kinds`): the same result, with the
    majority taken straight from the figures' fixed strengths and no extras."""
    counts = figure_counts(feature.figures, context.strengths, context.players)
    owners = tuple(majority(counts))
    if len(counts) > 1:  # one player alone needs no majority note
        explanation = with_notes(explanation, [majority_note(counts, owners)])
    return FeatureResult(feature.kind, feature.number, feature.complete, tuple(feature.tiles),
                         counts, owners, points, dict.fromkeys(owners, points), explanation,
                         None, {})


def _valued_result(
    feature: Feature, context: ScoringContext, valuation: Valuation
) -> FeatureResult:
    points, text = valuation_text(evaluate(feature, valuation, context))
    return owned_result(feature, context, points, text, valuation.extras)


def _incomplete_reason(context: ScoringContext) -> Message | None:
    """Why an incomplete feature scores nothing, when the house rule says so."""
    return None if context.rules.incomplete_features else HOUSE_RULE_NOTE


_ROAD, _CITY = noun("road"), noun("city")
_COMPLETED_ROAD = Message("label.completed", {"noun": _ROAD})
_COMPLETED_LOOP = Message("label.completed_loop", {"noun": _ROAD})
_INCOMPLETE_ROAD = Message("label.incomplete", {"noun": _ROAD})
_COMPLETED_CITY = Message("label.completed", {"noun": _CITY})
_INCOMPLETE_CITY = Message("label.incomplete", {"noun": _CITY})


def score_roads(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """1 point a tile, completed or not."""
    plain = FeatureKind.ROAD in context.in_play.plain_kinds
    incomplete = _incomplete_reason(context)
    for road in features:
        terms = [(len(road.tiles), *TILE)]
        zero_reason: Message | None
        if road.complete:
            label = _COMPLETED_LOOP if road.is_loop else _COMPLETED_ROAD
            zero_reason = None
        else:
            label, zero_reason = _INCOMPLETE_ROAD, incomplete
        if plain:
            yield plain_result(road, context, *worth(label, 1, terms, zero_reason))
        else:
            yield _valued_result(road, context, Valuation(label, 1, terms, zero_reason))


def score_cities(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """Completed: 2 a tile and 2 a pennant (1 and 1 for a small city under the old rule);
    incomplete: 1 a tile and 1 a pennant."""
    small_cities = context.rules.small_cities
    pennant, pennants = context.wording.unit("pennant")
    plain = FeatureKind.CITY in context.in_play.plain_kinds
    incomplete = _incomplete_reason(context)
    for city in features:
        tiles = len(city.tiles)
        terms = [(tiles, *TILE), (city.pennants, pennant, pennants)]
        zero_reason = None
        if city.complete:
            if small_cities and tiles == 2:
                label, each = Message("label.completed_small_city",
                                      {"noun": _CITY, "pennant": pennant}), 1
            else:
                label, each = _COMPLETED_CITY, 2
        else:
            label, each, zero_reason = _INCOMPLETE_CITY, 1, incomplete
        if plain:
            yield plain_result(city, context, *worth(label, each, terms, zero_reason))
        else:
            yield _valued_result(city, context, Valuation(label, each, terms, zero_reason))


def centre_worth(label: Text, neighbours: int, points: int, zero_reason: Text | None = None,
                 each: int = 1, plus: Sequence[tuple[int, Text]] = ()) -> tuple[int, Message]:
    """A monastery or garden worth ``points``, ``each`` for itself and each neighbour plus
    ``plus``, with the explanation (``incomplete monastery: 1 + 5 neighbours = 6``); 0
    with the reason when ``zero_reason`` is set."""
    if zero_reason is not None:
        return 0, Message("score.zero", {"label": label, "reason": zero_reason})
    added: Param = Listing(tuple(Message("score.plus_note", {"note": note})
                                 for _, note in plus), "join.none") if plus else _NOTHING_ADDED
    if each != 1:
        return points, Message("score.centre_times", {
            "label": label, "neighbours": neighbours, "each": each, "plus": added,
            "points": points})
    return points, Message("score.centre", {
        "label": label, "neighbours": neighbours, "plus": added, "points": points})


_NOTHING_ADDED = Listing((), "join.none")
"""What a monastery's explanation adds when nothing is added: no words."""

_CENTRE_LABELS: dict[tuple[bool, str], Message] = {}


def _centre_label(complete: bool, word: Message) -> Message:
    """``completed monastery``: made once for each state and noun, so that its English
    is written once."""
    label = _CENTRE_LABELS.get((complete, word.id))
    if label is None:
        label = _CENTRE_LABELS[(complete, word.id)] = Message(
            "label.completed" if complete else "label.incomplete", {"noun": word})
    return label


def score_centres(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """A monastery or garden: 1 for itself and 1 for each tile on the 8 squares around."""
    incomplete = _incomplete_reason(context)
    plain = bool(features) and features[0].kind in context.in_play.plain_kinds
    for centre in features:
        # The cloister of the first edition's rulebook.
        word = (context.wording.noun("monastery") if centre.kind is FeatureKind.MONASTERY
                else noun(centre.kind.value))
        label = _centre_label(centre.complete, word)
        zero_reason = None if centre.complete else incomplete
        if plain:
            yield plain_result(centre, context, *centre_worth(
                label, centre.neighbours, 1 + centre.neighbours, zero_reason))
            continue
        valuation = Valuation(label, 1, [(1 + centre.neighbours, *TILE)], zero_reason)
        evaluate(centre, valuation, context)
        points, text = centre_worth(valuation.label, centre.neighbours, valuation.points,
                                    valuation.zero_reason, valuation.each, valuation.plus)
        yield owned_result(centre, context, points, text, valuation.extras)
