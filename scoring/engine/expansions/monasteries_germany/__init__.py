"""The special monasteries: Monasteries in Germany (C1 2014, C2 2018, C3 2023), with the
Netherlands & Belgium and Japanese Buildings sets, which share its rule. Six land tiles,
one of each, each with a special monastery.

A meeple put on a special monastery stands up as a monk or lies down as an abbot:

- a **monk** makes it an ordinary monastery, scored as any (the request's ``at: "C"``);
- an **abbot** stays to the end of the game, and the monastery is not scored during play.
  At the end the abbot scores 1 for the monastery tile and 1 for every tile in an
  unbroken line from it up, right, down and left, each line stopping at the first empty
  square (the rules page, and JCloisterZone's engine test ``monasteries-scoring``). The
  request places the abbot among ``figures`` with ``at: "abbot"`` on the monastery's tile.

One meeple to a special monastery, monk or abbot, as the rules sheet assumes: a monk and
an abbot on one tile are refused (``special_monastery_taken``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...board import DistrictFigure
from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    LandmarkKind,
    PlayerBonus,
    ScoringContext,
    Space,
)
from ...glyphs import Glyph, Mark
from ...messages import Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape, square_fields
from ...problems import BoardError, ProblemCode
from ...results import BonusResult
from ...rules import Edition
from ...tiles import FeatureKind

ABBOT = "abbot"
DIRECTIONS = (("up", 0, -1), ("right", 1, 0), ("down", 0, 1), ("left", -1, 0))
"""The four lines an abbot counts along, in the order the rules' examples add them."""

ABBOT_PLACE = LandmarkKind(
    name=ABBOT,
    meaning="The special monastery again, as the place where a meeple lies as its abbot: "
            "not scored during play, at the end 1 and 1 a tile in line up, right, down "
            "and left.",
    # A meeple lying on its side, drawn low and to the right of the monastery, clear of
    # the road that may leave it to the south.
    glyph=Glyph("abbot", (
        Mark.of("rect", x=14, y=22, width=16, height=5, rx=2.5, fill="#f2ead8",
                stroke="#5a4a32", stroke_width=0.8),
        Mark.of("circle", cx=11, cy=24.5, r=2.6, fill="#f2ead8", stroke="#5a4a32",
                stroke_width=0.8),
    )),
    space=Space(holds=1, kinds=("meeple",), word="abbot's place"),
)

SPECIAL_MONASTERY_TAKEN = ProblemCode(
    "special_monastery_taken",
    "a monk and an abbot on one special monastery, which takes one meeple, standing or "
    "lying",
)

add_templates({
    "abbot.lines": (
        "{player}'s abbot at ({x},{y}): {up} up + {right} right + {down} down + {left} left "
        "+ 1 for the monastery = {points}"),
    "error.special_monastery_taken.monk_and_abbot": (
        "The special monastery at ({x},{y}) has a monk and an abbot; it takes one meeple, "
        "standing as a monk (at \"C\") or lying as its abbot (at \"abbot\")."),
})


def check_one_meeple(view: BoardView) -> Iterator[BoardError]:
    """A special monastery holds a monk or an abbot, not both."""
    abbots = {(figure.x, figure.y) for figure in view.request.board.districts
              if figure.district == ABBOT}
    if not abbots:
        return
    for index, figure in enumerate(view.request.board.figures):
        if (figure.x, figure.y) in abbots and \
                view.graph.feature_of(index).kind is FeatureKind.MONASTERY:
            abbots.discard((figure.x, figure.y))
            yield BoardError(view.figure_path(index), SPECIAL_MONASTERY_TAKEN, Message(
                "error.special_monastery_taken.monk_and_abbot", {"x": figure.x, "y": figure.y}))


def _line(context: ScoringContext, x: int, y: int, dx: int, dy: int) -> int:
    """How many tiles lie in an unbroken line from ``(x, y)`` (not counted) that way."""
    tile_at = context.graph.tile_at
    count = 0
    while tile_at(x + dx * (count + 1), y + dy * (count + 1)) is not None:
        count += 1
    return count


def score_abbots(context: ScoringContext) -> list[BonusResult]:
    """Each abbot scores 1 and 1 a tile in unbroken line up, right, down and left."""
    results = []
    abbots: list[DistrictFigure] = [figure for figure in context.request.board.districts
                                    if figure.district == ABBOT]
    for figure in abbots:
        lines = {name: _line(context, figure.x, figure.y, dx, dy)
                 for name, dx, dy in DIRECTIONS}
        points = 1 + sum(lines.values())
        said = Message("abbot.lines", {"player": PlayerRef(figure.player.value),
                                       "x": figure.x, "y": figure.y, **lines,
                                       "points": points})
        results.append(BonusResult(
            data={"square": f"({figure.x},{figure.y})", "x": figure.x, "y": figure.y,
                  "player": figure.player.value, **lines, "points": points,
                  "explanation": said.text()},
            scored={figure.player: points}, said=said,
        ))
    return results


EXPANSION = Expansion(
    code="monasteries-germany",
    after=("darmstadt-promo",),
    name="Monasteries in Germany / Monasteries in the Netherlands & Belgium / Japanese "
         "Buildings",
    editions=frozenset({Edition.C1, Edition.C2, Edition.C3}),
    landmarks=(ABBOT_PLACE,),
    board_checks=(BoardCheck(codes=(SPECIAL_MONASTERY_TAKEN,), check=check_one_meeple),),
    bonuses=(PlayerBonus(key="abbots", by_kind="abbot-lines", score=score_abbots,
                         title="Each abbot scores 1 and 1 a tile in unbroken line up, "
                               "right, down and left"),),
    outputs=(
        BonusListing(
            key="abbots", title="Abbots", name="square",
            meaning="With the special monasteries: each abbot, the tiles in unbroken line "
                    "from its monastery in the four directions, and its points.",
            fields=(
                *square_fields("the monastery's"),
                BonusField("player", Shape.TEXT, "The abbot's colour."),
                BonusField("up", Shape.INTEGER, "Tiles in line above, to the first gap."),
                BonusField("right", Shape.INTEGER),
                BonusField("down", Shape.INTEGER),
                BonusField("left", Shape.INTEGER),
                BonusField("points", Shape.INTEGER, "1 + the four lines."),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)

__all__: Sequence[str] = ["EXPANSION"]
