"""Under the Big Top (C2 only, 2017): circus tiles with the big top and its animal
tokens, acrobat tiles with their pyramids, and the ringmaster.

What is left to score at the end of the game (the rules wiki's page, JCloisterZone's
engine and the seed's scoring table agree on these three):

- The big top is scored one last time. Its animal token is turned face up, and every
  follower on the big top's tile or on the eight squares around it earns its owner the
  token's value (1, 3, 4, 5, 6 or 7: the flea, the monkeys, the seals, the bears, the
  tigers, the elephant). Farmers, acrobats and ringmasters count; builders, pigs, barns
  and shepherds are not followers and do not; nor do followers in the City of
  Carcassonne. The knight of a castle (Bridges, Castles & Bazaars) counts when either
  of the castle's two tiles is among the nine squares. The request places the big top
  under ``neutral`` (``{"kind": "big-top", "x": 3, "y": 0}``: it stands on a circus
  tile, not on a feature) and gives the value of its token as that tile's state
  (``"state": {"animal_token": 5}``).
- Every acrobat still standing on an acrobat space scores 5 for its owner, whether its
  pyramid is complete or not. An acrobat is a player's meeple with ``at: "acrobats"``
  on an acrobat tile (``{"player": "red", "x": 1, "y": 0, "at": "acrobats"}``); a space
  takes three at most. The ringmaster never stands there.
- A ringmaster is a follower (strength 1) on a road, city, monastery or field. When its
  feature is scored at the end, its owner gets 2 for each circus or acrobat tile among
  the ringmaster's own tile and the eight around it, whoever wins the feature and even
  when the feature itself brings nothing. A shrine is not a basic monastery and brings
  no ringmaster points. A castle (Bridges, Castles & Bazaars) is not scored at the end,
  so a ringmaster that is its knight brings nothing then.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...board import Color, DistrictFigure, PlacedTile
from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    FigureKind,
    LandmarkKind,
    NeutralFigure,
    Part,
    Placement,
    PlayerBonus,
    ScoringContext,
    Space,
    TileState,
    WhenMissing,
)
from ...features import FeatureGraph
from ...glyphs import Glyph, Mark
from ...messages import Listing, Message, Param, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape, square_fields
from ...problems import BoardError, ProblemCode
from ...request import ScoreRequest
from ...results import BonusResult, feature_ref
from ...rules import Edition
from ...tiles import FeatureKind, OrientedTile, TileDefinition
from ...wording import noun

add_templates({
    "error.invalid_big_top.the_tile_at_has_no": (
        "The tile at ({piece_x},{piece_y}) has no circus space: the big top only ever stands "
        "on a circus tile. Put it on the last circus tile laid."),
    "error.invalid_big_top.an_animal_token_is_given": (
        "An animal token is given on the tile at ({tile_x},{tile_y}), but the big top does not "
        "stand there: only the token under the big top is scored. Add the big top on this tile "
        "to neutral, or leave out the token."),
    "error.invalid_big_top.the_big_top_at_is": (
        "The big top at ({piece_x},{piece_y}) is scored at the end with the value of the "
        "animal token under it: give it as "
        "tiles[{index_at_piece_position}].state.{ANIMAL_TOKEN_name} (1, 3, 4, 5, 6 or 7)."),
})

EDITIONS = frozenset({Edition.C2})
ANIMAL_TOKENS = {1: 1, 3: 4, 4: 5, 5: 3, 6: 2, 7: 1}
"""Token value -> tokens of that value in the box (flea 1, monkeys 3, seals 4, bears 5,
tigers 6, elephant 7)."""
ANIMALS = {1: "flea", 3: "monkey", 4: "seal", 5: "bear", 6: "tiger", 7: "elephant"}
add_templates({f"big_top.animal.{animal}": animal for animal in ANIMALS.values()})
ACROBAT_POINTS = 5
PYRAMID = 3
"""Acrobats one acrobat space holds."""
RINGMASTER_POINTS = 2
BIG_TOP, CIRCUS_NAME, ACROBATS_NAME, RINGMASTER_CODE = "big-top", "circus", "acrobats", "ringmaster"

CIRCUS = LandmarkKind(
    name=CIRCUS_NAME,
    meaning="A circus space: the big top stands on it while it is on this tile.",
    glyph=Glyph("circus", (  # a red and white striped tent with a pennant
        Mark.of("path", d="M-10 8 L-7 -2 L0 -8 L7 -2 L10 8 Z", fill="#f4efe4", stroke="#8c1c13",
                stroke_width=1, stroke_linejoin="round"),
        Mark.of("path", d="M-7 -2 L-4 8 M0 -8 L0 8 M7 -2 L4 8", stroke="#c0392b",
                stroke_width=2, fill="none"),
        Mark.of("path", d="M0 -8 V-13 L4 -11.5 L0 -10", fill="#c0392b", stroke="#8c1c13",
                stroke_width=0.7),
    )),
)
ACROBATS = LandmarkKind(
    name=ACROBATS_NAME,
    meaning="An acrobat space: up to three meeples stand on it, one on another.",
    glyph=Glyph("acrobats", (  # a ring on the ground with three heads in a pyramid
        Mark.of("ellipse", cx=0, cy=6, rx=11, ry=4, fill="#e9d8a6", stroke="#7a5c1e",
                stroke_width=1),
        Mark.of("circle", cx=-4, cy=1, r=2.6, fill="#fff", stroke="#333", stroke_width=0.9),
        Mark.of("circle", cx=4, cy=1, r=2.6, fill="#fff", stroke="#333", stroke_width=0.9),
        Mark.of("circle", cx=0, cy=-5, r=2.6, fill="#fff", stroke="#333", stroke_width=0.9),
    )),
    # Meeples only; a figure that counts as a meeple stands there too (the phantom, a
    # community reading of 9/2017: /rules/phantom/#other-expansions).
    space=Space(holds=PYRAMID, kinds=("meeple",), word="acrobat space"),
)

# A circus tent with a flag on its pole.
BIG_TOP_OUTLINE = (
    "M-1,-17 L1,-17 L1,-13 L13,2 L11,2 L11,12 L-11,12 L-11,2 L-13,2 L-1,-13 "
    "Z M1,-17 L7,-15.5 L1,-14 Z"
)
BIG_TOP_FIGURE = NeutralFigure(
    BIG_TOP, "big top",
    meaning="The big top, on the circus tile it stands on at the end (no location).",
    silhouette=BIG_TOP_OUTLINE,
)
INVALID_BIG_TOP = ProblemCode(
    "invalid_big_top",
    "the big top not on a circus tile, without the value of its animal token, or an "
    "animal token on a tile without the big top",
)


def _is_circus(definition: TileDefinition) -> bool:
    return definition.has_landmark(CIRCUS_NAME)


def _unchanged(definition: TileDefinition, value: Any) -> TileDefinition:
    return definition


ANIMAL_TOKEN = TileState(
    "animal_token", INVALID_BIG_TOP, values=tuple(ANIMAL_TOKENS), applies=_is_circus,
    variant=_unchanged,
    meaning="The value of the animal token under the big top, turned face up at the end "
            "(1, 3, 4, 5, 6 or 7).",
    label="animal token under the big top",
)

# A figure in a top hat, arms at its sides.
RINGMASTER_OUTLINE = (
    "M-3.5,-18 L3.5,-18 L3.5,-13.5 L6.5,-13.5 L6.5,-12 L3.6,-12 C3.6,-9.8 "
    "2.6,-8.4 1.6,-7.8 L7,-6 L9.5,2 L7,2.6 L5.6,-1 L6.5,13 L1.5,13 L0,6 "
    "L-1.5,13 L-6.5,13 L-5.6,-1 L-7,2.6 L-9.5,2 L-7,-6 L-1.6,-7.8 "
    "C-2.6,-8.4 -3.6,-9.8 -3.6,-12 L-6.5,-12 L-6.5,-13.5 L-3.5,-13.5 Z"
)
RINGMASTER = FigureKind(code=RINGMASTER_CODE, name="ringmaster", limit=1,
                        when_missing=WhenMissing.UNKNOWN_KIND, silhouette=RINGMASTER_OUTLINE)


add_templates({
    "big_top.show": "the big top at ({x},{y}) over the {animal} ({value}): {shares}",
    "big_top.share": (
        "{player} {followers} {followers|follower|followers} × {each} = {points}"),
    "big_top.nobody": "no follower around it, nothing",
    "acrobats.space": (
        "the acrobat space at ({x},{y}), {acrobats} {acrobats|acrobat|acrobats} standing: "
        "{shares}"),
    "acrobats.share": "{player} {acrobats} {acrobats|acrobat|acrobats} × {each} = {points}",
    "ringmaster.bonus": "{player}'s ringmaster on {feature} at ({x},{y}): {outcome}",
    "ringmaster.shrine": "a shrine is not a basic monastery, nothing",
    "ringmaster.tiles_around": (
        "{tiles} {tiles|circus or acrobat tile|circus or acrobat tiles} around it × {each} "
        "= {points}"),
    "bonus.converted_not_scored": "a {kind} is not scored at the end, nothing",
    "bonus.kind_not_scored": "{kinds} are not scored in this game, nothing",
})


def _token_of(tile: PlacedTile) -> int | None:
    return dict(tile.state).get(ANIMAL_TOKEN.name)


def check_big_top(view: BoardView) -> Iterator[BoardError]:
    """The big top stands on a circus tile, over an animal token whose value is given;
    an animal token lies only under the big top."""
    tiles = view.request.board.tiles
    index_at = {(tile.x, tile.y): index for index, tile in enumerate(tiles)}
    under = set()
    for index, piece in enumerate(view.request.board.neutral):
        if piece.kind != BIG_TOP:
            continue
        tile = view.graph.tile_at(piece.x, piece.y)
        if tile is None:
            continue
        under.add(piece.position)
        if not _is_circus(tile.definition):
            yield BoardError(
                f"neutral[{index}]", INVALID_BIG_TOP,
                Message("error.invalid_big_top.the_tile_at_has_no", {
                    "piece_x": piece.x, "piece_y": piece.y}),
            )
        elif _token_of(tiles[index_at[piece.position]]) is None:
            yield BoardError(
                f"neutral[{index}]", INVALID_BIG_TOP,
                Message("error.invalid_big_top.the_big_top_at_is", {
                    "piece_x": piece.x, "piece_y": piece.y,
                    "index_at_piece_position": index_at[piece.position],
                    "ANIMAL_TOKEN_name": ANIMAL_TOKEN.name}),
            )
    for index, tile in enumerate(tiles):
        if _token_of(tile) is not None and tile.position not in under:
            yield BoardError(
                f"tiles[{index}].state.{ANIMAL_TOKEN.name}", INVALID_BIG_TOP,
                Message("error.invalid_big_top.an_animal_token_is_given", {
                    "tile_x": tile.x, "tile_y": tile.y}),
            )


def _acrobats(request: ScoreRequest) -> list[DistrictFigure]:
    """The players' figures on acrobat spaces (not those in the districts of a large
    tile, which the big top does not reach)."""
    return [figure for figure in request.board.districts if figure.district == ACROBATS_NAME]


def _around(x: int, y: int, fx: int, fy: int) -> bool:
    return abs(fx - x) <= 1 and abs(fy - y) <= 1


def _castle_near(context: ScoringContext, index: int, x: int, y: int) -> bool:
    """Whether the ``index``-th figure is the knight of a castle (a converted city) one
    of whose tiles lies on the nine squares around ``(x, y)``: it watches the show from
    either of the castle's tiles."""
    feature = context.graph.feature_of(index)
    return (context.in_play.conversion_of(feature) is not None
            and any(_around(x, y, tx, ty) for tx, ty in feature.tiles))


def score_big_top(context: ScoringContext) -> list[BonusResult]:
    """The big top is scored once more: each follower around it earns its animal token."""
    results = []
    followers = context.in_play.followers
    for piece in context.request.board.neutral:
        if piece.kind != BIG_TOP:
            continue
        # The tile under it, found by a scan that stops there: a game has one big top,
        # and a dict of every square cost more than the scan.
        x, y = piece.position
        value = _token_of(next(tile for tile in context.request.board.tiles
                               if tile.x == x and tile.y == y))
        assert value is not None  # check_big_top refuses a big top without its token
        near: dict[Color, int] = {}
        for figure in _acrobats(context.request):
            if figure.kind in followers and _around(piece.x, piece.y, figure.x, figure.y):
                near[figure.player] = near.get(figure.player, 0) + 1
        converts = bool(context.in_play.conversions)
        for index, figure in enumerate(context.request.board.figures):
            if figure.kind not in followers:
                continue
            if _around(piece.x, piece.y, figure.x, figure.y) or (
                    converts and _castle_near(context, index, piece.x, piece.y)):
                near[figure.player] = near.get(figure.player, 0) + 1
        scored = {color: count * value for color in context.players
                  if (count := near.get(color, 0))}
        animal = ANIMALS[value]
        shares: Param
        if scored:
            shares = Listing(tuple(
                Message("big_top.share", {"player": PlayerRef(color.value),
                                          "followers": near[color], "each": value,
                                          "points": points})
                for color, points in scored.items()))
        else:
            shares = Message("big_top.nobody")
        said = Message("big_top.show", {"x": piece.x, "y": piece.y,
                                        "animal": Message(f"big_top.animal.{animal}"),
                                        "value": value, "shares": shares})
        results.append(BonusResult(
            data={"x": piece.x, "y": piece.y, "animal": animal, "value": value,
                  "followers": {color.value: near[color] for color in scored},
                  "scored": {color.value: points for color, points in scored.items()},
                  "explanation": said.text()},
            scored=scored, said=said,
        ))
    return results


def score_acrobats(context: ScoringContext) -> list[BonusResult]:
    """Every acrobat still standing scores 5."""
    spaces: dict[tuple[int, int], dict[Color, int]] = {}
    for figure in _acrobats(context.request):
        counts = spaces.setdefault((figure.x, figure.y), {})
        counts[figure.player] = counts.get(figure.player, 0) + 1
    results = []
    for (x, y), counts in sorted(spaces.items(), key=lambda item: (item[0][1], item[0][0])):
        scored = {color: counts[color] * ACROBAT_POINTS for color in context.players
                  if color in counts}
        shares = Listing(tuple(
            Message("acrobats.share", {"player": PlayerRef(color.value),
                                       "acrobats": counts[color], "each": ACROBAT_POINTS,
                                       "points": points})
            for color, points in scored.items()))
        said = Message("acrobats.space", {"x": x, "y": y, "acrobats": sum(counts.values()),
                                          "shares": shares})
        results.append(BonusResult(
            data={"square": f"({x},{y})", "x": x, "y": y,
                  "acrobats": {color.value: counts[color] for color in scored},
                  "scored": {color.value: points for color, points in scored.items()},
                  "explanation": said.text()},
            scored=scored, said=said,
        ))
    return results


_RING_LANDMARKS = frozenset({CIRCUS_NAME, ACROBATS_NAME})
"""The landmarks that make a circus or acrobat tile."""


def _is_ring_tile(tile: OrientedTile) -> bool:
    # One set test on the kinds the tile worked out once, not a call per landmark.
    return not _RING_LANDMARKS.isdisjoint(tile.definition.landmark_kinds)


def ring_tiles_around(graph: FeatureGraph, x: int, y: int) -> int:
    """How many circus and acrobat tiles lie on ``(x, y)`` and the eight squares around."""
    found = 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            tile = graph.tile_at(x + dx, y + dy)
            if tile is not None and _is_ring_tile(tile):
                found += 1
    return found


def _feature_then_figure(entry: tuple[Any, ...]) -> tuple[int, int]:
    """Sorts ringmasters as the occupied features list them: by feature, then by their
    place among the request's figures."""
    feature, index, _ = entry
    return feature.order, index


def score_ringmasters(context: ScoringContext) -> list[BonusResult]:
    """A ringmaster adds 2 for each circus or acrobat tile around it when its feature is
    scored."""
    results = []
    scored_kinds = context.in_play.scorers
    # The ringmasters straight from the board's figures, in the order of the occupied
    # features (then of the request within a feature), without listing every occupied
    # feature again.
    graph = context.graph
    ringmasters = sorted(
        ((graph.feature_of(index), index, figure)
         for index, figure in enumerate(context.request.board.figures)
         if figure.kind == RINGMASTER_CODE),
        key=_feature_then_figure,
    )
    for feature, _, figure in ringmasters:
        owner = figure.player
        count = ring_tiles_around(context.graph, figure.x, figure.y)
        conversion = context.in_play.conversion_of(feature)
        if conversion is not None:
            points = 0
            outcome = Message("bonus.converted_not_scored", {"kind": conversion.said[0]})
        elif feature.kind not in scored_kinds:
            points = 0
            outcome = Message("bonus.kind_not_scored",
                              {"kinds": noun(f"{feature.kind.value}.plural")})
        elif feature.has("shrine"):
            points, outcome = 0, Message("ringmaster.shrine")
        else:
            points = count * RINGMASTER_POINTS
            outcome = Message("ringmaster.tiles_around", {
                "tiles": count, "each": RINGMASTER_POINTS, "points": points})
        said = Message("ringmaster.bonus", {
            "player": PlayerRef(owner.value), "feature": feature_ref(feature),
            "x": figure.x, "y": figure.y, "outcome": outcome})
        results.append(BonusResult(
            data={"player": owner.value, "feature": feature.id, "x": figure.x,
                  "y": figure.y, "tiles": count, "points": points,
                  "explanation": said.text()},
            said=said,
            scored={owner: points} if points else {},
        ))
    return results


CIRCUS_PART = Part(
    code="circus", name="the circus and the big top", title="Circus and big top",
    editions=EDITIONS,
    landmarks=(CIRCUS,),
    neutral_figures=(BIG_TOP_FIGURE,),
    tile_states=(ANIMAL_TOKEN,),
    board_checks=(BoardCheck(codes=(INVALID_BIG_TOP,), check=check_big_top),),
    bonuses=(PlayerBonus(key="big_top", by_kind="big-top", score=score_big_top,
                         title="The big top is scored once more: each follower around it "
                               "earns its animal token"),),
    outputs=(
        BonusListing(
            key="big_top", title="Big top", name="animal",
            meaning="With the circus in play: the big top's last show, the animal token "
                    "under it and what each player's followers on its tile and the eight "
                    "around earn.",
            fields=(
                BonusField("x", Shape.INTEGER, "The square of the big top."),
                BonusField("y", Shape.INTEGER),
                BonusField("animal", Shape.TEXT, "The animal on the token."),
                BonusField("value", Shape.INTEGER, "Points a follower earns."),
                BonusField("followers", Shape.COUNTS,
                           "Each player's followers on the nine squares."),
                BonusField("scored", Shape.COUNTS),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)
ACROBATS_PART = Part(
    code="acrobats", name="the acrobats", title="Acrobats", editions=EDITIONS,
    landmarks=(ACROBATS,),
    bonuses=(PlayerBonus(key="acrobats", by_kind="acrobats", score=score_acrobats,
                         title="Every acrobat still standing scores 5"),),
    outputs=(
        BonusListing(
            key="acrobats", title="Acrobats", name="square",
            meaning="With the acrobats in play: each acrobat space with meeples on it, "
                    "5 points a meeple.",
            fields=(
                *square_fields("the acrobat tile's"),
                BonusField("acrobats", Shape.COUNTS, "Each player's meeples on the space."),
                BonusField("scored", Shape.COUNTS),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)
RINGMASTER_PART = Part(
    code="ringmaster", name="the ringmaster", title="Ringmaster", editions=EDITIONS,
    figure_kinds=(RINGMASTER,),
    placements=(
        Placement(RINGMASTER_CODE, FeatureKind.ROAD, "highwayman"),
        Placement(RINGMASTER_CODE, FeatureKind.CITY, "knight"),
        Placement(RINGMASTER_CODE, FeatureKind.MONASTERY, "monk"),
        Placement(RINGMASTER_CODE, FeatureKind.FARM, "farmer", needs=("farmers",)),
    ),
    bonuses=(PlayerBonus(key="ringmasters", by_kind="ringmaster", score=score_ringmasters,
                         title="A ringmaster adds 2 for each circus or acrobat tile around "
                               "it when its feature is scored"),),
    outputs=(
        BonusListing(
            key="ringmasters", title="Ringmasters", name="player",
            meaning="With the ringmaster in play: each ringmaster, the circus and acrobat "
                    "tiles on its square and the eight around, and the 2 points each "
                    "brings its owner when its feature is scored.",
            fields=(
                BonusField("player", Shape.TEXT, "The colour of the ringmaster."),
                BonusField("feature", Shape.TEXT, "The feature it stands on."),
                BonusField("x", Shape.INTEGER),
                BonusField("y", Shape.INTEGER),
                BonusField("tiles", Shape.INTEGER, "Circus and acrobat tiles around it."),
                BonusField("points", Shape.INTEGER),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)

EXPANSION = Expansion(
    code="big-top",
    after=("bridges-castles-bazaars",),
    name="Under the Big Top",
    editions=EDITIONS,
    parts=(CIRCUS_PART, ACROBATS_PART, RINGMASTER_PART),
)

__all__: Sequence[str] = ["EXPANSION", "ring_tiles_around"]
