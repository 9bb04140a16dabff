"""The Princess & the Dragon (C1, C2): volcanoes and the dragon, the fairy, magic portals
and princesses.

- The dragon, the volcanoes, the magic portals and the princesses act during play only:
  their tiles score as ordinary tiles at the end. No figure is placed on a volcano tile
  when it is laid, but a magic portal may later place a follower on any unfinished
  feature, a volcano tile's too: with the portals in play a figure may stand there
  (``reaches_laid_tiles``), without them none may (the rule of :mod:`.river2`).
- The fairy stands beside one follower (the C2 rules; the request names that follower's
  square and location, ``neutral: [{"kind": "fairy", "x", "y", "at"}]``). When the
  feature of that follower is scored at the end, its owner gets 3 points more, whoever
  wins the feature and even when the feature itself is worth nothing (a farm without a
  completed city, an open road with an inn). A castle (Bridges, Castles & Bazaars) is
  not scored at the end, so the fairy beside its knight gives nothing. The point the
  fairy gives at the start of a turn belongs to play.
- The rule ``fairy_placement``: ``on-tile`` is the fairy of the Rio Grande and Z-Man
  first-edition rules, placed on a tile that holds one of the player's followers rather
  than beside one of them. Those rules do not say which follower of the tile she
  serves; as JCloisterZone's engines read them, every feature scored at the end that
  has a follower on her tile pays 3 — here to each player with a follower of that
  feature on her tile, once per feature. The request names only her square (``at`` may
  be left out; when given it names nothing more than the tile).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...board import Color, Figure, NeutralPiece
from ...common.volcano import NO_FIGURE_BY_THE_VOLCANO, VOLCANO
from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    LandmarkKind,
    NeutralFigure,
    Part,
    PlayerBonus,
    PlayPoints,
    ScoringContext,
    SegmentAttribute,
)
from ...features import Feature
from ...glyphs import Glyph, Mark
from ...messages import Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape
from ...problems import BoardError, ProblemCode
from ...results import BonusResult, feature_ref
from ...rules import Choice, Edition, RuleOption
from ...tiles import FeatureKind
from ...wording import noun

add_templates({
    "error.fairy_without_follower.no_follower_stands_on_the": (
        "No follower stands on the tile at ({piece_x},{piece_y}): with the fairy on a tile "
        "(rule fairy_placement: on-tile), she stands on a tile that holds a follower, so name "
        "that tile."),
    "error.fairy_without_follower.no_follower_stands_on_the_2": (
        "No follower stands on the feature at {piece_at_value} of the tile at "
        "({piece_x},{piece_y}): the fairy always stands beside one follower, so name that "
        "follower's square and location."),
})

EDITIONS = frozenset({Edition.C1, Edition.C2})
FAIRY_POINTS = 3

DRAGON = LandmarkKind(
    name="dragon", meaning="A dragon symbol: the dragon moves when the tile is laid (play only).",
    glyph=Glyph("dragon", (  # a red winged silhouette
        Mark.of("path", d="M-12 6 L-4 -2 L-10 -10 L0 -5 L10 -10 L4 -2 L12 6 L0 2 Z",
                fill="#b3261e", stroke="#5e140f", stroke_width=1, stroke_linejoin="round"),
    )),
)
MAGIC_PORTAL = LandmarkKind(
    name="magic_portal", meaning="A magic portal: a follower may be placed on any feature "
                                 "when the tile is laid (play only).",
    glyph=Glyph("magic-portal", (  # a glowing arch
        Mark.of("path", d="M-8 9 V-2 A8 8 0 0 1 8 -2 V9 Z", fill="#c9b6e8", stroke="#5b3f8c",
                stroke_width=1.5),
        Mark.of("circle", cx=0, cy=-1, r=2.5, fill="#fff4b0"),
    )),
)
PRINCESS = SegmentAttribute(
    "princess", FeatureKind.CITY, meaning="A princess in the city: she may send a knight "
                                          "home when the tile is laid (play only).",
    glyph=Glyph("princess", (  # a small crown
        Mark.of("path", d="M-6 4 L-6 -3 L-3 0 L0 -5 L3 0 L6 -3 L6 4 Z", fill="#f2c230",
                stroke="#8a6a10", stroke_width=0.8, stroke_linejoin="round"),
    )),
)

BESIDE_FOLLOWER = "beside-follower"
ON_TILE = "on-tile"
FAIRY_PLACEMENT = RuleOption(
    "fairy_placement", "Where the fairy stands",
    (Choice(BESIDE_FOLLOWER, "beside one follower (Hans im Glück, the C2 rules)"),
     Choice(ON_TILE, "on a tile with a follower (Rio Grande and Z-Man C1 rules)")),
    default=BESIDE_FOLLOWER,
)
# A small figure in a dress, with two wings.
FAIRY_OUTLINE = (
    "M0,-14 C2.6,-14 3.6,-11 2.2,-9 L6,11 L-6,11 L-2.2,-9 C-3.6,-11 "
    "-2.6,-14 0,-14 Z M2,-5 C8,-14 15,-10 11,-3 C8,1 4,0 2,-2 Z M-2,-2 "
    "C-4,0 -8,1 -11,-3 C-15,-10 -8,-14 -2,-5 Z"
)
FAIRY = NeutralFigure(
    "fairy", "fairy",
    features=(FeatureKind.ROAD, FeatureKind.CITY, FeatureKind.MONASTERY, FeatureKind.FARM,
              FeatureKind.GARDEN),
    meaning="The fairy, beside one follower: its square and location (with the rule "
            "fairy_placement on-tile, her square alone).",
    on_tile_rule=(FAIRY_PLACEMENT.name, ON_TILE),
    silhouette=FAIRY_OUTLINE,
)
FAIRY_WITHOUT_FOLLOWER = ProblemCode(
    "fairy_without_follower", "the fairy named beside no follower",
)


def _followers_beside(view: BoardView | ScoringContext, piece: NeutralPiece) -> list[Figure]:
    """The followers the fairy stands beside: on its tile, on the same feature piece."""
    tile = view.graph.tile_at(piece.x, piece.y)
    if tile is None or piece.at is None:
        return []
    rank = tile.figure_ranks.get(piece.at)
    followers = view.in_play.followers
    return [figure for figure in view.request.board.figures
            if figure.x == piece.x and figure.y == piece.y and figure.kind in followers
            and tile.figure_ranks.get(figure.at) == rank]


def _followers_on_tile(
    view: BoardView | ScoringContext, piece: NeutralPiece
) -> list[tuple[Figure, Feature]]:
    """``(follower, feature)`` for every follower on the fairy's tile (rule on-tile)."""
    followers = view.in_play.followers
    return [(figure, view.graph.feature_of(index))
            for index, figure in enumerate(view.request.board.figures)
            if figure.x == piece.x and figure.y == piece.y and figure.kind in followers]


def _on_tile(view: BoardView | ScoringContext) -> bool:
    return bool(view.request.rules.fairy_placement == ON_TILE)


def check_fairy(view: BoardView) -> Iterator[BoardError]:
    """The fairy stands beside a follower: one on the same tile and feature; with the
    rule on-tile, on a tile that holds a follower."""
    on_tile = _on_tile(view)
    for index, piece in enumerate(view.request.board.neutral):
        if piece.kind != FAIRY.code:
            continue
        if on_tile:
            if not _followers_on_tile(view, piece):
                yield BoardError(
                    f"neutral[{index}]", FAIRY_WITHOUT_FOLLOWER,
                    Message("error.fairy_without_follower.no_follower_stands_on_the", {
                        "piece_x": piece.x, "piece_y": piece.y}),
                )
        elif not _followers_beside(view, piece):
            yield BoardError(
                f"neutral[{index}]", FAIRY_WITHOUT_FOLLOWER,
                Message("error.fairy_without_follower.no_follower_stands_on_the_2", {
                    "piece_at_value": piece.at.value, "piece_x": piece.x, "piece_y": piece.y}),
            )


add_templates({
    "fairy.bonus": "the fairy {where} {player}'s {figure} on {feature}: {outcome}",
    "fairy.beside": "beside",
    "fairy.on_tile_of": "on the tile ({x},{y}) of",
    "fairy.scored": "scored at the end, {points} for {player}",
    "bonus.converted_not_scored": "a {kind} is not scored at the end, nothing",
    "bonus.kind_not_scored": "{kinds} are not scored in this game, nothing",
})


def _bonus(context: ScoringContext, owner: Color, figure: Figure, feature: Feature) -> BonusResult:
    where = (Message("fairy.beside") if not _on_tile(context)
             else Message("fairy.on_tile_of", {"x": figure.x, "y": figure.y}))
    conversion = context.in_play.conversion_of(feature)
    player = PlayerRef(owner.value)
    if conversion is not None:
        # A completed city turned into a castle is not scored at the end.
        points = 0
        outcome = Message("bonus.converted_not_scored", {"kind": conversion.said[0]})
    elif feature.kind in context.in_play.scorers:
        points = FAIRY_POINTS
        outcome = Message("fairy.scored", {"points": FAIRY_POINTS, "player": player})
    else:
        points = 0
        outcome = Message("bonus.kind_not_scored",
                              {"kinds": noun(f"{feature.kind.value}.plural")})
    said = Message("fairy.bonus", {"where": where, "player": player, "figure": figure.kind,
                                   "feature": feature_ref(feature), "outcome": outcome})
    return BonusResult(
        data={"player": owner.value, "feature": feature.id, "points": points,
              "explanation": said.text()},
        said=said,
        scored={owner: points} if points else {},
    )


def score_fairy(context: ScoringContext) -> list[BonusResult]:
    """The fairy's follower gives its owner 3 when its feature is scored at the end;
    with the rule on-tile, each feature with a follower on her tile gives 3 to each
    player with a follower of it there."""
    results = []
    on_tile = _on_tile(context)
    for piece in context.request.board.neutral:
        if piece.kind != FAIRY.code:
            continue
        if on_tile:
            paid: set[tuple[str, Color]] = set()
            for figure, feature in _followers_on_tile(context, piece):
                if (feature.id, figure.player) not in paid:
                    paid.add((feature.id, figure.player))
                    results.append(_bonus(context, figure.player, figure, feature))
            continue
        beside = _followers_beside(context, piece)
        under = next((feature for feature in context.graph.occupied()
                      if piece in feature.neutral), None)
        if not beside or under is None:
            continue
        results.append(_bonus(context, beside[0].player, beside[0], under))
    return results


DRAGON_PART = Part(
    code="dragon", name="the dragon and the volcanoes", editions=EDITIONS,
    landmarks=(VOLCANO, DRAGON),
    figure_rules=(NO_FIGURE_BY_THE_VOLCANO,),
)
FAIRY_PART = Part(
    code="fairy", name="the fairy", editions=EDITIONS,
    neutral_figures=(FAIRY,),
    rule_options=(FAIRY_PLACEMENT,),
    play_points=(
        PlayPoints("fairy-turn", "the fairy beside your follower at the start of your turn",
                   1, rules="fairy"),
        PlayPoints("fairy-scored", "the fairy's follower scored with its feature",
                   FAIRY_POINTS, rules="fairy"),
    ),
    board_checks=(BoardCheck(codes=(FAIRY_WITHOUT_FOLLOWER,), check=check_fairy),),
    bonuses=(PlayerBonus(key="fairy", by_kind="fairy", score=score_fairy,
                         title="The fairy's follower scores 3 more at the end"),),
    outputs=(
        BonusListing(
            key="fairy", title="Fairy", name="player",
            meaning="With the fairy in play: the follower she stands beside and the points "
                    "its owner gets at the end.",
            fields=(
                BonusField("player", Shape.TEXT, "The owner of the follower beside her."),
                BonusField("feature", Shape.TEXT, "The feature that follower stands on."),
                BonusField("points", Shape.INTEGER),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)
PORTAL_PART = Part(
    code="magic-portal", name="the magic portals", editions=EDITIONS,
    landmarks=(MAGIC_PORTAL,),
    reaches_laid_tiles=True,
)
PRINCESS_PART = Part(
    code="princess", name="the princesses", editions=EDITIONS,
    attributes=(PRINCESS,),
)

EXPANSION = Expansion(
    code="princess-dragon",
    after=("hills-sheep",),
    name="The Princess & the Dragon",
    editions=EDITIONS,
    parts=(DRAGON_PART, FAIRY_PART, PORTAL_PART, PRINCESS_PART),
)
