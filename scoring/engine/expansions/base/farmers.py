"""The farmers: meeples lying in fields, scored at the end by the completed cities.

Three historical methods, chosen by the ``farm_scoring`` rule:

- third edition (current): each farm pays its owners 3 for every completed city it
  borders; a city can pay several farms, even two farms of one player;
- second edition: the same, but a player collects each city at most once;
- first edition: city by city, each completed city pays 4 to the player or players with
  the most farmers on all the farms bordering it, whichever side they are on.

Under the older two methods a city's points are credited to one farm per player: the
lowest-numbered farm bordering the city that the player owns (second edition) or holds a
farmer on (first edition), so that every point appears under exactly one feature.

Points a modifier adds to one farm as a whole (``Valuation.plus``, not per city) go once
to each owner of that farm under every method, on top of what its cities pay.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence

from ...board import Color
from ...common.scorers import evaluate, majority_text, plain_result, term, with_notes, worth
from ...expansion import CityWeight, Conversion, Part, Placement, ScoringContext, Valuation
from ...features import Feature
from ...messages import Listing, Message, Param, PlayerRef, Text, add_templates
from ...results import CityRef, FeatureResult, feature_ref, majority
from ...rules import Choice, RuleOption
from ...tiles import FeatureKind
from ...wording import noun, unit

THIRD_EDITION_POINTS = 3
FIRST_EDITION_POINTS = 4


class FarmScoring(enum.StrEnum):
    """How farms are scored at the end of the game (the ``farm_scoring`` rule)."""

    THIRD_EDITION = "third-edition"
    """Each farm scores 3 for every completed city it borders; one city can pay several
    farms, even several farms of the same player. The rule of every current edition."""
    SECOND_EDITION = "second-edition"
    """Each farm scores 3 for every completed city it borders, but a player collects each
    city at most once, however many of their farms border it."""
    FIRST_EDITION = "first-edition"
    """Scored city by city: each completed city pays 4 to the player or players with the
    most farmers on all the farms that border it, whichever side those farms are on."""

    def __repr__(self) -> str:
        return f"FarmScoring.{self.name}"


FARM_SCORING = RuleOption(
    "farm_scoring", "Farm scoring",
    (
        Choice("third-edition", "3 a completed city for each farm (current rules)",
               FarmScoring.THIRD_EDITION),
        Choice("second-edition", "3 a completed city, each city once a player",
               FarmScoring.SECOND_EDITION),
        Choice("first-edition", "4 a city to the most farmers around it (first edition)",
               FarmScoring.FIRST_EDITION),
    ),
    default="third-edition",
)


def _city_refs(cities: Sequence[Feature], refs: dict[int, CityRef]) -> tuple[CityRef, ...]:
    """The cities as the response lists them; ``refs`` keeps those already written, as
    a city often borders several farms."""
    listed = []
    for city in cities:
        ref = refs.get(city.number)
        if ref is None:
            ref = refs[city.number] = CityRef(city.id, tuple(city.tiles))
        listed.append(ref)
    return tuple(listed)


_FARM = Message("label.farm")
_COMPLETED_CITY = unit("completed_city")
_CITY = noun("city")


def _ordered(scored: dict[Color, int], players: Sequence[Color]) -> dict[Color, int]:
    return {player: scored[player] for player in players if player in scored}


def score_farms(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """Score the occupied farms by the method the rules name."""
    farms = sorted(features, key=lambda farm: farm.number)
    method = context.rules.farm_scoring
    if method is FarmScoring.FIRST_EDITION:
        yield from _score_first_edition(farms, context)
    elif method is FarmScoring.THIRD_EDITION and FeatureKind.FARM in context.in_play.plain_kinds:
        yield from _score_plain_farms(farms, context)
    else:
        once = method is FarmScoring.SECOND_EDITION
        yield from _score_per_farm(farms, context, once_per_player=once)


def _score_plain_farms(farms: Sequence[Feature], context: ScoringContext
                       ) -> Iterator[FeatureResult]:
    """Third-edition farms when no hook in play reaches a farm (see
    :attr:`~scoring.engine.expansion.InPlay.plain_kinds`): each owner collects 3 for each
    completed city, as :func:`_score_per_farm` pays them, without valuing each farm."""
    refs: dict[int, CityRef] = {}
    for farm in farms:
        cities = farm.completed_cities
        value, explanation = worth(_FARM, THIRD_EDITION_POINTS,
                                   [(len(cities), *_COMPLETED_CITY)])
        result = plain_result(farm, context, value, explanation)
        if not result.owners:  # the farm pays no one
            result.points = 0
        result.cities = _city_refs(cities, refs)
        yield result


def _farm_valuation(farm: Feature, context: ScoringContext,
                    cities: Sequence[Feature] | None = None) -> Valuation:
    """The value of a completed city to this farm's owners, as modifiers leave it
    (``cities``: the completed cities that still count as cities, when some were
    turned into something else, such as castles)."""
    if cities is None:
        cities = farm.completed_cities
    valuation = Valuation(
        _FARM, THIRD_EDITION_POINTS, [(len(cities), *_COMPLETED_CITY)]
    )
    return evaluate(farm, valuation, context)


add_templates({
    "label.farm": "farm",
    "farm.each_city_once": "; second-edition scoring pays a player each city once: {notes}",
    "farm.bonus": "; {note}: +{points} a {unit}",
    "farm.bonus_total": " → {points}",
    "farm.owner_bonus": "; {note}: +{points} a {unit} → {player} {total}",
    "farm.cities": "{count} {count|completed city|completed cities} × {each}",
    "farm.cities_weighted": (
        "{count} {count|completed city|completed cities} ({weighted}) = {units} × {each}"),
    "farm.counted_twice": "{count} {kind} counted twice",
    "farm.counted_times": "{count} {kind} counted {times} times",
    "farm.collected_elsewhere": (
        "{player} already collected {cities}, so scores {units} × {rate} = {points}"),
    "farm.collected_elsewhere_extra": (
        "{player} already collected {cities}, so scores {units} × {rate} + {extra} = "
        "{points}"),
    "farm.city_through": "{city} (through {farm})",
    "farm.first_edition": (
        "farm, first-edition scoring (each completed city pays {each} to the most farmers "
        "on all the farms bordering it): {notes}"),
    "farm.flat": "; {notes}: +{points} to each owner",
    "farm.first_edition_none": (
        "farm, first-edition scoring (each completed city pays {each} to the most farmers "
        "on all the farms bordering it): no completed city borders it = 0"),
    "farm.city_awarded": "{city} → {award} (farmers on {farms}: {counts})",
    "farm.city_awarded_elsewhere": "{city} → {award}, counted with {farms}",
    "warning.farm_converted_cities_ignored": (
        "{farm}: first-edition farm scoring pays for completed cities only, so it gives "
        "nothing for {cities} ({kind_plural})."),
    "warning.farm_weighted_cities_once": (
        "{farm}: first-edition farm scoring has no rule for a {kind}, so {cities} counts "
        "once."),
    "warning.farm_bonus_ignored": (
        "{farm}: first-edition farm scoring gives nothing extra for {bonuses}."),
})


def _flat(valuation: Valuation) -> tuple[int, Message | None]:
    """What a modifier adds to the farm as a whole (``Valuation.plus``), paid once to
    each owner, and its note (``; 2 little buildings × 1: +2 to each owner``)."""
    if not valuation.plus:
        return 0, None
    points = sum(points for points, _ in valuation.plus)
    notes = Listing(tuple(note for _, note in valuation.plus), "join.plus")
    return points, Message("farm.flat", {"notes": notes, "points": points})


def _rate(valuation: Valuation, owner: Color) -> int:
    """Points a completed city is worth to ``owner`` through this farm."""
    return (valuation.each + sum(points for points, _ in valuation.shared_bonus)
            + sum(points for points, _ in valuation.owner_bonus.get(owner, ())))


def _bonus_text(valuation: Valuation, owners: Sequence[Color], units: int, extra: int = 0,
                unit: Param = _CITY) -> list[Message]:
    """The explanation of the bonuses: ``; pink's pig: +1 a city → pink 4``; ``extra``
    is what converted cities (castles) add on top of ``units`` times the rate."""
    notes = []
    shared = sum(points for points, _ in valuation.shared_bonus)
    for points, note in valuation.shared_bonus:
        notes.append(Message("farm.bonus", {"note": note, "points": points, "unit": unit}))
    if shared:
        notes.append(Message("farm.bonus_total",
                             {"points": (valuation.each + shared) * units + extra}))
    for owner in owners:
        for points, note in valuation.owner_bonus.get(owner, ()):
            notes.append(Message("farm.owner_bonus", {
                "note": note, "points": points, "unit": unit,
                "player": PlayerRef(owner.value),
                "total": _rate(valuation, owner) * units + extra}))
    return notes


Weighted = Sequence[tuple[Feature, int, CityWeight]]
"""The completed cities of a farm that count more than once (besieged cities), with
their weight and its declaration."""


def _weighted(cities: Sequence[Feature], context: ScoringContext) -> Weighted:
    """The cities among ``cities`` that count more than once for a farm."""
    if not context.in_play.city_weights:
        return ()
    city_weight = context.in_play.city_weight
    found = []
    for city in cities:
        weight, declared = city_weight(city)
        if declared is not None:
            found.append((city, weight, declared))
    return found


def _city_units(cities: Sequence[Feature], weighted: Weighted) -> int:
    """How many times the farm's completed cities pay: once each, a weighted one as
    often as its weight says."""
    return len(cities) + sum(weight - 1 for _, weight, _ in weighted)


def _cities_term(cities: Sequence[Feature], weighted: Weighted, each: int) -> Message:
    """``3 completed cities × 3``, or with weighted cities ``3 completed cities (1
    besieged city counted twice) = 4 × 3``."""
    if not weighted:
        return Message("farm.cities", {"count": len(cities), "each": each})
    groups: dict[tuple[CityWeight, int], int] = {}
    for _, weight, declared in weighted:
        groups[(declared, weight)] = groups.get((declared, weight), 0) + 1
    notes = []
    for (declared, weight), count in groups.items():
        one, many = declared.said
        kind = one if count == 1 else many
        if weight == 2:
            notes.append(Message("farm.counted_twice", {"count": count, "kind": kind}))
        else:
            notes.append(Message("farm.counted_times",
                                 {"count": count, "kind": kind, "times": weight}))
    return Message("farm.cities_weighted", {
        "count": len(cities), "weighted": Listing(tuple(notes)),
        "units": _city_units(cities, weighted), "each": each})


def _weighted_extras(weighted: Weighted) -> dict[str, dict[str, int]]:
    """The farm's response keys for its weighted cities
    (``{"farm_besieged": {"besieged cities": 1}}``)."""
    extras: dict[str, dict[str, int]] = {}
    for _, _, declared in weighted:
        counts = extras.setdefault(declared.key, {declared.plural: 0})
        counts[declared.plural] += 1
    return extras


def _paid_text(valuation: Valuation, cities: Sequence[Feature],
               converted: Sequence[tuple[Feature, Conversion]],
               weighted: Weighted = ()) -> tuple[int, Message, Param]:
    """What the farm pays for its cities (weighted ones counted as often as their
    weight says) and converted cities (castles), each worth its conversion's extra
    more: the value, the explanation and the unit's word."""
    each = valuation.each
    value = each * _city_units(cities, weighted) + sum(
        each + conversion.farm_extra for _, conversion in converted)
    shown: list[Text] = [_cities_term(cities, weighted, each)]
    kinds: dict[Conversion, int] = {}
    for _, conversion in converted:
        kinds[conversion] = kinds.get(conversion, 0) + 1
    for conversion, count in kinds.items():
        shown.append(term(count, *conversion.said, each + conversion.farm_extra))
    unit = Listing((_CITY, *(conversion.said[0] for conversion in kinds)), "join.or")
    return value, Message("score.worth", {"label": valuation.label,
                                          "terms": Listing(tuple(shown), "join.plus"),
                                          "points": value}), unit


def _score_per_farm(
    farms: Sequence[Feature], context: ScoringContext, *, once_per_player: bool
) -> Iterator[FeatureResult]:
    refs: dict[int, CityRef] = {}
    valued = []
    split = context.split_cities
    figure_counts, owners_of = context.figure_counts, context.owners
    for farm in farms:
        counts = figure_counts(farm)
        owners, tie_notes = owners_of(farm, counts)
        cities, converted = split(farm)
        valued.append((farm, counts, owners, tie_notes,
                       _farm_valuation(farm, context, cities), cities, converted,
                       _weighted(cities, context)))
    # Second edition: each owner collects a city once, through the farm of theirs where
    # it is worth the most (the lowest-numbered one on a tie).
    collects: dict[tuple[Color, int], tuple[Feature, int]] = {}
    if once_per_player:
        for farm, _, owners, _, valuation, cities, converted, _ in valued:
            for owner in owners:
                rate = _rate(valuation, owner)
                for city in _paid_cities(cities, converted):
                    best = collects.get((owner, city.number))
                    if best is None or rate > best[1]:
                        collects[(owner, city.number)] = (farm, rate)
    for farm, counts, owners, tie_notes, valuation, cities, converted, weighted in valued:
        # Each bordering completed city pays the rate (a weighted one, a besieged city,
        # as many times as its weight), and a converted one (a castle) its conversion's
        # extra on top.
        weight_of = {city.number: weight for city, weight, _ in weighted}
        city_units = _city_units(cities, weighted)
        units = city_units + len(converted)
        extra = sum(conversion.farm_extra for _, conversion in converted) if converted else 0
        unit: Param
        if converted:
            _, explanation, unit = _paid_text(valuation, cities, converted, weighted)
        else:
            explanation = Message("score.worth", {
                "label": valuation.label,
                "terms": _cities_term(cities, weighted, valuation.each),
                "points": valuation.each * city_units})
            unit = _CITY
        shared_rate = valuation.each + sum(points for points, _ in valuation.shared_bonus)
        added: list[Message | None] = []
        if valuation.shared_bonus or valuation.owner_bonus:
            added += _bonus_text(valuation, owners, units, extra, unit)
        scored: dict[Color, int] = {}
        collected: dict[Color, tuple[int, int]] = {}
        """How many cities each owner collects through this farm, and what converted
        ones (castles) add."""
        notes: list[Message] = []
        for owner in owners:
            if not once_per_player:
                collected[owner] = (units, extra)
                scored[owner] = (_rate(valuation, owner) if valuation.owner_bonus
                                 else shared_rate) * units + extra
                continue
            paid = [(city, 0) for city in cities] + [
                (city, conversion.farm_extra) for city, conversion in converted]
            elsewhere = [city for city, _ in paid
                         if collects[(owner, city.number)][0] is not farm]
            fresh = [(city, more) for city, more in paid if city not in elsewhere]
            fresh_extra = sum(more for _, more in fresh)
            fresh_units = sum(weight_of.get(city.number, 1) for city, _ in fresh)
            collected[owner] = (fresh_units, fresh_extra)
            rate = _rate(valuation, owner)
            scored[owner] = rate * fresh_units + fresh_extra
            if elsewhere:
                params: dict[str, Param] = {
                    "player": PlayerRef(owner.value),
                    "cities": Listing(tuple(
                        Message("farm.city_through", {
                            "city": feature_ref(city),
                            "farm": feature_ref(collects[(owner, city.number)][0])})
                        for city in elsewhere)),
                    "units": fresh_units, "rate": rate, "points": scored[owner]}
                if fresh_extra:
                    params["extra"] = fresh_extra
                notes.append(Message("farm.collected_elsewhere_extra" if fresh_extra
                                     else "farm.collected_elsewhere", params))
        if notes:
            added.append(Message("farm.each_city_once",
                                 {"notes": Listing(tuple(notes), "join.semicolon")}))
        flat, flat_note = _flat(valuation)
        if flat:
            added.append(flat_note)
            for owner in owners:
                scored[owner] += flat
        if tie_notes or len(counts) > 1:
            added.append(majority_text(counts, owners, tie_notes, in_full=not notes))
        lists = context.figure_lists(farm) if context.listed_kinds else None
        yield FeatureResult(
            kind=FeatureKind.FARM,
            number=farm.number,
            complete=False,
            tiles=tuple(farm.tiles),
            figures=counts,
            owners=tuple(owners),
            # What the farm pays its owners without personal bonuses (under second-edition
            # scoring, the most any owner collects through it).
            points=max([shared_rate * count + more + flat
                        for count, more in collected.values()], default=0),
            scored=scored,
            said=with_notes(explanation, added),
            cities=_city_refs(cities, refs),
            extras={**valuation.extras, **_weighted_extras(weighted), **(lists or {})},
        )


def _paid_cities(cities: Sequence[Feature],
                 converted: Sequence[tuple[Feature, Conversion]]) -> list[Feature]:
    """The completed cities a farm is paid for: cities, then converted ones."""
    return [*cities, *(city for city, _ in converted)]


def _score_first_edition(
    farms: Sequence[Feature], context: ScoringContext
) -> Iterator[FeatureResult]:
    counts_of = {
        farm.number: context.figure_counts(farm) for farm in farms
    }
    # Every completed city bordering an occupied farm, with those farms in id order.
    # A city turned into something else (a castle) is not a completed city here: the
    # first-edition method has no rule for it.
    split = {farm.number: context.split_cities(farm) for farm in farms}
    farms_of_city: dict[int, tuple[Feature, list[Feature]]] = {}
    for farm in farms:
        for city in split[farm.number][0]:
            farms_of_city.setdefault(city.number, (city, []))[1].append(farm)

    refs: dict[int, CityRef] = {}
    scored: dict[int, dict[Color, int]] = {farm.number: {} for farm in farms}
    notes: dict[int, list[Message]] = {farm.number: [] for farm in farms}
    for number in sorted(farms_of_city):
        city, bordering = farms_of_city[number]
        totals: dict[Color, int] = {}
        for farm in bordering:
            for player, count in counts_of[farm.number].items():
                totals[player] = totals.get(player, 0) + count
        totals = _ordered(totals, context.players)
        winners = majority(totals)
        credited: dict[Color, Feature] = {
            winner: next(farm for farm in bordering if winner in counts_of[farm.number])
            for winner in winners
        }
        counted = Listing(tuple(Message("player.count", {"player": PlayerRef(player.value),
                                                          "count": count})
                                for player, count in totals.items()))
        farm_refs = Listing(tuple(feature_ref(farm) for farm in bordering))
        award = Listing(tuple(Message("player.points", {"player": PlayerRef(winner.value),
                                                        "points": FIRST_EDITION_POINTS})
                              for winner in winners), "join.and")
        city_ref = feature_ref(city)
        for farm in bordering:
            here = [winner for winner in winners if credited[winner] is farm]
            for winner in here:
                farm_scored = scored[farm.number]
                farm_scored[winner] = farm_scored.get(winner, 0) + FIRST_EDITION_POINTS
            if here:
                notes[farm.number].append(Message("farm.city_awarded", {
                    "city": city_ref, "award": award, "farms": farm_refs, "counts": counted}))
            else:
                others = sorted({credited[winner].id: credited[winner]
                                 for winner in winners}.items())
                notes[farm.number].append(Message("farm.city_awarded_elsewhere", {
                    "city": city_ref, "award": award,
                    "farms": Listing(tuple(feature_ref(other) for _, other in others))}))

    for farm in farms:
        counts = counts_of[farm.number]
        owners = majority(counts)
        cities, converted = split[farm.number]
        valuation = _farm_valuation(farm, context, cities)
        if converted:
            context.warnings.append((
                "farm_bonus_ignored", farm.id,
                Message("warning.farm_converted_cities_ignored", {
                    "farm": feature_ref(farm), "kind_plural": converted[0][1].said[1],
                    "cities": Listing(tuple(feature_ref(city) for city, _ in converted))}),
            ))
        weighted = _weighted(cities, context)
        if weighted:
            context.warnings.append((
                "farm_bonus_ignored", farm.id,
                Message("warning.farm_weighted_cities_once", {
                    "farm": feature_ref(farm), "kind": weighted[0][2].said[0],
                    "cities": Listing(tuple(feature_ref(city) for city, _, _ in weighted))}),
            ))
        if valuation.shared_bonus or valuation.owner_bonus:
            notes_on = [note for _, note in valuation.shared_bonus] or [
                note for bonuses in valuation.owner_bonus.values() for _, note in bonuses
            ]
            context.warnings.append((
                "farm_bonus_ignored", farm.id,
                Message("warning.farm_bonus_ignored", {
                    "farm": feature_ref(farm), "bonuses": Listing(tuple(notes_on))}),
            ))
        farm_scored = {owner: 0 for owner in owners}
        farm_scored.update(scored[farm.number])
        flat, flat_note = _flat(valuation)
        for owner in owners:  # the farm's own majority: the players it is scored for
            farm_scored[owner] += flat
        farm_scored = _ordered(farm_scored, context.players)
        if cities:
            said = Message("farm.first_edition", {
                "each": FIRST_EDITION_POINTS,
                "notes": Listing(tuple(notes[farm.number]), "join.semicolon")})
        else:
            said = Message("farm.first_edition_none", {"each": FIRST_EDITION_POINTS})
        said = with_notes(said, [flat_note])
        yield FeatureResult(
            kind=FeatureKind.FARM,
            number=farm.number,
            complete=False,
            tiles=tuple(farm.tiles),
            figures=counts,
            owners=tuple(owners),
            points=max(farm_scored.values(), default=0),
            scored=farm_scored,
            said=said,
            cities=_city_refs(cities, refs),
            extras={**valuation.extras, **context.figure_lists(farm)},
        )


PART = Part(
    code="farmers",
    name="The Farmers",
    title="Farmers",
    other_editions=("WE",),
    placements=(Placement("meeple", FeatureKind.FARM, "farmer"),),
    scorers=((FeatureKind.FARM, score_farms),),
    rule_options=(FARM_SCORING,),
    in_play_by_default=True,
)
