"""Names of the points on a tile where features touch its border, and how they move.

A tile has four edges (``N``, ``E``, ``S``, ``W``), eight half-edges (``NW`` is the
west end of the north edge, ``EN`` the north end of the east edge, and so on), a
centre ``C`` for monasteries and gardens, and an inner field ``I`` for fields that
touch no half-edge. This module knows how those names turn when a tile is rotated
and which name on a neighbouring tile meets which.

>>> Location.parse("NW").rotated(90)
Location.EN
>>> Location.EN.meets()
Location.WN
>>> Side.S.offset
(0, 1)
"""

from __future__ import annotations

import enum


class InvalidLocationError(ValueError):
    """Raised when a string is not a location name."""


class InvalidRotationError(ValueError):
    """Raised when a rotation is not 0, 90, 180 or 270."""


class Side(enum.IntEnum):
    """One of the four edges of a square, in clockwise order from the north."""

    N = 0
    """The north edge; the neighbour across it is at ``y - 1``."""
    E = 1
    """The east edge; the neighbour across it is at ``x + 1``."""
    S = 2
    """The south edge; the neighbour across it is at ``y + 1``."""
    W = 3
    """The west edge; the neighbour across it is at ``x - 1``."""

    @property
    def offset(self) -> tuple[int, int]:
        """The ``(dx, dy)`` step to the neighbouring square across this edge."""
        return _SIDE_OFFSETS[self]

    @property
    def opposite(self) -> Side:
        """The edge of the neighbouring tile that touches this one.

        >>> Side.E.opposite
        Side.W
        """
        return Side((self + 2) % 4)

    @property
    def word(self) -> str:
        """The edge's name in prose, such as ``"north"``."""
        return _SIDE_WORDS[self]

    def rotated(self, degrees: int) -> Side:
        """The side this side becomes after turning the tile clockwise."""
        return Side((self + degrees // 90) % 4)

    def __repr__(self) -> str:
        return f"Side.{self.name}"


_SIDE_OFFSETS = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}
_SIDE_WORDS = {Side.N: "north", Side.E: "east", Side.S: "south", Side.W: "west"}


class Location(enum.Enum):
    """A named point of a tile where a figure can stand or a feature touches the border.

    The declaration order is the order used to sort locations (and, through them,
    features) deterministically.
    """

    # Members are singletons compared by identity, so an identity hash is consistent;
    # Enum's own __hash__ runs Python code, and these are dict keys in hot loops.
    __hash__ = object.__hash__

    N = "N"
    """The whole north edge: a road or city touching it."""
    E = "E"
    """The whole east edge: a road or city touching it."""
    S = "S"
    """The whole south edge: a road or city touching it."""
    W = "W"
    """The whole west edge: a road or city touching it."""
    NW = "NW"
    """The west half of the north edge: a field."""
    NE = "NE"
    """The east half of the north edge: a field."""
    EN = "EN"
    """The north half of the east edge: a field."""
    ES = "ES"
    """The south half of the east edge: a field."""
    SE = "SE"
    """The east half of the south edge: a field."""
    SW = "SW"
    """The west half of the south edge: a field."""
    WS = "WS"
    """The south half of the west edge: a field."""
    WN = "WN"
    """The north half of the west edge: a field."""
    C = "C"
    """The centre: a monastery or a garden."""
    I = "I"  # noqa: E741 - the contract's name for the inner field
    """The inner field: a field that touches no half-edge (expansion tiles)."""
    II = "II"
    """A second inner field, on the tiles that have two (two cities crossing, with a
    strip of field enclosed on each side: abbey-mayor-C, king-robber-C)."""

    @classmethod
    def parse(cls, name: str) -> Location:
        """Parse a location name such as ``"SW"``.

        >>> Location.parse("C")
        Location.C
        >>> Location.parse("north")
        Traceback (most recent call last):
        ...
        scoring.engine.locations.InvalidLocationError: not a location name: 'north'
        """
        try:
            return cls(name)
        except ValueError:
            raise InvalidLocationError(f"not a location name: {name!r}") from None

    @property
    def order(self) -> int:
        """Position in the declaration order, for sorting."""
        return _ORDER[self]

    @property
    def side(self) -> Side | None:
        """The edge this location lies on, or ``None`` for ``C`` and ``I``.

        >>> Location.WS.side
        Side.W
        """
        return _LOCATION_SIDE.get(self)

    @property
    def edge_side(self) -> Side:
        """The side of an edge or half-edge, for code that has checked it is one.

        >>> Location.WS.edge_side
        Side.W
        >>> Location.C.edge_side
        Traceback (most recent call last):
        ...
        ValueError: C lies on no edge
        """
        side = _LOCATION_SIDE.get(self)
        if side is None:
            raise ValueError(f"{self.value} lies on no edge")
        return side

    @property
    def is_edge(self) -> bool:
        """Whether this names a whole edge (``N``, ``E``, ``S``, ``W``)."""
        return self in _EDGES

    @property
    def is_half_edge(self) -> bool:
        """Whether this names one of the eight half-edges."""
        return self in _HALF_EDGE_SET

    def rotated(self, degrees: int) -> Location:
        """Where this location ends up when its tile turns ``degrees`` clockwise.

        >>> [Location.N.rotated(r).name for r in (0, 90, 180, 270)]
        ['N', 'E', 'S', 'W']
        >>> Location.SW.rotated(90)
        Location.WN
        """
        location = self
        for _ in range((degrees // 90) % 4):
            location = _ROTATE_90[location]
        return location

    def meets(self) -> Location:
        """The location of the neighbouring tile that touches this one.

        Only edges and half-edges meet anything; corners never connect.

        >>> Location.NW.meets()
        Location.SW
        >>> Location.C.meets()
        Traceback (most recent call last):
        ...
        ValueError: C touches no neighbouring tile
        """
        try:
            return _MEETS[self]
        except KeyError:
            raise ValueError(f"{self.value} touches no neighbouring tile") from None

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Location.{self.name}"


_ORDER = {location: index for index, location in enumerate(Location)}
_EDGES = (Location.N, Location.E, Location.S, Location.W)
HALF_EDGES: tuple[Location, ...] = (
    Location.NW, Location.NE, Location.EN, Location.ES,
    Location.SE, Location.SW, Location.WS, Location.WN,
)
_HALF_EDGE_SET = frozenset(HALF_EDGES)
INNER_FIELDS = frozenset({Location.I, Location.II})
"""The locations of fields that touch no half-edge."""

EDGE_OF_SIDE: dict[Side, Location] = dict(zip(Side, _EDGES, strict=True))
"""The whole-edge location of each side."""

HALVES_OF_SIDE: dict[Side, tuple[Location, Location]] = {
    # Ordered so that the i-th half of a side meets the i-th half of the opposite side
    # of the neighbour: the west/north end first.
    Side.N: (Location.NW, Location.NE),
    Side.E: (Location.EN, Location.ES),
    Side.S: (Location.SW, Location.SE),
    Side.W: (Location.WN, Location.WS),
}
"""The two half-edges of each side, west or north end first."""

_LOCATION_SIDE: dict[Location, Side] = {EDGE_OF_SIDE[side]: side for side in Side} | {
    half: side for side, halves in HALVES_OF_SIDE.items() for half in halves
}

_ROTATE_90: dict[Location, Location] = {
    Location.N: Location.E, Location.E: Location.S,
    Location.S: Location.W, Location.W: Location.N,
    Location.NW: Location.EN, Location.NE: Location.ES,
    Location.EN: Location.SE, Location.ES: Location.SW,
    Location.SE: Location.WS, Location.SW: Location.WN,
    Location.WS: Location.NW, Location.WN: Location.NE,
    Location.C: Location.C, Location.I: Location.I, Location.II: Location.II,
}

_MEETS: dict[Location, Location] = {
    EDGE_OF_SIDE[side]: EDGE_OF_SIDE[side.opposite] for side in Side
} | {
    half: HALVES_OF_SIDE[side.opposite][index]
    for side, halves in HALVES_OF_SIDE.items()
    for index, half in enumerate(halves)
}

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
"""The rotations a placed tile may have, in degrees clockwise."""


def parse_rotation(value: object) -> int:
    """Check a rotation in degrees and return it as an ``int``.

    >>> parse_rotation(270)
    270
    >>> parse_rotation(45)
    Traceback (most recent call last):
    ...
    scoring.engine.locations.InvalidRotationError: rotation must be 0, 90, 180 or 270, not 45
    """
    if type(value) is not int or value not in ROTATIONS:
        raise InvalidRotationError(f"rotation must be 0, 90, 180 or 270, not {value!r}")
    return value
