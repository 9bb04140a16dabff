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

from collections.abc import Callable, MutableMapping, Sequence
from operator import itemgetter
from typing import Any

from .board import Board, Figure, NeutralPiece
from .rules import Edition
from .tiles import FeatureKind, OrientedTile, ReadingFact, TileSet

_KIND_NAME = {kind: kind.value for kind in FeatureKind}
"""Feature kinds by name (a dict lookup is cheaper than ``Enum.value``)."""

_WEST_AND_NORTH = (3, 0)
"""The sides across which the graph joins a tile to the tiles before it."""


class Feature:
    """One road, city, monastery, garden or farm on the board."""

    __slots__ = (
        "kind", "number", "tiles", "pennants", "open_edges", "dead_ends", "neighbours",
        "figures", "cities", "segment_count", "order", "attributes", "neutral", "complete",
        "completed_cities",
    )

    def __init__(self, kind: FeatureKind, number: int, order: int = 0):
        self.kind = kind
        self.number = number
        self.order = order
        """Sorts the features of a board in numbering order (the number of the
        feature's first segment in reading order)."""
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
        self.attributes: tuple[tuple[str, object], ...] = ()
        """What the tile data writes on its segments (an inn, goods), one entry per
        segment that carries it."""
        self.neutral: tuple[NeutralPiece, ...] = ()
        """Figures no player owns standing on the feature (a mage, a witch)."""
        self.complete = False
        """Whether the feature is finished: every road or city edge closed, every square
        around a monastery or garden filled. Farms are never complete."""
        self.completed_cities: list[Feature] = []
        """For a farm, the bordered cities that are completed, by id order."""

    def values(self, name: str) -> list[object]:
        """The values of attribute ``name`` on the feature's segments (``["wine"]``)."""
        return [value for key, value in self.attributes if key == name]

    def has(self, name: str) -> bool:
        """Whether any segment of the feature carries attribute ``name``."""
        for key, _ in self.attributes:  # a loop: most features carry nothing
            if key == name:
                return True
        return False

    @property
    def id(self) -> str:
        """``kind-number``, such as ``road-1``."""
        return f"{_KIND_NAME[self.kind]}-{self.number}"

    @property
    def is_loop(self) -> bool:
        """A completed road with no end on any tile: it closes on itself."""
        return self.kind is FeatureKind.ROAD and self.open_edges == 0 and self.dead_ends == 0


    def __repr__(self) -> str:
        return f"<Feature {self.id} tiles={len(self.tiles)} figures={len(self.figures)}>"


class FeatureGraph:
    """Every feature of a board, and the feature under each figure.

    The segments of the board are numbered in reading order (tiles by ``(y, x)``, the
    segments of a tile by their first location), so the root of each union-find set,
    its smallest number, is the feature's first segment, and the roots in increasing
    order are the features in numbering order.

    Joining segments touches every tile, but only some features are needed to score:
    those holding figures and the cities their farms border. Those become
    :class:`Feature` objects at once; :attr:`features` builds the others on demand.
    Numbers (and so ids) always count every feature of the board.
    """

    __slots__ = (
        "_placed", "_parent", "_facts", "_positions", "_links", "_roots", "_slots", "_carried",
        "_closed_ends", "_numbers", "_width", "_across", "_feature_of_root",
        "_feature_of_figure", "_complete", "_open_roots", "_complete_counts", "_open_nodes",
    )
    # Filled in by from_placed (see there for what each holds).
    _placed: dict[tuple[int, int], OrientedTile]
    _slots: dict[int, tuple[OrientedTile, int]]
    _width: int
    _across: tuple[int, int, int, int]
    _parent: list[int]
    _facts: list[ReadingFact]
    _positions: list[tuple[int, int]]
    _roots: list[int]
    _links: list[tuple[int, tuple[tuple[int, int], ...]]]
    _numbers: dict[int, int]
    _closed_ends: list[int]
    _open_nodes: frozenset[int]

    def __init__(self) -> None:
        self._feature_of_root: dict[int, Feature] = {}
        self._feature_of_figure: list[Feature] = []
        self._complete = False
        self._open_roots: set[int] | None = None
        self._complete_counts: dict[FeatureKind, int] = {}
        self._carried: dict[str, list[int]] | None = None

    @property
    def features(self) -> list[Feature]:
        """All features, in numbering order (reading order of their first segment)."""
        if not self._complete:
            missing = set(self._roots).difference(self._feature_of_root)
            if missing:
                self._materialise(missing)
            self._complete = True
        return [self._feature_of_root[root] for root in self._roots]

    def carrying(self, name: str) -> list[Feature]:
        """Features with a segment that carries attribute ``name`` (goods, an inn), in
        numbering order; only those are built."""
        carried = self._carried
        if carried is None:  # every attribute's segments, found once per board
            carried = self._carried = {}
            for oriented, base in self._slots.values():
                if oriented.carried:
                    for key, ranks in oriented.carried.items():
                        nodes = carried.get(key)
                        if nodes is None:
                            nodes = carried[key] = []
                        nodes += [base + rank for rank in ranks]
        parent = self._parent
        roots = {parent[node] for node in carried.get(name, ())}
        missing = roots.difference(self._feature_of_root)
        if missing:
            self._materialise(missing)
        return sorted((self._feature_of_root[root] for root in roots), key=_by_order)

    def of_kind(self, kind: FeatureKind) -> list[Feature]:
        """Features of one kind, by number; only those (and, for farms, the cities they
        border) are built."""
        if self._complete:
            return [feature for feature in self.features if feature.kind is kind]
        roots = self._roots_of_kind(kind)
        missing = set(roots).difference(self._feature_of_root)
        if missing:
            self._materialise(missing)
        feature_of_root = self._feature_of_root
        return [feature_of_root[root] for root in roots]

    def count_complete(self, kind: FeatureKind) -> int:
        """How many roads or cities (``kind``) of the board are complete, without
        building their features: one reading of the segments with an open side, once
        per board."""
        count = self._complete_counts.get(kind)
        if count is not None:
            return count
        open_roots = self._open_roots
        if open_roots is None:
            open_roots = self._open_roots = set()
            parent, positions, slots = self._parent, self._positions, self._slots
            width, across = self._width, self._across
            for node, fact in enumerate(self._facts):
                sides = fact[8]
                if sides:
                    root = parent[node]
                    if root in open_roots:
                        continue
                    x, y = positions[node]
                    square = y * width + x
                    for side in sides:
                        if square + across[side] not in slots:
                            open_roots.add(root)
                            break
            open_roots.update(parent[node] for node in self._open_nodes)
        count = self._complete_counts[kind] = sum(
            1 for root in self._roots_of_kind(kind) if root not in open_roots)
        return count

    def centres(self, kind: FeatureKind) -> list[tuple[tuple[int, int], tuple[Any, ...]]]:
        """For a kind whose features are one centre segment each (monasteries,
        gardens): each feature's square and the attributes its segment carries, in
        numbering order, without building the features."""
        facts, positions = self._facts, self._positions
        return [(positions[root], facts[root][7]) for root in self._roots_of_kind(kind)]

    def occupied(self) -> list[Feature]:
        """Features holding at least one figure, in numbering order."""
        occupied = {feature.order: feature for feature in self._feature_of_figure}
        return [occupied[order] for order in sorted(occupied)]

    def feature_of(self, figure_index: int) -> Feature:
        """The feature the ``figure_index``-th figure of the board stands on."""
        return self._feature_of_figure[figure_index]

    @classmethod
    def build(cls, board: Board, tiles: TileSet, edition: Edition | None = None, *,
              joins: Sequence[tuple[NeutralPiece, NeutralPiece]] = (),
              openings: frozenset[str] = frozenset()) -> FeatureGraph:
        """Join the segments of a board into features (``joins`` and ``openings``: see
        :meth:`from_placed`).

        The board must be valid (see :mod:`validation`): known tiles on distinct squares,
        figures on existing features.
        """
        table = tiles.orientations(edition)
        placed_tiles = board.tiles
        # A placed tile is a named tuple (code, x, y, rotation, state): unpacking it is
        # cheaper than reading its fields by name, once per tile of the board.
        try:
            placed = {
                (y, x): table[code][rotation // 90]
                for code, x, y, rotation, state in placed_tiles if not state
            }
        except KeyError:  # a large tile
            placed = {
                (y, x): table[code][rotation // 90]
                for code, x, y, rotation, state in placed_tiles if not state and code in table
            }
        if len(placed) != len(placed_tiles):
            # Only the tiles with a state or covering several squares are laid one by one.
            for tile in placed_tiles:
                if tile.state or tile.code not in table:
                    for x, y, turned in tiles.lay(tile.code, tile.x, tile.y, tile.rotation,
                                                  tile.state, edition):
                        placed[(y, x)] = turned
        return cls.from_placed(placed, board.figures, board.neutral, joins=joins,
                               openings=openings)

    @classmethod
    def from_placed(
        cls, placed: dict[tuple[int, int], OrientedTile], figures: Sequence[Figure] = (),
        neutral: Sequence[NeutralPiece] = (), *,
        joins: Sequence[tuple[NeutralPiece, NeutralPiece]] = (),
        openings: frozenset[str] = frozenset(),
    ) -> FeatureGraph:
        """Build the graph from oriented tiles keyed by ``(y, x)`` (reading order), with
        the players' figures and the neutral figures standing on them.

        ``joins``: pairs of neutral figures whose segments become one feature (a tunnel,
        see :class:`~scoring.engine.declarations.Passage`); ``openings``: the segment
        attributes that are an open end of their feature unless such a pair joins them."""
        graph = cls()
        keys = sorted(placed)  # reading order
        # Squares as integers ``y * width + x``: a row is wider than the board by one,
        # so the square west of the first column is empty and never the row above's
        # last, and the neighbour west is ``- 1``, north ``- width``.
        if placed:
            columns = list(map(_COLUMN, placed))
            min_x, max_x = min(columns), max(columns)
        else:
            min_x = max_x = 0
        width = max_x - min_x + 2
        # One pass in reading order numbers the segments, keeps per segment what the
        # features read (facts) and the square (one tuple object per square), and joins
        # each tile to its west and north neighbours, which come before it.
        slots: dict[int, tuple[OrientedTile, int]] = {}
        get = slots.get
        facts: list[ReadingFact] = []
        positions: list[tuple[int, int]] = []
        parent: list[int] = []
        links: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        """The first node and the (field rank, city rank) pairs of every tile where a
        field touches a city wall."""
        closed_ends: list[int] = []
        """Nodes of roads and cities that end against a tile closing its edges."""
        find = find_root
        base = 0
        for key in keys:
            oriented = placed[key]
            y, x = key
            square = y * width + x
            slots[square] = (oriented, base)
            facts += oriented.reading_facts
            count = oriented.node_count
            positions += ((x, y),) * count
            parent += range(base, base + count)
            if oriented.border_links:
                links.append((base, oriented.border_links))
            for side in _WEST_AND_NORTH:
                across = get(square - 1 if side == 3 else square - width)
                if across is None:
                    continue
                other, other_base = across
                pairs = oriented.joins[side].get(other)
                if pairs is None:
                    pairs = _joins(oriented, other, side)
                if not pairs:
                    if oriented.closes or other.closes:
                        _close(closed_ends, oriented, base, other, other_base, side)
                    continue
                for mine, theirs in pairs:
                    # Most nodes are roots or one step below one: look before calling.
                    root_a = parent[base + mine]
                    if parent[root_a] != root_a:
                        root_a = find(parent, root_a)
                    root_b = parent[other_base + theirs]
                    if parent[root_b] != root_b:
                        root_b = find(parent, root_b)
                    # The smaller number becomes the root: a parent is never larger than
                    # its child (the flattening below relies on it), and a root is its
                    # feature's first segment in reading order.
                    if root_a < root_b:
                        parent[root_b] = root_a
                    elif root_b < root_a:
                        parent[root_a] = root_b
            base += count
        joined: set[int] = set()
        if joins:
            _join_pairs(parent, joins, _square_reader(slots, min_x, max_x, width), joined)
        # Parents are never larger than their children, so one pass in order points
        # every node straight at its root; the roots are the features in numbering order.
        # Each root is numbered among the features of its kind on the way.
        roots = []
        numbers: dict[int, int] = {}
        counts = [0] * len(FeatureKind)
        for node in range(base):
            root = parent[node] = parent[parent[node]]
            if root == node:
                roots.append(node)
                kind_position = facts[node][2]
                counts[kind_position] += 1
                numbers[node] = counts[kind_position]

        graph._placed = placed
        graph._slots = slots
        graph._width = width
        graph._across = (-width, 1, width, -1)
        """The step across each side (north, east, south, west) in square numbers."""
        graph._parent = parent
        graph._facts = facts
        graph._positions = positions
        graph._roots = roots
        graph._links = links
        graph._numbers = numbers
        graph._closed_ends = closed_ends
        graph._open_nodes = _open_nodes(slots, openings, joined) if openings else frozenset()

        base_of = _square_reader(slots, min_x, max_x, width)
        figure_roots = []
        for figure in figures:
            oriented, base = base_of(figure.x, figure.y)
            rank = oriented.figure_ranks.get(figure.at)
            if rank is None:
                raise ValueError(
                    f"no feature at {figure.at} of the tile at ({figure.x},{figure.y})"
                )
            figure_roots.append(parent[base + rank])
        neutral_roots = []
        for piece in neutral:
            if piece.at is not None:
                oriented, base = base_of(piece.x, piece.y)
                neutral_roots.append((piece, parent[base + oriented.figure_ranks[piece.at]]))
        if neutral_roots:
            graph._materialise(set(figure_roots).union(root for _, root in neutral_roots))
        elif figure_roots:
            graph._materialise(set(figure_roots))
        feature_of_root = graph._feature_of_root
        for figure, root in zip(figures, figure_roots, strict=True):
            feature = feature_of_root[root]
            feature.figures.append(figure)
            graph._feature_of_figure.append(feature)
        for piece, root in neutral_roots:
            feature = feature_of_root[root]
            feature.neutral += (piece,)
        return graph

    def tile_at(self, x: int, y: int) -> OrientedTile | None:
        """The turned tile on square ``(x, y)``, if any."""
        return self._placed.get((y, x))

    def _roots_of_kind(self, kind: FeatureKind) -> list[int]:
        """The roots of the features of one kind, in numbering order."""
        facts = self._facts
        return [root for root in self._roots if facts[root][1] is kind]

    def _materialise(self, wanted: set[int]) -> None:
        """Create the features of the ``wanted`` roots and of the cities their farms
        border, in one reading of the board's segments."""
        parent, feature_of_root = self._parent, self._feature_of_root
        borders_of: dict[int, set[int]] = {}
        for base, pairs in self._links:
            for field, city in pairs:
                root = parent[base + field]
                if root in wanted:
                    cities = borders_of.get(root)
                    if cities is None:
                        cities = borders_of[root] = set()
                    cities.add(parent[base + city])
        to_read = wanted.union(*borders_of.values()).difference(feature_of_root)
        numbers = self._numbers
        facts, positions = self._facts, self._positions
        placed, slots, width, across = self._placed, self._slots, self._width, self._across
        open_nodes = self._open_nodes
        for root in to_read:
            feature_of_root[root] = Feature(facts[root][1], numbers[root], root)
        for node, root in enumerate(parent):
            if root not in to_read:
                continue
            feature = feature_of_root[root]
            # Segments of one tile are numbered together, so a feature passing this tile
            # twice sees the same square twice in a row: count it once.
            position = positions[node]
            tiles = feature.tiles
            if not tiles or tiles[-1] is not position:
                tiles.append(position)
            feature.segment_count += 1
            fact = facts[node]
            if fact[9]:  # nothing else to count (most fields)
                continue
            _, _, _, pennants, road_end, centre, _, attributes, open_sides, _ = fact
            if attributes:
                feature.attributes += attributes
                if open_nodes and node in open_nodes:  # an unpaired tunnel opening
                    feature.open_edges += 1
            if pennants:
                feature.pennants += pennants
            if open_sides:  # a road or city edge with no tile across is open
                x, y = position
                square = y * width + x
                for side in open_sides:
                    if square + across[side] not in slots:
                        feature.open_edges += 1
            if road_end:
                feature.dead_ends += 1
            elif centre:
                x, y = position
                # The eight squares around, written out (no generator per centre).
                feature.neighbours = (
                    ((y - 1, x - 1) in placed) + ((y - 1, x) in placed)
                    + ((y - 1, x + 1) in placed) + ((y, x - 1) in placed)
                    + ((y, x + 1) in placed) + ((y + 1, x - 1) in placed)
                    + ((y + 1, x) in placed) + ((y + 1, x + 1) in placed)
                )
        for node in self._closed_ends:
            closed = feature_of_root.get(parent[node])
            if parent[node] in to_read and closed is not None:
                closed.dead_ends += 1
        road_kind, city_kind, farm_kind = FeatureKind.ROAD, FeatureKind.CITY, FeatureKind.FARM
        for root in to_read:  # completeness, once every segment is read
            feature = feature_of_root[root]
            feature_kind = feature.kind
            if feature_kind is road_kind or feature_kind is city_kind:
                feature.complete = feature.open_edges == 0
            else:  # a farm is never complete; a monastery or garden is when surrounded
                feature.complete = feature_kind is not farm_kind and feature.neighbours == 8
        for farm_root, city_roots in borders_of.items():
            farm = feature_of_root[farm_root]
            # Roots increase with numbers among the features of a kind: sort the roots.
            farm.cities = [feature_of_root[root] for root in sorted(city_roots)]
            farm.completed_cities = [city for city in farm.cities if city.complete]


def find_root(parent: MutableMapping[int, int] | list[int], node: int) -> int:
    """The root of ``node`` in a union-find forest (``parent`` maps each node to its
    parent, a root to itself), halving the path on the way."""
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


def _square_reader(
    slots: dict[int, tuple[OrientedTile, int]], min_x: int, max_x: int, width: int
) -> Callable[[int, int], tuple[OrientedTile, int]]:
    """The turned tile and first node of the tile on a square ``(x, y)`` (made apart
    from the graph's building, so that the building's hot loop reads plain locals)."""

    def base_of(x: int, y: int) -> tuple[OrientedTile, int]:
        if not min_x <= x <= max_x:
            raise KeyError((y, x))
        return slots[y * width + x]

    return base_of


def _close(closed_ends: list[int], oriented: OrientedTile, base: int, other: OrientedTile,
           other_base: int, side: int) -> None:
    """A tile that closes its edges (an abbey) ends the road or city that meets it
    across ``side``: an end on that tile, not an open edge."""
    for tile, tile_base, tile_side in ((oriented, base, side), (other, other_base, (side + 2) % 4)):
        rank = tile.side_segment[tile_side]
        if rank >= 0 and not tile.closes:
            closed_ends.append(tile_base + tile.rank[rank])


def _join_pairs(
    parent: list[int], joins: Sequence[tuple[NeutralPiece, NeutralPiece]],
    base_of: Callable[[int, int], tuple[OrientedTile, int]], joined: set[int],
) -> None:
    """Join the segments under each pair of neutral figures (a tunnel's two tokens), the
    smaller root staying the root as in the board's own joins; ``joined`` gets the
    segments."""
    for pair in joins:
        roots = []
        for piece in pair:
            oriented, base = base_of(piece.x, piece.y)
            node = base + oriented.figure_ranks[piece.at]  # type: ignore[index]
            joined.add(node)
            roots.append(find_root(parent, node))
        low, high = sorted(roots)
        parent[high] = low


def _open_nodes(slots: dict[int, tuple[OrientedTile, int]], openings: frozenset[str],
                joined: set[int]) -> frozenset[int]:
    """The segments that carry one of the ``openings`` attributes and no pair joined:
    open ends of their features."""
    found: set[int] = set()
    for oriented, base in slots.values():
        carried = oriented.carried
        if carried:
            for name in openings:
                found.update(base + rank for rank in carried.get(name, ()))
    return frozenset(found - joined)


_COLUMN = itemgetter(1)
"""The ``x`` of a ``(y, x)`` key."""


def _joins(
    oriented: OrientedTile, other: OrientedTile, side: int
) -> tuple[tuple[int, int], ...]:
    """Segment rank pairs joined across ``side`` (the graph asks for 3 = west and
    0 = north) of ``oriented``
    and the opposite side of ``other``: the road or city on the edge and the fields on
    either half, and a city sharing the edge (:attr:`~scoring.engine.tiles.Segment.
    shares`) with the city across. Cached on the tile: a board repeats the same few
    pairs of oriented tiles."""
    pairs = oriented.joins[side].get(other)
    if pairs is None:
        opposite = (side + 2) % 4
        pairs = tuple(
            (mine, theirs)
            for mine, theirs in zip(
                oriented.side_ranks[side], other.side_ranks[opposite], strict=True
            )
            if mine >= 0 and theirs >= 0
        )
        if oriented.shared_ranks[side] or other.shared_ranks[opposite]:
            mine_edge, theirs_edge = oriented.edge_ranks[side], other.edge_ranks[opposite]
            if mine_edge >= 0 and theirs_edge >= 0:
                pairs += tuple((rank, theirs_edge) for rank in oriented.shared_ranks[side])
                pairs += tuple((mine_edge, rank) for rank in other.shared_ranks[opposite])
        # A field often lies on both halves of a side: join each pair once.
        pairs = tuple(dict.fromkeys(pairs))
        oriented.joins[side][other] = pairs
    return pairs


def _by_order(feature: Feature) -> int:
    return feature.order
