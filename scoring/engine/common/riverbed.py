"""The river that The River and The River II share: its tile data and its layout rules.

The river is printed on tiles but is not a feature: no figure stands on it and it never
scores; it separates fields like a road. Tile data draws it as a landmark
``{kind: river, edges: [...], end: spring | lake}``. A finished board shows where the
river tiles lie, not the order they were laid in, so the rules below check only what
every legal game leaves on the table (see the contract, "What the validator checks on
the river"): one river, one spring, no immediate U-turn, no loop. River edges meeting
anything but a river edge are already an ``edge_mismatch`` of the core.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..expansion import LandmarkKind, LayoutRule
from ..glyphs import Band, Glyph, Mark
from ..locations import Side
from ..messages import Message, add_templates
from ..problems import BoardError, ProblemCode
from ..tiles import EdgeType, TileDefinition
from ..words import side_word

add_templates({
    "error.river_spring.the_board_has_river_tiles": (
        "The board has river tiles but no spring: the river starts from its spring tile."),
    "error.river_spring.is_a_second_spring_a": (
        "{extra_label} is a second spring; a game has one spring, the start tile (the first is "
        "{label})."),
    "error.river_loop.closes_the_river_on_itself": (
        "{other_label} closes the river on itself: its branches may not be joined together."),
    "error.river_not_connected.is_not_joined_to_the": (
        "{tile_label} is not joined to the river that holds the spring: each river tile is "
        "laid at an open end of the one river."),
    "error.river_u_turn.turns_the_river_back_the": (
        "{other_label} turns the river back the way it came: together with {tile_label} both "
        "turn it {onward_word}wards, an immediate U-turn."),
})

WATER, SHORE = "#5b9bd5", "#2f6aa3"

SPRING = Glyph("spring", (
    Mark.of("circle", cx=0, cy=0, r=8, fill=WATER, stroke=SHORE, stroke_width=1.5),
    *(Mark.of("circle", cx=float(x), cy=float(y), r=float(r), fill="#9a958a", stroke="#3b2f22",
              stroke_width=0.6)
      for x, y, r in ((-9, -4, 3.2), (-4, -9, 2.6), (4, -9.5, 3), (9.5, -3, 2.8), (8, 5, 2.4),
                      (-8.5, 5, 2.6))),
))
"""A small pool ringed by grey rocks, where the river rises."""

LAKE = Glyph("lake", (
    Mark.of("ellipse", cx=0, cy=0, rx=19, ry=13, fill=WATER, stroke=SHORE, stroke_width=1.5),
    Mark.of("path", d="M-17 6 l-1 -4 M-15.5 8 l0.5 -4 M15 7 l1 -4 M16.5 5 l-0.5 -4",
            stroke="#3f7a36", stroke_width=1.2, stroke_linecap="round", fill="none"),
))
"""A wide lake with reeds, where the river ends (or from where it leaves)."""

RIVER = LandmarkKind(
    name="river", on_edges=True, edge=EdgeType.RIVER.value,
    values={"end": ("spring", "lake")},
    meaning="The river: not a feature; it separates fields. One river edge and an end "
            "make a spring or a lake.",
    glyph=Glyph("river", band=Band(outline=SHORE, fill=WATER, width=10, edge=3,
                                   ends={"spring": SPRING, "lake": LAKE}, default_end="lake")),
)

RIVER_NOT_CONNECTED = ProblemCode(
    "river_not_connected",
    "a river tile not joined, river edge to river edge, to the river that holds the spring",
)
RIVER_SPRING = ProblemCode(
    "river_spring", "river tiles on the board but no spring, or more than one spring"
)
RIVER_U_TURN = ProblemCode(
    "river_u_turn", "two tiles joined by the river both turn it the same way (an immediate U-turn)"
)
RIVER_LOOP = ProblemCode("river_loop", "the river closes on itself (its branches joined together)")


def _river_sides(tile: Any) -> list[Side]:
    return [side for side in Side if tile.oriented.edges[side] is EdgeType.RIVER]


def _is_spring(tile: Any) -> bool:
    definition: TileDefinition = tile.oriented.definition
    return definition.has_landmark("river", end="spring")


def check_river(tiles: Sequence[Any]) -> Iterator[BoardError]:
    """Every problem of the river on a board whose tiles fit (see the module)."""
    river = [tile for tile in tiles
             if tile.oriented is not None and EdgeType.RIVER in tile.oriented.edges]
    if not river:
        return
    by_square = {(tile.x, tile.y): tile for tile in river}
    sides = {tile.index: _river_sides(tile) for tile in river}

    # The river's joins: each pair of tiles whose river edges touch, once.
    joins: list[tuple[Any, Side, Any]] = []
    for tile in river:
        for side in sides[tile.index]:
            dx, dy = side.offset
            other = by_square.get((tile.x + dx, tile.y + dy))
            if other is not None and side.opposite in sides[other.index] \
                    and tile.index < other.index:
                joins.append((tile, side, other))

    # Union-find over the joins: a join inside one network closes a loop.
    parent = {tile.index: tile.index for tile in river}

    def find(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    for tile, _side, other in joins:
        a, b = find(tile.index), find(other.index)
        if a == b:
            yield BoardError(
                f"tiles[{other.index}]", RIVER_LOOP,
                Message("error.river_loop.closes_the_river_on_itself", {
                    "other_label": other.label}),
            )
        else:
            parent[max(a, b)] = min(a, b)

    springs = [tile for tile in river if _is_spring(tile)]
    if not springs:
        yield BoardError(
            "tiles", RIVER_SPRING,
            Message("error.river_spring.the_board_has_river_tiles"),
        )
    for extra in springs[1:]:
        yield BoardError(
            f"tiles[{extra.index}]", RIVER_SPRING,
            Message("error.river_spring.is_a_second_spring_a", {
                "extra_label": extra.label, "label": springs[0].label}),
        )
    main = find((springs[0] if springs else river[0]).index)
    for tile in river:
        if find(tile.index) != main:
            yield BoardError(
                f"tiles[{tile.index}]", RIVER_NOT_CONNECTED,
                Message("error.river_not_connected.is_not_joined_to_the", {
                    "tile_label": tile.label}),
            )

    for tile, side, other in joins:
        mine, theirs = sides[tile.index], sides[other.index]
        if len(mine) != 2 or len(theirs) != 2:
            continue
        (onward,) = [s for s in mine if s is not side]
        (other_onward,) = [s for s in theirs if s is not side.opposite]
        if onward is other_onward:
            yield BoardError(
                f"tiles[{other.index}]", RIVER_U_TURN,
                Message("error.river_u_turn.turns_the_river_back_the", {
                    "other_label": other.label, "tile_label": tile.label,
                    "onward_word": side_word(onward)}),
            )


RIVER_LAYOUT = LayoutRule(
    codes=(RIVER_NOT_CONNECTED, RIVER_SPRING, RIVER_U_TURN, RIVER_LOOP), check=check_river,
    pairwise=(RIVER_U_TURN,), edge=EdgeType.RIVER.value,
)
"""The river rules, declared by both rivers (the registry keeps one)."""
