"""Hills & Sheep (C1, C2): hills, vineyards, the shepherd and his flock.

- Hills: among the players tied for the most strength on a road, city or field, those
  with a follower standing on a hill tile of that feature win it alone. Whether one such
  follower is enough (the rules) or the tied players with more followers on hills win
  (a variant from the C1 rules' notes) is the rule ``hill_tiebreak``. Builders, pigs,
  barns and shepherds are not followers and never count.
- Vineyards: a completed monastery (or shrine) scores 3 more for each vineyard tile
  on the eight squares around it; an incomplete one gets nothing for them, and a garden
  is not helped.
- The shepherd stands in a field and draws sheep during play; at the end neither he nor
  his flock scores anything, and he takes no part in the field's majority.
- Two vineyard tiles (``hills-sheep-2``) carry two cities reaching the same north
  edge: the tile data says so with ``shares_edge`` (see
  :attr:`~scoring.engine.tiles.Segment.shares`).
"""

from __future__ import annotations

from ...board import Color
from ...expansion import (
    AreaBonus,
    Expansion,
    FigureKind,
    LandmarkKind,
    Part,
    Placement,
    PlayPoints,
    ScoringContext,
    TieBreak,
    WhenMissing,
)
from ...features import Feature
from ...glyphs import Glyph, Mark
from ...messages import Listing, Message, PlayerRef, add_templates
from ...results import player_counts
from ...rules import Choice, Edition, RuleOption
from ...tiles import FeatureKind, OrientedTile

EDITIONS = frozenset({Edition.C1, Edition.C2})
VINEYARD_POINTS = 3

HILL = LandmarkKind(
    name="hill", meaning="A hill: the tile lies raised on another tile; a follower on it "
                         "breaks a tie for the most followers.",
    glyph=Glyph("hill", (  # a green mound with a darker crest
        Mark.of("path", d="M-16 8 C-10 -10 10 -10 16 8 Z", fill="#7fae55", stroke="#4d7431",
                stroke_width=1),
        Mark.of("path", d="M-8 -2 C-4 -6 4 -6 8 -2", fill="none", stroke="#4d7431",
                stroke_width=1),
    )),
)
VINEYARD = LandmarkKind(
    name="vineyard", meaning="A vineyard: 3 more points for each completed monastery on "
                             "the eight squares around it.",
    glyph=Glyph("vineyard", tuple(  # three rows of vines with grapes
        mark
        for y in (-8, 0, 8)
        for mark in (
            Mark.of("path", d=f"M-14 {y} H14", stroke="#5c7a2e", stroke_width=1.5),
            *(Mark.of("circle", cx=float(x), cy=float(y + 2), r=1.6, fill="#6d2a5e")
              for x in (-9, -3, 3, 9)),
        )
    )),
)

HILL_TIEBREAK = RuleOption(
    "hill_tiebreak", "Ties on a feature with followers on hills",
    (Choice("one-follower", "one follower on a hill is enough (the rules)"),
     Choice("most-followers", "the most followers on hills win (variant)")),
    default="one-follower",
)

# A robed figure beside a crook.
SHEPHERD_OUTLINE = (
    "M-2,-15 C2.5,-15 3.5,-10 1.6,-7.6 L7,13 L-11,13 L-5.6,-7.6 C-7.5,-10 "
    "-6.5,-15 -2,-15 Z M8.5,13 L8.5,-11 C8.5,-16 15,-16 15,-11 L13.2,-11 "
    "C13.2,-13.6 10.3,-13.6 10.3,-11 L10.3,13 Z"
)
SHEPHERD = FigureKind(code="shepherd", name="shepherd", limit=1, strength=0, follower=False,
                      listed_as="shepherds",
                      listed_word="shepherds, whose flocks score nothing at the end",
                      when_missing=WhenMissing.UNKNOWN_KIND, silhouette=SHEPHERD_OUTLINE)


def _on_hills(feature: Feature, context: ScoringContext) -> dict[Color, int]:
    """How many followers each player has on hill tiles of ``feature``."""
    followers = context.in_play.followers
    tile_at = context.graph.tile_at
    found: dict[Color, int] = {}
    for figure in feature.figures:
        if figure.kind not in followers:
            continue
        tile = tile_at(figure.x, figure.y)
        if tile is not None and tile.definition.has_landmark(HILL.name):
            found[figure.player] = found.get(figure.player, 0) + 1
    return found


add_templates({
    "hills.most_followers": "the most followers on hills",
    "hills.a_follower": "a follower on a hill",
    "hills.decide_alone": "followers on hills: {counts}, so {players} with {how} scores alone",
    "hills.decide": "followers on hills: {counts}, so {players} with {how} score",
})


def hill_decides(
    feature: Feature, owners: list[Color], context: ScoringContext
) -> tuple[list[Color], Message] | None:
    """Tied players with a follower on a hill tile win the feature."""
    on_hills = _on_hills(feature, context)
    if not any(on_hills.get(owner) for owner in owners):
        return None
    if context.rules.hill_tiebreak == "most-followers":
        best = max(on_hills.get(owner, 0) for owner in owners)
        kept = [owner for owner in owners if on_hills.get(owner, 0) == best]
        how = Message("hills.most_followers")
    else:
        kept = [owner for owner in owners if on_hills.get(owner)]
        how = Message("hills.a_follower")
    if len(kept) == len(owners):
        return None
    return kept, Message("hills.decide_alone" if len(kept) == 1 else "hills.decide", {
        "counts": player_counts({owner: on_hills.get(owner, 0) for owner in owners}),
        "players": Listing(tuple(PlayerRef(owner.value) for owner in kept), "join.and"),
        "how": how})


def vineyards_on(tile: OrientedTile) -> int:
    """1 for a tile with a vineyard."""
    return 1 if tile.definition.has_landmark(VINEYARD.name) else 0


HILLS = Part(
    code="hills", name="the hills", editions=EDITIONS,
    landmarks=(HILL,),
    rule_options=(HILL_TIEBREAK,),
    tie_breaks=(TieBreak((FeatureKind.ROAD, FeatureKind.CITY, FeatureKind.FARM), hill_decides,
                         title="Hills break ties for the most followers"),),
)
SHEPHERDS = Part(
    code="shepherds", name="the shepherds", editions=EDITIONS,
    figure_kinds=(SHEPHERD,),
    play_points=(PlayPoints("flock", "a flock herded home", 1, unit=("sheep", "sheep"),
                            rules="shepherd"),),
    placements=(Placement("shepherd", FeatureKind.FARM, "shepherd"),),
)
VINEYARDS = Part(
    code="vineyards", name="the vineyards", editions=EDITIONS,
    landmarks=(VINEYARD,),
    area_bonuses=(AreaBonus(FeatureKind.MONASTERY, vineyards_on, VINEYARD_POINTS, "vineyards",
                            completed_only=True,
                            title="A completed monastery scores 3 a vineyard around it"),),
)

EXPANSION = Expansion(
    code="hills-sheep",
    after=("count-king-robber",),
    name="Hills & Sheep",
    editions=EDITIONS,
    parts=(HILLS, SHEPHERDS, VINEYARDS),
)
