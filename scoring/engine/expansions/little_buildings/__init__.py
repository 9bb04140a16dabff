"""Little Buildings (Spielbox 5/2012, first-edition style only): 18 building tokens, six
each of towers, houses and sheds, and no tiles.

Instead of placing a meeple, a player may set a building on the tile just laid; it stays
there to the end and belongs to nobody. Whenever a road, a city, a monastery or a farm is
scored, each building on one of its tiles (a monastery: on its tile or the eight around
it) adds to its value, last, for every player who scores it. Under the sheet's rules every
building adds 1; under its variant a tower adds 3, a house 2 and a shed 1 (the
``little_buildings_scoring`` rule).

On the finished board the player enters the building on its tile (``tiles[].state.building``);
the final scoring adds the buildings to the incomplete roads, cities and monasteries and to
the farms as it does during play. A farm pays its buildings once to each of its owners, not
once a city.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    ScoreModifier,
    ScoringContext,
    TileState,
    Valuation,
)
from ...features import Feature
from ...messages import Listing, Message, add_templates
from ...problems import BoardError, ProblemCode
from ...rules import Choice, Edition, RuleOption
from ...tiles import FeatureKind

KINDS = ("tower", "house", "shed")
_KIND_WORDS = {kind: (Message(f"little_buildings.{kind}"),
                      Message(f"little_buildings.{kind}.plural")) for kind in KINDS}
"""Each building's word and its plural, as the explanation counts them."""
"""The three buildings, in the order the sheet's variant values them."""
IN_THE_BOX = 6
"""Buildings of each kind in the box."""

INVALID_BUILDING = ProblemCode(
    "invalid_building",
    "a building that is not a tower, a house or a shed, or more buildings of one kind on "
    "the board than the box holds (6 of each)",
)


def _any_tile(definition: Any) -> bool:
    return True


def _unchanged(definition: Any, value: Any) -> Any:
    return definition


BUILDING = TileState(
    "building", INVALID_BUILDING, values=KINDS, applies=_any_tile, variant=_unchanged,
    meaning="The little building set on this tile instead of a meeple: tower, house or shed.",
    label="little building",
)

SCORING = RuleOption(
    "little_buildings_scoring", "What a little building adds",
    (Choice("equal", "1 each, whatever the building (the rules)"),
     Choice("3-2-1", "tower 3, house 2, shed 1 (variant)")),
    default="equal",
)
VARIANT_POINTS = {"tower": 3, "house": 2, "shed": 1}

add_templates({
    "little_buildings.equal": "{count} {count|little building|little buildings} × 1",
    "little_buildings.variant": "little buildings: {kinds}",
    "little_buildings.kind": "{count} {kind} × {points}",
    **{f"little_buildings.{kind}": kind for kind in KINDS},
    **{f"little_buildings.{kind}.plural": f"{kind}s" for kind in KINDS},
    "error.invalid_building.too_many": (
        "The {kind} at ({x},{y}) is the {count}th on the board, but the box holds only "
        "{limit} {kind}s."),
})


def _buildings(context: ScoringContext) -> dict[tuple[int, int], str]:
    """The building on each square that has one."""
    found = {}
    for _, tile in context.tiles_with_state:
        building = dict(tile.state).get(BUILDING.name)
        if building is not None:
            found[(tile.x, tile.y)] = building
    return found


def _squares(feature: Feature) -> frozenset[tuple[int, int]]:
    """Where a building counts for ``feature``: the squares of its tiles, or for a
    monastery its own and the eight around it."""
    if feature.kind is FeatureKind.MONASTERY:
        (x, y), = feature.tiles[:1]
        return frozenset((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    return frozenset(feature.tiles)


def buildings_on_feature(feature: Feature, valuation: Valuation,
                         context: ScoringContext) -> None:
    """Each building on the feature's tiles adds its points, once, to the feature."""
    if valuation.zero_reason is not None:
        return
    on_board = _buildings(context)
    if not on_board:
        return
    squares = _squares(feature)
    counted = [building for square, building in on_board.items() if square in squares]
    if not counted:
        return
    if context.rules.little_buildings_scoring == "equal":
        points = len(counted)
        note = Message("little_buildings.equal", {"count": points})
    else:
        points = sum(VARIANT_POINTS[building] for building in counted)
        kinds = tuple(Message("little_buildings.kind", {
            "count": counted.count(kind),
            "kind": _KIND_WORDS[kind][0 if counted.count(kind) == 1 else 1],
            "points": VARIANT_POINTS[kind]}) for kind in KINDS if kind in counted)
        note = Message("little_buildings.variant", {"kinds": Listing(kinds, "join.plus")})
    valuation.plus.append((points, note))


def check_buildings(view: BoardView) -> Iterator[BoardError]:
    """No more buildings of a kind on the board than the box holds."""
    seen = dict.fromkeys(KINDS, 0)
    for index, tile in enumerate(view.request.board.tiles):
        building = dict(tile.state).get(BUILDING.name) if tile.state else None
        if building not in seen:
            continue
        seen[building] += 1
        if seen[building] == IN_THE_BOX + 1:
            yield BoardError(
                f"tiles[{index}].state.{BUILDING.name}", INVALID_BUILDING,
                Message("error.invalid_building.too_many", {
                    "kind": building, "x": tile.x, "y": tile.y, "count": IN_THE_BOX + 1,
                    "limit": IN_THE_BOX}),
            )


EXPANSION = Expansion(
    code="little-buildings",
    after=("darmstadt-promo",),
    name="Little Buildings",
    editions=frozenset({Edition.C1}),
    tile_states=(BUILDING,),
    rule_options=(SCORING,),
    board_checks=(BoardCheck(codes=(INVALID_BUILDING,), check=check_buildings),),
    modifiers=tuple(
        ScoreModifier(kind, buildings_on_feature,
                      title=f"Little buildings on {noun}: their points on top")
        for kind, noun in ((FeatureKind.ROAD, "a road's tiles"),
                           (FeatureKind.CITY, "a city's tiles"),
                           (FeatureKind.MONASTERY, "a monastery's nine tiles"),
                           (FeatureKind.FARM, "a farm's tiles"))
    ),
)

__all__: Sequence[str] = ["EXPANSION"]
