"""The Ferries (C1 2012, C2 2017 in Big Box 6, C3 2021 in Big Box 7): eight lake tiles.

Each lake has three or four jetties, where roads reach the water. Laying a lake tile
puts a ferry on it that links two of its jetties into one road; later a ferry may be
turned to link another pair. A jetty without the ferry ends its road at the lake. In the
scoring the lake tile counts as one road tile either way.

The request says which jetties a lake's ferry links with per-tile state:
``{"tile": "ferries-B", "x": 0, "y": 0, "rotation": 90, "state": {"ferry": "E-W"}}``.
The two jetties are named as on the tile unturned (rotation 0, the catalogue's
picture), in the order north, east, south, west. Without the state every jetty ends
its road.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

from ...expansion import (
    BoardCheck,
    BoardView,
    Expansion,
    LandmarkKind,
    TileState,
)
from ...glyphs import Glyph, Mark
from ...locations import Location
from ...messages import Message, add_templates
from ...problems import BoardError, ProblemCode
from ...rules import Edition
from ...tiles import FeatureKind, Segment, TileDefinition

add_templates({
    "error.ferry_without_jetty.the_ferry_of_at_links": (
        "The ferry of {tile_code} at ({tile_x},{tile_y}) links {value}, but no road reaches "
        "its {missing} side (sides are named as on the tile unturned)."),
})

LAKE = LandmarkKind(
    name="ferry-lake",
    meaning="A lake with jetties: its ferry links two of the roads that reach it.",
    glyph=Glyph("ferry-lake", (  # a lake with a small ferry boat
        Mark.of("ellipse", cx=0, cy=0, rx=13, ry=10, fill="#7fb3d5", stroke="#3f7fa8",
                stroke_width=1),
        Mark.of("path", d="M-5 1 H5 L3.5 4 H-3.5 Z", fill="#8a5a2b", stroke="#4a2f14",
                stroke_width=0.6),
    )),
)
SIDES = "NESW"
LINKS = tuple(f"{a}-{b}" for i, a in enumerate(SIDES) for b in SIDES[i + 1:])
"""Every pair of sides, in side order: ``N-E``, ``N-S``, ``N-W``, ``E-S``, ``E-W``,
``S-W``."""
INVALID_FERRY = ProblemCode(
    "invalid_ferry",
    "a ferry that does not link two jetties of its lake (a pair of N, E, S, W such as "
    "\"E-W\"), or a ferry on a tile without a lake",
)
FERRY_WITHOUT_JETTY = ProblemCode(
    "ferry_without_jetty", "a ferry linking a side of its lake tile where no road reaches",
)


def _is_lake(definition: TileDefinition) -> bool:
    return definition.has_landmark(LAKE.name)


def link(definition: Any, value: str) -> Any:
    """The lake tile with the two jetties of ``value`` joined into one road."""
    wanted = {Location[side] for side in value.split("-")}
    segments: list[Segment] = []
    merged: int | None = None
    for segment in definition.segments:
        if (segment.kind is FeatureKind.ROAD and len(segment.locations) == 1
                and segment.locations[0] in wanted):
            if merged is None:
                merged = len(segments)
                segments.append(segment)
            else:
                first = segments[merged]
                locations = tuple(sorted(first.locations + segment.locations,
                                         key=lambda location: SIDES.index(location.name)))
                segments[merged] = dataclasses.replace(first, locations=locations)
            continue
        segments.append(segment)
    return dataclasses.replace(definition, segments=tuple(segments))


def jetty_pairs(definition: Any) -> tuple[str, ...]:
    """The links a ferry of this lake tile can make: pairs of sides where roads reach."""
    return tuple(value for value in LINKS
                 if all(definition.edges[SIDES.index(side)].value == "R"
                        for side in value.split("-")))


FERRY = TileState(
    "ferry", INVALID_FERRY, LINKS, applies=_is_lake, variant=link,
    meaning="Which two jetties the lake's ferry links, named as on the tile unturned: "
            "\"E-W\".",
    choices=jetty_pairs, sides=True, label="the ferry links the jetties",
)


def check_jetties(view: BoardView) -> Iterator[BoardError]:
    """A ferry links two sides of its lake where roads reach the water."""
    for index, tile in enumerate(view.request.board.tiles):
        value = dict(tile.state).get(FERRY.name)
        if value is None:
            continue
        turned = view.graph.tile_at(tile.x, tile.y)
        if turned is None:  # every tile of a checked board lies on the graph
            continue
        definition = turned.definition
        missing = [side for side in value.split("-")
                   if definition.edges[SIDES.index(side)].value != "R"]
        if missing:
            yield BoardError(
                f"tiles[{index}].state.{FERRY.name}", FERRY_WITHOUT_JETTY,
                Message("error.ferry_without_jetty.the_ferry_of_at_links", {
                    "tile_code": tile.code, "tile_x": tile.x, "tile_y": tile.y, "value": value,
                    "missing": ' and '.join(missing)}),
            )


EXPANSION = Expansion(
    code="ferries",
    after=("crop-circles",),
    name="The Ferries",
    editions=frozenset({Edition.C1, Edition.C2, Edition.C3}),
    landmarks=(LAKE,),
    tile_states=(FERRY,),
    board_checks=(BoardCheck(codes=(FERRY_WITHOUT_JETTY,), check=check_jetties),),
)

__all__: Sequence[str] = ["EXPANSION"]
