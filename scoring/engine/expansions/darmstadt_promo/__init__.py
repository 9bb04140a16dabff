"""The Darmstadt promo (first-edition style, 2014, for the Darmstadt Spielt fair): three
land tiles, one of each, in no other edition.

- The Darmstadtium is a city tile (``darmstadtium: true`` on its city). When a city
  holding it is completed, whoever owns the city scores 3 more (every tied owner); an
  incomplete one at the end scores as usual, without the 3.
- The two churches are monasteries (``church: true`` on the monastery) and score as
  monasteries. When a church is completed, whoever has the most followers on the church
  tile and the eight tiles around it scores 3 more (every tied player), even a player with
  no monk on the church. An incomplete church at the end has no bonus.

On a finished board a completed church that still holds a follower was completed on the
last turn (as for any feature, see ``completed_feature_occupied``), so its bonus is paid
here, from the followers standing on its nine tiles. A completed church with nobody on it
shows nothing of when it was completed: if that was on the last turn, its 3 points belong
on the scoreboard with the rest of that turn's scoring (``players[].points``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import (
    Expansion,
    PlayerBonus,
    ScoreModifier,
    ScoringContext,
    SegmentAttribute,
    Valuation,
)
from ...features import Feature
from ...messages import Listing, Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape
from ...results import BonusResult, majority, player_counts
from ...rules import Edition
from ...tiles import FeatureKind

BONUS = 3
"""What the Darmstadtium and a church's majority each add."""

DARMSTADTIUM = SegmentAttribute(
    "darmstadtium", FeatureKind.CITY,
    meaning="The Darmstadtium: a completed city holding it pays its owners 3 more.",
)
CHURCH = SegmentAttribute(
    "church", FeatureKind.MONASTERY,
    meaning="A Darmstadt church: scored as a monastery; when completed, the most followers "
            "on its nine tiles earn 3.",
)


add_templates({
    "darmstadtium.plus": "the Darmstadtium {points}",
    "church.bonus": ("the church at ({x},{y}), completed: followers on its {tiles} "
                     "{tiles|tile|tiles}: {counts}; {points} to {players}"),
})


def darmstadtium(city: Feature, valuation: Valuation, context: ScoringContext) -> None:
    """A completed city with the Darmstadtium is worth 3 more to its owners."""
    if city.complete and valuation.zero_reason is None and city.has(DARMSTADTIUM.name):
        valuation.plus.append((BONUS, Message("darmstadtium.plus", {"points": BONUS})))


def _around(x: int, y: int) -> frozenset[tuple[int, int]]:
    return frozenset((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def church_bonus(context: ScoringContext) -> list[BonusResult]:
    """A church completed on the last turn: 3 to the players with the most followers on
    its tile and the eight around it."""
    kinds = context.in_play.figure_kinds
    results = []
    for church in context.graph.occupied():  # a monk still on it: completed last turn
        if (church.kind is not FeatureKind.MONASTERY or not church.complete
                or not church.has(CHURCH.name)):
            continue
        (x, y), = church.tiles
        squares = _around(x, y)
        counts = dict.fromkeys(context.players, 0)
        for figure in context.request.board.figures:
            if (figure.x, figure.y) in squares and kinds[figure.kind].follower:
                counts[figure.player] += 1
        counts = {player: count for player, count in counts.items() if count}
        winners = majority(counts)
        said = Message("church.bonus", {
            "x": x, "y": y, "tiles": len(squares), "counts": player_counts(counts),
            "points": BONUS,
            "players": Listing(tuple(PlayerRef(player.value) for player in winners),
                               "join.and")})
        results.append(BonusResult(
            data={"church": f"({x},{y})", "x": x, "y": y,
                  "followers": {player.value: count for player, count in counts.items()},
                  "players": [player.value for player in winners], "points": BONUS,
                  "explanation": said.text()},
            scored=dict.fromkeys(winners, BONUS), said=said,
        ))
    return results


EXPANSION = Expansion(
    code="darmstadt-promo",
    after=("wind-roses",),
    name="Darmstadt Promo",
    editions=frozenset({Edition.C1}),
    attributes=(DARMSTADTIUM, CHURCH),
    modifiers=(ScoreModifier(FeatureKind.CITY, darmstadtium,
                             title="A completed city with the Darmstadtium: 3 more"),),
    bonuses=(PlayerBonus(key="church_bonus", by_kind="church", score=church_bonus,
                         title="A church completed on the last turn: 3 to the most "
                               "followers around it"),),
    outputs=(
        BonusListing(
            key="church_bonus", title="Darmstadt churches", name="church",
            meaning="With the Darmstadt promo: one entry per church completed on the last "
                    "turn (a follower still on it), with the players who earn its 3.",
            fields=(
                BonusField("church", Shape.TEXT, "Where the church stands: (x,y)."),
                BonusField("x", Shape.INTEGER),
                BonusField("y", Shape.INTEGER),
                BonusField("followers", Shape.COUNTS,
                           "Each player's followers on the church tile and its 8 "
                           "neighbours."),
                BonusField("players", Shape.COLOURS, "Who has the most, each earning it."),
                BonusField("points", Shape.INTEGER, "What each of them earns: 3."),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)

__all__: Sequence[str] = ["EXPANSION"]
