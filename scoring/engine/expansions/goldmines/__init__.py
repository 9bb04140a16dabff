"""Goldmines (C1 2012, C2 2017 in Big Box 6, C3 2021 in Big Box 7): eight land tiles with
a gold symbol and sixteen gold ingots.

- Laying a gold tile puts two ingots on the table: one on that tile and one on a tile
  beside it (diagonals count). Whoever wins a completed feature takes the ingots on its
  tiles (a monastery: its 3 × 3). That happens during play; the finished board does not
  show who took what, so the request brings each player's ingots
  (``players[].gold.ingots``).
- At the end, ingots still lying on tiles are out of the game, and each player scores
  their own ingots, each worth more the more they hold: 1 to 3 ingots 1 each, 4 to 6
  2 each, 7 to 9 3 each, 10 or more 4 each.
- Checks: the players hold at most the 16 ingots that exist, and at most two a gold
  tile on the table (the most those tiles can have put out).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    LandmarkKind,
    PlayerBonus,
    PlayerTokens,
    ScoringContext,
)
from ...glyphs import Glyph, Mark
from ...messages import Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape
from ...problems import BoardError, ProblemCode
from ...results import BonusResult
from ...rules import Edition

add_templates({
    "error.too_much_gold.the_players_hold_but_the": (
        "The players hold {held} {held|gold ingot|gold ingots}, but the board shows {tiles} "
        "{tiles|gold tile|gold tiles}, which put out at "
        "most {most}: each gold tile brings two ingots into the game."),
})

EDITIONS = frozenset({Edition.C1, Edition.C2, Edition.C3})
INGOTS = "ingots"
INGOTS_IN_THE_BOX = 16
INGOTS_A_GOLD_TILE = 2
TIERS = ((10, 4), (7, 3), (4, 2), (1, 1))
"""(fewest ingots, points each), highest first."""

GOLD = LandmarkKind(
    name="gold",
    meaning="A gold symbol: laying the tile puts two gold ingots on the table.",
    glyph=Glyph("gold", (  # a gold bar below the middle of the tile
        Mark.of("path", d="M-7 22 L-4.5 16 H4.5 L7 22 Z", fill="#e8b923", stroke="#8a6a18",
                stroke_width=0.9, stroke_linejoin="round"),
        Mark.of("path", d="M-3.5 17.5 H3", stroke="#fff3b0", stroke_width=0.9, fill="none"),
    )),
)
INVALID_GOLD = ProblemCode(
    "invalid_gold",
    "a gold entry other than ingots, a negative number of ingots, or more than the 16 "
    "ingots of the box in all",
)
GOLD_TOKENS = PlayerTokens(
    "gold", (INGOTS,), INVALID_GOLD, in_all=INGOTS_IN_THE_BOX,
    words={INGOTS: "gold ingots"},
    meaning="The gold ingots a player took during the game.",
)
TOO_MUCH_GOLD = ProblemCode(
    "too_much_gold",
    "the players hold more gold ingots than the gold tiles on the board put out (two a "
    "gold tile)",
)


def value_of(ingots: int) -> int:
    """What one ingot is worth to a player holding ``ingots`` of them.

    >>> [value_of(n) for n in (0, 1, 3, 4, 6, 7, 9, 10, 16)]
    [0, 1, 1, 2, 2, 3, 3, 4, 4]
    """
    for fewest, each in TIERS:
        if ingots >= fewest:
            return each
    return 0


add_templates({
    "gold.ingots": "{player}: {ingots} {ingots|gold ingot|gold ingots} × {each} = {points}",
    "gold.none": "{player}: no gold ingots, 0",
})


def score_gold(context: ScoringContext) -> list[BonusResult]:
    """Each player's gold ingots, worth 1 to 4 each by how many they hold."""
    results = []
    for player in context.request.players:
        ingots = player.token_count(GOLD_TOKENS.name, INGOTS)
        each = value_of(ingots)
        points = ingots * each
        who = PlayerRef(player.color.value)
        said = (Message("gold.ingots", {"player": who, "ingots": ingots, "each": each,
                                        "points": points})
                if ingots else Message("gold.none", {"player": who}))
        scored = {player.color: points} if points else {}
        results.append(BonusResult(
            data={"player": player.color.value, INGOTS: ingots, "each": each,
                  "points": points,
                  "scored": {color.value: value for color, value in scored.items()},
                  "explanation": said.text()},
            scored=scored,
            said=said,
        ))
    return results


def gold_tiles(view: BoardView) -> int:
    """How many tiles with a gold symbol lie on the table."""
    tile_at = view.graph.tile_at
    count = 0
    for tile in view.request.board.tiles:
        turned = tile_at(tile.x, tile.y)
        if turned is not None and turned.definition.has_landmark(GOLD.name):
            count += 1
    return count


def check_gold(view: BoardView) -> Iterator[BoardError]:
    """The players hold at most two ingots for each gold tile on the table."""
    held = sum(player.token_count(GOLD_TOKENS.name, INGOTS) for player in view.request.players)
    if not held:
        return
    tiles = gold_tiles(view)
    most = min(INGOTS_A_GOLD_TILE * tiles, INGOTS_IN_THE_BOX)
    if held > most:
        yield BoardError(
            "players", TOO_MUCH_GOLD,
            Message("error.too_much_gold.the_players_hold_but_the", {
                "held": held, "tiles": tiles, "most": most}),
        )


EXPANSION = Expansion(
    code="goldmines",
    after=("tower",),
    name="Goldmines",
    editions=EDITIONS,
    landmarks=(GOLD,),
    tokens=(GOLD_TOKENS,),
    bonuses=(PlayerBonus(key="gold_ingots", by_kind="gold", score=score_gold,
                         title="Each player's gold ingots, 1 to 4 points each"),),
    board_checks=(BoardCheck(codes=(TOO_MUCH_GOLD,), check=check_gold),),
    outputs=(
        BonusListing(
            key="gold_ingots", title="Gold ingots", name="player",
            meaning="With goldmines in play: one entry per player, their ingots and what "
                    "each is worth.",
            fields=(
                BonusField("player", Shape.TEXT),
                BonusField(INGOTS, Shape.INTEGER, "Gold ingots the player holds."),
                BonusField("each", Shape.INTEGER,
                           "Points an ingot is worth: 1 (1-3 ingots), 2 (4-6), 3 (7-9), "
                           "4 (10 or more)."),
                BonusField("points", Shape.INTEGER),
                BonusField("scored", Shape.COUNTS),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)

__all__: Sequence[str] = ["EXPANSION"]
