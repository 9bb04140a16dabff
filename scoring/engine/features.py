"""The feature graph: which segments of which tiles form one road, city, farm...

Segments are joined across touching edges with a union-find, so building the graph
costs time linear in the number of tiles. Each resulting :class:`Feature` knows its
tiles (each counted once even when the feature passes a tile twice), pennants, open
edges, figures, and for farms the cities they border. Features are numbered per kind
in reading order of their first segment, by ``(y, x, location)``, so ids such as
``city-2`` depend only on the board.

>>> from scoring.engine.board import Board, PlacedTile
>>> from scoring.engine.tiles import TileSet
>>> tiles = TileSet.from_data([{"code": "E", "edges": "CFFF", "features": [
...     {"kind": "city", "edges": ["N"]},
...     {"kind": "field", "half_edges": ["EN", "ES", "SE", "SW", "WS", "WN"], "cities": ["N"]},
... ]}])
>>> board = Board([PlacedTile("E", 0, 0), PlacedTile("E", 0, -1, 180)], [])
>>> graph = FeatureGraph.build(board, tiles)
>>> [feature.id for feature in graph.features]
['city-1', 'farm-1', 'farm-2']
>>> city = graph.features[0]
>>> city.complete, city.tiles
(True, [(0, -1), (0, 0)])
>>> [c.id for c in graph.features[1].cities]
['city-1']
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board, Figure
from .rules import Edition
from .tiles import FeatureKind, OrientedTile, TileSet

_NEIGHBOURHOOD = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)


class Feature:
    """One road, city, monastery, garden or farm on the board."""

    __slots__ = (
        "kind", "number", "tiles", "pennants", "open_edges", "dead_ends", "neighbours",
        "figures", "cities", "segment_count", "order",
    )

    def __init__(self, kind: FeatureKind, number: int, order: int = 0):
        self.kind = kind
        self.number = number
        self.order = order
        """Position among all features of the board in reading order."""
        self.tiles: list[tuple[int, int]] = []
        """Squares the feature covers, each once, in reading order (by y, then x)."""
        self.pennants = 0
        self.open_edges = 0
        """Road or city edges with no tile across them."""
        self.dead_ends = 0
        """Road segments that stop on their tile (a village, a city gate, a monastery)."""
        self.neighbours = 0
        """For a monastery or garden: tiles on the eight squares around it."""
        self.figures: list[Figure] = []
        self.cities: list[Feature] = []
        """For a farm: the city features it borders, by id order."""
        self.segment_count = 0

    @property
    def id(self) -> str:
        """``kind-number``, such as ``road-1``."""
        return f"{self.kind.value}-{self.number}"

    @property
    def complete(self) -> bool:
        """Whether the feature is finished: every road or city edge closed, every square
        around a monastery or garden filled. Farms are never complete."""
        if self.kind is FeatureKind.FARM:
            return False
        if self.kind.is_centre:
            return self.neighbours == 8
        return self.open_edges == 0

    @property
    def is_loop(self) -> bool:
        """A completed road with no end on any tile: it closes on itself."""
        return self.kind is FeatureKind.ROAD and self.open_edges == 0 and self.dead_ends == 0

    @property
    def completed_cities(self) -> list[Feature]:
        """For a farm, the bordered cities that are completed."""
        return [city for city in self.cities if city.complete]

    def __repr__(self) -> str:
        return f"<Feature {self.id} tiles={len(self.tiles)} figures={len(self.figures)}>"


class FeatureGraph:
    """Every feature of a board, and the feature under each figure.

    Joining segments touches every tile, but only some features are needed to score:
    those holding figures and the cities their farms border. Those become
    :class:`Feature` objects at once; :attr:`features` builds the others on demand.
    Numbers (and so ids) always count every feature of the board.
    """

    __slots__ = (
        "_placed", "_bases", "_order", "_parent", "_open_edges", "_number_of_root",
        "_roots_in_order", "_feature_of_root", "_feature_of_figure", "_complete",
    )

    def __init__(self) -> None:
        self._feature_of_root: dict[int, Feature] = {}
        self._feature_of_figure: list[Feature] = []
        self._complete = False

    @property
    def features(self) -> list[Feature]:
        """All features, in numbering order (reading order of their first segment)."""
        if not self._complete:
            missing = set(self._roots_in_order) - self._feature_of_root.keys()
            if missing:
                self._materialise(missing)
            self._complete = True
        return [self._feature_of_root[root] for root in self._roots_in_order]

    def of_kind(self, kind: FeatureKind) -> list[Feature]:
        """Features of one kind, by number."""
        return [feature for feature in self.features if feature.kind is kind]

    def occupied(self) -> list[Feature]:
        """Features holding at least one figure, in numbering order."""
        occupied = {feature.order: feature for feature in self._feature_of_figure}
        return [occupied[order] for order in sorted(occupied)]

    def feature_of(self, figure_index: int) -> Feature:
        """The feature the ``figure_index``-th figure of the board stands on."""
        return self._feature_of_figure[figure_index]

    @classmethod
    def build(cls, board: Board, tiles: TileSet, edition: Edition | None = None) -> FeatureGraph:
        """Join the segments of a board into features.

        The board must be valid (see :mod:`validation`): known tiles on distinct squares,
        figures on existing features.
        """
        table = tiles.orientations(edition)
        placed = {
            (tile.y, tile.x): table[tile.code][tile.rotation // 90] for tile in board.tiles
        }
        return cls.from_placed(placed, board.figures)

    @classmethod
    def from_placed(
        cls, placed: dict[tuple[int, int], OrientedTile], figures: Sequence[Figure] = ()
    ) -> FeatureGraph:
        """Build the graph from oriented tiles keyed by ``(y, x)`` (reading order)."""
        graph = cls()
        bases: dict[tuple[int, int], int] = {}
        node_count = 0
        for key, oriented in placed.items():
            bases[key] = node_count
            node_count += len(oriented.segments)
        parent = list(range(node_count))
        open_edges = [0] * node_count

        def find(node: int) -> int:
            while parent[node] != node:
                parent[node] = parent[parent[node]]  # path halving
                node = parent[node]
            return node

        for key, oriented in placed.items():
            y, x = key
            base = bases[key]
            side_segment = oriented.side_segment
            joins = oriented.joins
            for side, neighbour_key in ((1, (y, x + 1)), (2, (y + 1, x))):
                other = placed.get(neighbour_key)
                if other is None:
                    if side_segment[side] >= 0:
                        open_edges[base + side_segment[side]] += 1
                    continue
                other_base = bases[neighbour_key]
                pairs = joins.get((other, side))
                if pairs is None:
                    pairs = _joins(oriented, other, side)
                for mine, theirs in pairs:
                    # Most nodes are roots or one step below one: look before calling.
                    root_a = parent[base + mine]
                    if parent[root_a] != root_a:
                        root_a = find(root_a)
                    root_b = parent[other_base + theirs]
                    if parent[root_b] != root_b:
                        root_b = find(root_b)
                    if root_a != root_b:
                        # The smaller index becomes the root, so a parent is never larger
                        # than its child: the flattening below relies on it.
                        if root_a < root_b:
                            parent[root_b] = root_a
                        else:
                            parent[root_a] = root_b
            if side_segment[0] >= 0 and (y - 1, x) not in placed:
                open_edges[base + side_segment[0]] += 1
            if side_segment[3] >= 0 and (y, x - 1) not in placed:
                open_edges[base + side_segment[3]] += 1
        # Parents are never larger than their children, so one pass in index order
        # points every node straight at its root.
        for node in range(node_count):
            parent[node] = parent[parent[node]]

        graph._placed = placed
        graph._bases = bases
        graph._order = sorted(placed)
        graph._parent = parent
        graph._open_edges = open_edges
        graph._number_of_root = {}
        graph._roots_in_order = []

        figure_roots = []
        for figure in figures:
            key = (figure.y, figure.x)
            index = placed[key].segment_index(figure.at)
            if index < 0:
                raise ValueError(
                    f"no feature at {figure.at} of the tile at ({figure.x},{figure.y})"
                )
            figure_roots.append(parent[bases[key] + index])
        # The first reading also numbers every feature.
        graph._materialise(set(figure_roots), numbering=True)
        for figure, root in zip(figures, figure_roots, strict=True):
            feature = graph._feature_of_root[root]
            feature.figures.append(figure)
            graph._feature_of_figure.append(feature)
        return graph

    def _materialise(self, wanted: set[int], *, numbering: bool = False) -> None:
        """Create the features of the ``wanted`` roots and of the cities their farms
        border."""
        borders_of = self._read(wanted, numbering=numbering)
        needed = set().union(*borders_of.values()) - self._feature_of_root.keys()
        if needed:
            self._read(needed)  # cities border nothing: no further round
        for farm_root, city_roots in borders_of.items():
            self._link_cities(farm_root, city_roots)

    def _read(self, wanted: set[int], *, numbering: bool = False) -> dict[int, set[int]]:
        """Read every segment once in reading order, filling in the features of the
        ``wanted`` roots (and numbering every feature on the first reading); return the
        city roots bordered by each farm among them."""
        placed, bases, parent = self._placed, self._bases, self._parent
        open_edges, feature_of_root = self._open_edges, self._feature_of_root
        number_of_root, roots_in_order = self._number_of_root, self._roots_in_order
        numbers = [0] * len(FeatureKind)
        borders_of: dict[int, set[int]] = {}
        for key in self._order:
            oriented = placed[key]
            base = bases[key]
            position = (key[1], key[0])
            for index, kind, kind_position, pennants, road_end, centre, borders in (
                oriented.reading_facts
            ):
                node = base + index
                root = parent[node]
                if numbering and root not in number_of_root:
                    numbers[kind_position] += 1
                    number_of_root[root] = (numbers[kind_position], len(roots_in_order))
                    roots_in_order.append(root)
                if root not in wanted:
                    continue
                feature = feature_of_root.get(root)
                if feature is None:
                    number, order = self._number_of_root[root]
                    feature = feature_of_root[root] = Feature(kind, number, order)
                # Segments of one tile are read together, so a feature passing this tile
                # twice sees the same square twice in a row: count it once.
                if not feature.tiles or feature.tiles[-1] != position:
                    feature.tiles.append(position)
                feature.segment_count += 1
                feature.pennants += pennants
                feature.open_edges += open_edges[node]
                if road_end:
                    feature.dead_ends += 1
                elif centre:
                    y, x = key
                    feature.neighbours = sum(
                        (y + dy, x + dx) in placed for dx, dy in _NEIGHBOURHOOD
                    )
                elif borders:
                    cities = borders_of.setdefault(root, set())
                    for border in borders:
                        cities.add(parent[base + border])
        return borders_of

    def _link_cities(self, farm_root: int, city_roots: set[int]) -> None:
        farm = self._feature_of_root[farm_root]
        farm.cities = sorted(
            (self._feature_of_root[root] for root in city_roots), key=_by_number
        )


def _joins(
    oriented: OrientedTile, other: OrientedTile, side: int
) -> tuple[tuple[int, int], ...]:
    """Segment index pairs joined across ``side`` (1 = east, 2 = south) of ``oriented``
    and the opposite side of ``other``: the road or city on the edge and the fields on
    either half. Cached on the tile: a board repeats the same few pairs of oriented
    tiles."""
    key = (other, side)
    pairs = oriented.joins.get(key)
    if pairs is None:
        opposite = (side + 2) % 4
        found = []
        mine, theirs = oriented.side_segment[side], other.side_segment[opposite]
        if mine >= 0 and theirs >= 0:
            found.append((mine, theirs))
        for mine, theirs in zip(
            oriented.side_halves[side], other.side_halves[opposite], strict=True
        ):
            if mine >= 0 and theirs >= 0:
                found.append((mine, theirs))
        pairs = oriented.joins[key] = tuple(found)
    return pairs


def _by_number(feature: Feature) -> int:
    return feature.number

