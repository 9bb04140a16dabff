"""The Gifts (Hans im Glück 2021, for the 20th anniversary): a deck of 25 gift cards and
no land tile.

- Extending a road or a city that another player holds earns a face-down gift card;
  opening one (before laying a tile) does its action during play. Nothing of that shows
  on the finished board.
- At the end, each card a player still holds unopened is worth 2 points (the rules
  wiki's game reference, final scoring). The request brings how many each player holds
  (``players[].gifts.unopened``); the 25 cards of the deck are the most the players can
  hold together.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import Expansion, PlayerBonus, PlayerTokens, ScoringContext
from ...messages import Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape
from ...problems import ProblemCode
from ...results import BonusResult
from ...rules import Edition

UNOPENED = "unopened"
CARDS_IN_THE_DECK = 25
POINTS_A_CARD = 2

INVALID_GIFTS = ProblemCode(
    "invalid_gifts",
    "a gift entry other than unopened cards, a negative number of cards, or more than the "
    "25 cards of the deck in all",
)
GIFT_CARDS = PlayerTokens(
    "gifts", (UNOPENED,), INVALID_GIFTS, in_all=CARDS_IN_THE_DECK,
    words={UNOPENED: "unopened gift cards"},
    meaning="The gift cards the player still holds unopened at the end of the game.",
)

add_templates({
    "gifts.unopened": ("{player}: {cards} unopened {cards|gift card|gift cards} × {each} = "
                       "{points}"),
    "gifts.none": "{player}: no unopened gift cards, 0",
})


def score_gifts(context: ScoringContext) -> list[BonusResult]:
    """Each player's unopened gift cards, 2 points each."""
    results = []
    for player in context.request.players:
        cards = player.token_count(GIFT_CARDS.name, UNOPENED)
        points = cards * POINTS_A_CARD
        who = PlayerRef(player.color.value)
        said = (Message("gifts.unopened", {"player": who, "cards": cards,
                                           "each": POINTS_A_CARD, "points": points})
                if cards else Message("gifts.none", {"player": who}))
        scored = {player.color: points} if points else {}
        results.append(BonusResult(
            data={"player": player.color.value, UNOPENED: cards, "points": points,
                  "scored": {color.value: value for color, value in scored.items()},
                  "explanation": said.text()},
            scored=scored,
            said=said,
        ))
    return results


EXPANSION = Expansion(
    code="the-gifts",
    after=("tunnel",),
    name="The Gifts",
    editions=frozenset({Edition.C2, Edition.C3}),
    tokens=(GIFT_CARDS,),
    bonuses=(PlayerBonus(key="gift_cards", by_kind="gifts", score=score_gifts,
                         title="Each player's unopened gift cards, 2 points each"),),
    outputs=(
        BonusListing(
            key="gift_cards", title="Unopened gift cards", name="player",
            meaning="With The Gifts in play: one entry per player, the gift cards they still "
                    "hold unopened and the points for them.",
            fields=(
                BonusField("player", Shape.TEXT),
                BonusField(UNOPENED, Shape.INTEGER, "Gift cards the player holds unopened."),
                BonusField("points", Shape.INTEGER),
                BonusField("scored", Shape.COUNTS),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)

__all__: Sequence[str] = ["EXPANSION"]
