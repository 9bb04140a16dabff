"""The validator's shared state, limits and helpers."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..board import Color, DistrictFigure, Figure, NeutralPiece
from ..expansion import ExpansionRegistry, FigureKind, InPlay, LargeTile, Part
from ..locations import Location, Side
from ..messages import Message, Param, add_templates
from ..problems import BoardError, ErrorCode, ProblemCode
from ..request import Player
from ..rules import DEFAULT_EDITION, Edition
from ..tiles import OrientedTile, TileSet
from ..words import a_kind, declared, side_word, tile_label
from .text import is_int, show

add_templates({
    "subject.figure": "{figure}",
    "subject.on_tile": "{figure} on {tile}",
    "subject.tokens": "Holding {tokens} tokens",
    "subject.state": "The {state} state",
    "subject.tile": "Tile {code}",
    "subject.large_tile": "The {name}",
    "error.not_in_a_field": "{figure} may not stand in a field.",
    "error.needs_not_in_edition": "{subject} needs {part}, which {edition} does not have.",
    "error.needs_add": "{subject} needs {part}: add \"{code}\" to expansions.",
    "error.belongs_not_in_edition": (
        "{subject} belongs to {part}, which {edition} does not have."),
    "error.belongs_add": "{subject} belongs to {part}: add \"{code}\" to expansions.",
    "error.nothing_on_edge": (
        "{tile} has no road or city on its {side} edge (it is {edge}); name a field by a "
        "half-edge such as {half_edge}."),
    "error.no_field_at": "{tile} has no field at {at}: its {side} edge is {edge}.",
    "error.no_centre": "{tile} has no monastery or garden in its centre.",
    "error.no_second_inner_field": "{tile} has no second inner field.",
    "error.no_inner_field": "{tile} has no inner field.",
    "error.missing_field.is_required": "{key} is required.",
    "error.invalid_type.must_be_a_whole_number": (
        "{key} must be a whole number between {minus_MAX_COORDINATE} and {MAX_COORDINATE}, not "
        "{value}."),
})

MAX_TILES = 2000
MAX_FIGURES = 2000
MAX_COORDINATE = 100_000
"""Squares further out cannot belong to a board of at most 2,000 tiles around the
start; the bound also keeps numbers printable in messages."""
MAX_POINTS = 1_000_000
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 60


@functools.lru_cache(maxsize=64)
def default_in_play(registry: ExpansionRegistry, edition: Edition) -> InPlay:
    """What a request that lists no expansions puts in play in ``edition``. Worked out
    once per registry and edition: every validator starts from it, and the registry's
    parts never change."""
    return registry.in_play(registry.default_codes(edition))


def registry_of(tiles: TileSet) -> ExpansionRegistry:
    """The expansion registry a tile set was checked against, which scores it."""
    registry: ExpansionRegistry | None = tiles.registry
    if registry is None:
        raise ValueError("this tile set was built without an expansion registry")
    return registry


class TileEntry:
    """What validation learnt about one entry of ``tiles`` (read on the fast path: a
    plain tile; see :class:`CarefulTileEntry` for the others)."""

    __slots__ = ("index", "code", "x", "y", "rotation", "oriented", "on_board")

    state: tuple[tuple[str, Any], ...] = ()
    """The state the player entered (``tiles[].state``), sorted by name."""
    large: LargeTile | None = None
    """For a piece of a large tile: that tile."""
    origin: tuple[int, int] | None = None
    """For the piece a large tile is laid by: the entry's square."""

    def __init__(self, index: int, code: str | None = None, x: int | None = None,
                 y: int | None = None, oriented: OrientedTile | None = None,
                 on_board: bool = False, rotation: int = 0):
        self.index = index
        self.code = code
        self.x = x
        self.y = y
        self.rotation = rotation
        self.oriented = oriented
        self.on_board = on_board
        """Has a valid square and is the first tile there."""

    @property
    def label(self) -> Message:
        return tile_label(self.code, self.x, self.y)


class CarefulTileEntry(TileEntry):
    """An entry read on the careful path, which may carry a state or be a piece of a
    large tile (the fast path's entries keep the class defaults)."""

    __slots__ = ("state", "large", "origin")

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.state = ()
        self.large = None
        self.origin = None


class ValidatorBase:
    """What every concern of the validator shares: the request's state as read so far,
    the errors found, and the helpers for messages and coordinates."""

    def __init__(self, tiles: TileSet, *, draft: bool = False):
        self.tiles = tiles
        self.draft = draft
        self.registry = registry = registry_of(tiles)
        self.errors: list[BoardError] = []
        self.edition: Edition | None = DEFAULT_EDITION
        self.in_play = default_in_play(registry, DEFAULT_EDITION)
        self.colors: set[Color] = set()
        # Colours written on player entries, valid or not, and whether the players list
        # was readable at all: figures are not blamed for a problem of the players.
        self.written_colors: set[str] = set()
        self.players_readable = False
        self.squares: dict[tuple[int, int], TileEntry] = {}
        self.tiles_checked = False
        self.placed_tiles: list[TileEntry] = []
        self.players: list[Player] = []
        self.read_figures: list[Figure | DistrictFigure | None] = []
        """Each figure as read by the fast path, ``None`` where it took the careful
        one."""
        self.all_figures_fast = True
        """Every figure took the fast path (so :attr:`read_figures` holds them all)."""
        self.large_counts: dict[str, int] = {}
        """Large tiles laid, by code."""
        self.token_totals: dict[tuple[str, str], int] = {}
        """Tokens held by all players together, by (token name, kind)."""
        self.neutral: list[NeutralPiece] = []
        """The neutral figures as read (only when all were valid)."""
        self.space_counts: dict[tuple[int, int, str], int] = {}
        """Figures on each space printed on a tile (:class:`Space`), by (x, y, name)."""
        self.unplaced_tiles = False
        """Some tile had no usable square: a figure may stand on it, so "no tile at
        figure" would only repeat that problem."""

    def known_kind(self, code: str) -> FigureKind:
        """The figure kind of a code the checks accepted (a registered kind)."""
        kind = self.registry.figure_kind(code)
        if kind is None:
            raise KeyError(f"no figure kind {code!r} is registered")
        return kind

    def error(self, path: str, code: ErrorCode | ProblemCode, message: Message) -> None:
        self.errors.append(BoardError(path, code, message))

    def needs(self, subject: Message, part: Part, belongs: bool = False) -> Message:
        """``subject`` needs (or belongs to, ``belongs``) ``part``: what to add, or that
        the edition does not have it."""
        params: dict[str, Param] = {"subject": subject,
                                   "part": declared(f"part.{part.code}", part.name)}
        verb = "belongs" if belongs else "needs"
        if self.edition is not None and self.edition.printing_of(part.editions) is None:
            params["edition"] = self.edition.value
            return Message(f"error.{verb}_not_in_edition", params)
        params["code"] = part.code
        return Message(f"error.{verb}_add", params)

    def check_coordinate(self, item: Mapping[str, Any], key: str, path: str) -> int | None:
        if key not in item or item[key] is None:
            self.error(f"{path}.{key}", ErrorCode.MISSING_FIELD,
                       Message("error.missing_field.is_required", {
                                                                     "key": key}))
            return None
        value: int = item[key]
        if not is_int(value) or not -MAX_COORDINATE <= value <= MAX_COORDINATE:
            self.error(f"{path}.{key}", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.must_be_a_whole_number", {
                           "key": key, "minus_MAX_COORDINATE": -MAX_COORDINATE,
                           "MAX_COORDINATE": MAX_COORDINATE, "value": show(value)}))
            return None
        return value

    def nothing_there(self, tile: TileEntry, at: Location) -> Message:
        assert tile.oriented is not None
        if at.is_edge:
            edge = tile.oriented.edges[at.edge_side]
            return Message("error.nothing_on_edge", {
                "tile": tile.label, "side": side_word(at.edge_side), "edge": a_kind(edge.word),
                "half_edge": f"{at.value}{'W' if at.side in (Side.N, Side.S) else 'N'}"})
        if at.is_half_edge:
            edge = tile.oriented.edges[at.edge_side]
            return Message("error.no_field_at", {
                "tile": tile.label, "at": at.value, "side": side_word(at.edge_side),
                "edge": a_kind(edge.word)})
        if at is Location.C:
            return Message("error.no_centre", {"tile": tile.label})
        if at is Location.II:
            return Message("error.no_second_inner_field", {"tile": tile.label})
        return Message("error.no_inner_field", {"tile": tile.label})
