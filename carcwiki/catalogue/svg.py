"""Tile pictures drawn as SVG from the engine's tile objects, so the site never ships
copied artwork and the tile format has one reader.

``render_tile_svg`` draws one :class:`~scoring.engine.tiles.TileDefinition` (the scoring
engine's checked tile; plain tile data is read through the engine first, so a tile the
engine refuses is never drawn) as a self-contained SVG document on a 100×100 viewBox, as
python-chess's ``chess/svg.py`` draws a ``chess.Board``. It reads no database and keeps
no state: the same tile always gives the same picture.

Every feature of the tile becomes one element carrying ``data-feature`` (its index in the
tile's data, ``TileDefinition.to_data()["features"]``: landmarks first, then segments) and
``data-kind``, so a board builder can inline the picture and let a player click a city,
road, field, monastery or garden. Fields are approximated: the tile is
cut into eight triangles, one per half-edge, meeting at the centre; each field takes the
triangles of its half-edges (and of neighbouring city edges), and a road or river curving
round a corner cuts its corner out exactly. Cities and roads are drawn on top, so only the
visible part of a field's area remains clickable as that field.

The picture code names no expansion. What an expansion's tiles carry is drawn with the
glyph its declaration gives (:mod:`scoring.engine.glyphs`), placed by what it belongs to:
an attribute of a city among the city's pennants, of a road beside the road where there is
most room, of a field inside the field, of a monastery or garden at its lower right; a
landmark without edges in the middle of the tile; a landmark on edges (the river) as a
band from edge to edge, with the glyph of its ``end`` where one edge ends on the tile
(three edges for the fork), never clickable. A road
crossing a band or an earlier road does so on a bridge (the two do not meet); a band
passing under a city shows an arch on each wall. Also drawn: the inner field
(``half_edges: [I]``) and ``end: village|monastery|gate|house|centre`` on a one-edge road
when the default guess of where it ends is wrong (``centre``: at the landmark in the middle
of the tile, such as a circus; a garden then moves aside, as beside a monastery).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from scoring.engine import (
    DEFAULT_REGISTRY,
    Band,
    Edition,
    ExpansionRegistry,
    FeatureKind,
    Glyph,
    Landmark,
    Segment,
    TileDefinition,
    glyph_for,
)

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
    "pennant": "#2457a6",
    "mark": "#ffffff",
    "roof": "#b8322a",
    "stone": "#efe4cc",
    "ink": "#3b2f22",
    "hedge": "#3f7a36",
    "bed": "#6f9a3e",
    "border": "#56703a",
}

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


def _covers_anchor(glyph: Glyph) -> bool:
    """Whether the glyph's marks, by their bounding box, cover its anchor: a symbol drawn
    on the spot rather than beside it."""
    xs: list[float] = []
    ys: list[float] = []
    for mark in glyph.marks:
        attributes = dict(mark.attributes)
        if "d" in attributes:
            numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", attributes["d"])]
            xs += numbers[0::2]
            ys += numbers[1::2]
        for x, y, w, h in (("cx", "cy", "r", "r"), ("cx", "cy", "rx", "ry")):
            if x in attributes and w in attributes:
                cx, cy = float(attributes[x]), float(attributes.get(y, 0))
                rx, ry = float(attributes[w]), float(attributes[h])
                xs += [cx - rx, cx + rx]
                ys += [cy - ry, cy + ry]
        if "width" in attributes:
            x0, y0 = float(attributes.get("x", 0)), float(attributes.get("y", 0))
            xs += [x0, x0 + float(attributes["width"])]
            ys += [y0, y0 + float(attributes.get("height", 0))]
    return bool(xs) and min(xs) <= 0 <= max(xs) and min(ys) <= 0 <= max(ys)


def _sampled(path: Path, pieces: int = 16) -> list[Point]:
    """The path as a polyline (each line or curve cut into ``pieces``), for geometry tests."""
    points: list[Point] = []
    cursor: Point = (0.0, 0.0)
    start: Point = cursor
    for command, *controls in path.steps:
        if command == "M":
            cursor = start = controls[0]
            points.append(cursor)
            continue
        if command == "Z":
            controls = [start]
        for step in range(1, pieces + 1):
            t = step / pieces
            if command in ("L", "Z"):
                x = cursor[0] + t * (controls[-1][0] - cursor[0])
                y = cursor[1] + t * (controls[-1][1] - cursor[1])
            elif command == "Q":
                (cx, cy), end = controls
                x = (1 - t) ** 2 * cursor[0] + 2 * (1 - t) * t * cx + t * t * end[0]
                y = (1 - t) ** 2 * cursor[1] + 2 * (1 - t) * t * cy + t * t * end[1]
            else:  # "C"
                (ax, ay), (bx, by), end = controls
                x = ((1 - t) ** 3 * cursor[0] + 3 * (1 - t) ** 2 * t * ax
                     + 3 * (1 - t) * t * t * bx + t ** 3 * end[0])
                y = ((1 - t) ** 3 * cursor[1] + 3 * (1 - t) ** 2 * t * ay
                     + 3 * (1 - t) * t * t * by + t ** 3 * end[1])
            points.append((x, y))
        cursor = controls[-1]
    return points


def _crossings(first: Path, second: Path) -> list[tuple[Point, Point]]:
    """Where two paths cross: each crossing point with the direction of ``first`` there.

    Points within 10 units of either path's ends are left out: lines that merely meet (three
    roads at a village, two roads at one gate) do not cross.
    """
    a_points, b_points = _sampled(first), _sampled(second)
    ends = (a_points[0], a_points[-1], b_points[0], b_points[-1])
    found: list[tuple[Point, Point]] = []
    for (ax, ay), (bx, by) in zip(a_points, a_points[1:], strict=False):
        for (cx, cy), (dx, dy) in zip(b_points, b_points[1:], strict=False):
            denominator = (bx - ax) * (dy - cy) - (by - ay) * (dx - cx)
            if abs(denominator) < 1e-9:
                continue
            t = ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / denominator
            u = ((cx - ax) * (by - ay) - (cy - ay) * (bx - ax)) / denominator
            if not (0 <= t <= 1 and 0 <= u <= 1):
                continue
            point = (ax + t * (bx - ax), ay + t * (by - ay))
            if any(_distance(point, end) < 10 for end in ends):
                continue
            if all(_distance(point, seen) > 4 for seen, _ in found):
                found.append((point, _unit((bx - ax, by - ay))))
    return found


def _inside(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd test of a point against a closed polyline."""
    x, y = point
    inside = False
    for (ax, ay), (bx, by) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


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
# A band with a separate city on its south edge: its south wall bows far in, leaving room
# for that city and an inner field between the two (traders-N, traders-P).
CITY_BAND_EAST_WEST_NARROW_SOUTH = CityShape(
    area=Path.of(
        "M", (0, 0), "C", (35, 30), (65, 30), (100, 0), "L", (100, 100),
        "C", (65, 45), (35, 45), (0, 100), "Z",
    ),
    walls=(
        Path.of("M", (0, 0), "C", (35, 30), (65, 30), (100, 0)),
        Path.of("M", (100, 100), "C", (65, 45), (35, 45), (0, 100)),
    ),
    gates=((50, 22.5), (50, 58.75)),
    anchor=(50, 40),
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


def city_shape(edges: Iterable[str], beside: Iterable[str] = ()) -> CityShape:
    """The shape of one city segment touching these edges.

    ``beside`` names the edges of the tile's other cities: a band between two opposite edges
    leaves room for a separate city on one of the two other edges.
    """
    indices = sorted({EDGE_NAMES.index(edge) for edge in edges if edge in EDGE_NAMES})
    if len(indices) == 1:
        return CITY_CAP_NORTH.turned(indices[0])
    if len(indices) == 2:
        first, second = indices
        if second - first == 2:  # opposite edges: N+S is E+W turned once
            for edge in beside:
                if edge in EDGE_NAMES and EDGE_NAMES.index(edge) not in indices:
                    # The narrow side is the south; turn it to face that city.
                    return CITY_BAND_EAST_WEST_NARROW_SOUTH.turned(EDGE_NAMES.index(edge) - 2)
            return CITY_BAND_EAST_WEST.turned(1 - first)
        return CITY_CORNER_NORTH_EAST.turned(first if second - first == 1 else 3)
    if len(indices) == 3:
        (missing,) = set(range(4)) - set(indices)
        return CITY_OPEN_SOUTH.turned(missing - 2)
    return CITY_WHOLE_TILE


# --- reading the tile -----------------------------------------------------------------------


@dataclass
class Line:
    """A road or a band (the river): its drawn paths, and how a one-edge road ends."""

    index: int
    kind: str
    edges: list[str]
    paths: list[Path] = field(default_factory=list)
    end: Any = None
    gate: Point | None = None
    band: Band | None = None
    glyphs: list[tuple[Glyph, Any, str]] = field(default_factory=list)
    """For a road: the glyphs drawn beside it, with the attribute value and name."""


Item = Landmark | Segment
ABSENT = ""
"""The kind of a segment the drawn edition does not print."""


def _kind_of(item: Item) -> str:
    """The ``kind`` of the tile data: a landmark's kind, ``field`` for a farm."""
    if isinstance(item, Landmark):
        return item.kind
    return "field" if item.kind is FeatureKind.FARM else item.kind.value


def _edges_of(item: Item) -> list[str]:
    return [location.value for location in item.locations if location.is_edge]


def _half_edges_of(item: Item) -> list[str]:
    return [location.value for location in item.locations if location.value in HALF_EDGE_NAMES]


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
        if push[0] and push[1]:
            step = 25  # into a corner: far enough to clear what comes in from both sides
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


def _inn_spot(road_path: Path, obstacles: Sequence[Point],
              city_areas: Sequence[Sequence[Point]]) -> tuple[Point, Point]:
    """Where an inn fits beside its road: the point on the road and the side to build on.

    Spots half-way, then further along and back, on either side, are tried; the one with
    the most room (away from other lines, city walls and the tile's border, never inside a
    city) wins, the earlier one on a near tie.
    """
    points = _sampled(road_path)
    best: tuple[float, Point, Point] | None = None
    for fraction in (0.5, 0.3, 0.7):
        position = round(fraction * (len(points) - 1))
        point = points[position]
        before, after = points[max(position - 1, 0)], points[min(position + 1, len(points) - 1)]
        along = _unit((after[0] - before[0], after[1] - before[1]))
        for side in ((-along[1], along[0]), (along[1], -along[0])):
            spot = (point[0] + side[0] * 15, point[1] + side[1] * 15)
            room = min(spot[0], spot[1], 100 - spot[0], 100 - spot[1]) + 4
            room = min([room, *(_distance(spot, obstacle) for obstacle in obstacles)])
            if any(_inside(spot, area) for area in city_areas):
                room = -1.0
            if best is None or room > best[0] + 0.5:
                best = (room, point, side)
    assert best is not None
    return best[1], best[2]


def _field_spot(half_edges: Sequence[str]) -> Point:
    """A point well inside a field: out from the centre towards the half-edges it touches."""
    pull = [0.0, 0.0]
    for name in half_edges:
        if name in HALF_EDGE_NAMES:
            position = HALF_EDGE_NAMES.index(name)
            start, end = BORDER_POINTS[position], BORDER_POINTS[(position + 1) % 8]
            middle = _unit(((start[0] + end[0]) / 2 - 50, (start[1] + end[1]) / 2 - 50))
            pull[0] += middle[0]
            pull[1] += middle[1]
    direction = _unit((pull[0], pull[1]))
    return (CENTRE[0] + direction[0] * 24, CENTRE[1] + direction[1] * 24)


def _field_owners(fields: Sequence[tuple[int, list[str]]]) -> tuple[list[int | None], int | None]:
    """Which field takes each of the eight half-edge triangles, and the inner field if any.

    A field takes its own half-edges. Triangles of city edges go to the inner field when the
    tile has one (it lies between the cities), otherwise to the nearest field round the tile.
    """
    owners: list[int | None] = [None] * 8
    inner: int | None = None
    for index, half_edges in fields:
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


def _field_boundaries(
    fields: Sequence[tuple[int, list[str]]], corner_curves: Iterable[int]
) -> list[Point]:
    """Tile corners where two different fields meet with nothing drawn between them.

    Roads, rivers and cities separate fields where the tile data puts them, but some
    tiles part two fields only by how far a city wall runs (the east strip of traders-I,
    the thin north field of inns-G). Wherever the half-edges on both sides of a corner are
    named by different fields and no road or river bends round it, the picture draws a line
    from the centre to that corner, so the two areas read apart.
    """
    named: list[int | None] = [None] * 8
    for index, half_edges in fields:
        for name in half_edges:
            named[HALF_EDGE_NAMES.index(name)] = index
    curved = set(corner_curves)
    corners = []
    for corner in range(4):
        before, after = named[(2 * corner - 1) % 8], named[2 * corner]
        # The corner between edge a and the next one is cut by a curve listed as a.
        if before is not None and after is not None and before != after and (
            (corner - 1) % 4 not in curved
        ):
            corners.append(BORDER_POINTS[2 * corner])
    return corners


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


def _glyph(glyph: Glyph, at: Point, *, clickable: bool = True, side: Point = (0.0, 0.0),
           data: str = "", feature: bool = False) -> str:
    """A declared glyph with its anchor at ``at``; marks with ``away`` move further along
    ``side``. ``data`` is written into the group's opening tag; ``feature`` marks the
    group as one of the tile's data entries (a landmark)."""
    transform = f"translate({_point(at)})"
    if glyph.scale != 1:
        transform += f" scale({_number(glyph.scale)})"
    name = f"feature {glyph.name}" if feature else glyph.name
    out = [f'<g{data} class={quoteattr(name)}'
           + ("" if clickable else ' pointer-events="none"') + f' transform="{transform}">']
    for mark in glyph.marks:
        element = f"<{mark.element} " + " ".join(
            f"{name}={quoteattr(value)}" for name, value in mark.attributes) + "/>"
        if mark.away:
            offset = (side[0] * mark.away, side[1] * mark.away)
            element = f'<g transform="translate({_point(offset)})">{element}</g>'
        out.append(element)
    out.append("</g>")
    return "".join(out)


def _data_value(name: str, value: Any) -> str:
    """``data-<name>="value"`` for an attribute that is not a plain flag (goods)."""
    if value is True:
        return ""
    return f" data-{name.replace('_', '-')}={quoteattr(str(value))}"


def _bridge(point: Point, along: Point, *, span: float) -> str:
    """A road bridge: a deck along the road with a parapet on each side, ``span`` long."""
    x, y = point
    side = (-along[1], along[0])
    half = span / 2
    parapets = " ".join(
        f"M{_number(x + side[0] * offset - along[0] * half)} "
        f"{_number(y + side[1] * offset - along[1] * half)} "
        f"L{_number(x + side[0] * offset + along[0] * half)} "
        f"{_number(y + side[1] * offset + along[1] * half)}"
        for offset in (-6.5, 6.5)
    )
    deck = Path.of("M", (x - along[0] * half, y - along[1] * half),
                   "L", (x + along[0] * half, y + along[1] * half))
    return (
        '<g class="bridge" pointer-events="none">'
        + _tag("path", d=deck.d, stroke=COLOURS["stone"], stroke_width="12", fill="none")
        + _tag("path", d=deck.d, stroke=COLOURS["road"], stroke_width="8", fill="none")
        + _tag("path", d=parapets, stroke=COLOURS["ink"], stroke_width="1.8",
               stroke_linecap="round", fill="none")
        + "</g>"
    )


def _city_bridge_arch(point: Point, along: Point, colour: str) -> str:
    """Where a band passes under a city: the dark mouth of the arch it flows through."""
    x, y = point
    angle = math.degrees(math.atan2(along[1], along[0]))
    return (
        f'<g class="city-bridge" pointer-events="none" transform="rotate({_number(angle)} '
        f'{_number(x)} {_number(y)})">'
        + _tag("path", d=f"M{_number(x)} {_number(y - 6.5)} a7 6.5 0 0 1 0 13 z",
               fill=colour, stroke=COLOURS["wall"], stroke_width="1.2")
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


def _city_marks(anchor: Point, marks: list[tuple[Glyph, str] | None]) -> str:
    """Pennants (``None``) and declared glyphs side by side around the city's anchor."""
    drawn = []
    spacing = 13.0
    first_x = anchor[0] - spacing * (len(marks) - 1) / 2
    for position, mark in enumerate(marks):
        centre = (first_x + spacing * position, anchor[1])
        if mark is None:
            drawn.append(_pennant(centre))
        else:
            drawn.append(_glyph(mark[0], centre, data=mark[1]))
    return "".join(drawn)


def picture_title(tile: TileDefinition, rotation: int = 0) -> str:
    """Text alternative of the picture: the tile's code and what it shows."""
    title = f"Tile {tile.code}"
    if tile.picture:
        title += f": {tile.picture}"
    if rotation:
        title += f" (turned {rotation}° clockwise)"
    return title


def render_tile_svg(
    tile: TileDefinition | Mapping[str, Any],
    *,
    rotation: int = 0,
    size: int = 100,
    title: str | None = None,
    xml_declaration: bool = False,
    registry: ExpansionRegistry = DEFAULT_REGISTRY,
    edition: Edition | None = None,
) -> str:
    """Draw one tile as an SVG document.

    ``tile`` is the engine's tile; plain tile data is read by the engine first (against
    ``registry``), so data the engine refuses raises its
    :class:`~scoring.engine.tiles.TileDataError`. ``rotation`` turns the picture clockwise
    (0, 90, 180 or 270); ``size`` sets the width and height in pixels (the viewBox stays
    100×100); ``title`` replaces the generated text alternative; ``edition`` leaves out
    what that edition does not print (the gardens of expansion tiles in C1), the other
    features keeping their ``data-feature`` index. Raises ``ValueError`` for another
    rotation or a size that is not positive.
    """
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
    if not isinstance(size, int) or size <= 0:
        raise ValueError(f"size must be a positive integer, not {size!r}")
    if not isinstance(tile, TileDefinition):
        tile = TileDefinition.from_data(tile, registry)

    # The order of the tile's data: landmarks, then segments.
    items: list[Item] = [*tile.landmarks, *tile.segments]
    # What the edition does not print keeps its place in the numbering, drawn as nothing.
    kinds = [
        _kind_of(item) if isinstance(item, Landmark) or item.exists_in(edition) else ABSENT
        for item in items
    ]
    edge_letters = tile.edge_string
    fields = [(index, _half_edges_of(item)) for index, item in enumerate(items)
              if kinds[index] == "field"]

    def attribute_glyphs(item: Item) -> list[tuple[Glyph, Any, str]]:
        """The declared glyphs of a segment's attributes, in attribute order."""
        if isinstance(item, Landmark):
            return []
        found = []
        for name, value in item.attributes:
            declared = registry.attributes.get((item.kind, name))
            glyph = glyph_for(declared.glyph if declared else None, value)
            if glyph is not None:
                found.append((glyph, value, name))
        return found

    def landmark_glyph(item: Item) -> Glyph | None:
        declared = registry.landmarks.get(item.kind) if isinstance(item, Landmark) else None
        return declared.glyph if declared else None

    cities = [(index, item) for index, item in enumerate(items) if kinds[index] == "city"]
    shapes = {
        index: city_shape(
            _edges_of(item),
            beside=[edge for other, city in cities if other != index for edge in _edges_of(city)],
        )
        for index, item in cities
    }

    # Bands: the landmarks on edges whose declaration draws them so (the river).
    bands: list[Line] = []
    centre_landmarks: list[tuple[int, Glyph]] = []
    for index, item in enumerate(items):
        glyph = landmark_glyph(item)
        if glyph is None:
            continue
        if glyph.band is not None and item.locations:
            bands.append(Line(index=index, kind=kinds[index], edges=_edges_of(item),
                              end=item.attribute("end"), band=glyph.band))
        elif glyph.marks:
            centre_landmarks.append((index, glyph))

    roads = [
        Line(index=index, kind="road", edges=_edges_of(item), glyphs=attribute_glyphs(item))
        for index, item in enumerate(items)
        if kinds[index] == "road"
    ]

    # How each one-edge road ends: explicitly, at the monastery, at a village where three or
    # four roads meet, at a city gate, or else at a lone house (drawn as a village).
    explicit_ends = {
        index: dict(item.attributes).get("end")
        for index, item in enumerate(items) if isinstance(item, Segment)
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
        for line in [*bands, *roads]
        if not (line.kind == "road" and line.end in ("monastery", "centre"))
        for edge in line.edges
    }
    city_edges = {edge for index, item in cities for edge in _edges_of(item)}
    straight_through = any(
        len(line.edges) == 2 and OPPOSITE[line.edges[0]] == line.edges[1]
        for line in [*bands, *roads]
    )
    monastery_roads = "".join(
        edge for road in dead_ends if road.end in ("monastery", "centre") for edge in road.edges
    )
    occupied = [edge for edge in EDGE_NAMES if edge in occupied_by_lines or edge in city_edges]
    if len(occupied) == 4 and not straight_through:
        # Every side is taken: roads that end at a city gate bend away from the centre, so
        # the corner the cities leave free is the place (traders-U's garden).
        gate_roads = {edge for road in dead_ends if road.end == "gate" for edge in road.edges}
        occupied = [edge for edge in occupied if edge in city_edges or edge not in gate_roads]
    centre_spot = _centre_spot(occupied, straight_through, avoid=monastery_roads)
    monastery_spot = centre_spot
    garden_spot = centre_spot
    in_the_middle = any(_covers_anchor(glyph) for _, glyph in centre_landmarks)
    if (has_monastery or in_the_middle) and "garden" in kinds:
        # The garden steps aside for a monastery or a symbol drawn on the middle (flier-A).
        garden_spot = (centre_spot[0] + 22 if centre_spot[0] <= 50 else centre_spot[0] - 22,
                       centre_spot[1] + 20 if centre_spot[1] <= 50 else centre_spot[1] - 20)

    used_gates: list[Point] = []

    def gate_for(edge: str) -> Point:
        # Prefer the city facing the road across the tile, then the nearest gate. A second
        # road to a city whose gate is taken gets its own gate further along the wall.
        ranked = sorted(
            (
                (0 if OPPOSITE[edge] in _edges_of(items[index]) else 1,
                 _distance(gate, EDGE_MIDPOINTS[edge]), gate, index)
                for index, shape in shapes.items()
                for gate in shape.gates
            ),
        )
        if not ranked:
            return CENTRE
        gate, index = ranked[0][2], ranked[0][3]
        if any(_distance(gate, used) < 12 for used in used_gates):
            along_wall = [
                point
                for wall in shapes[index].walls
                for point in _sampled(wall)[2:-2]
                if all(_distance(point, used) >= 14 for used in used_gates)
            ]
            if along_wall:
                gate = min(along_wall, key=lambda point: _distance(point, EDGE_MIDPOINTS[edge]))
        used_gates.append(gate)
        return gate

    # A band's end (a spring or lake) sits in the middle of the tile, unless something else
    # is printed there: then it moves towards its edge.
    band_kinds = {band.kind for band in bands}
    crowded = any(kind not in ("field", ABSENT) and kind not in band_kinds for kind in kinds)
    pools: dict[int, Point] = {}
    for position, band in enumerate(bands):
        if len(band.edges) == 1:
            out_x, out_y = OUTWARD[band.edges[0]]
            pools[position] = (
                (CENTRE[0] + out_x * 16, CENTRE[1] + out_y * 16) if crowded else CENTRE
            )

    for position, line in enumerate([*bands, *roads]):
        if line.band is not None and position in pools:
            line.paths = [_line_to(line.edges[0], pools[position])]
        elif line.kind == "road" and len(line.edges) == 1:
            edge = line.edges[0]
            if line.end in ("monastery", "centre"):
                line.paths = [_line_to(edge, monastery_spot)]
            elif line.end == "gate":
                line.gate = gate_for(edge)
                line.paths = [_line_to(edge, line.gate)]
            elif line.end == "house":
                # A lane running most of the way across the tile to a lone house.
                start, across = EDGE_MIDPOINTS[edge], OUTWARD[OPPOSITE[edge]]
                line.gate = (start[0] + across[0] * 72, start[1] + across[1] * 72)
                line.paths = [Path.of("M", start, "L", line.gate)]
            else:
                line.paths = [_line_to(edge, CENTRE)]
        else:
            line.paths = _line_between_edges(line.edges)

    corner_curves = [
        corner for line in [*bands, *roads] if (corner := _corner_of(line.edges)) is not None
    ]
    owners, _inner_field = _field_owners(fields)
    field_areas = _field_areas(owners, corner_curves)

    picture_text = title if title is not None else picture_title(tile, rotation)
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
        f'{_attributes(width=size, height=size, role="img", aria_label=picture_text)} '
        f'{_attributes(data_tile=tile.code, data_rotation=rotation, data_edges=edge_letters)}>',
        f"<title>{escape(picture_text)}</title>",
        f'<g transform="rotate({rotation} 50 50)">',
        _tag("rect", width="100", height="100", fill=COLOURS["field"]),
    ]

    late_fields: list[str] = []
    for index, _half_edges in fields:
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

    for corner in _field_boundaries(fields, corner_curves):
        out.append(_tag("path", d=Path.of("M", CENTRE, "L", corner).d, class_="field-boundary",
                        stroke=COLOURS["field_line"], stroke_width="1.6",
                        pointer_events="none"))

    # A band (the river) is no feature (no figure stands on it), so it never takes a click.
    for position, band in enumerate(bands):
        style = band.band
        assert style is not None
        out.append(f'<g data-feature="{band.index}" data-kind={quoteattr(band.kind)} '
                   f'class="feature {escape(band.kind)}" pointer-events="none">')
        out.append(_outlined_strokes(band.paths, outer=style.outline, inner=style.fill,
                                     width=style.width, edge=style.edge))
        if position in pools:
            end = style.ends.get(band.end if band.end is not None else style.default_end)
            if end is not None:
                out.append(_glyph(end, pools[position], clickable=False))
        out.append("</g>")

    for position, road in enumerate(roads):
        out.append(f'<g data-feature="{road.index}" data-kind="road" class="feature road">')
        out.append(_outlined_strokes(road.paths, outer=COLOURS["road_edge"],
                                     inner=COLOURS["road"], width=8, edge=3))
        out.append("</g>")
        # A road crossing a band, or a road drawn before it, does so on a bridge: the two
        # do not meet, and the fields on either side stay apart as the data says.
        for crossed, span in [*((band, 20.0) for band in bands),
                              *((earlier, 17.0) for earlier in roads[:position])]:
            for path in road.paths:
                for other in crossed.paths:
                    for point, along in _crossings(path, other):
                        out.append(_bridge(point, along, span=span))

    for index, item in cities:
        shape = shapes[index]
        assert isinstance(item, Segment)
        marks: list[tuple[Glyph, str] | None] = [None] * item.pennants
        marks += [(glyph, _data_value(name, value))
                  for glyph, value, name in attribute_glyphs(item)]
        out.append(f'<g data-feature="{index}" data-kind="city" class="feature city">')
        out.append(_tag("path", d=shape.area.d, fill=COLOURS["city"]))
        for wall in shape.walls:
            out.append(_tag("path", d=wall.d, fill="none", stroke=COLOURS["wall"],
                            stroke_width="2.6", stroke_linecap="round"))
        out.append(_city_marks(shape.anchor, marks))
        out.append("</g>")
        # A band passing under the city (River II's city bridge) shows an arch on each wall.
        area = _sampled(shape.area)
        for band in bands:
            assert band.band is not None
            for path in band.paths:
                for wall in shape.walls:
                    for point, along in _crossings(path, wall):
                        if not _inside((point[0] + along[0] * 3, point[1] + along[1] * 3), area):
                            along = (-along[0], -along[1])
                        out.append(_city_bridge_arch(point, along, band.band.outline))

    has_village = any(road.end == "village" for road in roads)
    obstacles = [
        point
        for line in [*bands, *roads]
        for path in line.paths
        for point in _sampled(path)
    ] + [point for shape in shapes.values() for wall in shape.walls for point in _sampled(wall)]
    if has_village:
        obstacles.append(CENTRE)
    city_areas = [_sampled(shape.area) for shape in shapes.values()]
    roadside_spots: list[Point] = []
    for road in roads:
        if road.end == "house" and road.gate is not None:
            out.append(f'<g class="house" pointer-events="none">{_house(*road.gate)}</g>')
        elif road.gate is not None and road.paths:
            out.append(_gate(road.gate, road.paths[0].end_direction()))
        for glyph, value, name in road.glyphs:
            if not road.paths:
                continue
            own = {point for path in road.paths for point in _sampled(path)}
            point, side = _inn_spot(
                road.paths[0], [spot for spot in obstacles if spot not in own], city_areas
            )
            roadside_spots.append((point[0] + side[0] * 15, point[1] + side[1] * 15))
            at = (point[0] + side[0] * glyph.distance, point[1] + side[1] * glyph.distance)
            out.append(_glyph(glyph, at, clickable=False, side=side,
                              data=_data_value(name, value)))
    if has_village:
        out.append(_village(CENTRE))

    if any(_distance(garden_spot, spot) < 22 for spot in roadside_spots):
        garden_spot = (100 - garden_spot[0], 100 - garden_spot[1])  # the other side
    centre_glyphs = dict(centre_landmarks)
    for index, item in enumerate(items):
        if kinds[index] in ("monastery", "garden"):
            spot = monastery_spot if kinds[index] == "monastery" else garden_spot
            draw = _monastery if kinds[index] == "monastery" else _garden
            out.append(draw(index, spot))
            # What an expansion prints with it: at the building's lower right corner.
            for glyph, value, name in attribute_glyphs(item):
                out.append(_glyph(glyph, (spot[0] + 14, spot[1] + 12), clickable=False,
                                  data=_data_value(name, value)))
        elif index in centre_glyphs:
            out.append(_glyph(
                centre_glyphs[index], centre_spot, clickable=False,
                data=f' data-feature="{index}" data-kind={quoteattr(kinds[index])}', feature=True,
            ))
        elif kinds[index] == "field":
            for glyph, value, name in attribute_glyphs(item):
                out.append(_glyph(glyph, _field_spot(_half_edges_of(item)), clickable=False,
                                  data=_data_value(name, value)))
    out.extend(late_fields)
    out.append("</g>")
    out.append(_tag("rect", x="0.5", y="0.5", width="99", height="99", fill="none",
                    stroke=COLOURS["border"], stroke_width="1", pointer_events="none"))
    out.append("</svg>")
    document = "".join(out)
    if xml_declaration:
        document = '<?xml version="1.0" encoding="UTF-8"?>\n' + document
    return document
