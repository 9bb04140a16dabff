"""The Tower (C1, C2): tower foundations, floors, captures and ransoms.

Everything the towers do happens during play: a floor added instead of a meeple
captures a follower within reach, prisoners are exchanged or bought back for 3 points,
and a meeple set on top finishes a tower. At the end a tower scores nothing, and neither
does the meeple on top of it. The request records the finished state of each tower on
its tile (``"state": {"tower": 3, "tower_top": "red"}``: its height in floors, and whose
meeple tops it) so the board is complete and that meeple is accounted for; the
response lists those meeples with 0 points. A meeple on a tower top came from its
owner's supply like any other, so the tops and the meeples on the board together may
not outnumber the meeples a player owns.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ...board import Color
from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    LandmarkKind,
    PlayerBonus,
    PlayPoints,
    ScoringContext,
    TileState,
)
from ...glyphs import Glyph, Mark
from ...messages import Message, PlayerRef, add_templates
from ...outputs import BonusField, BonusListing, Shape
from ...problems import BoardError, ProblemCode
from ...results import BonusResult
from ...rules import Edition
from ...tiles import TileDefinition
from ..base import MEEPLE

add_templates({
    "error.invalid_tower.the_towers_hold_floors_in": (
        "The towers hold {floors} floors in all, but the box has only {FLOORS}."),
    "error.invalid_tower.the_tower_at_is_topped": (
        "The tower at ({tile_x},{tile_y}) is topped by a {top} meeple, but no player in this "
        "game plays {top}."),
    "error.invalid_tower.the_tower_at_has_no": (
        "The tower at ({tile_x},{tile_y}) has no floors: a meeple only tops a tower of at "
        "least one floor (enter the tower's height in floors)."),
    "error.invalid_tower.the_tower_at_is_topped_2": (
        "The tower at ({tile_x},{tile_y}) is topped by a {top} meeple, but {top} has no meeple "
        "left for it: with the towers topped so far and the meeples on the board that makes "
        "{supply_value}, and a player owns only {supply}. Take a {top} meeple off the board or "
        "off a tower top."),
})

EDITIONS = frozenset({Edition.C1, Edition.C2})
FLOORS = 30
"""Tower floors in the box: no tower is higher."""

TOWER = LandmarkKind(
    name="tower", meaning="A tower foundation: floors are stacked on it during play.",
    glyph=Glyph("tower", (  # a grey square foundation with battlements
        Mark.of("rect", x=-8, y=-8, width=16, height=16, fill="#b5aea3", stroke="#4a443b",
                stroke_width=1.2),
        Mark.of("path", d="M-8 -8 v-3 h4 v3 h4 v-3 h4 v3 h4 v-3 h-0", fill="none",
                stroke="#4a443b", stroke_width=1.2),
    )),
)
INVALID_TOWER = ProblemCode(
    "invalid_tower",
    "a tower state on a tile without a tower foundation, a height that is not a whole "
    "number from 0 to 30, a top of a colour not in the game or on a tower without floors, "
    "a top whose owner has no meeple left for it (the tops and the meeples on the board "
    "outnumber the meeples a player owns), or more floors on the board than the box holds",
)


def _has_tower(definition: TileDefinition) -> bool:
    return definition.has_landmark(TOWER.name)


def _unchanged(definition: TileDefinition, value: Any) -> TileDefinition:
    return definition


HEIGHT = TileState(
    "tower", INVALID_TOWER, values=tuple(range(FLOORS + 1)), applies=_has_tower,
    variant=_unchanged, meaning="The tower's height in floors (0: the foundation alone).",
    label="tower height in floors",
)
TOP = TileState(
    "tower_top", INVALID_TOWER, values=tuple(color.value for color in Color),
    applies=_has_tower, variant=_unchanged, players=True,
    meaning="The colour of the meeple on top of the tower, if one finished it.",
    label="meeple on top of the tower",
)


def _towers(
    tiles_with_state: Iterable[tuple[int, Any]],
) -> Iterator[tuple[int, Any, int, str | None]]:
    """Each tower of the board with its index in the request, height and top, read from
    the placed tiles that carry a state (with their index)."""
    for index, tile in tiles_with_state:
        state = dict(tile.state)
        if HEIGHT.name in state or TOP.name in state:
            yield index, tile, state.get(HEIGHT.name, 0), state.get(TOP.name)


def _meeples_out(view: BoardView) -> dict[str, int]:
    """How many meeples each player has on the board (on features, in the quarters of a
    large tile or on a printed space), by colour."""
    board = view.request.board
    out: dict[str, int] = {}
    for figure in (*board.figures, *board.districts):
        if figure.kind == MEEPLE.code:
            color = figure.player.value
            out[color] = out.get(color, 0) + 1
    return out


def check_towers(view: BoardView) -> Iterator[BoardError]:
    """A meeple tops a tower with floors, of a player in the game who still had a meeple
    for it; the floors of all towers together fit in the box."""
    players = {player.color.value for player in view.request.players}
    supply = view.in_play.figure_kinds[MEEPLE.code].limit
    out: dict[str, int] | None = None  # counted at the first top: most boards have none
    floors = 0
    stated = ((index, tile) for index, tile in enumerate(view.request.board.tiles)
              if tile.state)  # most tiles: no state, so no tower height or top
    for index, tile, height, top in _towers(stated):
        floors += height
        if top is None:
            continue
        if top not in players:
            yield BoardError(
                f"tiles[{index}].state.{TOP.name}", INVALID_TOWER,
                Message("error.invalid_tower.the_tower_at_is_topped", {
                    "tile_x": tile.x, "tile_y": tile.y, "top": top}),
            )
        elif height < 1:
            yield BoardError(
                f"tiles[{index}].state.{TOP.name}", INVALID_TOWER,
                Message("error.invalid_tower.the_tower_at_has_no", {
                    "tile_x": tile.x, "tile_y": tile.y}),
            )
        else:
            if out is None:
                out = _meeples_out(view)
            out[top] = out.get(top, 0) + 1
            if out[top] == supply + 1:  # the first top too many; later ones say nothing new
                yield BoardError(
                    f"tiles[{index}].state.{TOP.name}", INVALID_TOWER,
                    Message("error.invalid_tower.the_tower_at_is_topped_2", {
                        "tile_x": tile.x, "tile_y": tile.y, "top": top,
                        "supply_value": supply + 1, "supply": supply}),
                )
    if floors > FLOORS:
        yield BoardError(
            "tiles", INVALID_TOWER,
            Message("error.invalid_tower.the_towers_hold_floors_in", {
                "floors": floors, "FLOORS": FLOORS}),
        )


add_templates({
    "tower.top": ("{player}'s meeple on top of the tower at ({x},{y}), {floors} "
                  "{floors|floor|floors} high: scores nothing"),
})


def score_tower_tops(context: ScoringContext) -> list[BonusResult]:
    """A meeple on top of a tower scores nothing."""
    results = []
    # The tiles with a state are listed once per board, not walked again here.
    for _, tile, height, top in _towers(context.tiles_with_state):
        if top is None:
            continue
        said = Message("tower.top", {"player": PlayerRef(top), "x": tile.x, "y": tile.y,
                                     "floors": height})
        results.append(BonusResult(
            data={"player": top, "x": tile.x, "y": tile.y, "height": height, "points": 0,
                  "explanation": said.text()},
            scored={}, said=said,
        ))
    return results


RANSOM_POINTS = 3
"""What the owner of a prisoner pays its captor to buy it back."""


EXPANSION = Expansion(
    code="tower",
    after=("princess-dragon",),
    name="The Tower",
    editions=EDITIONS,
    landmarks=(TOWER,),
    tile_states=(HEIGHT, TOP),
    play_points=(PlayPoints("ransom", "a prisoner bought back", RANSOM_POINTS, paid=True,
                            rules="floors"),),
    board_checks=(BoardCheck(codes=(INVALID_TOWER,), check=check_towers),),
    bonuses=(PlayerBonus(key="tower_tops", by_kind="tower", score=score_tower_tops,
                         title="A meeple on top of a tower scores nothing"),),
    outputs=(
        BonusListing(
            key="tower_tops", title="Tower tops", name="player",
            meaning="With The Tower in play: each meeple on top of a tower, which scores "
                    "nothing.",
            fields=(
                BonusField("player", Shape.TEXT, "The colour of the meeple."),
                BonusField("x", Shape.INTEGER),
                BonusField("y", Shape.INTEGER),
                BonusField("height", Shape.INTEGER, "The tower's floors."),
                BonusField("points", Shape.INTEGER),
                BonusField("explanation", Shape.TEXT),
            ),
        ),
    ),
)
