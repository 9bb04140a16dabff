"""La Porxada (Jugar X Jugar, Granollers 2010; first-edition style, no other edition):
one land tile, a city on all four sides with a pennant (``porxada: true`` on its city).

Whoever places it picks one of two effects: a swap of followers during that turn, which
leaves nothing to score at the end, or a bonus at the end. The group says which in the
rule ``porxada_choice`` (default: the swap, so the tile scores as drawn).

The bonus (the community rules summary, quoted on Carcassonne Central; the rules wiki):
when the city holding La Porxada is completed, every player with a follower in it earns
the right to have their unfinished cities paid as if completed, 2 a tile and 2 a pennant
instead of 1 and 1. Those cities stay unfinished for everything else (the farms do not
count them). If the Porxada city is never completed, nobody gets the bonus.

Who earned it shows on the finished board only when the Porxada city was completed on
the last turn: its followers still stand there (as for any feature, see
``completed_feature_occupied``). Completed earlier, its followers went home, and the
players say who earned it: the rules' author hands each earner a token, entered as
``players[].porxada.bonus: true`` (a token counts whatever the rule says, since only the
bonus hands one out). Each earner is paid, for every
unfinished city they score, 1 more a tile and a pennant (2 more under the house rule
where unfinished features score nothing), so that a plain city pays 2 and 2 in all. What
a cathedral, the mage or the witch does to such a city is not recomputed: no source says
how, beyond the rules wiki's reading for cathedrals.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import Color
from ...expansion import Expansion, PlayerBonus, PlayerTokens, ScoringContext, SegmentAttribute
from ...features import Feature
from ...messages import Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape
from ...problems import ProblemCode
from ...results import BonusResult
from ...rules import Choice, Edition, RuleOption
from ...tiles import FeatureKind

AS_COMPLETED = 2
"""What a tile and a pennant of a completed city are worth."""

PORXADA = SegmentAttribute(
    "porxada", FeatureKind.CITY,
    meaning="La Porxada's columned hall: with the bonus chosen, the followers in its "
            "completed city earn it.",
)
CHOICE = RuleOption(
    "porxada_choice", "What La Porxada was played for",
    (Choice("swap", "the swap of followers (nothing at the end)"),
     Choice("bonus", "the end-of-game bonus for unfinished cities")),
    default="swap",
)

BONUS = "bonus"
INVALID_PORXADA = ProblemCode(
    "invalid_porxada",
    "a La Porxada entry other than its bonus token, or a token that is not true or false",
)
BONUS_TOKEN = PlayerTokens(
    "porxada", (BONUS,), INVALID_PORXADA, flags=True, per_player=1,
    words={BONUS: "La Porxada's bonus token"},
    meaning="The player earned La Porxada's bonus during the game (the token its author "
            "hands to each follower's owner when the Porxada city is completed).",
)

add_templates({
    "porxada.earned.board": "in the completed La Porxada city",
    "porxada.earned.token": "holds La Porxada's bonus token",
    "porxada.bonus": ("{player}: {how}; {cities} unfinished "
                      "{cities|city|cities} paid as completed: {tiles} "
                      "{tiles|tile|tiles} and {pennants} {pennants|pennant|pennants} "
                      "× {each} more = {points}"),
    "porxada.no_city": "{player}: {how}; no unfinished city, 0",
})


def _earners(context: ScoringContext) -> dict[Color, Message]:
    """The players who earned the bonus, each with how: a follower standing in a
    completed city that holds La Porxada (with the bonus chosen), or the bonus token."""
    kinds = context.in_play.figure_kinds
    on_board: set[Color] = set()
    if context.rules.porxada_choice == "bonus":
        for city in context.graph.occupied():
            if city.kind is FeatureKind.CITY and city.complete and city.has(PORXADA.name):
                on_board.update(figure.player for figure in city.figures
                                if kinds[figure.kind].follower)
    held = {player.color for player in context.request.players
            if player.token_count(BONUS_TOKEN.name, BONUS)}
    return {player: Message("porxada.earned.board" if player in on_board
                            else "porxada.earned.token")
            for player in context.players if player in on_board or player in held}


def _unfinished_cities_of(player: Color, context: ScoringContext) -> list[Feature]:
    cities = []
    for city in context.graph.occupied():
        if city.kind is FeatureKind.CITY and not city.complete:
            owners, _ = context.owners(city, context.figure_counts(city))
            if player in owners:
                cities.append(city)
    return cities


def porxada_bonus(context: ScoringContext) -> list[BonusResult]:
    """Those who earned La Porxada's bonus have their unfinished cities paid as
    completed."""
    # An unfinished city has paid 1 a tile and a pennant, or nothing under the house rule.
    paid = 1 if context.rules.incomplete_features else 0
    each = AS_COMPLETED - paid
    results = []
    for player, how in _earners(context).items():
        cities = _unfinished_cities_of(player, context)
        tiles = sum(len(city.tiles) for city in cities)
        pennants = sum(city.pennants for city in cities)
        points = each * (tiles + pennants)
        who = PlayerRef(player.value)
        said = (Message("porxada.bonus", {"player": who, "how": how, "cities": len(cities),
                                          "tiles": tiles, "pennants": pennants, "each": each,
                                          "points": points})
                if cities else Message("porxada.no_city", {"player": who, "how": how}))
        results.append(BonusResult(
            data={"player": player.value, "cities": len(cities), "points": points,
                  "scored": {player.value: points} if points else {},
                  "explanation": said.text()},
            scored={player: points} if points else {},
            said=said,
        ))
    return results


EXPANSION = Expansion(
    code="la-porxada",
    after=("the-gifts",),
    name="La Porxada",
    editions=frozenset({Edition.C1}),
    attributes=(PORXADA,),
    rule_options=(CHOICE,),
    tokens=(BONUS_TOKEN,),
    bonuses=(PlayerBonus(key="porxada_bonus", by_kind="porxada", score=porxada_bonus,
                         title="La Porxada's bonus: unfinished cities paid as completed"),),
    outputs=(
        BonusListing(
            key="porxada_bonus", title="La Porxada's bonus", name="player",
            meaning="With La Porxada: one entry per player who earned its bonus (a follower "
                    "in the completed La Porxada city with the bonus chosen, or the bonus "
                    "token), with what their unfinished cities earn on top of their usual "
                    "scoring.",
            fields=(
                BonusField("player", Shape.TEXT),
                BonusField("cities", Shape.INTEGER,
                           "The unfinished cities the player scores, each paid as completed."),
                BonusField("points", Shape.INTEGER),
                BonusField("scored", Shape.COUNTS),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)

__all__: Sequence[str] = ["EXPANSION"]
