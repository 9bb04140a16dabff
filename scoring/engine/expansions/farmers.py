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
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board import Color
from ..features import Feature
from ..results import CityRef, FeatureResult, figure_counts, majority, majority_note, plural
from ..rules import Edition, FarmScoring
from ..tiles import FeatureKind
from ..variants import Expansion, Placement, ScoringContext

THIRD_EDITION_POINTS = 3
FIRST_EDITION_POINTS = 4


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


def _cities_text(count: int) -> str:
    return plural(count, "completed city", "completed cities")


def _ordered(scored: dict[Color, int], players: Sequence[Color]) -> dict[Color, int]:
    return {player: scored[player] for player in players if player in scored}


def score_farms(features: Sequence[Feature], context: ScoringContext) -> Iterator[FeatureResult]:
    """Score the occupied farms by the method the rules name."""
    farms = sorted(features, key=lambda farm: farm.number)
    method = context.rules.farm_scoring
    if method is FarmScoring.FIRST_EDITION:
        yield from _score_first_edition(farms, context)
    else:
        once = method is FarmScoring.SECOND_EDITION
        yield from _score_per_farm(farms, context, once_per_player=once)


def _score_per_farm(
    farms: Sequence[Feature], context: ScoringContext, *, once_per_player: bool
) -> Iterator[FeatureResult]:
    collected: dict[Color, dict[int, str]] = {}  # player -> city number -> farm id
    refs: dict[int, CityRef] = {}
    for farm in farms:
        cities = farm.completed_cities
        value = THIRD_EDITION_POINTS * len(cities)
        counts = figure_counts(farm.figures, context.strengths, context.players)
        owners = majority(counts)
        explanation = f"farm: {_cities_text(len(cities))} × {THIRD_EDITION_POINTS} = {value}"
        scored: dict[Color, int] = {}
        notes: list[str] = []
        for owner in owners:
            if not once_per_player:
                scored[owner] = value
                continue
            already = collected.setdefault(owner, {})
            repeated = [city for city in cities if city.number in already]
            fresh = [city for city in cities if city.number not in already]
            for city in fresh:
                already[city.number] = farm.id
            scored[owner] = THIRD_EDITION_POINTS * len(fresh)
            if repeated:
                listing = ", ".join(
                    f"{city.id} (through {already[city.number]})" for city in repeated
                )
                notes.append(
                    f"{owner.value} already collected {listing}, so scores "
                    f"{len(fresh)} × {THIRD_EDITION_POINTS} = {scored[owner]}"
                )
        if notes:
            explanation += (
                "; second-edition scoring pays a player each city once: " + "; ".join(notes)
            )
        yield FeatureResult(
            kind=FeatureKind.FARM,
            number=farm.number,
            complete=False,
            tiles=tuple(farm.tiles),
            figures=counts,
            owners=tuple(owners),
            points=max(scored.values(), default=0),
            scored=scored,
            explanation=explanation + majority_note(counts, owners, in_full=not notes),
            cities=_city_refs(cities, refs),
        )


def _score_first_edition(
    farms: Sequence[Feature], context: ScoringContext
) -> Iterator[FeatureResult]:
    counts_of = {
        farm.number: figure_counts(farm.figures, context.strengths, context.players)
        for farm in farms
    }
    # Every completed city bordering an occupied farm, with those farms in id order.
    farms_of_city: dict[int, tuple[Feature, list[Feature]]] = {}
    for farm in farms:
        for city in farm.completed_cities:
            farms_of_city.setdefault(city.number, (city, []))[1].append(farm)

    refs: dict[int, CityRef] = {}
    scored: dict[int, dict[Color, int]] = {farm.number: {} for farm in farms}
    notes: dict[int, list[str]] = {farm.number: [] for farm in farms}
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
        listing = ", ".join(f"{player.value} {count}" for player, count in totals.items())
        farm_ids = ", ".join(farm.id for farm in bordering)
        award = " and ".join(f"{winner.value} {FIRST_EDITION_POINTS}" for winner in winners)
        for farm in bordering:
            here = [winner for winner in winners if credited[winner] is farm]
            for winner in here:
                farm_scored = scored[farm.number]
                farm_scored[winner] = farm_scored.get(winner, 0) + FIRST_EDITION_POINTS
            if here:
                notes[farm.number].append(
                    f"{city.id} → {award} (farmers on {farm_ids}: {listing})"
                )
            else:
                others = sorted({credited[winner].id for winner in winners})
                notes[farm.number].append(
                    f"{city.id} → {award}, counted with {', '.join(others)}"
                )

    for farm in farms:
        counts = counts_of[farm.number]
        owners = majority(counts)
        farm_scored = {owner: 0 for owner in owners}
        farm_scored.update(scored[farm.number])
        farm_scored = _ordered(farm_scored, context.players)
        cities = farm.completed_cities
        if cities:
            detail = "; ".join(notes[farm.number])
        else:
            detail = "no completed city borders it = 0"
        explanation = (
            f"farm, first-edition scoring (each completed city pays {FIRST_EDITION_POINTS} "
            f"to the most farmers on all the farms bordering it): {detail}"
        )
        yield FeatureResult(
            kind=FeatureKind.FARM,
            number=farm.number,
            complete=False,
            tiles=tuple(farm.tiles),
            figures=counts,
            owners=tuple(owners),
            points=max(farm_scored.values(), default=0),
            scored=farm_scored,
            explanation=explanation,
            cities=_city_refs(cities, refs),
        )


EXPANSION = Expansion(
    code="farmers",
    name="The Farmers",
    editions=frozenset(Edition),
    placements=(Placement("meeple", FeatureKind.FARM, "farmer"),),
    scorers=((FeatureKind.FARM, score_farms),),
)
