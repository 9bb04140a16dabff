"""What lies on the table: placed tiles and the figures standing on them.

Positions use ``x`` growing to the east and ``y`` growing to the south, so the square
north of ``(0, 0)`` is ``(0, -1)``. A figure's location ``at`` is named on the placed
tile *after* rotation.

>>> PlacedTile.from_json({"tile": "E", "x": 0, "y": -1, "rotation": 180})
PlacedTile(code='E', x=0, y=-1, rotation=180)
>>> Figure.from_json({"player": "blue", "x": 0, "y": -1, "at": "NW", "kind": "pawn"})
Figure(player=Color.BLUE, x=0, y=-1, at=Location.NW, kind='pawn')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from .locations import ROTATIONS, Location, parse_rotation


class BoardParseError(ValueError):
    """Raised when a tile, a figure or a colour cannot be parsed."""


class Color(enum.Enum):
    """A player colour. Gray and pink are two different colours (sixth player sets)."""

    # Members are singletons compared by identity, so an identity hash is consistent;
    # Enum's own __hash__ runs Python code, and these are dict keys in hot loops.
    __hash__ = object.__hash__

    YELLOW = "yellow"
    """Yellow meeples."""
    RED = "red"
    """Red meeples."""
    GREEN = "green"
    """Green meeples."""
    BLUE = "blue"
    """Blue meeples."""
    BLACK = "black"
    """Black meeples."""
    GRAY = "gray"
    """Gray meeples: the sixth player of Inns & Cathedrals."""
    PINK = "pink"
    """Pink meeples: the sixth player of Big Box 6."""

    @classmethod
    def parse(cls, name: str) -> Color:
        """Parse a colour name.

        >>> Color.parse("pink")
        Color.PINK
        >>> Color.parse("purple")
        Traceback (most recent call last):
        ...
        scoring.engine.board.BoardParseError: not a player colour: 'purple'
        """
        try:
            return cls(name)
        except ValueError:
            raise BoardParseError(f"not a player colour: {name!r}") from None

    def __repr__(self) -> str:
        return f"Color.{self.name}"



COLOR_BY_NAME: dict[str, Color] = {color.value: color for color in Color}
"""Colours by name: a dict lookup is much cheaper than calling the enum."""
LOCATION_BY_NAME: dict[str, Location] = {location.value: location for location in Location}
_ROTATIONS = frozenset(ROTATIONS)


def _whole_number(value: Any, key: str) -> int:
    if type(value) is not int:
        raise BoardParseError(f"{key} must be a whole number, not {value!r}")
    return value


class PlacedTile(NamedTuple):
    """A tile on the table: its code, square and rotation (degrees clockwise), and the
    state its player entered (``(("ferry", "N-S"),)``, see
    :class:`~scoring.engine.expansion.TileState`), sorted by name."""

    code: str
    x: int
    y: int
    rotation: int = 0
    state: tuple[tuple[str, Any], ...] = ()

    def __repr__(self) -> str:
        state = f", state={self.state!r}" if self.state else ""
        return (f"PlacedTile(code={self.code!r}, x={self.x}, y={self.y}, "
                f"rotation={self.rotation}{state})")

    @property
    def position(self) -> tuple[int, int]:
        return (self.x, self.y)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlacedTile:
        """Parse one entry of the request's ``tiles``."""
        code = data.get("tile")
        x = data.get("x")
        y = data.get("y")
        rotation = data.get("rotation")
        if rotation is None:
            rotation = 0
        if (type(code) is str and type(x) is int and type(y) is int
                and type(rotation) is int and rotation in _ROTATIONS and "state" not in data):
            return cls(code, x, y, rotation)
        if not isinstance(code, str):
            raise BoardParseError(f"tile must be a tile code, not {code!r}")
        state = data.get("state") or {}
        if not isinstance(state, Mapping):
            raise BoardParseError(f"state must be an object, not {state!r}")
        return cls(code, _whole_number(x, "x"), _whole_number(y, "y"), parse_rotation(rotation),
                   tuple(sorted(state.items())))

    def to_json(self) -> dict[str, Any]:
        """The request's form of this tile."""
        data = {"tile": self.code, "x": self.x, "y": self.y, "rotation": self.rotation}
        if self.state:
            data["state"] = dict(self.state)
        return data


class Figure(NamedTuple):
    """A figure standing on a placed tile at a location named after rotation."""

    player: Color
    x: int
    y: int
    at: Location
    kind: str
    """The figure kind's code; a request without one means the registry's default."""

    @property
    def position(self) -> tuple[int, int]:
        return (self.x, self.y)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], default_kind: str = "") -> Figure:
        """Parse one entry of the request's ``figures`` (``default_kind`` when it names
        none: the registry's :attr:`~ExpansionRegistry.default_figure_kind`)."""
        player = data.get("player")
        at = data.get("at")
        kind = data.get("kind")
        if kind is None:
            kind = default_kind
        color = COLOR_BY_NAME.get(player) if type(player) is str else None
        location = LOCATION_BY_NAME.get(at) if type(at) is str else None
        if color is None:
            raise BoardParseError(f"not a player colour: {player!r}")
        if location is None:
            raise BoardParseError(f"not a location name: {at!r}")
        if type(kind) is not str:
            raise BoardParseError(f"kind must be a string, not {kind!r}")
        return cls(color, _whole_number(data.get("x"), "x"), _whole_number(data.get("y"), "y"),
                   location, kind)

    def to_json(self) -> dict[str, Any]:
        """The request's form of this figure."""
        return {
            "player": self.player.value, "x": self.x, "y": self.y,
            "at": self.at.value, "kind": self.kind,
        }


class DistrictFigure(NamedTuple):
    """A player's figure in a named district of a large tile (the market of the City of
    Carcassonne), not on a feature: the request writes it in ``figures`` with the
    district's name as ``at`` (see :class:`~scoring.engine.expansion.District`)."""

    player: Color
    x: int
    y: int
    district: str
    kind: str

    def to_json(self) -> dict[str, Any]:
        """The request's form of this figure."""
        return {"player": self.player.value, "x": self.x, "y": self.y,
                "at": self.district, "kind": self.kind}


class NeutralPiece(NamedTuple):
    """A figure no player owns (see :class:`~scoring.engine.expansion.NeutralFigure`):
    its kind, its square and, when it stands on a feature, its location there."""

    kind: str
    x: int
    y: int
    at: Location | None = None

    @property
    def position(self) -> tuple[int, int]:
        return (self.x, self.y)

    def to_json(self) -> dict[str, Any]:
        """The request's form of this figure (an entry of ``neutral``)."""
        data: dict[str, Any] = {"kind": self.kind, "x": self.x, "y": self.y}
        if self.at is not None:
            data["at"] = self.at.value
        return data


class Board:
    """Placed tiles by square, and the figures on them, in request order.

    >>> board = Board([PlacedTile("D", 0, 0), PlacedTile("E", 0, -1, 180)], [])
    >>> board
    Board([PlacedTile(code='D', x=0, y=0, rotation=0), \
PlacedTile(code='E', x=0, y=-1, rotation=180)], [])
    >>> board.tile_at(0, -1).code
    'E'
    >>> len(board)
    2
    """

    __slots__ = ("_tiles", "_make_tiles", "figures", "_by_position", "neutral", "districts")

    def __init__(self, tiles: Iterable[PlacedTile], figures: Iterable[Figure],
                 neutral: Iterable[NeutralPiece] = (), districts: Iterable[DistrictFigure] = ()):
        self._tiles: tuple[PlacedTile, ...] | None = tuple(tiles)
        self._make_tiles: Callable[[], Iterable[PlacedTile]] | None = None
        self.figures: tuple[Figure, ...] = tuple(figures)
        self.neutral: tuple[NeutralPiece, ...] = tuple(neutral)
        """Figures no player owns, in request order."""
        self.districts: tuple[DistrictFigure, ...] = tuple(districts)
        """Players' figures in districts of large tiles (on no feature), in request
        order; the request lists them among ``figures``."""
        self._by_position: dict[tuple[int, int], PlacedTile] | None = None
        if len(self.positions) != len(self._tiles):
            seen: set[tuple[int, int]] = set()
            for tile in self._tiles:
                if tile.position in seen:
                    raise BoardParseError(f"two tiles at ({tile.x},{tile.y})")
                seen.add(tile.position)

    @classmethod
    def deferred(
        cls, make_tiles: Callable[[], Iterable[PlacedTile]], figures: Iterable[Figure],
        neutral: Iterable[NeutralPiece] = (), districts: Iterable[DistrictFigure] = (),
    ) -> Board:
        """A board whose tiles are known to lie on distinct squares (validation checked
        them) and are made by ``make_tiles`` only when first asked for: scoring with
        the tiles validation already turned never needs them."""
        board = cls.__new__(cls)
        board._tiles = None
        board._make_tiles = make_tiles
        board.figures = tuple(figures)
        board.neutral = tuple(neutral)
        board.districts = tuple(districts)
        board._by_position = None
        return board

    @property
    def tiles(self) -> tuple[PlacedTile, ...]:
        """The placed tiles, in request order."""
        if self._tiles is None:
            assert self._make_tiles is not None
            self._tiles = tuple(self._make_tiles())
            self._make_tiles = None
        return self._tiles

    def __repr__(self) -> str:
        return f"Board({list(self.tiles)!r}, {list(self.figures)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.tiles == other.tiles and self.figures == other.figures
                and self.neutral == other.neutral and self.districts == other.districts)

    def __hash__(self) -> int:
        return hash((self.tiles, self.figures, self.neutral, self.districts))

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[PlacedTile]:
        return iter(self.tiles)

    def __contains__(self, position: object) -> bool:
        return position in self.positions

    def tile_at(self, x: int, y: int) -> PlacedTile | None:
        """The tile on square ``(x, y)``, if any."""
        return self.positions.get((x, y))

    @property
    def positions(self) -> dict[tuple[int, int], PlacedTile]:
        """Tiles by square."""
        if self._by_position is None:
            self._by_position = {(tile.x, tile.y): tile for tile in self.tiles}
        return self._by_position

    @classmethod
    def from_json(cls, tiles: Sequence[Mapping[str, Any]],
                  figures: Sequence[Mapping[str, Any]] = (), default_kind: str = "") -> Board:
        """Parse the request's ``tiles`` and ``figures`` lists."""
        return cls(
            (PlacedTile.from_json(item) for item in tiles),
            (Figure.from_json(item, default_kind) for item in figures),
        )
