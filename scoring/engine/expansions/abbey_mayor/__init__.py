"""Abbey & Mayor (C1, C2): the abbey tiles, the mayor, the wagon and the barn.

- The abbey (tile ``abbey-mayor-A``, one per player) is laid into a hole whatever its
  neighbours show, and its walls end every road, city and field that reaches them. It is
  a monastery: a monk on it scores 1 + 1 a neighbouring tile at the end. On a finished
  board an abbey has a tile on each of its four sides, and no player has laid more than
  one.
- The mayor stands only in a city; his strength there is the number of pennants of the
  whole city, so in a city without pennants he counts nothing.
- The wagon is a follower of strength 1 on a road, a city or a monastery, never in a
  field; at the end it scores like a meeple.
- The barn stands on the corner where four field corners meet. At the end each barn pays
  its owner 4 for every completed city its field borders, whatever the majority. A field
  that holds both a barn and farmers was joined to the barn on the last turn: the
  farmers' majority then scores 1 a completed city (pigs and pig-herds still add theirs),
  as that turn would have. The barn gets no pig or pig-herd bonus.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    FigureKind,
    LayoutRule,
    Part,
    Placement,
    PlayerBonus,
    ScoreModifier,
    ScoringContext,
    Stand,
    TileTrait,
    Valuation,
    WhenMissing,
)
from ...features import Feature
from ...locations import Side
from ...messages import Listing, Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape
from ...problems import BoardError, ProblemCode
from ...results import BonusResult, feature_ref
from ...rules import Edition
from ...tiles import FeatureKind
from ...wording import unit
from ...words import side_word

_COMPLETED_CITY = unit("completed_city")

add_templates({
    "error.too_many_abbeys.the_board_holds_abbeys_but": (
        "The board holds {count} abbeys but there are {players} players: each player has one "
        "abbey tile."),
    "error.abbey_not_in_hole.the_abbey_at_has_no": (
        "The abbey at ({tile_x},{tile_y}) has no tile to its {sides}: an abbey is only laid "
        "into a hole with a tile on each of its four sides."),
})

add_templates({
    "barn.bonus": "{player}'s barn in {farm}: {worked_out}",
    "barn.worked_out": "{count} {unit} × {each}{converted} = {points}",
    "barn.converted_term": " + 1 {word} × {each}",
    "barn.farm_without_farmer": "farm with a barn but no farmer (only the barn scores)",
    "barn.farm_joined": "farm joined to a barn's field on the last turn",
})

EDITIONS = frozenset({Edition.C1, Edition.C2})
ABBEY_TILE = "abbey-mayor-A"
BARN_POINTS = 4
JOINED_FARM_POINTS = 1

ABBEY_TRAIT = TileTrait(
    "abbey", any_edges=True, closes=True,
    meaning="An abbey: fits any hole and ends every feature that reaches its walls.",
)
ABBEY_NOT_IN_HOLE = ProblemCode(
    "abbey_not_in_hole", "an abbey without a tile on each of its four sides",
)
TOO_MANY_ABBEYS = ProblemCode(
    "too_many_abbeys", "more abbeys on the board than players (one abbey a player)",
)

# A stout figure in a long coat and a brimmed hat.
MAYOR_OUTLINE = (
    "M0,-17 C3.4,-17 4.6,-15 4.6,-12.6 L8.5,-12.6 L8.5,-11 L3.8,-11 "
    "C3.6,-8.8 2.6,-7.3 1.6,-6.8 L8,-4.6 L10.5,13 L-10.5,13 L-8,-4.6 "
    "L-1.6,-6.8 C-2.6,-7.3 -3.6,-8.8 -3.8,-11 L-8.5,-11 L-8.5,-12.6 "
    "L-4.6,-12.6 C-4.6,-15 -3.4,-17 0,-17 Z"
)
# A covered wagon on two wheels.
WAGON_OUTLINE = (
    "M-11,-4 C-11,-14 11,-14 11,-4 L13,-4 L13,4 L-13,4 L-13,-4 Z M-11.5,7 "
    "A4.5,4.5 0 1,1 -2.5,7 A4.5,4.5 0 1,1 -11.5,7 Z M2.5,7 A4.5,4.5 0 1,1 "
    "11.5,7 A4.5,4.5 0 1,1 2.5,7 Z"
)
# A barn: walls under a broken roof, its door open.
BARN_OUTLINE = (
    "M-12,12 L-12,-3 L-8,-10 L0,-14 L8,-10 L12,-3 L12,12 L4,12 L4,6 L-4,6 "
    "L-4,12 Z"
)
MAYOR = FigureKind(code="mayor", name="mayor", limit=1, strength_of=lambda city: city.pennants,
                   strength_words="1 a {pennant} of his city",
                   when_missing=WhenMissing.UNKNOWN_KIND, silhouette=MAYOR_OUTLINE)
WAGON = FigureKind(code="wagon", name="wagon", limit=1, when_missing=WhenMissing.UNKNOWN_KIND,
                   silhouette=WAGON_OUTLINE)
BARN = FigureKind(code="barn", name="barn", limit=1, strength=0, follower=False,
                  stands=Stand.CORNER, listed_as="barns", when_missing=WhenMissing.UNKNOWN_KIND,
                  silhouette=BARN_OUTLINE)


def abbeys_in_holes(tiles: Sequence[Any]) -> Iterator[BoardError]:
    """Every abbey has a tile on its four sides: it is only ever laid into a hole."""
    abbeys = [tile for tile in tiles if tile.code == ABBEY_TILE]
    if not abbeys:
        return
    taken = {(tile.x, tile.y) for tile in tiles}
    for tile in abbeys:
        missing = [side_word(side) for side in Side
                   if (tile.x + side.offset[0], tile.y + side.offset[1]) not in taken]
        if missing:
            sides = (missing[0] if len(missing) == 1
                     else Listing((Listing(tuple(missing[:-1])), missing[-1]), "join.and"))
            yield BoardError(
                f"tiles[{tile.index}]", ABBEY_NOT_IN_HOLE,
                Message("error.abbey_not_in_hole.the_abbey_at_has_no", {
                    "tile_x": tile.x, "tile_y": tile.y, "sides": sides}),
            )


def one_abbey_a_player(view: BoardView) -> Iterator[BoardError]:
    """No more abbeys than players: each player has one."""
    count = sum(1 for tile in view.request.board.tiles if tile.code == ABBEY_TILE)
    players = len(view.request.players)
    if count > players:
        yield BoardError(
            "tiles", TOO_MANY_ABBEYS,
            Message("error.too_many_abbeys.the_board_holds_abbeys_but", {
                "count": count, "players": players}),
        )


def joined_to_barn(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """Farmers in a field with a barn were joined to it on the last turn: 1 a city. A
    field with a barn and no farmer pays nobody but the barn's owner (see
    :func:`score_barns`), so its own line says 0 rather than what farmers would get."""
    if any(figure.kind == BARN.code for figure in feature.figures):
        if not context.figure_counts(feature):
            valuation.each = 0
            valuation.label = Message("barn.farm_without_farmer")
            return
        valuation.each = JOINED_FARM_POINTS
        valuation.label = Message("barn.farm_joined")


def score_barns(context: ScoringContext) -> list[BonusResult]:
    """4 to each barn's owner for every completed city its field borders."""
    results = []
    # Only occupied features: a barn is a figure (listing every farm would build every
    # feature of the board, which scoring otherwise never needs).
    for farm in context.graph.occupied():
        if farm.kind is not FeatureKind.FARM:
            continue
        owners = [figure.player for figure in farm.figures if figure.kind == BARN.code]
        if not owners:
            continue
        # A city turned into a castle pays its conversion's extra on top.
        completed, converted = context.split_cities(farm)
        cities = len(completed)
        points = BARN_POINTS * cities + sum(BARN_POINTS + conversion.farm_extra
                                            for _, conversion in converted)
        castles = Listing(tuple(Message("barn.converted_term", {
            "word": conversion.said[0], "each": BARN_POINTS + conversion.farm_extra})
            for _, conversion in converted), "join.none")
        one, many = _COMPLETED_CITY
        worked_out = Message("barn.worked_out", {
            "count": cities, "unit": one if cities == 1 else many, "each": BARN_POINTS,
            "converted": castles, "points": points})
        farm_ref = feature_ref(farm)
        for player in context.players:
            if player not in owners:
                continue
            results.append(BonusResult(
                data={
                    "player": player.value, "farm": farm.id, "cities": cities,
                    "points": points,
                    "explanation": f"{player.value}'s barn in {farm.id}: {worked_out}",
                    "sum": worked_out.text(),
                },
                scored={player: points},
                said=Message("barn.bonus", {"player": PlayerRef(player.value),
                                            "farm": farm_ref, "worked_out": worked_out}),
            ))
    return results


ABBEY = Part(
    code="abbey", name="the abbeys", title="Abbey tiles", editions=EDITIONS,
    tile_traits=(ABBEY_TRAIT,),
    layout_rules=(LayoutRule(codes=(ABBEY_NOT_IN_HOLE,), check=abbeys_in_holes),),
    board_checks=(BoardCheck(codes=(TOO_MANY_ABBEYS,), check=one_abbey_a_player),),
)
MAYORS = Part(
    code="mayor", name="the mayor", title="Mayor", editions=EDITIONS,
    figure_kinds=(MAYOR,),
    placements=(Placement("mayor", FeatureKind.CITY, "mayor"),),
)
WAGONS = Part(
    code="wagon", name="the wagon", title="Wagon", editions=EDITIONS,
    figure_kinds=(WAGON,),
    placements=(
        Placement("wagon", FeatureKind.ROAD, "wagon"),
        Placement("wagon", FeatureKind.CITY, "wagon"),
        Placement("wagon", FeatureKind.MONASTERY, "wagon"),
    ),
)
BARNS = Part(
    code="barn", name="the barn", title="Barn", editions=EDITIONS,
    figure_kinds=(BARN,),
    placements=(Placement("barn", FeatureKind.FARM, "barn", needs=("farmers",)),),
    modifiers=(ScoreModifier(FeatureKind.FARM, joined_to_barn,
                             title="Farmers joined to a barn's field score 1 a city"),),
    bonuses=(PlayerBonus(key="barns", by_kind="barn", score=score_barns,
                         title="Each barn scores 4 a completed city of its field"),),
    outputs=(
        BonusListing(
            key="barns", title="Barns", name="farm", feature="farm", figure=BARN.code,
            arithmetic="sum",
            meaning="With barns in play: one entry per barn's owner and field.",
            fields=(
                BonusField("player", Shape.TEXT, "The barn's owner."),
                BonusField("farm", Shape.TEXT, "The field the barn stands in."),
                BonusField("cities", Shape.INTEGER, "Completed cities the field borders."),
                BonusField("points", Shape.INTEGER),
                BonusField("explanation", Shape.TEXT),
                BonusField("sum", Shape.TEXT,
                           "The points worked out, without naming the field: "
                           "\"2 completed cities × 4 = 8\"."),
            ),
        ),
    ),
)

EXPANSION = Expansion(
    code="abbey-mayor",
    after=("traders-builders",),
    name="Abbey & Mayor",
    editions=EDITIONS,
    parts=(ABBEY, MAYORS, WAGONS, BARNS),
)
