"""Traders & Builders (C1, C2, C3): goods in cities, the builder and the pig.

- Goods: whoever completes a city takes a token for each goods symbol in it. At the end,
  for each of wine, grain and cloth, every player holding the most tokens (at least one)
  scores 10. The finished board does not show who took which tokens, so the request
  brings each player's tokens (``players[].goods``), and they must add up, good by good,
  to the symbols on the completed cities of the board.
- The builder stands on a road or city beside its owner's meeple; it gives extra turns
  during the game, never points, and does not count in a majority.
- The pig stands in a field beside its owner's farmer; a player who scores the farm and
  has their pig there gets 1 more for each completed city (4 instead of 3).
- The pig-herd of The River II (``river2-F``) is a neutral pig: with the pig in play,
  every player who scores that farm gets 1 more a city, pig or not; several herds in one
  farm count once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ...board import Color
from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    FigureKind,
    Part,
    Placement,
    PlayerBonus,
    PlayerTokens,
    ScoreModifier,
    ScoringContext,
    SegmentAttribute,
    Valuation,
    WhenMissing,
)
from ...features import Feature, FeatureGraph
from ...glyphs import Glyph, Mark, house
from ...messages import Message, PlayerRef, add_templates, players_listing
from ...outputs import BonusField, BonusListing, FeatureField, Shape
from ...problems import BoardError, ProblemCode
from ...results import BonusResult
from ...rules import Edition
from ...tiles import FeatureKind
from ...words import declared, result_word

add_templates({
    "goods.too_many": "{count} too many",
    "goods.missing": "{count} missing",
    "error.goods_mismatch.the_players_hold_token_but": (
        "The players hold {held} {good} {held|token|tokens}, but the completed cities on the "
        "board show {symbols_good} {good} {symbols_good|symbol|symbols}: {off}. Whoever "
        "completes a city takes one "
        "token for each symbol in it."),
})

EDITIONS = frozenset({Edition.C1, Edition.C2, Edition.C3})
GOODS = ("wine", "grain", "cloth")
MAJORITY_POINTS = 10



def _goods_glyph(colour: str, *symbol: Mark) -> Glyph:
    """A goods symbol on a light disc."""
    disc = Mark.of("circle", cx=0, cy=0, r=5.2, fill="#fbf6e8", stroke=colour, stroke_width=1)
    return Glyph("goods", (disc, *symbol))


GOODS_GLYPHS = {
    "wine": _goods_glyph(  # a bunch of grapes
        "#7a2a63",
        *(Mark.of("circle", cx=float(x), cy=float(y), r=1.5, fill="#7a2a63")
          for x, y in ((-2.2, -1.6), (0, -1.6), (2.2, -1.6), (-1.1, 0.4), (1.1, 0.4), (0, 2.4))),
        Mark.of("path", d="M0 -3.2 l1.2 -1.6", stroke="#3f6b2a", stroke_width=0.8, fill="none"),
    ),
    "grain": _goods_glyph(  # an ear of grain
        "#e2b93b",
        Mark.of("path", d="M0 3.6 V-3.6", stroke="#8a6a18", stroke_width=0.8, fill="none"),
        Mark.of("path", d=" ".join(f"M{side * 1.1:g} {y:g} l{side * 1.6:g} -1.3"
                                   for y in (-2.6, -0.8, 1.0) for side in (-1, 1)),
                stroke="#e2b93b", stroke_width=1.5, stroke_linecap="round", fill="none"),
    ),
    "cloth": _goods_glyph(  # a bolt of cloth
        "#4a7fb5",
        Mark.of("rect", x=-3.4, y=-2.6, width=6.8, height=5.2, rx=0.6, fill="#4a7fb5"),
        Mark.of("ellipse", cx=3.4, cy=0, rx=1.2, ry=2.6, fill="#7fa9d6", stroke="#4a7fb5",
                stroke_width=0.5),
    ),
}

GOODS_SYMBOL = SegmentAttribute("goods", FeatureKind.CITY, values=GOODS,
                                meaning="A goods symbol in the city.", glyph=GOODS_GLYPHS)
PIG_HERD = SegmentAttribute(
    "pig_herd", FeatureKind.FARM, meaning="A pig-herd in the field.",
    glyph=Glyph("pig-herd", marks=(  # three pigs beside a small sty
        *house(0, -3),
        *(mark for x, y in ((-5, 5), (3, 7), (-1, 11)) for mark in (
            Mark.of("ellipse", cx=x, cy=y, rx=3.6, ry=2.4, fill="#f0a7b4", stroke="#9c4f5e",
                    stroke_width=0.7),
            Mark.of("circle", cx=float(x + 3.4), cy=float(y - 0.8), r=1.5, fill="#f0a7b4",
                    stroke="#9c4f5e", stroke_width=0.6),
        )),
    )),
)
INVALID_GOODS = ProblemCode(
    "invalid_goods",
    "a goods name other than wine, grain, cloth, or a negative number of tokens",
)


def goods_on_board(graph: FeatureGraph) -> Counter[str]:
    """The goods symbols of the completed cities: the tokens the players hold in all."""
    symbols: Counter[str] = Counter()
    for feature in graph.carrying("goods"):
        if feature.kind is FeatureKind.CITY and feature.complete:
            symbols.update(str(good) for good in feature.values("goods"))
    return symbols


GOODS_TOKENS = PlayerTokens("goods", GOODS, INVALID_GOODS, on_board=goods_on_board,
                            meaning="Goods tokens a player holds.")
GOODS_MISMATCH = ProblemCode(
    "goods_mismatch",
    "for a good, the players' tokens do not add up to the symbols on the completed "
    "cities of the board",
)

# A tall, slim meeple.
BUILDER_OUTLINE = (
    "M0,-17.7 C2.6,-17.7 3.9,-14.6 3.6,-11.3 C3.5,-9.4 2.9,-8.3 2.3,-7.6 "
    "L7.9,-3.5 C9.4,-2.4 9.4,1.8 7.9,2.8 L4,2.4 L6.9,14.2 C7.2,15.3 6.8,16 "
    "6,16 L1.9,16 L0,10.1 L-1.9,16 L-6,16 C-6.8,16 -7.2,15.3 -6.9,14.2 "
    "L-4,2.4 L-7.9,2.8 C-9.4,1.8 -9.4,-2.4 -7.9,-3.5 L-2.3,-7.6 C-2.9,-8.3 "
    "-3.5,-9.4 -3.6,-11.3 C-3.9,-14.6 -2.6,-17.7 0,-17.7 Z"
)
# A pig seen from the side, snout to the right.
PIG_OUTLINE = (
    "M-11,-2 C-11,-8 -4,-10 2,-9.5 L4.5,-12.5 L6,-8.6 C9,-7.4 10.5,-5 11,-3 "
    "L14,-2.6 L14,1.4 L11,1.6 C10,4 8,5.6 6,6.2 L6,10 L3,10 L3,6.6 L-4,6.6 "
    "L-4,10 L-7,10 L-7,5.6 C-9.5,4.2 -11,1.8 -11,-2 Z M-11,-3 C-13,-4 "
    "-14,-6 -13,-8 L-12,-7.4 C-12.6,-6 -12,-5 -10.6,-4.6 Z"
)
BUILDER = FigureKind(code="builder", name="builder", limit=1, strength=0, follower=False,
                     listed_as="builders", when_missing=WhenMissing.UNKNOWN_KIND,
                     silhouette=BUILDER_OUTLINE)
PIG = FigureKind(code="pig", name="pig", limit=1, strength=0, follower=False,
                 listed_as="pigs", when_missing=WhenMissing.UNKNOWN_KIND, silhouette=PIG_OUTLINE)


def goods_in_city(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """List a city's goods symbols in the response."""
    if not feature.has("goods"):  # most cities: no Counter to build
        return
    symbols = Counter(feature.values("goods"))
    if symbols:
        valuation.extras["goods"] = {good: symbols[good] for good in GOODS if symbols[good]}


add_templates({"pig.herd": "pig-herd", "pig.players": "{player}'s pig"})
_PIG_HERD = Message("pig.herd")


def pigs_in_farm(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """+1 a city for each owner whose pig is in the farm, +1 for all with a pig-herd."""
    if feature.has("pig_herd"):
        valuation.shared_bonus.append((1, _PIG_HERD))
        valuation.extras["pig_herd"] = True
    with_pigs = {figure.player for figure in feature.figures if figure.kind == PIG.code}
    if not with_pigs:  # most farms hold no pig
        return
    for player in context.players:  # in player order, whatever the order of the figures
        if player in with_pigs:
            valuation.owner_bonus.setdefault(player, []).append(
                (1, Message("pig.players", {"player": PlayerRef(player.value)})))


add_templates({
    "goods.nobody": "{good}: nobody holds a token, nobody scores",
    "goods.most": "{good}: {player} holds the most tokens ({most}): {points}",
    "goods.most_tied": "{good}: {players} hold the most tokens ({most} each): {points} each",
})


_GOOD_WORDS = {good: result_word(f"token.{GOODS_TOKENS.name}.{good}", GOODS_TOKENS.word(good))
               for good in GOODS}
"""Each good as the explanations name it (the token's declared word)."""


def _goods_said(good_code: str, holders: dict[Color, int], winners: list[Color]) -> Message:
    good = _GOOD_WORDS[good_code]
    if not winners:
        return Message("goods.nobody", {"good": good})
    most = holders[winners[0]]
    if len(winners) == 1:
        return Message("goods.most", {"good": good, "player": PlayerRef(winners[0].value),
                                      "most": most, "points": MAJORITY_POINTS})
    return Message("goods.most_tied", {
        "good": good, "players": players_listing([winner.value for winner in winners]),
        "most": most, "points": MAJORITY_POINTS})


def score_goods(context: ScoringContext) -> list[BonusResult]:
    """10 points for each good to every player holding the most of its tokens."""
    results = []
    for good in GOODS:
        holders = {
            player.color: count for player in context.request.players
            if (count := player.token_count("goods", good)) > 0
        }
        best = max(holders.values(), default=0)
        winners = [color for color, count in holders.items() if count == best]
        scored = {color: MAJORITY_POINTS for color in winners}
        said = _goods_said(good, holders, winners)
        results.append(BonusResult(
            data={
                "good": good,
                "tokens": {color.value: count for color, count in holders.items()},
                "winners": [color.value for color in winners],
                "points": MAJORITY_POINTS if winners else 0,
                "scored": {color.value: points for color, points in scored.items()},
                "explanation": said.text(),
            },
            scored=scored,
            said=said,
        ))
    return results


def check_goods(view: BoardView) -> Iterator[BoardError]:
    """Good by good, the tokens held add up to the symbols of the completed cities."""
    symbols = goods_on_board(view.graph)
    for good in GOODS:
        held = sum(player.token_count("goods", good) for player in view.request.players)
        if held != symbols[good]:
            difference = held - symbols[good]
            off = (Message("goods.too_many", {"count": difference}) if difference > 0
                   else Message("goods.missing", {"count": -difference}))
            yield BoardError(
                "players", GOODS_MISMATCH,
                Message("error.goods_mismatch.the_players_hold_token_but", {
                    "held": held,
                    "good": declared(f"token.goods.{good}", GOODS_TOKENS.word(good)),
                    "symbols_good": symbols[good], "off": off}),
            )


TRADE_GOODS = Part(
    code="trade-goods", name="the trade goods", title="Trade good tokens", editions=EDITIONS,
    attributes=(GOODS_SYMBOL,),
    tokens=(GOODS_TOKENS,),
    modifiers=(ScoreModifier(FeatureKind.CITY, goods_in_city),),
    bonuses=(PlayerBonus(key="trade_goods", by_kind="goods", score=score_goods),),
    board_checks=(BoardCheck(codes=(GOODS_MISMATCH,), check=check_goods),),
    outputs=(
        FeatureField("goods", Shape.COUNTS, "goods",
                     "A city's goods symbols (with trade-goods)."),
        BonusListing(
            key="trade_goods", title="Trade goods", name="good",
            meaning="With trade-goods in play: one entry per good (wine, grain, cloth).",
            fields=(
                BonusField("good", Shape.TEXT),
                BonusField("tokens", Shape.COUNTS, "Tokens per colour (holders only)."),
                BonusField("winners", Shape.COLOURS),
                BonusField("points", Shape.INTEGER),
                BonusField("scored", Shape.COUNTS),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)
BUILDERS = Part(
    code="builder", name="the builder", title="Builder", editions=EDITIONS,
    figure_kinds=(BUILDER,),
    placements=(
        Placement("builder", FeatureKind.ROAD, "builder", beside_follower=True),
        Placement("builder", FeatureKind.CITY, "builder", beside_follower=True),
    ),
)
PIGS = Part(
    code="pig", name="the pig", title="Pig", editions=EDITIONS,
    figure_kinds=(PIG,),
    attributes=(PIG_HERD,),
    placements=(Placement("pig", FeatureKind.FARM, "pig", needs=("farmers",),
                          beside_follower=True),),
    modifiers=(ScoreModifier(FeatureKind.FARM, pigs_in_farm),),
    outputs=(FeatureField("pig_herd", Shape.FLAG, "pig-herd",
                          "A farm with a pig-herd that counts."),),
)

EXPANSION = Expansion(
    code="traders-builders",
    after=("inns-cathedrals",),
    name="Traders & Builders",
    editions=EDITIONS,
    parts=(TRADE_GOODS, BUILDERS, PIGS),
)
