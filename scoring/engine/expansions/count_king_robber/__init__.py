"""Count, King & Robber (C1, C2): the City of Carcassonne with the count, the King &
Robber Baron tiles, and the shrines. The River II of the same box is declared in
:mod:`.river2`.

- The City of Carcassonne is one large tile of 4 × 3 squares (C1: twelve tiles always
  laid together; C2: two 2 × 3 tiles side by side, with the same outer edge). Its inside
  is a city that is complete from the start and that no figure may enter: so every field
  touching it counts it as a completed city, and the king's holder counts it too.
  Meeples stand in its four quarters (castle, blacksmith, cathedral, market); those still
  there at the end score nothing. Whoever moved meeples out before the final scoring (C2:
  from the market onto fields; C1: from any quarter onto an unfinished feature of its
  kind) enters them where they went: the calculator sees only the board after those
  moves, and the explanation of a meeple left where it could have moved says so.
- The king goes to whoever completes a city larger than any before, the robber baron to
  whoever completes a longer road; the request says who holds each
  (``players[].holds``). At the end the king's holder scores 1 a completed city on the
  table, the robber baron's 1 a completed road. House rules: each tile a flat 10 (10/20),
  15 each or 40 for both (15/40), or 1 a completion during play and nothing at the end
  (continuously).
- A shrine is a monastery (``shrine: true`` on the tile's monastery) and scores like
  one. A shrine may touch at most one monastery (abbeys count) and a monastery at most
  one shrine, on the eight squares around it: the two challenge each other. The first
  of them completed with a follower on it scores, and the followers on the other go
  home with nothing. On a finished board, a completed one that still holds followers was
  completed on the last turn, so its incomplete rival scores 0; two completed rivals were
  completed by the same tile and both score; two incomplete ones both score.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...board import Color
from ...expansion import (
    BoardCheck,
    BoardView,
    District,
    Expansion,
    FigureRule,
    InPlay,
    LargeTile,
    Part,
    PlayerBonus,
    PlayerTokens,
    ScoreModifier,
    ScoringContext,
    SegmentAttribute,
    Valuation,
)
from ...features import FeatureGraph
from ...messages import Listing, Message, Param, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, FeatureField, Shape
from ...problems import BoardError, ProblemCode
from ...request import Player
from ...results import BonusResult
from ...rules import Choice, Edition, RuleOption
from ...tiles import FeatureKind
from ...wording import add_units, noun, unit
from ...words import declared, kind_word
from ...words import square as square_named

add_units({"completed_road": ("completed road", "completed roads")})

add_templates({
    "error.holder_without_feature.holds_but_the_board_shows": (
        "{player_color_value} holds {word_kind}, but the board shows no completed {what}: the "
        "tile goes to whoever completes the first {what}."),
    "error.shrine_challenge.the_at_touches_at_a": (
        "The {this} at ({x},{y}) touches {count_rivals} {other}, at {places}: a shrine may be "
        "laid beside one monastery at most, and a monastery beside one shrine at most."),
})

EDITIONS = frozenset({Edition.C1, Edition.C2})

# -- the City of Carcassonne --------------------------------------------------------------

CITY_OF_CARCASSONNE = "city-of-carcassonne"
INSIDE = SegmentAttribute(
    "city_of_carcassonne", FeatureKind.CITY,
    meaning="The inside of the City of Carcassonne: complete from the start, no figure "
            "enters it.",
)
QUARTERS = (
    District("castle", "Sends meeples to cities."),
    District("blacksmith", "Sends meeples to roads."),
    District("cathedral", "Sends meeples to monasteries."),
    District("market", "Sends meeples to fields."),
)
QUARTER_NAMES = frozenset(quarter.name for quarter in QUARTERS)
LARGE_CITY = LargeTile(
    code=CITY_OF_CARCASSONNE,
    name="the City of Carcassonne",
    pieces=tuple((index % 4, index // 4, f"{CITY_OF_CARCASSONNE}-{index + 1}")
                 for index in range(12)),
    counts={"C1": 1, "C2": 1},
    districts=QUARTERS,
)


def nobody_inside_the_city(tile: Any, segment: Any, kind: str) -> Message | None:
    """No figure on the inside of the City of Carcassonne: meeples go to its quarters."""
    if dict(segment.attributes).get(INSIDE.name):
        return Message("city.nobody_inside")
    return None


# Where a meeple of each quarter may go before the final scoring, by edition: the C2
# rules let only the market's leave (for fields); the C1 rules let every quarter's leave
# for an unfinished feature of its quarter's kind. The calculator sees the board after
# those moves, so it cannot make them: the explanation reminds the players instead.
LEAVES_FOR = {
    Edition.C2: {"market": Message("city.leave_for.market")},
    Edition.C1: {quarter: Message(f"city.leave_for.{quarter}")
                 for quarter in ("castle", "blacksmith", "cathedral", "market")},
}


add_templates({
    "city.leave_for.castle": "an unfinished city",
    "city.leave_for.blacksmith": "an unfinished road",
    "city.leave_for.cathedral": "an unfinished monastery",
    "city.leave_for.market": "a field",
    "city.nobody_inside": (
        "No figure may stand inside the City of Carcassonne: put it in one of the quarters "
        "instead (at: castle, blacksmith, cathedral or market)."),
    "city.left": ("{player}'s {figure} in the {quarter} of the City of Carcassonne: left in "
                  "the city, scores nothing"),
    "city.left_could_leave": (
        "{player}'s {figure} in the {quarter} of the City of Carcassonne: left in the city, "
        "scores nothing (before the final scoring it could have left for {where}: if it "
        "did, place it there instead)"),
})


def left_in_the_city(context: ScoringContext) -> list[BonusResult]:
    """Meeples still in the quarters of the City of Carcassonne score nothing."""
    results = []
    leaves_for = LEAVES_FOR.get(context.printing(COUNT), {})
    for figure in context.request.board.districts:
        # Other expansions' figures are kept beside these (an abbot lying on his place,
        # an acrobat on a tile's space): only the quarters' belong to the city.
        if figure.district not in QUARTER_NAMES:
            continue
        params: dict[str, Param] = {"player": PlayerRef(figure.player.value),
                                    "figure": figure.kind, "quarter": figure.district}
        where = leaves_for.get(figure.district)
        if where:
            params["where"] = where
        said = Message("city.left_could_leave" if where else "city.left", params)
        results.append(BonusResult(
            data={"player": figure.player.value, "quarter": figure.district, "points": 0,
                  "explanation": said.text()},
            scored={}, said=said,
        ))
    return results


COUNT = Part(
    code="count", name="the Count of Carcassonne", title="Count of Carcassonne",
    editions=EDITIONS,
    attributes=(INSIDE,),
    large_tiles=(LARGE_CITY,),
    figure_rules=(FigureRule(nobody_inside_the_city),),
    bonuses=(PlayerBonus(key="city_of_carcassonne", by_kind="city_of_carcassonne",
                         score=left_in_the_city,
                         title="Meeples left in the City of Carcassonne score nothing"),),
    outputs=(
        BonusListing(
            key="city_of_carcassonne", title="City of Carcassonne", name="quarter",
            meaning="With the Count: one entry per figure left in a quarter of the city.",
            fields=(
                BonusField("player", Shape.TEXT, "The figure's owner."),
                BonusField("quarter", Shape.TEXT, "The quarter it stands in."),
                BonusField("points", Shape.INTEGER, "Always 0: it scores nothing."),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
    start_tiles=(CITY_OF_CARCASSONNE,),
)

# -- the king and the robber baron --------------------------------------------------------

KING, ROBBER = "king", "robber-baron"
INVALID_HOLDS = ProblemCode(
    "invalid_holds",
    "a held tile other than king and robber-baron, a value that is not true or false, or "
    "a tile held by two players",
)
HOLDS = PlayerTokens(
    "holds", (KING, ROBBER), INVALID_HOLDS, flags=True, per_player=1, in_all=1,
    words={KING: "the king tile", ROBBER: "the robber baron tile"},
    meaning="The king and robber baron tiles the player holds.",
)
KING_ROBBER_SCORING = RuleOption(
    "king_robber_scoring", "The king and the robber baron at the end",
    (Choice("per-completed", "1 a completed city or road (the rules)"),
     Choice("10-20", "10 a tile (house rule 10/20)"),
     Choice("15-40", "15 a tile, 40 for both (house rule 15/40)"),
     Choice("continuously", "scored during play, nothing at the end (house rule)")),
    default="per-completed",
)
HOLDER_WITHOUT_FEATURE = ProblemCode(
    "holder_without_feature",
    "a player holds the king with no completed city on the board, or the robber baron "
    "with no completed road",
)


def _completed(graph: FeatureGraph, kind: FeatureKind, in_play: InPlay) -> int:
    """Completed roads or cities; a city turned into a castle is no longer one."""
    if kind is FeatureKind.CITY:
        return in_play.completed_cities(graph)
    return graph.count_complete(kind)


def _with_the_city(graph: FeatureGraph) -> bool:
    """Whether the City of Carcassonne is on the table (its inside is a completed city)."""
    return any(feature.has(INSIDE.name) for feature in graph.carrying(INSIDE.name))


def _holder(context: Any, kind: str) -> Color | None:
    players: tuple[Player, ...] = context.request.players
    for player in players:
        if player.token_count(HOLDS.name, kind):
            return player.color
    return None


add_templates({
    "king.name": "the king",
    "robber.name": "the robber baron",
    "king.nobody": "{tile}: nobody holds it",
    "king.per_completed": "{tile}, held by {player}: {count} {unit} × 1 = {count}",
    "king.per_completed_with_city": (
        "{tile}, held by {player}: {count} {unit} (the City of Carcassonne among them) × 1 "
        "= {count}"),
    "king.house_10_20": "{tile}, held by {player}: 10 (house rule 10/20)",
    "king.house_15_40_both": (
        "{tile}, held by {player} with the other tile: 20, 40 for both (house rule 15/40)"),
    "king.house_15_40": "{tile}, held by {player}: 15 (house rule 15/40)",
    "king.during_play": (
        "{tile}, held by {player}: scored during play, nothing at the end (house rule)"),
})


def score_king_robber(context: ScoringContext) -> list[BonusResult]:
    """The king's holder 1 a completed city, the robber baron's 1 a completed road."""
    rule = context.rules.king_robber_scoring
    holders = {kind: _holder(context, kind) for kind in (KING, ROBBER)}
    # Counted only when someone holds the tile.
    counted = {KING: (_completed(context.graph, FeatureKind.CITY, context.in_play)
                      if holders[KING] is not None else 0, *unit("completed_city")),
               ROBBER: (_completed(context.graph, FeatureKind.ROAD, context.in_play)
                        if holders[ROBBER] is not None else 0, *unit("completed_road"))}
    both = holders[KING] is not None and holders[KING] == holders[ROBBER]
    results = []
    for kind, name in ((KING, Message("king.name")), (ROBBER, Message("robber.name"))):
        holder = holders[kind]
        count, one, many = counted[kind]
        if holder is None:
            points, said = 0, Message("king.nobody", {"tile": name})
        else:
            params: dict[str, Param] = {"tile": name, "player": PlayerRef(holder.value)}
            if rule == "per-completed":
                points = count
                params.update(count=count, unit=one if count == 1 else many)
                said = Message("king.per_completed_with_city"
                               if kind == KING and _with_the_city(context.graph)
                               else "king.per_completed", params)
            elif rule == "10-20":
                points, said = 10, Message("king.house_10_20", params)
            elif rule == "15-40":
                if both:
                    points, said = 20, Message("king.house_15_40_both", params)
                else:
                    points, said = 15, Message("king.house_15_40", params)
            else:
                points, said = 0, Message("king.during_play", params)
        results.append(BonusResult(
            data={"tile": kind, "holder": holder.value if holder else None,
                  "count": count if holder is not None else None, "points": points,
                  "explanation": said.text()},
            scored={holder: points} if holder is not None and points else {},
            said=said,
        ))
    return results


def check_holders(view: BoardView) -> Iterator[BoardError]:
    """Nobody holds the king without a completed city, nor the robber baron without a
    completed road: the first completed one hands the tile out."""
    for kind, feature_kind, what in ((KING, FeatureKind.CITY, "city"),
                                     (ROBBER, FeatureKind.ROAD, "road")):
        holding = [(index, player) for index, player in enumerate(view.request.players)
                   if player.token_count(HOLDS.name, kind)]
        if not holding or _completed(view.graph, feature_kind, view.in_play):
            continue
        for index, player in holding:
            yield BoardError(
                f"players[{index}].{HOLDS.name}.{kind}", HOLDER_WITHOUT_FEATURE,
                Message("error.holder_without_feature.holds_but_the_board_shows", {
                    "player_color_value": player.color.value,
                    "word_kind": declared(f"token.{HOLDS.name}.{kind}", HOLDS.word(kind)),
                    "what": kind_word(what)}),
            )


KING_ROBBER = Part(
    code="king-robber-baron", name="the king and the robber baron",
    title="King & Robber Baron", editions=EDITIONS,
    tokens=(HOLDS,),
    rule_options=(KING_ROBBER_SCORING,),
    bonuses=(PlayerBonus(key="king_robber_baron", by_kind="king_robber_baron",
                         score=score_king_robber,
                         title="The king 1 a completed city, the robber baron 1 a "
                               "completed road"),),
    board_checks=(BoardCheck(codes=(HOLDER_WITHOUT_FEATURE,), check=check_holders),),
    outputs=(
        BonusListing(
            key="king_robber_baron", title="King and robber baron", name="tile",
            meaning="With the king and robber baron: one entry per tile (king, robber).",
            fields=(
                BonusField("tile", Shape.TEXT),
                BonusField("holder", Shape.TEXT, "Its holder's colour (null: nobody)."),
                BonusField("count", Shape.INTEGER,
                           "Completed cities or roads it counts (null: nobody holds it)."),
                BonusField("points", Shape.INTEGER),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)

# -- the shrines --------------------------------------------------------------------------

SHRINE = SegmentAttribute("shrine", FeatureKind.MONASTERY,
                          meaning="The monastery is a shrine (scored as a monastery).")
SHRINE_CHALLENGE = ProblemCode(
    "shrine_challenge",
    "a shrine beside two monasteries, or a monastery beside two shrines",
)


def _around(x: int, y: int) -> Iterator[tuple[int, int]]:
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                yield x + dx, y + dy


CHALLENGE_WORDS = {
    True: (declared("landmark.shrine", "shrine"), declared("landmark.monasteries", "monasteries")),
    False: (declared("landmark.monastery", "monastery"), declared("landmark.shrines", "shrines")),
}
"""What a challenge names, by whether the challenged centre is a shrine: the centre and
its rivals (declared here, so that the words are in the catalogue before any challenge)."""


def check_challenges(view: BoardView) -> Iterator[BoardError]:
    """A shrine touches at most one monastery, and a monastery at most one shrine."""
    centres: dict[tuple[int, int], bool] = {}
    # Squares and attributes only: building every monastery is not needed.
    for square, attributes in view.graph.centres(FeatureKind.MONASTERY):
        centres[square] = any(key == SHRINE.name for key, _ in attributes)
    if not any(centres.values()):
        return
    index_at = {(tile.x, tile.y): index for index, tile in enumerate(view.request.board.tiles)}
    for (x, y), shrine in sorted(centres.items(), key=lambda item: (item[0][1], item[0][0])):
        rivals = [square for square in _around(x, y)
                  if square in centres and centres[square] != shrine]
        if len(rivals) > 1:
            this, other = CHALLENGE_WORDS[shrine]
            places = Listing(tuple(square_named(rx, ry) for rx, ry in rivals), "join.and")
            yield BoardError(
                f"tiles[{index_at[x, y]}]", SHRINE_CHALLENGE,
                Message("error.shrine_challenge.the_at_touches_at_a", {
                    "this": this, "x": x, "y": y,
                    "count_rivals": len(rivals), "other": other,
                    "places": places}),
            )


add_templates({"word.shrine": "shrine"})


def _word(monastery: Any) -> Message:
    return noun("shrine") if monastery.has(SHRINE.name) else noun("monastery")


add_templates({
    "shrine.challenge_lost": (
        "lost its challenge to the {rival} at ({x},{y}) beside it, which was completed "
        "first: its followers go home without scoring"),
})


def settle_challenges(monastery: Any, valuation: Valuation, context: ScoringContext) -> None:
    """An incomplete shrine or monastery whose rival was completed with a follower on it
    lost the challenge: its followers go home with nothing.

    The rival, completed and still occupied on the finished board, was completed on the
    last turn and scored then, before the final scoring.
    """
    if monastery.complete or valuation.zero_reason is not None:
        return
    shrine = monastery.has(SHRINE.name)
    (x, y), = monastery.tiles
    graph = context.graph
    # A rival holds a figure on one of the eight squares around: look at those figures
    # only, not at every occupied feature of the board.
    for index, figure in enumerate(context.request.board.figures):
        dx, dy = figure.x - x, figure.y - y
        if not (dx or dy) or dx < -1 or dx > 1 or dy < -1 or dy > 1:
            continue
        rival = graph.feature_of(index)
        if (rival.kind is FeatureKind.MONASTERY and rival.complete
                and rival.has(SHRINE.name) != shrine):
            valuation.zero_reason = Message("shrine.challenge_lost", {
                "rival": _word(rival), "x": figure.x, "y": figure.y})
            valuation.extras["challenge_lost"] = True
            return


SHRINES = Part(
    code="shrines", name="the shrines", title="Shrines (cult places)", editions=EDITIONS,
    attributes=(SHRINE,),
    board_checks=(BoardCheck(codes=(SHRINE_CHALLENGE,), check=check_challenges),),
    modifiers=(ScoreModifier(FeatureKind.MONASTERY, settle_challenges,
                             title="A shrine or monastery that lost its challenge scores "
                                   "nothing"),),
    outputs=(FeatureField("challenge_lost", Shape.FLAG, "lost its challenge",
                          "A shrine or monastery whose rival beside it was completed "
                          "first: its followers go home without scoring."),),
)

EXPANSION = Expansion(
    code="count-king-robber",
    after=("abbey-mayor",),
    name="Count, King & Robber",
    editions=EDITIONS,
    parts=(COUNT, KING_ROBBER, SHRINES),
)

__all__: Sequence[str] = ["EXPANSION"]
