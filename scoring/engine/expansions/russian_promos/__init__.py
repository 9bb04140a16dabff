"""The Russian promos (Hobby World, first-edition style, C1 only): four land tiles, one of
each. What the end of a game scores (the rules page, the rules wiki's scoring reference
and JCloisterZone's engine tests ``yaga-scoring`` and ``vodyanoy`` agree):

- **Baba Yaga's hut** (2013). Whoever lays it may put a follower on the hut as Baba Yaga.
  At the end she scores 1 for the hut and 1 for each of the eight squares around it that
  is still empty. A hut surrounded during play scored its 1 then and the meeple went
  home; one still holding Baba Yaga when full was surrounded on the last turn, and the
  same count (1 + 0 empty squares) gives that turn's 1. The request places her among
  ``figures`` with ``at: "yaga-hut"`` on the hut's tile.
- **Vodyanoy** (2016) drags into his pond the meeples on the tiles around him. Each one
  still in the pond at the end costs its owner 2. The request places each among
  ``figures`` with ``at: "vodyanoy"`` on the Vodyanoy tile; the figures that count as
  meeples (a large meeple, a mayor, a wagon, the abbot, the ringmaster, the phantom) may
  be caught too, as the rules wiki reads it.
- **The Choice of Bogatyr** (2013) and **Solovei Razboynik** (2016) act through their
  layouts and during play only: the final scoring needs no input for them. A meeple
  Solovei caught sits in his tree, off the board's features; no source read says it
  scores anything, so it is simply left off the board.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...board import Color, DistrictFigure
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
from ...messages import Listing, Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape, square_fields
from ...problems import BoardError, ProblemCode
from ...results import BonusResult
from ...rules import Edition
from ...words import figure_word

HUT, POND = "yaga-hut", "vodyanoy"
HUT_POINTS = 1
"""What the hut itself is worth to Baba Yaga; each empty square around adds 1 more."""
POND_COST = 2
"""What each meeple left in Vodyanoy's pond costs its owner."""
POND_ROOM = 99
"""The rules set no limit on the meeples in the pond (each player's supply does); the
space's count only has to be finite."""
BABA_YAGA = ("meeple", "large", "wagon")
"""The figures that may be Baba Yaga: the rules wiki lets the player put "a follower" on
the hut, so the first-edition followers that stand on features of any kind (a mayor
stands in cities only); the phantom counts as a meeple by its own declaration."""
CAUGHT = ("meeple", "large", "mayor", "wagon", "abbot", "ringmaster")
"""The figure kinds Vodyanoy catches: those the rules wiki counts as meeples (the
phantom counts as a meeple by its own declaration, so the registry adds it)."""

YAGA_HUT = LandmarkKind(
    name=HUT,
    meaning="Baba Yaga's hut: a follower on it is Baba Yaga, worth 1 and 1 for each empty "
            "square around it at the end.",
    glyph=Glyph("yaga-hut", (  # a log hut on two hen's legs
        Mark.of("path", d="M-2 5 L-4 11 M2 5 L4 11 M-6 11 H-2 M2 11 H6", stroke="#7a4b1e",
                stroke_width=1.4, fill="none"),
        Mark.of("rect", x=-7, y=-3, width=14, height=8, fill="#a0703c", stroke="#4d2f12",
                stroke_width=1),
        Mark.of("path", d="M-9 -3 L0 -10 L9 -3 Z", fill="#6b4423", stroke="#4d2f12",
                stroke_width=1),
    )),
    space=Space(holds=1, kinds=BABA_YAGA, word="hut"),
)
VODYANOY = LandmarkKind(
    name=POND,
    meaning="Vodyanoy's pond: the meeples he caught; each costs its owner 2 at the end.",
    glyph=Glyph("vodyanoy", (  # a pond with a ripple
        Mark.of("ellipse", cx=0, cy=2, rx=10, ry=6, fill="#4f8fc0", stroke="#234e70",
                stroke_width=1),
        Mark.of("path", d="M-5 2 Q-2.5 0 0 2 T5 2", stroke="#d6ecf7", stroke_width=1,
                fill="none"),
    )),
    space=Space(holds=POND_ROOM, kinds=CAUGHT, word="pond"),
)

add_templates({
    "baba_yaga.hut": (
        "Baba Yaga's hut at ({x},{y}), {player}'s: {empty} of the 8 squares around it "
        "{empty|is|are} empty, 1 + {empty} = {points}"),
    "vodyanoy.pond": "Vodyanoy's pond at ({x},{y}): {shares}",
    "vodyanoy.share": (
        "{player} {meeples} {meeples|meeple|meeples} × -{each} = {points}"),
    "error.beside_vodyanoy.caught": (
        "The {kind} at ({x},{y}) stands on a tile around Vodyanoy at ({pond_x},{pond_y}), "
        "who drags every meeple there into his pond: put it in the pond (at "
        "\"vodyanoy\" on his tile), or take it off if its owner took it back."),
})

BESIDE_VODYANOY = ProblemCode(
    "beside_vodyanoy",
    "a meeple on a tile around Vodyanoy, who would have dragged it into his pond",
)


def _on(context: ScoringContext, name: str) -> list[DistrictFigure]:
    return [figure for figure in context.request.board.districts if figure.district == name]


def _ponds(view: BoardView) -> list[tuple[int, int]]:
    """The squares of the Vodyanoy tiles on the board."""
    squares = []
    for placed in view.request.board.tiles:
        tile = view.graph.tile_at(placed.x, placed.y)
        if tile is not None and tile.definition.has_landmark(POND):
            squares.append((placed.x, placed.y))
    return squares


def check_beside_vodyanoy(view: BoardView) -> Iterator[BoardError]:
    """No meeple Vodyanoy catches stands on a feature of a tile around him, nor on Baba
    Yaga's hut there: he drags them into his pond when he is laid, and any put there
    later."""
    ponds = _ponds(view)
    if not ponds:
        return
    caught = {code for code, kind in view.in_play.figure_kinds.items()
              if code in CAUGHT or kind.counts_as in CAUGHT}
    # A follower in a castle (a city another expansion converted off the tiles) is out of
    # his reach, as the rules wiki's community interpretation reads it.
    pieces = [(view.figure_path(index), figure.kind, figure.x, figure.y)
              for index, figure in enumerate(view.request.board.figures)
              if view.in_play.conversion_of(view.graph.feature_of(index)) is None]
    pieces += [(view.figure_path(index, district=True), figure.kind, figure.x, figure.y)
               for index, figure in enumerate(view.request.board.districts)
               if figure.district == HUT]
    for path, kind, x, y in pieces:
        if kind not in caught:
            continue
        for pond_x, pond_y in ponds:
            if max(abs(x - pond_x), abs(y - pond_y)) == 1:
                yield BoardError(path, BESIDE_VODYANOY, Message("error.beside_vodyanoy.caught", {
                    "kind": figure_word(view.in_play.figure_kinds[kind]), "x": x, "y": y,
                    "pond_x": pond_x, "pond_y": pond_y}))
                break


def score_baba_yaga(context: ScoringContext) -> list[BonusResult]:
    """Baba Yaga scores 1 for her hut and 1 for each empty square around it."""
    tile_at = context.graph.tile_at
    results = []
    for figure in _on(context, HUT):
        x, y = figure.x, figure.y
        empty = sum(1 for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                    if (dx or dy) and tile_at(x + dx, y + dy) is None)
        points = HUT_POINTS + empty
        said = Message("baba_yaga.hut", {"x": x, "y": y, "player": PlayerRef(figure.player.value),
                                         "empty": empty, "points": points})
        results.append(BonusResult(
            data={"square": f"({x},{y})", "x": x, "y": y, "player": figure.player.value,
                  "empty": empty, "points": points, "explanation": said.text()},
            scored={figure.player: points}, said=said,
        ))
    return results


def score_vodyanoy(context: ScoringContext) -> list[BonusResult]:
    """Each meeple left in Vodyanoy's pond costs its owner 2."""
    ponds: dict[tuple[int, int], dict[Color, int]] = {}
    for figure in _on(context, POND):
        counts = ponds.setdefault((figure.x, figure.y), {})
        counts[figure.player] = counts.get(figure.player, 0) + 1
    results = []
    for (x, y), counts in sorted(ponds.items(), key=lambda item: (item[0][1], item[0][0])):
        scored = {color: -POND_COST * counts[color] for color in context.players
                  if color in counts}
        shares = Listing(tuple(
            Message("vodyanoy.share", {"player": PlayerRef(color.value),
                                       "meeples": counts[color], "each": POND_COST,
                                       "points": points})
            for color, points in scored.items()))
        said = Message("vodyanoy.pond", {"x": x, "y": y, "shares": shares})
        results.append(BonusResult(
            data={"square": f"({x},{y})", "x": x, "y": y,
                  "meeples": {color.value: counts[color] for color in scored},
                  "scored": {color.value: points for color, points in scored.items()},
                  "explanation": said.text()},
            scored=scored, said=said,
        ))
    return results


EXPANSION = Expansion(
    code="russian-promos",
    after=("tunnel",),
    name="Russian Promos",
    editions=frozenset({Edition.C1}),
    landmarks=(YAGA_HUT, VODYANOY),
    board_checks=(BoardCheck(codes=(BESIDE_VODYANOY,), check=check_beside_vodyanoy),),
    bonuses=(
        PlayerBonus(key="baba_yaga", by_kind="baba-yaga", score=score_baba_yaga,
                    title="Baba Yaga scores 1 for her hut and 1 for each empty square "
                          "around it"),
        PlayerBonus(key="vodyanoy", by_kind="vodyanoy", score=score_vodyanoy,
                    title="Each meeple left in Vodyanoy's pond costs its owner 2"),
    ),
    outputs=(
        BonusListing(
            key="baba_yaga", title="Baba Yaga", name="square",
            meaning="With the Russian promos: Baba Yaga on her hut, the empty squares "
                    "around it and her points (1 + 1 an empty square).",
            fields=(
                *square_fields("the hut's"),
                BonusField("player", Shape.TEXT, "Baba Yaga's colour."),
                BonusField("empty", Shape.INTEGER, "Empty squares among the 8 around."),
                BonusField("points", Shape.INTEGER),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
        BonusListing(
            key="vodyanoy", title="Vodyanoy", name="square",
            meaning="With the Russian promos: the meeples left in Vodyanoy's pond, 2 points "
                    "off for each.",
            fields=(
                *square_fields("the Vodyanoy tile's"),
                BonusField("meeples", Shape.COUNTS, "Each player's meeples in the pond."),
                BonusField("scored", Shape.COUNTS, "What each loses (negative)."),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)

__all__: Sequence[str] = ["EXPANSION"]
