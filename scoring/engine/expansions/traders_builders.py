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

from ..expansion import (
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
from ..features import Feature, FeatureGraph
from ..problems import BoardError, ProblemCode
from ..results import BonusResult
from ..rules import Edition
from ..tiles import FeatureKind

EDITIONS = frozenset({Edition.C1, Edition.C2, Edition.C3})
GOODS = ("wine", "grain", "cloth")
MAJORITY_POINTS = 10

GOODS_SYMBOL = SegmentAttribute("goods", FeatureKind.CITY, values=GOODS,
                                meaning="A goods symbol in the city.")
PIG_HERD = SegmentAttribute("pig_herd", FeatureKind.FARM, meaning="A pig-herd in the field.")
INVALID_GOODS = ProblemCode(
    "invalid_goods",
    "a goods name other than wine, grain, cloth, or a negative number of tokens",
)


def goods_on_board(graph: FeatureGraph) -> Counter:
    """The goods symbols of the completed cities: the tokens the players hold in all."""
    symbols: Counter = Counter()
    for feature in graph.carrying("goods"):
        if feature.kind is FeatureKind.CITY and feature.complete:
            symbols.update(feature.values("goods"))
    return symbols


GOODS_TOKENS = PlayerTokens("goods", GOODS, INVALID_GOODS, on_board=goods_on_board,
                            meaning="Goods tokens a player holds.")
GOODS_MISMATCH = ProblemCode(
    "goods_mismatch",
    "for a good, the players' tokens do not add up to the symbols on the completed "
    "cities of the board",
)

BUILDER = FigureKind(code="builder", name="builder", limit=1, strength=0, follower=False,
                     listed_as="builders", when_missing=WhenMissing.UNKNOWN_KIND)
PIG = FigureKind(code="pig", name="pig", limit=1, strength=0, follower=False,
                 listed_as="pigs", when_missing=WhenMissing.UNKNOWN_KIND)


def goods_in_city(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """List a city's goods symbols in the response."""
    symbols = Counter(feature.values("goods"))
    if symbols:
        valuation.extras["goods"] = {good: symbols[good] for good in GOODS if symbols[good]}


def pigs_in_farm(feature: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """+1 a city for each owner whose pig is in the farm, +1 for all with a pig-herd."""
    if feature.has("pig_herd"):
        valuation.shared_bonus.append((1, "pig-herd"))
        valuation.extras["pig_herd"] = True
    with_pigs = {figure.player for figure in feature.figures if figure.kind == PIG.code}
    for player in context.players:  # in player order, whatever the order of the figures
        if player in with_pigs:
            valuation.owner_bonus.setdefault(player, []).append((1, f"{player.value}'s pig"))


def _goods_text(good: str, holders: dict, winners: list) -> str:
    if not winners:
        return f"{good}: nobody holds a token, nobody scores"
    most = holders[winners[0]]
    if len(winners) == 1:
        return f"{good}: {winners[0].value} holds the most tokens ({most}): {MAJORITY_POINTS}"
    names = ", ".join(w.value for w in winners[:-1]) + " and " + winners[-1].value
    return (f"{good}: {names} hold the most tokens ({most} each): "
            f"{MAJORITY_POINTS} each")


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
        results.append(BonusResult(
            data={
                "good": good,
                "tokens": {color.value: count for color, count in holders.items()},
                "winners": [color.value for color in winners],
                "points": MAJORITY_POINTS if winners else 0,
                "scored": {color.value: points for color, points in scored.items()},
                "explanation": _goods_text(good, holders, winners),
            },
            scored=scored,
        ))
    return results


def check_goods(view: BoardView) -> Iterator[BoardError]:
    """Good by good, the tokens held add up to the symbols of the completed cities."""
    symbols = goods_on_board(view.graph)
    for good in GOODS:
        held = sum(player.token_count("goods", good) for player in view.request.players)
        if held != symbols[good]:
            difference = held - symbols[good]
            off = (f"{difference} too many" if difference > 0 else f"{-difference} missing")
            yield BoardError(
                "players", GOODS_MISMATCH,
                f"The players hold {held} {good} token{'s' if held != 1 else ''}, but the "
                f"completed cities on the board show {symbols[good]} {good} "
                f"symbol{'s' if symbols[good] != 1 else ''}: {off}. Whoever completes a "
                "city takes one token for each symbol in it.",
            )


TRADE_GOODS = Part(
    code="trade-goods", name="the trade goods", editions=EDITIONS,
    attributes=(GOODS_SYMBOL,),
    tokens=(GOODS_TOKENS,),
    modifiers=(ScoreModifier(FeatureKind.CITY, goods_in_city),),
    bonuses=(PlayerBonus(key="trade_goods", by_kind="goods", score=score_goods),),
    board_checks=(BoardCheck(codes=(GOODS_MISMATCH,), check=check_goods),),
)
BUILDERS = Part(
    code="builder", name="the builder", editions=EDITIONS,
    figure_kinds=(BUILDER,),
    placements=(
        Placement("builder", FeatureKind.ROAD, "builder", beside_follower=True),
        Placement("builder", FeatureKind.CITY, "builder", beside_follower=True),
    ),
)
PIGS = Part(
    code="pig", name="the pig", editions=EDITIONS,
    figure_kinds=(PIG,),
    attributes=(PIG_HERD,),
    placements=(Placement("pig", FeatureKind.FARM, "pig", needs=("farmers",),
                          beside_follower=True),),
    modifiers=(ScoreModifier(FeatureKind.FARM, pigs_in_farm),),
)

EXPANSION = Expansion(
    code="traders-builders",
    name="Traders & Builders",
    editions=EDITIONS,
    parts=(TRADE_GOODS, BUILDERS, PIGS),
)
