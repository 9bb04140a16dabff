"""Tile pictures drawn as SVG from tile data, so the site never ships copied artwork.

``render_tile_svg`` turns one tile's plain data (the shape of ``fixtures/catalogue/tiles-*.yaml``
and of ``selectors.tile_as_data``) into a self-contained SVG document on a 100×100 viewBox.
It reads no database and keeps no state: the same data always gives the same picture.

Every feature of the tile becomes one element carrying ``data-feature`` (its index in
``tile["features"]``) and ``data-kind``, so a board builder can inline the picture and let a
player click a city, road, field, monastery or garden. Fields are approximated: the tile is
cut into eight triangles, one per half-edge, meeting at the centre; each field takes the
triangles of its half-edges (and of neighbouring city edges), and a road or river curving
round a corner cuts its corner out exactly. Cities and roads are drawn on top, so only the
visible part of a field's area remains clickable as that field.

Beyond the base game the renderer already understands: river edges (``V``), drawn as a blue
band between the river edges (or to a spring/lake in the centre when only one edge is a
river); an optional ``{kind: river, edges: [...]}`` entry; the inner field (a field whose
``half_edges`` is empty or ``[I]``); and the expansion markers ``cathedral: true`` and
``goods: wine|grain|cloth`` on a city, ``inn: true`` on a road, ``end: village|monastery|gate``
on a one-edge road when the default guess of where it ends is wrong.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape, quoteattr

ROTATIONS = (0, 90, 180, 270)
EDGE_NAMES = ("N", "E", "S", "W")
# Half-edges clockwise from the north-west corner: half-edge i runs along the tile's border
# from BORDER_POINTS[i] to BORDER_POINTS[i + 1] (see shared/spec/tiles-base-game.md).
HALF_EDGE_NAMES = ("NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN")
BORDER_POINTS = (
    (0.0, 0.0), (50.0, 0.0), (100.0, 0.0), (100.0, 50.0),
    (100.0, 100.0), (50.0, 100.0), (0.0, 100.0), (0.0, 50.0),
)
CENTRE = (50.0, 50.0)
EDGE_MIDPOINTS = {"N": (50.0, 0.0), "E": (100.0, 50.0), "S": (50.0, 100.0), "W": (0.0, 50.0)}
OUTWARD = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}

COLOURS = {
    "field": "#a5c46b",
    "field_line": "#7f9f4a",
    "city": "#c98a4b",
    "city_roof": "#b5733a",
    "wall": "#5e3b1d",
    "road": "#f3ecd8",
    "road_edge": "#5b4a35",
    "river": "#5b9bd5",
    "river_edge": "#2f6aa3",
    "pennant": "#2457a6",
    "mark": "#ffffff",
    "roof": "#b8322a",
    "stone": "#efe4cc",
    "ink": "#3b2f22",
    "hedge": "#3f7a36",
    "bed": "#6f9a3e",
    "border": "#56703a",
}
GOODS_COLOURS = {"wine": "#7a2a63", "grain": "#e2b93b", "cloth": "#4a7fb5"}

Point = tuple[float, float]


# --- geometry -------------------------------------------------------------------------------


def _turn_point(point: Point, quarter_turns: int) -> Point:
    """Turn a point clockwise about the tile's centre (y grows downwards in SVG)."""
    x, y = point
    for _ in range(quarter_turns % 4):
        x, y = 100.0 - y, x
    return (x, y)


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _point(point: Point) -> str:
    return f"{_number(point[0])} {_number(point[1])}"


@dataclass(frozen=True)
class Path:
    """An SVG path kept as (command, *points) steps, so it can be turned before it is written."""

    steps: tuple[tuple[Any, ...], ...]

    @classmethod
    def of(cls, *items: str | Point) -> Path:
        """Build from a flat list: a command letter followed by its points (``"M", (0, 0)``)."""
        steps: list[list[Any]] = []
        for item in items:
            if isinstance(item, str):
                steps.append([item])
            else:
                steps[-1].append((float(item[0]), float(item[1])))
        return cls(tuple(tuple(step) for step in steps))

    def turned(self, quarter_turns: int) -> Path:
        return Path(
            tuple(
                (command, *(_turn_point(point, quarter_turns) for point in points))
                for command, *points in self.steps
            )
        )

    @property
    def d(self) -> str:
        return " ".join(
            command + " ".join(_point(point) for point in points)
            for command, *points in self.steps
        )

    def point_halfway(self) -> Point:
        """The middle of a one-segment line or quadratic curve (enough for placing marks)."""
        start = self.steps[0][1]
        command, *points = self.steps[1]
        if command == "Q":
            control, end = points
            return (
                0.25 * start[0] + 0.5 * control[0] + 0.25 * end[0],
                0.25 * start[1] + 0.5 * control[1] + 0.25 * end[1],
            )
        end = points[-1]
        return ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)

    def end_direction(self) -> Point:
        """Unit vector of the path's direction where it ends."""
        command, *points = self.steps[-1]
        before = points[-2] if len(points) > 1 else self.steps[-2][-1]
        return _unit((points[-1][0] - before[0], points[-1][1] - before[1]))


def _unit(vector: Point) -> Point:
    length = math.hypot(*vector)
    return (0.0, 0.0) if length == 0 else (vector[0] / length, vector[1] / length)


def _distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


@dataclass(frozen=True)
class CityShape:
    """A city segment's area, its walls (the field side), gate points and a spot for marks."""

    area: Path
    walls: tuple[Path, ...]
    gates: tuple[Point, ...]
    anchor: Point

    def turned(self, quarter_turns: int) -> CityShape:
        return CityShape(
            area=self.area.turned(quarter_turns),
            walls=tuple(wall.turned(quarter_turns) for wall in self.walls),
            gates=tuple(_turn_point(gate, quarter_turns) for gate in self.gates),
            anchor=_turn_point(self.anchor, quarter_turns),
        )


# Canonical shapes, turned into place. A cap's wall leaves each corner at less than 45°,
# so two separate caps meeting at a corner (tile I) touch without overlapping.
_CAP_WALL = Path.of("M", (100, 0), "C", (62, 36), (38, 36), (0, 0))
CITY_CAP_NORTH = CityShape(
    area=Path.of("M", (0, 0), "L", (100, 0), "C", (62, 36), (38, 36), (0, 0), "Z"),
    walls=(_CAP_WALL,),
    gates=((50, 27),),
    anchor=(50, 11),
)
_CORNER_WALL = Path.of("M", (100, 100), "Q", (64, 36), (0, 0))
CITY_CORNER_NORTH_EAST = CityShape(
    area=Path.of("M", (0, 0), "L", (100, 0), "L", (100, 100), "Q", (64, 36), (0, 0), "Z"),
    walls=(_CORNER_WALL,),
    gates=((57, 43),),
    anchor=(76, 23),
)
CITY_BAND_EAST_WEST = CityShape(
    area=Path.of(
        "M", (0, 0), "C", (35, 30), (65, 30), (100, 0), "L", (100, 100),
        "C", (65, 70), (35, 70), (0, 100), "Z",
    ),
    walls=(
        Path.of("M", (0, 0), "C", (35, 30), (65, 30), (100, 0)),
        Path.of("M", (100, 100), "C", (65, 70), (35, 70), (0, 100)),
    ),
    gates=((50, 22.5), (50, 77.5)),
    anchor=(50, 50),
)
CITY_OPEN_SOUTH = CityShape(
    area=Path.of(
        "M", (0, 0), "L", (100, 0), "L", (100, 100), "C", (70, 45), (30, 45), (0, 100), "Z"
    ),
    walls=(Path.of("M", (100, 100), "C", (70, 45), (30, 45), (0, 100)),),
    gates=((50, 58.75),),
    anchor=(50, 28),
)
CITY_WHOLE_TILE = CityShape(
    area=Path.of("M", (0, 0), "L", (100, 0), "L", (100, 100), "L", (0, 100), "Z"),
    walls=(),
    gates=(CENTRE,),
    anchor=CENTRE,
)


def city_shape(edges: Iterable[str]) -> CityShape:
    """The shape of one city segment touching these edges."""
    indices = sorted({EDGE_NAMES.index(edge) for edge in edges if edge in EDGE_NAMES})
    if len(indices) == 1:
        return CITY_CAP_NORTH.turned(indices[0])
    if len(indices) == 2:
        first, second = indices
        if second - first == 2:  # opposite edges: N+S is E+W turned once
            return CITY_BAND_EAST_WEST.turned(1 - first)
        return CITY_CORNER_NORTH_EAST.turned(first if second - first == 1 else 3)
    if len(indices) == 3:
        (missing,) = set(range(4)) - set(indices)
        return CITY_OPEN_SOUTH.turned(missing - 2)
    return CITY_WHOLE_TILE


# --- reading the tile -----------------------------------------------------------------------


@dataclass
class Line:
    """A road or a river: its drawn paths, and how a one-edge road ends."""

    index: int | None
    kind: str
    edges: list[str]
    paths: list[Path] = field(default_factory=list)
    end: str | None = None
    gate: Point | None = None
    inn: bool = False


def _edges_of(feature: dict[str, Any]) -> list[str]:
    return [edge for edge in feature.get("edges") or [] if edge in EDGE_NAMES]


def _line_between_edges(edges: Sequence[str]) -> list[Path]:
    """Paths joining two edges (straight or round the corner), or each edge to the centre."""
    if len(edges) == 2:
        first, second = (EDGE_MIDPOINTS[edge] for edge in edges)
        if OPPOSITE[edges[0]] == edges[1]:
            return [Path.of("M", first, "L", second)]
        return [Path.of("M", first, "Q", CENTRE, second)]
    return [Path.of("M", EDGE_MIDPOINTS[edge], "L", CENTRE) for edge in edges]


def _corner_of(edges: Sequence[str]) -> int | None:
    """For a line joining two neighbouring edges, the index of the first one clockwise."""
    if len(edges) != 2 or edges[0] == edges[1] or OPPOSITE[edges[0]] == edges[1]:
        return None
    first, second = (EDGE_NAMES.index(edge) for edge in edges)
    return first if (second - first) % 4 == 1 else second


def _line_to(edge: str, target: Point) -> Path:
    """From an edge's middle to a point, straight or bending once towards it."""
    start = EDGE_MIDPOINTS[edge]
    across = abs(target[0] - start[0]) if edge in "NS" else abs(target[1] - start[1])
    if across < 1:
        return Path.of("M", start, "L", target)
    bend = (start[0], target[1]) if edge in "NS" else (target[0], start[1])
    return Path.of("M", start, "Q", bend, target)


def _centre_spot(occupied: Sequence[str], straight_through: bool, *, avoid: str = "") -> Point:
    """Where a monastery or garden fits: away from the edges that cities, roads or rivers use.

    ``avoid`` names edges to stay away from only when choosing a side of a straight road or
    river through the centre (a road ending at a monastery does not push it away).
    """
    if not occupied:
        return CENTRE
    push = (
        -sum(OUTWARD[edge][0] for edge in occupied),
        -sum(OUTWARD[edge][1] for edge in occupied),
    )
    if push != (0.0, 0.0):
        step = 16 if len(occupied) <= 2 else 30
        direction = _unit(push)
        return (CENTRE[0] + direction[0] * step, CENTRE[1] + direction[1] * step)
    if straight_through:
        # Sit beside the straight road or river, on a side that nothing else uses.
        for edge in ("E", "W", "N", "S"):
            if edge not in occupied and edge not in avoid and OPPOSITE[edge] not in occupied:
                return (CENTRE[0] + OUTWARD[edge][0] * 24, CENTRE[1] + OUTWARD[edge][1] * 24)
        for edge in ("N", "S", "E", "W"):
            if edge not in occupied and edge not in avoid:
                return (CENTRE[0] + OUTWARD[edge][0] * 24, CENTRE[1] + OUTWARD[edge][1] * 24)
    return CENTRE


def _field_owners(tile_features: Sequence[dict[str, Any]]) -> tuple[list[int | None], int | None]:
    """Which field takes each of the eight half-edge triangles, and the inner field if any.

    A field takes its own half-edges. Triangles of city edges go to the inner field when the
    tile has one (it lies between the cities), otherwise to the nearest field round the tile.
    """
    owners: list[int | None] = [None] * 8
    inner: int | None = None
    for index, feature in enumerate(tile_features):
        if feature.get("kind") != "field":
            continue
        half_edges = [name for name in feature.get("half_edges") or [] if name in HALF_EDGE_NAMES]
        if not half_edges:
            inner = index if inner is None else inner
        for name in half_edges:
            owners[HALF_EDGE_NAMES.index(name)] = index
    if inner is not None:
        return [inner if owner is None else owner for owner in owners], inner
    if all(owner is None for owner in owners):
        return owners, None
    absorbed = list(owners)
    for position, owner in enumerate(owners):
        if owner is not None:
            continue
        for distance in range(1, 5):
            before, after = owners[(position - distance) % 8], owners[(position + distance) % 8]
            if before is not None or after is not None:
                absorbed[position] = before if before is not None else after
                break
    return absorbed, None


def _field_areas(
    owners: Sequence[int | None], corner_curves: Iterable[int]
) -> dict[int, list[Path]]:
    """Areas of each field: fans of triangles, with corners cut by curving roads or rivers.

    ``corner_curves`` lists the edge indices ``a`` for which a road or river curves from edge
    ``a`` to the next edge clockwise, round the corner between them.
    """
    areas: dict[int, list[Path]] = {}
    curved_halves: set[int] = set()
    for first_edge in corner_curves:
        inside_halves = ((2 * first_edge + 1) % 8, (2 * first_edge + 2) % 8)
        curved_halves.update(inside_halves)
        start, corner = BORDER_POINTS[inside_halves[0]], BORDER_POINTS[inside_halves[1]]
        end = BORDER_POINTS[(inside_halves[1] + 1) % 8]
        inside_owner = owners[inside_halves[0]]
        if inside_owner is None:
            inside_owner = owners[inside_halves[1]]
        beside = (owners[(inside_halves[0] - 1) % 8], owners[(inside_halves[1] + 1) % 8])
        outside_owner = next((owner for owner in beside if owner is not None), inside_owner)
        if inside_owner is not None:
            areas.setdefault(inside_owner, []).append(
                Path.of("M", start, "L", corner, "L", end, "Q", CENTRE, start, "Z")
            )
        if outside_owner is not None:
            areas.setdefault(outside_owner, []).append(
                Path.of("M", start, "Q", CENTRE, end, "L", CENTRE, "Z")
            )

    straight = {position for position in range(8) if position not in curved_halves}
    if len(straight) == 8 and len(set(owners)) == 1 and owners[0] is not None:
        areas.setdefault(owners[0], []).append(
            Path.of("M", (0, 0), "L", (100, 0), "L", (100, 100), "L", (0, 100), "Z")
        )
        return areas
    # Consecutive triangles with the same owner make one fan about the centre.
    for position in sorted(straight):
        owner = owners[position]
        previous = (position - 1) % 8
        if owner is None or (previous in straight and owners[previous] == owner):
            continue  # not the first triangle of a run
        points = [CENTRE, BORDER_POINTS[position]]
        cursor = position
        while True:
            points.append(BORDER_POINTS[(cursor + 1) % 8])
            following = (cursor + 1) % 8
            if following not in straight or owners[following] != owner or following == position:
                break
            cursor = following
        steps: list[str | Point] = ["M", points[0]]
        for point in points[1:]:
            steps += ["L", point]
        steps.append("Z")
        areas.setdefault(owner, []).append(Path.of(*steps))
    return areas


# --- drawing --------------------------------------------------------------------------------


def _attributes(**attributes: Any) -> str:
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        parts.append(f"{name.rstrip('_').replace('_', '-')}={quoteattr(str(value))}")
    return " ".join(parts)


def _tag(name: str, **attributes: Any) -> str:
    return f"<{name} {_attributes(**attributes)}/>"


def _pennant(centre: Point) -> str:
    x, y = centre
    shield = (
        f"M{_number(x - 5.5)} {_number(y - 6.5)} h11 v5.5 "
        f"c0 4.8 -3 7.2 -5.5 8.5 c-2.5 -1.3 -5.5 -3.7 -5.5 -8.5 z"
    )
    mark = f"M{_number(x)} {_number(y - 4.3)} l2.6 3.1 -2.6 3.1 -2.6 -3.1 z"
    return (
        '<g class="pennant">'
        + _tag("path", d=shield, fill=COLOURS["pennant"], stroke=COLOURS["mark"],
               stroke_width="0.9")
        + _tag("path", d=mark, fill=COLOURS["mark"])
        + "</g>"
    )


def _goods(centre: Point, good: str) -> str:
    colour = GOODS_COLOURS.get(good, COLOURS["ink"])
    return (
        f'<g class="goods" data-goods={quoteattr(good)}>'
        + _tag("circle", cx=_number(centre[0]), cy=_number(centre[1]), r="4.2", fill=colour,
               stroke=COLOURS["mark"], stroke_width="1")
        + "</g>"
    )


def _cathedral(centre: Point) -> str:
    x, y = centre
    body = f"M{_number(x - 6)} {_number(y + 6)} v-8 l6 -5 6 5 v8 z"
    towers = (
        f"M{_number(x - 7)} {_number(y + 6)} v-12 l1.5 -3 1.5 3 v12 z "
        f"M{_number(x + 4)} {_number(y + 6)} v-12 l1.5 -3 1.5 3 v12 z"
    )
    return (
        '<g class="cathedral">'
        + _tag("path", d=body, fill="#d9d4c7", stroke=COLOURS["ink"], stroke_width="0.8")
        + _tag("path", d=towers, fill="#bfb8a8", stroke=COLOURS["ink"], stroke_width="0.8")
        + "</g>"
    )


def _house(x: float, y: float, *, width: float = 8, roof: str = COLOURS["roof"]) -> str:
    half = width / 2
    return (
        _tag("rect", x=_number(x - half), y=_number(y - half * 0.6), width=_number(width),
             height=_number(width * 0.7), fill=COLOURS["stone"], stroke=COLOURS["ink"],
             stroke_width="0.7")
        + _tag("path", d=f"M{_number(x - half - 1)} {_number(y - half * 0.6)} "
               f"L{_number(x)} {_number(y - half * 1.5)} L{_number(x + half + 1)} "
               f"{_number(y - half * 0.6)} Z", fill=roof, stroke=COLOURS["ink"],
               stroke_width="0.7", stroke_linejoin="round")
    )


def _village(centre: Point) -> str:
    x, y = centre
    return (
        '<g class="village" pointer-events="none">'
        + _tag("circle", cx=_number(x), cy=_number(y), r="12", fill=COLOURS["road"],
               stroke=COLOURS["road_edge"], stroke_width="1.5")
        + _house(x - 5, y - 3, width=8.5)
        + _house(x + 5.5, y - 1.5, width=8, roof="#8c5a2b")
        + _house(x - 0.5, y + 6, width=9)
        + "</g>"
    )


def _gate(point: Point, direction: Point) -> str:
    # The arch opens towards the road and rises into the city.
    angle = math.degrees(math.atan2(direction[1], direction[0])) + 90
    x, y = point
    return (
        f'<g class="gate" pointer-events="none" transform="rotate({_number(angle)} '
        f'{_number(x)} {_number(y)})">'
        + _tag("path", d=f"M{_number(x - 4.5)} {_number(y + 1)} v-2.5 a4.5 4.5 0 0 1 9 0 "
               f"v2.5 z", fill=COLOURS["ink"], stroke="#8a7a66", stroke_width="1")
        + "</g>"
    )


def _inn(point: Point, side: Point) -> str:
    x, y = point[0] + side[0] * 11, point[1] + side[1] * 11
    pond_x, pond_y = x + side[0] * 8, y + side[1] * 8
    return (
        '<g class="inn" pointer-events="none">'
        + _tag("ellipse", cx=_number(pond_x), cy=_number(pond_y), rx="5", ry="3.5",
               fill=COLOURS["river"], stroke=COLOURS["river_edge"], stroke_width="0.6")
        + _house(x, y, width=8, roof="#2f5e8f")
        + "</g>"
    )


def _monastery(index: int, spot: Point) -> str:
    x, y = spot
    return (
        f'<g data-feature="{index}" data-kind="monastery" class="feature monastery">'
        + _tag("rect", x=_number(x - 12), y=_number(y - 2), width="24", height="16", rx="1",
               fill=COLOURS["stone"], stroke=COLOURS["ink"], stroke_width="1")
        + _tag("path", d=f"M{_number(x - 15)} {_number(y)} L{_number(x)} {_number(y - 13)} "
               f"L{_number(x + 15)} {_number(y)} Z", fill=COLOURS["roof"], stroke=COLOURS["ink"],
               stroke_width="1", stroke_linejoin="round")
        + _tag("rect", x=_number(x - 3), y=_number(y + 5), width="6", height="9", rx="2.5",
               fill=COLOURS["ink"])
        + _tag("path", d=f"M{_number(x)} {_number(y - 13)} V{_number(y - 23)} "
               f"M{_number(x - 3.5)} {_number(y - 19.5)} H{_number(x + 3.5)}",
               stroke=COLOURS["ink"], stroke_width="1.8", stroke_linecap="round", fill="none")
        + "</g>"
    )


def _garden(index: int, spot: Point) -> str:
    x, y = spot
    flowers = "".join(
        _tag("circle", cx=_number(x + dx), cy=_number(y + dy), r="1.7", fill=colour)
        for dx, dy, colour in (
            (-6, -2.5, "#f3d34a"), (-1, 2.5, "#e86f9a"), (4, -2, "#ffffff"),
            (7, 3, "#e86f9a"), (-7, 3.5, "#ffffff"), (1.5, -3.5, "#f3d34a"),
        )
    )
    return (
        f'<g data-feature="{index}" data-kind="garden" class="feature garden">'
        + _tag("rect", x=_number(x - 12), y=_number(y - 8), width="24", height="16", rx="5",
               fill=COLOURS["bed"], stroke=COLOURS["hedge"], stroke_width="3")
        + flowers
        + "</g>"
    )


def _outlined_strokes(
    paths: Sequence[Path], *, outer: str, inner: str, width: float, edge: float
) -> str:
    """A band with a thin dark edge: all outlines first, so branches meeting merge cleanly."""
    d = " ".join(path.d for path in paths)
    return _tag("path", d=d, fill="none", stroke=outer, stroke_width=_number(width + edge),
                stroke_linecap="butt", stroke_linejoin="round") + _tag(
        "path", d=d, fill="none", stroke=inner, stroke_width=_number(width),
        stroke_linecap="butt", stroke_linejoin="round")


def _city_marks(anchor: Point, marks: list[str]) -> str:
    """Pennants, goods and cathedrals side by side around the city's anchor."""
    drawn = []
    spacing = 13.0
    first_x = anchor[0] - spacing * (len(marks) - 1) / 2
    for position, mark in enumerate(marks):
        centre = (first_x + spacing * position, anchor[1])
        if mark == "pennant":
            drawn.append(_pennant(centre))
        elif mark == "cathedral":
            drawn.append(_cathedral(centre))
        else:
            drawn.append(_goods(centre, mark))
    return "".join(drawn)


def picture_title(tile: dict[str, Any], rotation: int = 0) -> str:
    """Text alternative of the picture: the tile's code and what it shows."""
    title = f"Tile {tile.get('code', '?')}"
    if tile.get("picture"):
        title += f": {tile['picture']}"
    if rotation:
        title += f" (turned {rotation}° clockwise)"
    return title


def render_tile_svg(
    tile: dict[str, Any],
    *,
    rotation: int = 0,
    size: int = 100,
    title: str | None = None,
    xml_declaration: bool = False,
) -> str:
    """Draw one tile as an SVG document.

    ``rotation`` turns the picture clockwise (0, 90, 180 or 270); ``size`` sets the width and
    height in pixels (the viewBox stays 100×100); ``title`` replaces the generated text
    alternative. Raises ``ValueError`` for another rotation or a size that is not positive.
    """
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
    if not isinstance(size, int) or size <= 0:
        raise ValueError(f"size must be a positive integer, not {size!r}")

    # Anything that is not a mapping becomes an empty feature, so indices stay those of the data.
    features: list[dict[str, Any]] = [
        feature if isinstance(feature, dict) else {} for feature in tile.get("features") or []
    ]
    edge_letters = (str(tile.get("edges") or "") + "FFFF")[:4]
    kinds = [feature.get("kind") for feature in features]

    cities = [(index, f) for index, f in enumerate(features) if f.get("kind") == "city"]
    shapes = {index: city_shape(_edges_of(feature)) for index, feature in cities}

    # Rivers: from explicit river entries, otherwise from the V edges.
    rivers: list[Line] = [
        Line(index=index, kind="river", edges=_edges_of(feature))
        for index, feature in enumerate(features)
        if feature.get("kind") == "river"
    ]
    if not rivers:
        river_edges = [
            name for name, letter in zip(EDGE_NAMES, edge_letters, strict=True) if letter == "V"
        ]
        if river_edges:
            rivers.append(Line(index=None, kind="river", edges=river_edges))

    roads = [
        Line(index=index, kind="road", edges=_edges_of(feature), inn=bool(feature.get("inn")))
        for index, feature in enumerate(features)
        if feature.get("kind") == "road"
    ]

    # How each one-edge road ends: explicitly, at the monastery, at a village where three or
    # four roads meet, at a city gate, or else at a lone house (drawn as a village).
    explicit_ends = {
        index: feature.get("end") for index, feature in enumerate(features) if feature.get("end")
    }
    dead_ends = [road for road in roads if len(road.edges) == 1]
    has_monastery = "monastery" in kinds
    for road in dead_ends:
        end = explicit_ends.get(road.index)
        if end is None:
            if has_monastery:
                end = "monastery"
            elif len(dead_ends) >= 3:
                end = "village"
            elif shapes:
                end = "gate"
            else:
                end = "village"
        road.end = end

    occupied_by_lines = {
        edge
        for line in [*rivers, *roads]
        if not (line.kind == "road" and line.end == "monastery")
        for edge in line.edges
    }
    city_edges = {edge for index, feature in cities for edge in _edges_of(feature)}
    straight_through = any(
        len(line.edges) == 2 and OPPOSITE[line.edges[0]] == line.edges[1]
        for line in [*rivers, *roads]
    )
    monastery_roads = "".join(
        edge for road in dead_ends if road.end == "monastery" for edge in road.edges
    )
    occupied = [edge for edge in EDGE_NAMES if edge in occupied_by_lines or edge in city_edges]
    centre_spot = _centre_spot(occupied, straight_through, avoid=monastery_roads)
    monastery_spot = centre_spot
    garden_spot = centre_spot
    if has_monastery and "garden" in kinds:
        garden_spot = (centre_spot[0] + 22 if centre_spot[0] <= 50 else centre_spot[0] - 22,
                       centre_spot[1] + 20 if centre_spot[1] <= 50 else centre_spot[1] - 20)

    def gate_for(edge: str) -> Point:
        # Prefer the city facing the road across the tile, then the nearest gate.
        ranked = sorted(
            (
                (0 if OPPOSITE[edge] in _edges_of(features[index]) else 1,
                 _distance(gate, EDGE_MIDPOINTS[edge]), gate)
                for index, shape in shapes.items()
                for gate in shape.gates
            ),
        )
        return ranked[0][2] if ranked else CENTRE

    for line in [*rivers, *roads]:
        if line.kind == "road" and len(line.edges) == 1:
            edge = line.edges[0]
            if line.end == "monastery":
                line.paths = [_line_to(edge, monastery_spot)]
            elif line.end == "gate":
                line.gate = gate_for(edge)
                line.paths = [_line_to(edge, line.gate)]
            else:
                line.paths = [_line_to(edge, CENTRE)]
        else:
            line.paths = _line_between_edges(line.edges)

    corner_curves = [
        corner for line in [*rivers, *roads] if (corner := _corner_of(line.edges)) is not None
    ]
    owners, _inner_field = _field_owners(features)
    field_areas = _field_areas(owners, corner_curves)

    picture_text = title if title is not None else picture_title(tile, rotation)
    code = str(tile.get("code", ""))
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
        f'{_attributes(width=size, height=size, role="img", aria_label=picture_text)} '
        f'{_attributes(data_tile=code, data_rotation=rotation, data_edges=edge_letters)}>',
        f"<title>{escape(picture_text)}</title>",
        f'<g transform="rotate({rotation} 50 50)">',
        _tag("rect", width="100", height="100", fill=COLOURS["field"]),
    ]

    late_fields: list[str] = []
    for index, feature in enumerate(features):
        if feature.get("kind") != "field":
            continue
        pieces = field_areas.get(index)
        if pieces:
            out.append(
                _tag("path", data_feature=index, data_kind="field", class_="feature field",
                     d=" ".join(piece.d for piece in pieces), fill=COLOURS["field"])
            )
        else:
            # No triangle left for it (an inner field amid cities): a small patch in the centre,
            # drawn over the cities so it can still be picked.
            late_fields.append(
                _tag("path", data_feature=index, data_kind="field", class_="feature field",
                     d="M50 42 L58 50 L50 58 L42 50 Z", fill=COLOURS["field"],
                     stroke=COLOURS["field_line"], stroke_width="0.8")
            )

    for river in rivers:
        attributes = (
            f' data-feature="{river.index}" data-kind="river" class="feature river"'
            if river.index is not None
            else ' class="river" pointer-events="none"'
        )
        out.append(f"<g{attributes}>")
        out.append(_outlined_strokes(river.paths, outer=COLOURS["river_edge"],
                                     inner=COLOURS["river"], width=10, edge=3))
        if len(river.edges) == 1:  # a spring or a lake
            out.append(_tag("circle", cx="50", cy="50", r="14", fill=COLOURS["river"],
                            stroke=COLOURS["river_edge"], stroke_width="1.5"))
        out.append("</g>")

    for road in roads:
        out.append(f'<g data-feature="{road.index}" data-kind="road" class="feature road">')
        out.append(_outlined_strokes(road.paths, outer=COLOURS["road_edge"],
                                     inner=COLOURS["road"], width=8, edge=3))
        out.append("</g>")

    for index, feature in cities:
        shape = shapes[index]
        marks = ["pennant"] * int(feature.get("pennants") or 0)
        goods = feature.get("goods") or []
        marks += [goods] if isinstance(goods, str) else [str(good) for good in goods]
        if feature.get("cathedral"):
            marks.append("cathedral")
        out.append(f'<g data-feature="{index}" data-kind="city" class="feature city">')
        out.append(_tag("path", d=shape.area.d, fill=COLOURS["city"]))
        for wall in shape.walls:
            out.append(_tag("path", d=wall.d, fill="none", stroke=COLOURS["wall"],
                            stroke_width="2.6", stroke_linecap="round"))
        out.append(_city_marks(shape.anchor, marks))
        out.append("</g>")

    for road in roads:
        if road.gate is not None and road.paths:
            out.append(_gate(road.gate, road.paths[0].end_direction()))
        if road.inn and road.paths:
            path = road.paths[0]
            start, halfway = path.steps[0][1], path.point_halfway()
            along = _unit((halfway[0] - start[0], halfway[1] - start[1]))
            side = (-along[1], along[0])
            if _distance((halfway[0] + side[0], halfway[1] + side[1]), CENTRE) < _distance(
                halfway, CENTRE
            ):
                side = (-side[0], -side[1])
            out.append(_inn(halfway, side))
    if any(road.end == "village" for road in roads):
        out.append(_village(CENTRE))

    for index, feature in enumerate(features):
        if feature.get("kind") == "monastery":
            out.append(_monastery(index, monastery_spot))
        elif feature.get("kind") == "garden":
            out.append(_garden(index, garden_spot))
    out.extend(late_fields)
    out.append("</g>")
    out.append(_tag("rect", x="0.5", y="0.5", width="99", height="99", fill="none",
                    stroke=COLOURS["border"], stroke_width="1", pointer_events="none"))
    out.append("</svg>")
    document = "".join(out)
    if xml_declaration:
        document = '<?xml version="1.0" encoding="UTF-8"?>\n' + document
    return document
