"""Bridges, Castles & Bazaars (C1 2010, C2 2017): bridges, castles and bazaar tiles.

- A bridge is a road laid straight across a tile, from one field edge to the opposite
  one; its two ends then meet roads like printed road edges, and the fields and
  whatever else lies under it stay as printed. In the scoring the tile counts as one
  road tile, also when the road on the bridge and a road printed on that tile are the
  same road. The request lays it as the state of the tile it crosses:
  ``{"tile": "E", "x": 0, "y": 0, "rotation": 90, "state": {"bridge": "E-W"}}``, its
  ends named as on the tile unturned (rotation 0, the catalogue's picture), like a
  ferry. A tile holds one bridge, and the table no more bridges than the players have
  (3 each with 2 to 4 players, 2 each with 5 or 6).
- A castle is a completed city of two half-round segments on two tiles that its
  knight's owner covered with a castle token instead of scoring it. The request puts
  the token on the city as a figure of kind ``castle`` of that owner, beside the
  knight if it is still there (``{"player": "red", "kind": "castle", "x": 0, "y": -1,
  "at": "S"}``). At the end a castle scores nothing, and nor does its knight; it is not
  a completed city for the farms or the king (a :class:`~scoring.engine.expansion.
  Conversion`), but a farm touching it is paid 1 more for it than for a completed city
  (4, or 5 with a pig). A player has as many castles as bridges.
- Bazaars auction tiles during play and leave nothing to score at the end.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

from ...expansion import (
    BoardCheck,
    BoardView,
    Conversion,
    Expansion,
    FigureKind,
    LandmarkKind,
    Part,
    Placement,
    ScoreModifier,
    ScoringContext,
    SegmentAttribute,
    TileState,
    Valuation,
    WhenMissing,
)
from ...features import Feature
from ...glyphs import Glyph, Mark
from ...locations import Location
from ...messages import Listing, Message, add_templates
from ...outputs import FeatureField, Shape
from ...problems import BoardError, ProblemCode
from ...rules import Edition
from ...tiles import EdgeType, FeatureKind, Segment
from ...words import capital_colour, kind_word

add_templates({
    "error.invalid_bridge.the_table_holds_bridges_but": (
        "The table holds {count_laid} bridges, but {players} players have only {allowed} "
        "({supply_players} each)."),
    "error.invalid_castle.has_more_than_castles_on": (
        "{figure_player_value} has more than {supply_players} castles on the board, but with "
        "{players} players each has {supply_players}."),
    "error.invalid_castle.the_castle_at_cannot_stand": (
        "The castle at ({figure_x},{figure_y}) {figure_at_value} cannot stand there: {problem}."),
})

EDITIONS = frozenset({Edition.C1, Edition.C2})
SIDES = "NESW"


def supply(players: int) -> int:
    """How many bridges (or castles) each player has: 3 with 2 to 4 players, 2 with 5
    or 6."""
    return 3 if players <= 4 else 2


# -- bridges ------------------------------------------------------------------------------

AXES = ("N-S", "E-W")
INVALID_BRIDGE = ProblemCode(
    "invalid_bridge",
    "a bridge that is not N-S or E-W, on a tile where either end would not rest on a "
    "field edge, or more bridges on the table than the players have",
)
BRIDGE_ATTRIBUTE = "bridge"
"""What the road segment a bridge adds carries, so its road knows it crosses one."""


def _ends(value: str) -> tuple[Location, Location]:
    first, second = value.split("-")
    return Location[first], Location[second]


def _has_field_axis(definition: Any) -> bool:
    """A tile with field edges at both ends of some axis, which joins across its edges."""
    if definition.closes:
        return False
    field = EdgeType.FIELD
    edges = definition.edges
    return (edges[0] is field and edges[2] is field) or (edges[1] is field and edges[3] is field)


def bridge_refused(definition: Any, value: str) -> Message | None:
    """Why a bridge cannot cross this tile that way: both ends must be field edges."""
    not_field = [side for side in value.split("-")
                 if definition.edges[SIDES.index(side)] is not EdgeType.FIELD]
    if not not_field:
        return None
    shown = Listing(tuple(Message("bridge.side_is", {
        "side": side, "edge": kind_word(definition.edges[SIDES.index(side)].word)})
        for side in not_field),
        "join.and")
    return Message("bridge.refused", {"bridge": value, "code": definition.code,
                                      "sides": shown})


def lay_bridge(definition: Any, value: str) -> Any:
    """The tile with a road across it from one end of ``value`` to the other: those two
    edges become road edges; the fields and all else printed stay as they are."""
    ends = _ends(value)
    edges = list(definition.edges)
    for end in ends:
        edges[SIDES.index(end.name)] = EdgeType.ROAD
    road = Segment(FeatureKind.ROAD, tuple(sorted(ends, key=lambda location: location.order)),
                   attributes=((BRIDGE_ATTRIBUTE, True),))
    return dataclasses.replace(definition, edges=tuple(edges),
                               segments=(*definition.segments, road))


BRIDGE = TileState(
    "bridge", INVALID_BRIDGE, AXES, applies=_has_field_axis, variant=lay_bridge,
    refuses=bridge_refused, sides=True, label="bridge across the tile",
    meaning="A bridge laid across the tile, its ends named as on the tile unturned: "
            "\"N-S\" or \"E-W\"; both ends on field edges.",
)


def _bridges(request: Any) -> Iterator[tuple[int, Any, str]]:
    for index, tile in enumerate(request.board.tiles):
        value = dict(tile.state).get(BRIDGE.name)
        if value is not None:
            yield index, tile, value


def check_bridges(view: BoardView) -> Iterator[BoardError]:
    """No more bridges on the table than the players have."""
    laid = list(_bridges(view.request))
    players = len(view.request.players)
    allowed = supply(players) * players
    if len(laid) > allowed:
        yield BoardError(
            "tiles", INVALID_BRIDGE,
            Message("error.invalid_bridge.the_table_holds_bridges_but", {
                "count_laid": len(laid), "players": players, "allowed": allowed,
                "supply_players": supply(players)}),
        )


def bridge_on_road(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """A bridge's tile counts as one road tile, like any other."""
    if feature.has(BRIDGE_ATTRIBUTE):
        valuation.extras["bridge"] = True


BRIDGES = Part(
    code="bridges", name="the bridges", title="Bridges", editions=EDITIONS,
    tile_states=(BRIDGE,),
    board_checks=(BoardCheck(codes=(INVALID_BRIDGE,), check=check_bridges),),
    modifiers=(ScoreModifier(FeatureKind.ROAD, bridge_on_road,
                             title="A bridge's tile counts as one road tile"),),
    outputs=(FeatureField("bridge", Shape.FLAG, "over a bridge",
                          "The road crosses at least one bridge; a bridge's tile counts as "
                          "one road tile, once even when a printed part of the same road "
                          "is on it too."),),
)

# -- castles ------------------------------------------------------------------------------

NO_CASTLE = SegmentAttribute(
    "no_castle", FeatureKind.CITY,
    meaning="This city segment can never be part of a castle.",
)
# A crenellated tower with a gate.
CASTLE_OUTLINE = (
    "M-11,13 L-11,-14 L-6.5,-14 L-6.5,-10 L-2.2,-10 L-2.2,-14 L2.2,-14 "
    "L2.2,-10 L6.5,-10 L6.5,-14 L11,-14 L11,13 L3,13 L3,8.5 C3,5.5 -3,5.5 "
    "-3,8.5 L-3,13 Z"
)
CASTLE = FigureKind(code="castle", name="castle", limit=3, strength=0, follower=False,
                    listed_as="castles", when_missing=WhenMissing.UNKNOWN_KIND,
                    silhouette=CASTLE_OUTLINE)
CASTLE_CONVERSION = Conversion(figure=CASTLE.code, word="castle", plural="castles",
                               farm_extra=1)
INVALID_CASTLE = ProblemCode(
    "invalid_castle",
    "a castle on a city that is not a completed city of two half-round segments on two "
    "tiles, two castles on one city, a castle holding another player's figure or more "
    "than one, or more castles than a player has",
)


def castle_problem(city: Feature, owner: Any, in_play: Any) -> Message | None:
    """Why ``city`` cannot be the castle ``owner`` put there, or ``None``."""
    if city.has(NO_CASTLE.name):
        return Message("castle.never")
    if not city.complete or len(city.tiles) != 2 or city.segment_count != 2:
        return Message("castle.not_two_halves" if city.complete
                       else "castle.not_two_halves_incomplete", {"tiles": len(city.tiles)})
    tokens = [figure for figure in city.figures if figure.kind == CASTLE.code]
    if len(tokens) > 1:
        return Message("castle.one_castle")
    followers = [figure for figure in city.figures
                 if figure.kind != CASTLE.code and figure.kind in in_play.followers]
    if any(figure.player is not owner for figure in followers):
        return Message("castle.owners_knight")
    if len(followers) > 1:
        return Message("castle.one_knight")
    return None


def check_castles(view: BoardView) -> Iterator[BoardError]:
    """A castle stands on a completed city of two half-round segments, alone, with at
    most its owner's knight; a player has 3 castles (2 with 5 or 6 players)."""
    owned: dict[Any, int] = {}
    seen: set[int] = set()
    players = len(view.request.players)
    for index, figure in enumerate(view.request.board.figures):
        if figure.kind != CASTLE.code:
            continue
        owned[figure.player] = owned.get(figure.player, 0) + 1
        if owned[figure.player] == supply(players) + 1:
            yield BoardError(
                view.figure_path(index), INVALID_CASTLE,
                Message("error.invalid_castle.has_more_than_castles_on", {
                    "figure_player_value": capital_colour(figure.player.value),
                    "supply_players": supply(players), "players": players}),
            )
        city = view.graph.feature_of(index)
        if city.number in seen:
            continue
        problem = castle_problem(city, figure.player, view.in_play)
        if problem is not None:
            seen.add(city.number)
            yield BoardError(
                view.figure_path(index), INVALID_CASTLE,
                Message("error.invalid_castle.the_castle_at_cannot_stand", {
                    "figure_x": figure.x, "figure_y": figure.y,
                    "figure_at_value": figure.at.value, "problem": problem}),
            )


add_templates({
    "bridge.side_is": "{side} is {edge}",
    "castle.never": "that city is printed as one that can never become a castle",
    "castle.not_two_halves": (
        "a castle is made only from a completed city of two half-round segments on two tiles, "
        "and this is a completed city of {tiles} {tiles|tile|tiles}"),
    "castle.not_two_halves_incomplete": (
        "a castle is made only from a completed city of two half-round segments on two tiles, "
        "and this is an incomplete city of {tiles} {tiles|tile|tiles}"),
    "castle.one_castle": "a city holds one castle at most",
    "castle.owners_knight": (
        "the knight on a castle belongs to the castle's owner, and another player's figure "
        "stands there"),
    "castle.one_knight": "a castle holds one knight at most",
    "bridge.refused": (
        "A bridge {bridge} cannot cross tile {code}: both its ends must rest on field edges, "
        "but {sides} (sides are named as on the tile unturned)."),
    "castle.label": "castle",
    "castle.nothing": "scores nothing at the end",
    "castle.nothing_nor_knight": "scores nothing at the end, nor does its knight",
})


def castle_scores_nothing(feature: Feature, valuation: Valuation,
                          context: ScoringContext) -> None:
    """A castle scores nothing at the end, nor does the knight on it."""
    if context.in_play.conversion_of(feature) is not CASTLE_CONVERSION:
        return
    valuation.label = Message("castle.label")
    knight = any(figure.kind in context.in_play.followers for figure in feature.figures)
    valuation.zero_reason = Message("castle.nothing_nor_knight" if knight
                                    else "castle.nothing")


def castles_by_farm(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """A farm is paid 1 more for a castle it touches than for a completed city."""
    if context.rules.farm_scoring == "first-edition":
        return  # that method pays for completed cities only (the farm warns of it)
    _, converted = context.split_cities(feature)  # the farm scorer's, not made again
    if not converted:  # most farms touch no castle
        return
    castles = sum(1 for _, conversion in converted if conversion is CASTLE_CONVERSION)
    if castles:
        valuation.extras["farm_castles"] = {"castles": castles}


CASTLES = Part(
    code="castles", name="the castles", title="Castles", editions=EDITIONS,
    figure_kinds=(CASTLE,),
    placements=(Placement(CASTLE.code, FeatureKind.CITY, "castle"),),
    attributes=(NO_CASTLE,),
    conversions=(CASTLE_CONVERSION,),
    board_checks=(BoardCheck(codes=(INVALID_CASTLE,), check=check_castles),),
    modifiers=(
        ScoreModifier(FeatureKind.CITY, castle_scores_nothing,
                      title="A castle scores nothing at the end, nor does its knight"),
        ScoreModifier(FeatureKind.FARM, castles_by_farm,
                      title="A farm is paid 1 more for a castle than for a completed city"),
    ),
    outputs=(FeatureField("farm_castles", Shape.COUNTS, "castles",
                          "On a farm: the castles it touches, each paying its owners 1 more "
                          "than a completed city (castles are not counted among the "
                          "completed cities)."),),
)

# -- bazaars ------------------------------------------------------------------------------

BAZAAR = LandmarkKind(
    name="bazaar",
    meaning="A bazaar: once the tile is laid, freshly drawn tiles are auctioned for "
            "points (during play only).",
    glyph=Glyph("bazaar", (  # a striped market awning over a counter
        Mark.of("path", d="M-10 -3 L-7 -9 H7 L10 -3 Z", fill="#c0392b", stroke="#6e1f17",
                stroke_width=1),
        Mark.of("path", d="M-3.5 -9 L-4 -3 M3.5 -9 L4 -3", stroke="#f4e3c1",
                stroke_width=2),
        Mark.of("rect", x=-8, y=-3, width=16, height=9, fill="#d9b77e", stroke="#6e4a1f",
                stroke_width=1),
    )),
)

BAZAARS = Part(
    code="bazaars", name="the bazaars", title="Bazaars", editions=EDITIONS,
    landmarks=(BAZAAR,),
)

EXPANSION = Expansion(
    code="bridges-castles-bazaars",
    after=("ferries",),
    name="Bridges, Castles & Bazaars",
    editions=EDITIONS,
    parts=(BRIDGES, CASTLES, BAZAARS),
)

__all__: Sequence[str] = ["EXPANSION"]
