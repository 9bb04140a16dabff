"""Checks a raw score request before anything is scored, reporting every problem.

:func:`validate_request` accepts any JSON-like value (``None``, strings where numbers
belong, booleans, huge integers, nested junk) and never raises: it returns a list of
:class:`BoardError`, each with the path of the offending value (``tiles[3]``,
``figures[0].at``, ``rules.farm_scoring``; the empty path is the body itself), one of
the contract's error codes and a message a player understands. An empty list means the
request can be parsed by :meth:`ScoreRequest.from_json` and scored.

>>> from scoring.engine.expansions import DEFAULT_REGISTRY
>>> from scoring.engine.tiles import TileSet
>>> tiles = TileSet([], DEFAULT_REGISTRY)
>>> errors = validate_request({"players": [{"color": "red"}], "tiles": []}, tiles)
>>> [(error.path, error.code.value) for error in errors]
[('players', 'invalid_player_count'), ('tiles', 'empty_board')]
>>> errors[1]
BoardError(path='tiles', code=ErrorCode.EMPTY_BOARD, message='The board has no tiles.')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .board import (
    COLOR_BY_NAME,
    LOCATION_BY_NAME,
    Board,
    Color,
    DistrictFigure,
    Figure,
    NeutralPiece,
    PlacedTile,
)
from .expansion import (
    BASE,
    CORNERS,
    BoardView,
    ExpansionRegistry,
    LargeTile,
    Part,
    Placement,
    WhenMissing,
)
from .features import FeatureGraph
from .locations import ROTATIONS, Location, Side
from .problems import BoardError, ErrorCode
from .request import Player, ScoreRequest
from .rules import DEFAULT_EDITION, Edition, RuleSet
from .tiles import EdgeType, FeatureKind, OrientedTile, TileDefinition, TileSet

_ROTATION_INDEX = {rotation: rotation // 90 for rotation in ROTATIONS}

MAX_TILES = 2000
MAX_FIGURES = 2000
MAX_COORDINATE = 100_000
"""Squares further out cannot belong to a board of at most 2,000 tiles around the
start; the bound also keeps numbers printable in messages."""
MAX_POINTS = 1_000_000
MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_NAME_LENGTH = 60


def registry_of(tiles: TileSet) -> ExpansionRegistry:
    """The expansion registry a tile set was checked against, which scores it."""
    if tiles.registry is None:
        raise ValueError("this tile set was built without an expansion registry")
    return tiles.registry


def parse_draft(data: Any, tiles: TileSet) -> ScoreRequest:
    """A board being rebuilt, read by the same reader as a board to score but checked
    for its form only (see :class:`RequestValidator`); raises
    :class:`InvalidRequestError` listing every problem."""
    validator = RequestValidator(tiles, draft=True)
    errors = validator.run(data)
    if errors:
        raise InvalidRequestError(errors)
    return validator.request(data)


def parse_request(data: Any, tiles: TileSet) -> ScoreRequest:
    """A request to score, read and checked in full; raises :class:`InvalidRequestError`
    listing every problem."""
    validator = RequestValidator(tiles)
    errors = validator.run(data)
    if not errors:
        request = validator.request(data)
        graph = FeatureGraph.from_placed(validator.placed(), request.board.figures,
                                     request.board.neutral)
        errors = validator.check_board(request, graph)
        if not errors:
            return request
    raise InvalidRequestError(errors)


class InvalidRequestError(ValueError):
    """A request with problems; ``errors`` lists every one."""

    def __init__(self, errors: list[BoardError]):
        self.errors = errors
        first = errors[0].message if errors else "invalid request"
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        super().__init__(first + more)

    def to_json(self) -> dict[str, Any]:
        """The 400 response body."""
        return {"errors": [error.to_json() for error in self.errors]}


def validate_request(data: Any, tiles: TileSet) -> list[BoardError]:
    """Every problem of a raw request body, in the order of the request's fields, then
    those that need the board's features (builders, goods)."""
    validator = RequestValidator(tiles)
    errors = validator.run(data)
    if errors:
        return errors
    request = validator.request(data)
    graph = FeatureGraph.from_placed(validator.placed(), request.board.figures,
                                     request.board.neutral)
    return validator.check_board(request, graph)


def _show(value: Any) -> str:
    """A short, always printable description of an arbitrary value for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -10**15 < value < 10**15 else "a very large number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return '"' + shown.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def _is_int(value: Any) -> bool:
    # bool is a subclass of int, but true is not a number in JSON.
    return type(value) is int


_EAST_AND_SOUTH = ((1, 0, Side.E, 1, 3), (0, 1, Side.S, 2, 0))
"""Neighbours looked up from each tile: (dx, dy, side, its index, the index of the
neighbour's edge that touches it)."""

_ARTICLE = {"road": "a road", "city": "a city", "field": "a field", "river": "a river"}


def _either(items: list[str]) -> str:
    """``"a road, a city or a farm"``."""
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _capital(text: str) -> str:
    """``"the pig"`` -> ``"The pig"``."""
    return text[:1].upper() + text[1:]


class _Tile:
    """What validation learnt about one entry of ``tiles``."""

    __slots__ = ("index", "code", "x", "y", "rotation", "oriented", "on_board", "state",
                 "large", "origin")

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
        self.state: tuple[tuple[str, Any], ...] = ()
        """The state the player entered (``tiles[].state``), sorted by name."""
        self.large: LargeTile | None = None
        """For a piece of a large tile: that tile."""
        self.origin: tuple[int, int] | None = None
        """For the piece a large tile is laid by: the entry's square."""

    @property
    def label(self) -> str:
        code = self.code if self.code is not None else "?"
        return f"Tile {code} at ({self.x},{self.y})"


class RequestValidator:
    """The one reader of the board request: checks it and, once :meth:`run` found no
    problem, hands over what it read.

    :meth:`request` and :meth:`placed` save the scorer from parsing the body and
    turning the tiles a second time. With ``draft=True`` it checks only the request's
    form — types, known codes, names and limits — and not what a finished game leaves on
    the table (edges that match, tiles joined, copies in the box, figures on features,
    figures and tiles of expansions not in play): a board being rebuilt may be unfinished,
    but never malformed.
    """

    def __init__(self, tiles: TileSet, *, draft: bool = False):
        self.tiles = tiles
        self.draft = draft
        self.registry = registry = registry_of(tiles)
        self.errors: list[BoardError] = []
        self.edition: Edition | None = DEFAULT_EDITION
        self.in_play = registry.in_play(registry.default_codes(DEFAULT_EDITION))
        self.colors: set[Color] = set()
        # Colours written on player entries, valid or not, and whether the players list
        # was readable at all: figures are not blamed for a problem of the players.
        self.written_colors: set[str] = set()
        self.players_readable = False
        self.squares: dict[tuple[int, int], _Tile] = {}
        self.tiles_checked = False
        self.placed_tiles: list[_Tile] = []
        self.players: list[Player] = []
        self.read_figures: list[Figure | None] = []
        """Each figure as read by the fast path, ``None`` where it took the careful
        one."""
        self.large_counts: dict[str, int] = {}
        """Large tiles laid, by code."""
        self.token_totals: dict[tuple[str, str], int] = {}
        """Tokens held by all players together, by (token name, kind)."""
        self.neutral: list[NeutralPiece] = []
        """The neutral figures as read (only when all were valid)."""
        self.unplaced_tiles = False
        """Some tile had no usable square: a figure may stand on it, so "no tile at
        figure" would only repeat that problem."""

    def error(self, path: str, code: ErrorCode, message: str) -> None:
        self.errors.append(BoardError(path, code, message))

    def request(self, data: Mapping[str, Any]) -> ScoreRequest:
        """The parsed request; only for a request that :meth:`run` accepted."""
        if self.errors or not self.tiles_checked:
            raise ValueError("only a request without problems can be parsed")
        placed_tiles = self.placed_tiles

        def tiles() -> list[PlacedTile]:
            return [
                PlacedTile(t.code, t.x, t.y, t.rotation, t.state) if t.large is None
                else PlacedTile(t.large.code, *t.origin, t.rotation)
                for t in placed_tiles if t.large is None or t.origin is not None
            ]

        figures = []
        districts = []
        for figure, item in zip(self.read_figures, data.get("figures") or (), strict=True):
            if figure is None:
                figures.append(Figure.from_json(item, self.registry.default_figure_kind))
            elif type(figure) is DistrictFigure:
                districts.append(figure)
            else:
                figures.append(figure)
        return ScoreRequest(
            players=tuple(self.players),
            board=Board.deferred(tiles, figures, self.neutral, districts),
            edition=self.edition or DEFAULT_EDITION,
            expansions=self.in_play.listed,
            rules=RuleSet.from_json(data.get("rules"), self.registry.rule_options),
        )

    def placed(self) -> dict[tuple[int, int], OrientedTile]:
        """The turned tiles by ``(y, x)``, as :meth:`FeatureGraph.from_placed` takes them."""
        return {(t.y, t.x): t.oriented for t in self.placed_tiles}

    def run(self, data: Any) -> list[BoardError]:
        if type(data) is not dict and not isinstance(data, Mapping):
            self.error("", ErrorCode.INVALID_TYPE,
                       f"The request must be a JSON object, not {_show(data)}.")
            return self.errors
        self.check_edition(data)
        self.check_expansions(data)
        self.check_rules(data)
        self.check_players(data)
        self.check_tiles(data)
        self.check_figures(data)
        self.check_neutral(data)
        return self.errors

    # -- edition, expansions, rules -------------------------------------------------

    def check_edition(self, data: Mapping[str, Any]) -> None:
        value = data.get("edition")
        if value is None:
            return
        if not isinstance(value, str):
            self.edition = None
            self.error("edition", ErrorCode.INVALID_TYPE,
                       f"edition must be a string such as \"C3\", not {_show(value)}.")
            return
        try:
            self.edition = Edition(value)
        except ValueError:
            self.edition = None
            self.error("edition", ErrorCode.UNKNOWN_EDITION,
                       f"Unknown edition {_show(value)}: use C1, C2 or C3.")

    def check_expansions(self, data: Mapping[str, Any]) -> None:
        value = data.get("expansions")
        edition = self.edition
        registry = self.registry
        if value is None:
            self.in_play = registry.in_play(registry.default_codes(edition or DEFAULT_EDITION))
            return
        if not isinstance(value, list):
            self.error("expansions", ErrorCode.INVALID_TYPE,
                       f"expansions must be a list of expansion codes, not {_show(value)}.")
            return
        codes: list[str] = []
        for index, code in enumerate(value):
            path = f"expansions[{index}]"
            if not isinstance(code, str):
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"An expansion is named by its code (a string), not {_show(code)}.")
                continue
            if code not in registry:
                known = ", ".join(c for c in registry.codes if c != BASE)
                self.error(path, ErrorCode.UNKNOWN_EXPANSION,
                           f"Unknown expansion {_show(code)}; the calculator knows {known}.")
                continue
            part = registry[code]
            if edition is not None and edition not in part.editions:
                self.error(path, ErrorCode.EXPANSION_NOT_IN_EDITION,
                           f"{_capital(part.name)} does not exist in {edition.value}.")
                continue
            codes.append(code)
        self.in_play = registry.in_play(codes)

    def check_rules(self, data: Mapping[str, Any]) -> None:
        rules = data.get("rules")
        if rules is None:
            return
        if type(rules) is not dict and not isinstance(rules, Mapping):
            self.error("rules", ErrorCode.INVALID_TYPE,
                       f"rules must be an object, not {_show(rules)}.")
            return
        options = {option.name: option for option in self.registry.rule_options}
        for key, value in rules.items():
            option = options.get(key) if isinstance(key, str) else None
            if option is None:
                shown = _show(key)
                path_key = key if isinstance(key, str) and len(key) <= 40 else shown
                self.error(f"rules.{path_key}", ErrorCode.UNKNOWN_RULE,
                           f"Unknown rule {shown}; the rules are "
                           + ", ".join(options) + ".")
                continue
            if value is None or option.choice(value) is not None:
                continue
            path = f"rules.{key}"
            if option.is_switch:
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"{key} must be true or false, not {_show(value)}.")
            elif not isinstance(value, str):
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"{key} must be a string ({option.describe_values()}), "
                           f"not {_show(value)}.")
            else:
                self.error(path, ErrorCode.INVALID_RULE_VALUE,
                           f"{key} cannot be {_show(value)}: use {option.describe_values()}.")

    # -- players ----------------------------------------------------------------------

    def check_players(self, data: Mapping[str, Any]) -> None:
        if "players" not in data or data["players"] is None:
            self.error("players", ErrorCode.MISSING_FIELD, "The request must list the players.")
            return
        players = data["players"]
        if not isinstance(players, list):
            self.error("players", ErrorCode.INVALID_TYPE,
                       f"players must be a list, not {_show(players)}.")
            return
        self.players_readable = True
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            self.error("players", ErrorCode.INVALID_PLAYER_COUNT,
                       f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                       f"not {len(players)}.")
        first_with: dict[Color, int] = {}
        for index, player in enumerate(players):
            path = f"players[{index}]"
            if type(player) is not dict and not isinstance(player, Mapping):
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"A player must be an object, not {_show(player)}.")
                continue
            color = self.check_color(player, path)
            if color is not None:
                if color in first_with:
                    self.error(f"{path}.color", ErrorCode.DUPLICATE_COLOR,
                               f"Two players are {color.value}: players[{first_with[color]}] "
                               f"and {path}.")
                else:
                    first_with[color] = index
            name = player.get("name")
            if name is not None and not isinstance(name, str):
                self.error(f"{path}.name", ErrorCode.INVALID_TYPE,
                           f"A player's name must be a string, not {_show(name)}.")
            elif isinstance(name, str) and (len(name) > MAX_NAME_LENGTH or "\x00" in name):
                self.error(f"{path}.name", ErrorCode.INVALID_TYPE,
                           f"A player's name is text of at most {MAX_NAME_LENGTH} characters, "
                           "without NUL characters.")
                name = None
            points = player.get("points")
            tokens = self.check_tokens(player, path)
            if color is not None and isinstance(name, (str, type(None))) and (
                points is None or (_is_int(points) and 0 <= points <= MAX_POINTS)
            ):
                self.players.append(Player(color, name, points or 0, tokens))
            if points is None:
                continue
            if not _is_int(points):
                self.error(f"{path}.points", ErrorCode.INVALID_TYPE,
                           f"points must be a whole number, not {_show(points)}.")
            elif points < 0:
                self.error(f"{path}.points", ErrorCode.INVALID_POINTS,
                           f"A player's points cannot be negative ({_show(points)}).")
            elif points > MAX_POINTS:
                self.error(f"{path}.points", ErrorCode.INVALID_POINTS,
                           f"points must be at most {MAX_POINTS:,} (more than any scoreboard "
                           f"shows), not {_show(points)}.")
        self.colors = set(first_with)

    def check_tokens(self, player: Mapping[str, Any], path: str) -> tuple:
        """The tokens a player brings (``goods``), checked; only non-zero counts kept."""
        kept = []
        for tokens in self.registry.tokens:
            value = player.get(tokens.name)
            if value is None:
                continue
            where = f"{path}.{tokens.name}"
            if type(value) is not dict and not isinstance(value, Mapping):
                self.error(where, ErrorCode.INVALID_TYPE,
                           f"{tokens.name} must be an object such as "
                           f"{{\"{tokens.kinds[0]}\": 1}}, not {_show(value)}.")
                continue
            counts = []
            for kind, count in value.items():
                if kind not in tokens.kinds:
                    self.error(f"{where}.{kind}" if isinstance(kind, str) and len(kind) <= 40
                               else where, tokens.invalid,
                               f"{_show(kind)} is not one of the {tokens.name}: use "
                               f"{', '.join(tokens.kinds)}.")
                elif tokens.flags:
                    if type(count) is not bool:
                        self.error(f"{where}.{kind}", ErrorCode.INVALID_TYPE,
                                   f"Whether a player holds {tokens.word(kind)} is true or "
                                   f"false, not {_show(count)}.")
                    elif count:
                        counts.append((kind, True))
                elif not _is_int(count) or count > MAX_POINTS:
                    self.error(f"{where}.{kind}", ErrorCode.INVALID_TYPE,
                               f"A number of {kind} tokens is a whole number, not {_show(count)}.")
                elif count < 0:
                    self.error(f"{where}.{kind}", tokens.invalid,
                               f"A player cannot hold {_show(count)} {kind} tokens.")
                elif tokens.per_player is not None and count > tokens.per_player:
                    self.error(f"{where}.{kind}", tokens.invalid,
                               f"A player holds at most {tokens.per_player} {tokens.word(kind)}, "
                               f"not {count}.")
                elif count:
                    counts.append((kind, count))
            if tokens.in_all is not None:
                for kind, count in counts:
                    key = (tokens.name, kind)
                    self.token_totals[key] = self.token_totals.get(key, 0) + count
                    if self.token_totals[key] > tokens.in_all >= self.token_totals[key] - count:
                        total = self.token_totals[key]
                        word = tokens.word(kind)
                        self.error(f"{where}.{kind}", tokens.invalid,
                                   f"{_capital(word)} is held by {total} players, but the game "
                                   f"has only {tokens.in_all}." if tokens.flags else
                                   f"The players hold {total} {word} together, but the game "
                                   f"has only {tokens.in_all}.")
            if counts and tokens not in self.in_play.tokens and not self.draft:
                part = self.registry.token_part[tokens.name]
                self.error(where, ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(f"Holding {tokens.name} tokens", part))
                continue
            if counts:
                kept.append((tokens.name, tuple(sorted(counts))))
        return tuple(kept)

    def check_color(self, player: Mapping[str, Any], path: str) -> Color | None:
        if "color" not in player or player["color"] is None:
            self.error(f"{path}.color", ErrorCode.MISSING_FIELD, "Every player needs a colour.")
            return None
        value = player["color"]
        if isinstance(value, str):
            self.written_colors.add(value)
        if not isinstance(value, str):
            self.error(f"{path}.color", ErrorCode.INVALID_TYPE,
                       f"A colour must be a string, not {_show(value)}.")
            return None
        color = COLOR_BY_NAME.get(value)
        if color is None:
            colors = ", ".join(COLOR_BY_NAME)
            self.error(f"{path}.color", ErrorCode.UNKNOWN_COLOR,
                       f"{_show(value)} is not a player colour; use {colors}.")
        return color

    # -- shared -----------------------------------------------------------------------

    def check_coordinate(self, item: Mapping[str, Any], key: str, path: str) -> int | None:
        if key not in item or item[key] is None:
            self.error(f"{path}.{key}", ErrorCode.MISSING_FIELD, f"{key} is required.")
            return None
        value = item[key]
        if not _is_int(value) or not -MAX_COORDINATE <= value <= MAX_COORDINATE:
            self.error(f"{path}.{key}", ErrorCode.INVALID_TYPE,
                       f"{key} must be a whole number between {-MAX_COORDINATE} and "
                       f"{MAX_COORDINATE}, not {_show(value)}.")
            return None
        return value

    # -- tiles ------------------------------------------------------------------------

    def check_tiles(self, data: Mapping[str, Any]) -> None:
        if "tiles" not in data or data["tiles"] is None:
            self.error("tiles", ErrorCode.MISSING_FIELD, "The request must list the tiles.")
            return
        tiles = data["tiles"]
        if not isinstance(tiles, list):
            self.error("tiles", ErrorCode.INVALID_TYPE,
                       f"tiles must be a list, not {_show(tiles)}.")
            return
        if not tiles and not self.draft:
            self.error("tiles", ErrorCode.EMPTY_BOARD, "The board has no tiles.")
            return
        if len(tiles) > MAX_TILES:
            self.error("tiles", ErrorCode.TOO_MANY_TILES,
                       f"The board has {len(tiles):,} tiles; the limit is {MAX_TILES:,}.")
            return
        orientations = self.tiles.orientations(self.edition)
        playable = self.playable_codes()
        squares = self.squares
        placed: list[_Tile] = []
        turns, limit = _ROTATION_INDEX, MAX_COORDINATE
        for index, item in enumerate(tiles):
            # Fast path for the usual well-formed entry: a playable tile on a free
            # square. Anything else takes the careful path, which explains the problem.
            if type(item) is dict:
                code = item.get("tile")
                x = item.get("x")
                y = item.get("y")
                rotation = item.get("rotation", 0)
                if (type(code) is str and type(x) is int and type(y) is int
                        and type(rotation) is int and rotation in turns
                        and code in playable and -limit <= x <= limit and -limit <= y <= limit
                        and (square := (x, y)) not in squares and "state" not in item):
                    tile = squares[square] = _Tile(
                        index, code, x, y, orientations[code][turns[rotation]], True, rotation
                    )
                    placed.append(tile)
                    continue
            placed += self.check_tile(index, item, orientations)
        self.tiles_checked = True
        self.placed_tiles = placed
        if self.draft:
            return
        on_board = [tile for tile in placed if tile.on_board]
        self.check_layout(on_board, len(tiles))
        self.check_copies(placed)
        if not any(error.path.startswith("tiles") for error in self.errors):
            for rule in self.in_play.layout_rules:
                for problem in rule.check(on_board):
                    self.error(problem.path, problem.code, problem.message)

    def playable_codes(self) -> frozenset[str]:
        """Codes of the tiles that exist in the edition and belong to what is in play
        (in a draft, every known code)."""
        if self.draft:
            return frozenset(self.tiles)
        return self.tiles.codes_in_play(self.edition, self.in_play.tile_groups)

    def check_tile(
        self, index: int, item: Any, orientations: Mapping[str, tuple[OrientedTile, ...]]
    ) -> list[_Tile]:
        """One entry of ``tiles`` read with care: the tiles it lays (the pieces of a large
        tile), each on its square unless another tile is there."""
        path = f"tiles[{index}]"
        if not isinstance(item, Mapping):
            self.unplaced_tiles = True
            self.error(path, ErrorCode.INVALID_TYPE,
                       f"A tile must be an object, not {_show(item)}.")
            return []
        tile = _Tile(index)
        definition_ok = self.check_tile_code(item, path, tile)
        tile.x = self.check_coordinate(item, "x", path)
        tile.y = self.check_coordinate(item, "y", path)
        rotation = item.get("rotation")
        rotation_ok = True
        if rotation is not None:
            if not _is_int(rotation):
                rotation_ok = False
                self.error(f"{path}.rotation", ErrorCode.INVALID_TYPE,
                           f"rotation must be a number of degrees (0, 90, 180 or 270), "
                           f"not {_show(rotation)}.")
            elif rotation not in ROTATIONS:
                rotation_ok = False
                self.error(f"{path}.rotation", ErrorCode.INVALID_ROTATION,
                           f"rotation must be 0, 90, 180 or 270 degrees clockwise, "
                           f"not {_show(rotation)}.")
        else:
            rotation = 0
        state = self.check_tile_state(item, path, tile) if "state" in item else ()
        if state is None:
            definition_ok = False
        if definition_ok and rotation_ok:
            tile.rotation = rotation
            if tile.large is None:
                tile.state = state or ()
                tile.oriented = (self.tiles.turned(tile.code, rotation, tile.state, self.edition)
                                 if tile.state else orientations[tile.code][rotation // 90])
        if tile.x is None or tile.y is None:
            self.unplaced_tiles = True
            return [tile]
        if tile.large is not None:
            return self.lay_large(tile, path)
        return [self.take_square(tile, path)]

    def take_square(self, tile: _Tile, path: str) -> _Tile:
        """Put ``tile`` on its square unless another tile is there."""
        square = (tile.x, tile.y)
        other = self.squares.get(square)
        if other is not None:
            self.error(path, ErrorCode.DUPLICATE_POSITION,
                       f"{tile.label} is on the same square as tiles[{other.index}] "
                       f"(tile {other.code or '?'}).")
            return tile
        tile.on_board = True
        self.squares[square] = tile
        return tile

    def lay_large(self, tile: _Tile, path: str) -> list[_Tile]:
        """The pieces of a large tile (see :class:`LargeTile`), each on its square."""
        large = tile.large
        assert large is not None and tile.x is not None and tile.y is not None
        pieces = []
        for x, y, code in large.squares(tile.x, tile.y, tile.rotation):
            piece = _Tile(tile.index, code, x, y,
                          self.tiles.orientations(self.edition)[code][tile.rotation // 90]
                          if code in self.tiles else None, rotation=tile.rotation)
            piece.large = large
            if (x, y) == (tile.x, tile.y):
                piece.origin = (x, y)
            pieces.append(self.take_square(piece, path))
        return pieces

    def check_tile_state(
        self, item: Mapping[str, Any], path: str, tile: _Tile
    ) -> tuple[tuple[str, Any], ...] | None:
        """The state a player entered on a tile (``tiles[].state``), checked against the
        declared states (see :class:`TileState`); ``None`` when it is wrong."""
        value = item["state"]
        if value is None:
            return ()
        if not isinstance(value, Mapping):
            self.error(f"{path}.state", ErrorCode.INVALID_TYPE,
                       f"A tile's state must be an object, not {_show(value)}.")
            return None
        definition = self.tiles.get(tile.code) if tile.code is not None else None
        kept = []
        ok = True
        for name, choice in value.items():
            where = f"{path}.state.{name}" if isinstance(name, str) and len(name) <= 40 \
                else f"{path}.state"
            declared = self.registry.tile_states.get(name) if isinstance(name, str) else None
            if declared is None:
                known = ", ".join(self.registry.tile_states) or "none"
                self.error(where, ErrorCode.UNKNOWN_TILE_STATE,
                           f"Unknown tile state {_show(name)}; the states are: {known}.")
                ok = False
                continue
            if declared.name not in self.in_play.tile_states and not self.draft:
                self.error(where, ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(f"The {name} state",
                                      self.registry.tile_state_part[declared.name]))
                ok = False
                continue
            if definition is not None and not declared.applies(definition):
                self.error(where, declared.invalid,
                           f"Tile {tile.code} cannot take a {name} state.")
                ok = False
                continue
            if choice not in declared.values:
                allowed = ", ".join(_show(v) for v in declared.values)
                self.error(where, declared.invalid,
                           f"{name} cannot be {_show(choice)}: use {allowed}.")
                ok = False
                continue
            kept.append((name, choice))
        return tuple(sorted(kept)) if ok else None

    def check_tile_code(self, item: Mapping[str, Any], path: str, tile: _Tile) -> bool:
        """Check the tile code; return whether its shape can be used for edge checks."""
        if "tile" not in item or item["tile"] is None:
            self.error(f"{path}.tile", ErrorCode.MISSING_FIELD, "Every tile needs its code.")
            return False
        code = item["tile"]
        if not isinstance(code, str):
            self.error(f"{path}.tile", ErrorCode.INVALID_TYPE,
                       f"A tile code must be a string, not {_show(code)}.")
            return False
        definition = self.tiles.get(code)
        if definition is None:
            large = self.registry.large_tiles.get(code)
            if large is None:
                self.error(f"{path}.tile", ErrorCode.UNKNOWN_TILE,
                           f"There is no tile {_show(code)}.")
                return False
            return self.check_large_tile(large, path, tile)
        tile.code = code
        if self.draft:
            return True
        if definition.expansion not in self.in_play.tile_groups:
            if definition.expansion in self.registry:
                self.error(f"{path}.tile", ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(f"Tile {code}", self.registry[definition.expansion],
                                      verb="belongs to"))
            else:
                self.error(f"{path}.tile", ErrorCode.EXPANSION_NOT_IN_PLAY,
                           f"Tile {code} belongs to the expansion \"{definition.expansion}\", "
                           "which the score calculator does not support yet.")
            # The shape is still known: keep it for edge checks.
            return True
        if self.edition is not None and definition.count(self.edition) == 0:
            self.error(f"{path}.tile", ErrorCode.TILE_NOT_IN_EDITION,
                       self.not_in_edition(code, self.edition))
        return True

    def check_large_tile(self, large: LargeTile, path: str, tile: _Tile) -> bool:
        """A tile covering several squares: in play, in the edition, not too many."""
        tile.code = large.code
        tile.large = large
        if self.draft:
            return True
        if large.code not in self.in_play.large_tiles:
            self.error(f"{path}.tile", ErrorCode.EXPANSION_NOT_IN_PLAY,
                       self.needs(f"The {large.name}", self.registry.large_tile_part[large.code],
                                  verb="belongs to"))
            return True
        if self.edition is not None:
            allowed = large.counts.get(self.edition.value, 0)
            if not allowed:
                self.error(f"{path}.tile", ErrorCode.TILE_NOT_IN_EDITION,
                           f"The {large.name} does not exist in {self.edition.value}.")
                return True
            self.large_counts[large.code] = self.large_counts.get(large.code, 0) + 1
            if self.large_counts[large.code] == allowed + 1:
                self.error(f"{path}.tile", ErrorCode.TOO_MANY_COPIES,
                           f"{self.edition.value} has only {allowed} {large.name}.")
        return True

    def not_in_edition(self, code: str, edition: Edition) -> str:
        """Why tile ``code`` is not in ``edition``, and what to do instead."""
        definition = self.tiles[code]
        editions = [e.value for e in Edition if definition.count(e) > 0]
        if not editions:
            return f"Tile {code} does not exist in {edition.value}."
        others = _either(editions)

        def has_garden(tile: TileDefinition, in_edition: Edition | None = None) -> bool:
            return any(segment.kind is FeatureKind.GARDEN and segment.exists_in(in_edition)
                       for segment in tile.segments)

        edition_has_gardens = any(
            has_garden(tile, edition) for tile in self.tiles.values() if tile.count(edition) > 0
        )
        if has_garden(definition) and not edition_has_gardens:
            # Garden copies are coded "<letter>-garden" (see the tile spec).
            plain = code.removesuffix("-garden")
            instead = (
                f"use tile {plain}, or play {others}"
                if plain != code and plain in self.tiles and self.tiles[plain].count(edition)
                else f"play {others}"
            )
            return (f"Tile {code} does not exist in {edition.value}, which has no gardens: "
                    f"{instead}.")
        return f"Tile {code} does not exist in {edition.value}; it is in {others}."

    def check_connected(self, on_board: list[_Tile]) -> None:
        if len(on_board) < 2 or self.unplaced_tiles:
            # A tile without a usable square may be the one joining the others.
            return
        squares = self.squares
        component_of: dict[tuple[int, int], int] = {}
        components: list[list[_Tile]] = []
        for start in on_board:
            square = (start.x, start.y)
            if square in component_of:
                continue
            number = len(components)
            component_of[square] = number
            members = []
            stack = [square]
            while stack:
                x, y = stack.pop()
                members.append(squares[(x, y)])
                for neighbour in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if neighbour in squares and neighbour not in component_of:
                        component_of[neighbour] = number
                        stack.append(neighbour)
            components.append(members)
            if len(members) == len(on_board):
                return
        # The largest group is "the board"; on a tie, the group of the earliest tile.
        main = max(range(len(components)), key=lambda n: (len(components[n]), -n))
        stray = sorted(
            (tile for n, group in enumerate(components) if n != main for tile in group),
            key=lambda tile: tile.index,
        )
        for tile in stray:
            self.error(f"tiles[{tile.index}]", ErrorCode.DISCONNECTED_TILE,
                       f"{tile.label} does not touch the rest of the board along an edge.")

    def check_layout(self, on_board: list[_Tile], count: int) -> None:
        """Edges that do not match their neighbour's, and tiles not joined to the rest.

        One pass looks up each tile's east and south neighbours: it compares the edges
        and joins the two tiles in a union-find; the board is in one piece when it made
        one join fewer than there are tiles. Only then is the slower search that names
        the stray tiles needed.
        """
        squares = self.squares
        link = list(range(count))
        joins = 0
        mismatched: list[tuple[_Tile, Side, _Tile]] = []
        for tile in on_board:
            x, y = tile.x, tile.y
            edges = tile.oriented.edges if tile.oriented is not None else None
            for dx, dy, side, mine, theirs in _EAST_AND_SOUTH:
                other = squares.get((x + dx, y + dy))
                if other is None:
                    continue
                a = tile.index
                while link[a] != a:
                    a = link[a] = link[link[a]]
                b = other.index
                while link[b] != b:
                    b = link[b] = link[link[b]]
                if a != b:
                    joins += 1
                    if a < b:
                        link[b] = a
                    else:
                        link[a] = b
                if (edges is not None and other.oriented is not None
                        and edges[mine] is not other.oriented.edges[theirs]
                        and not tile.oriented.definition.any_edges
                        and not other.oriented.definition.any_edges):
                    mismatched.append((tile, side, other))
        if joins != len(on_board) - 1:
            self.check_connected(on_board)
        for tile, side, other in mismatched:
            assert tile.oriented is not None and other.oriented is not None
            mine: EdgeType = tile.oriented.edges[side]
            theirs: EdgeType = other.oriented.edges[side.opposite]
            # Blame the tile listed later: the earlier one was there first.
            if tile.index > other.index:
                late, early, late_side, late_edge, early_edge = tile, other, side, mine, theirs
            else:
                late, early, late_side, late_edge, early_edge = (
                    other, tile, side.opposite, theirs, mine
                )
            self.error(
                f"tiles[{late.index}]", ErrorCode.EDGE_MISMATCH,
                f"{late.label} does not fit: its {late_side.word} edge is "
                f"{_ARTICLE[late_edge.word]} but the {late_side.opposite.word} edge of "
                f"tile {early.code} at ({early.x},{early.y}) is {_ARTICLE[early_edge.word]}.",
            )

    def check_copies(self, placed: list[_Tile]) -> None:
        if self.edition is None:
            return
        counts = self.tiles.counts(self.edition)
        totals = Counter([tile.code for tile in placed if tile.code is not None])
        over = {code for code, total in totals.items() if total > counts[code] > 0}
        if not over:
            return
        seen: dict[str, int] = {}
        for tile in placed:
            if tile.code not in over:
                continue
            seen[tile.code] = seen.get(tile.code, 0) + 1
            allowed = counts[tile.code]
            if seen[tile.code] == allowed + 1:
                total = totals[tile.code]
                start = " (the start tile is one of them)" if self.tiles[tile.code].start else ""
                self.error(
                    f"tiles[{tile.index}]", ErrorCode.TOO_MANY_COPIES,
                    f"The board has {total} copies of tile {tile.code} but "
                    f"{self.edition.value} has only {allowed}{start}.",
                )

    # -- figures ----------------------------------------------------------------------

    def check_figures(self, data: Mapping[str, Any]) -> None:
        figures = data.get("figures")
        if figures is None:
            return
        if not isinstance(figures, list):
            self.error("figures", ErrorCode.INVALID_TYPE,
                       f"figures must be a list, not {_show(figures)}.")
            return
        if len(figures) > MAX_FIGURES:
            self.error("figures", ErrorCode.TOO_MANY_FIGURES,
                       f"The board has {len(figures):,} figures; the limit is {MAX_FIGURES:,}.")
            return
        roles = self.in_play.placements
        kinds_in_play = self.in_play.figure_kinds
        on_corners = self.in_play.corner_kinds
        # Rules about single figures (no figure by the volcano) need the careful path.
        fast = self.tiles_checked and not self.in_play.figure_rules and not self.draft
        default_kind = self.registry.default_figure_kind
        owned: dict[tuple[Color, str], int] = {}
        squares = self.squares
        colors = self.colors
        read = self.read_figures
        for index, item in enumerate(figures):
            # Fast path: a well-formed figure of a player, of a kind in play, on a
            # feature it may stand on, within its owner's supply.
            if type(item) is dict and fast:
                player = item.get("player")
                at = item.get("at")
                kind = item.get("kind", default_kind)
                x = item.get("x")
                y = item.get("y")
                color = COLOR_BY_NAME.get(player) if type(player) is str else None
                location = LOCATION_BY_NAME.get(at) if type(at) is str else None
                tile = squares.get((x, y)) if type(x) is int and type(y) is int else None
                if (color in colors and location is not None and type(kind) is str
                        and kind in kinds_in_play and tile is not None
                        and tile.oriented is not None and kind not in on_corners):
                    segment = tile.oriented.figure_segments.get(location)
                    count = owned.get((color, kind), 0) + 1
                    if (segment is not None and (kind, segment.kind) in roles
                            and count <= kinds_in_play[kind].limit):
                        owned[(color, kind)] = count
                        read.append(Figure(color, x, y, location, kind))
                        continue
            read.append(None)
            path = f"figures[{index}]"
            if not isinstance(item, Mapping):
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"A figure must be an object, not {_show(item)}.")
                continue
            if (self.registry.large_tiles and type(item.get("at")) is str
                    and item["at"] not in LOCATION_BY_NAME):
                read[-1] = self.check_district(item, path, owned)
                continue
            player = self.check_figure_player(item, path)
            x = self.check_coordinate(item, "x", path)
            y = self.check_coordinate(item, "y", path)
            at = self.check_location(item, path)
            kind = self.check_figure_kind(item, path)
            self.count_owned(path, player, kind, owned)
            if x is None or y is None or at is None or not self.tiles_checked or self.draft:
                continue
            self.check_placement(path, x, y, at, kind, roles)

    def count_owned(self, path: str, player: Color | None, kind: str | None,
                    owned: dict[tuple[Color, str], int]) -> None:
        """Count a figure against its owner's supply of its kind."""
        if player is None or kind is None or self.draft:
            return
        key = (player, kind)
        owned[key] = owned.get(key, 0) + 1
        figure_kind = self.registry.figure_kind(kind)
        limit = figure_kind.limit
        if owned[key] == limit + 1:
            name = figure_kind.name if limit == 1 else figure_kind.plural_name
            self.error(path, ErrorCode.TOO_MANY_FIGURES,
                       f"{player.value.capitalize()} has more than {limit} "
                       f"{name} on the board, but a player owns only {limit}.")

    def check_district(self, item: Mapping[str, Any], path: str,
                       owned: dict[tuple[Color, str], int]) -> DistrictFigure | None:
        """A figure whose ``at`` names a district of a large tile (see :class:`District`)."""
        name = item["at"]
        player = self.check_figure_player(item, path)
        x = self.check_coordinate(item, "x", path)
        y = self.check_coordinate(item, "y", path)
        kind = self.check_figure_kind(item, path)
        self.count_owned(path, player, kind, owned)
        if x is None or y is None:
            return None
        if self.tiles_checked and not self.draft:
            tile = self.squares.get((x, y))
            if tile is None:
                if not self.unplaced_tiles:
                    self.error(path, ErrorCode.NO_TILE_AT_FIGURE,
                               f"There is no tile at ({x},{y}).")
                return None
            names = [district.name for district in tile.large.districts] if tile.large else []
            if name not in names:
                where = (f"; the districts of the {tile.large.name} are {', '.join(names)}"
                         if names else "")
                self.error(f"{path}.at", ErrorCode.INVALID_LOCATION,
                           f"{_show(name)} is not a location of {tile.label}{where}.")
                return None
            if kind is not None and kind not in self.in_play.followers:
                figure_kind = self.registry.figure_kind(kind)
                self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                           f"Only followers stand in the {name} district, and "
                           f"{_a(figure_kind.name)} is not one.")
                return None
        if player is None or kind is None:
            return None
        return DistrictFigure(player, x, y, name, kind)

    def check_neutral(self, data: Mapping[str, Any]) -> None:
        """The figures no player owns (``neutral``): kind in play, square, location on a
        feature the kind may stand on, and at most the kind's limit on the board."""
        items = data.get("neutral")
        if items is None:
            return
        if not isinstance(items, list):
            self.error("neutral", ErrorCode.INVALID_TYPE,
                       f"neutral must be a list of figures, not {_show(items)}.")
            return
        kinds = self.in_play.neutral_figures
        counts: dict[str, int] = {}
        read: list[NeutralPiece] = []
        valid = True
        for index, item in enumerate(items):
            path = f"neutral[{index}]"
            if not isinstance(item, Mapping):
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"A neutral figure must be an object, not {_show(item)}.")
                valid = False
                continue
            code = item.get("kind")
            kind = kinds.get(code) if isinstance(code, str) else None
            if kind is None:
                known = ", ".join(kinds) or "none with the expansions listed"
                self.error(f"{path}.kind", ErrorCode.UNKNOWN_FIGURE_KIND,
                           f"{_show(code)} is not a neutral figure in play; known: {known}.")
                valid = False
                continue
            x = self.check_coordinate(item, "x", path)
            y = self.check_coordinate(item, "y", path)
            counts[kind.code] = counts.get(kind.code, 0) + 1
            if counts[kind.code] == kind.limit + 1:
                self.error(path, ErrorCode.TOO_MANY_FIGURES,
                           f"The game has only {kind.limit} {kind.name} "
                           f"(there are more on the board).")
                valid = False
            at = None
            if kind.features:
                at = self.check_location(item, path)
            elif item.get("at") is not None:
                self.error(f"{path}.at", ErrorCode.FIGURE_NOT_ALLOWED,
                           f"The {kind.name} stands on a tile, not on a feature: leave out at.")
                valid = False
                continue
            if x is None or y is None or (kind.features and at is None):
                valid = False
                continue
            if not self.tiles_checked or self.draft:
                read.append(NeutralPiece(kind.code, x, y, at))
                continue
            tile = self.squares.get((x, y))
            if tile is None:
                if not self.unplaced_tiles:
                    self.error(path, ErrorCode.NO_TILE_AT_FIGURE, f"There is no tile at ({x},{y}).")
                valid = False
                continue
            if tile.oriented is None:
                valid = False
                continue
            if at is not None:
                segment = tile.oriented.segment_at(at)
                if segment is None:
                    self.error(f"{path}.at", ErrorCode.NO_FEATURE_AT_LOCATION,
                               self.nothing_there(tile, at))
                    valid = False
                    continue
                if segment.kind not in kind.features:
                    where = _either([_a(feature.value) for feature in kind.features])
                    self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                               f"The {kind.name} may not stand on {_a(segment.kind.value)} "
                               f"({tile.label}, {at.value}); it may stand on {where}.")
                    valid = False
                    continue
            read.append(NeutralPiece(kind.code, x, y, at))
        if valid:
            self.neutral = read

    def check_figure_player(self, item: Mapping[str, Any], path: str) -> Color | None:
        if "player" not in item or item["player"] is None:
            self.error(f"{path}.player", ErrorCode.MISSING_FIELD,
                       "Every figure needs the colour of its player.")
            return None
        value = item["player"]
        if not isinstance(value, str):
            self.error(f"{path}.player", ErrorCode.INVALID_TYPE,
                       f"A figure's player is a colour string, not {_show(value)}.")
            return None
        try:
            color = Color(value)
        except ValueError:
            color = None
        if color is not None and color in self.colors:
            return color
        if self.players_readable and value not in self.written_colors:
            self.error(f"{path}.player", ErrorCode.UNKNOWN_PLAYER,
                       f"No player has the colour {_show(value)}.")
        return None

    def check_location(self, item: Mapping[str, Any], path: str) -> Location | None:
        if "at" not in item or item["at"] is None:
            self.error(f"{path}.at", ErrorCode.MISSING_FIELD,
                       "Every figure needs its location on the tile (at).")
            return None
        value = item["at"]
        if not isinstance(value, str):
            self.error(f"{path}.at", ErrorCode.INVALID_TYPE,
                       f"at must be a location name such as \"N\" or \"SW\", not {_show(value)}.")
            return None
        try:
            return Location(value)
        except ValueError:
            names = ", ".join(location.value for location in Location)
            self.error(f"{path}.at", ErrorCode.INVALID_LOCATION,
                       f"{_show(value)} is not a location; use one of {names}.")
            return None

    def check_figure_kind(self, item: Mapping[str, Any], path: str) -> str | None:
        value = item.get("kind")
        if value is None:
            return self.registry.default_figure_kind
        if not isinstance(value, str):
            self.error(f"{path}.kind", ErrorCode.INVALID_TYPE,
                       f"kind must be a string such as \"meeple\", not {_show(value)}.")
            return None
        registry = self.registry
        part = registry.figure_kind_part(value)
        if part is None:
            kinds = sorted(kind.code for code in registry.codes
                           for kind in registry[code].figure_kinds)
            self.error(f"{path}.kind", ErrorCode.UNKNOWN_FIGURE_KIND,
                       f"Unknown figure kind {_show(value)}; known kinds: {', '.join(kinds)}.")
            return None
        if part not in self.in_play.parts and not self.draft:
            figure_kind = registry.figure_kind(value)
            code = (ErrorCode.UNKNOWN_FIGURE_KIND
                    if figure_kind.when_missing is WhenMissing.UNKNOWN_KIND
                    else ErrorCode.EXPANSION_NOT_IN_PLAY)
            shown = figure_kind.name if figure_kind.name == value else \
                f"{figure_kind.name} ({value})"
            self.error(f"{path}.kind", code, self.needs(_a(shown).capitalize(), part))
            return None
        return value

    def needs(self, subject: str, part: Part, verb: str = "needs") -> str:
        name = part.name
        if self.edition is not None and self.edition not in part.editions:
            return f"{subject} {verb} {name}, which {self.edition.value} does not have."
        return f"{subject} {verb} {name}: add \"{part.code}\" to expansions."

    def check_placement(
        self, path: str, x: int, y: int, at: Location, kind: str | None,
        roles: Mapping[tuple[str, FeatureKind], str],
    ) -> None:
        tile = self.squares.get((x, y))
        if tile is None:
            if not self.unplaced_tiles:
                self.error(path, ErrorCode.NO_TILE_AT_FIGURE, f"There is no tile at ({x},{y}).")
            return
        if tile.oriented is None:
            return  # the tile itself is wrong; that error is already reported
        if kind is not None and kind in self.in_play.corner_kinds:
            self.check_corner(path, tile, at, kind, roles)
            return
        segment = tile.oriented.segment_at(at)
        if segment is None:
            self.error(f"{path}.at", ErrorCode.NO_FEATURE_AT_LOCATION,
                       self.nothing_there(tile, at))
            return
        if kind is None:
            return
        if (kind, segment.kind) in roles:
            for rule in self.in_play.figure_rules:
                reason = rule.check(tile, segment, kind)
                if reason is not None:
                    self.error(path, ErrorCode.FIGURE_NOT_ALLOWED, reason)
                    return
            return
        provided = self.registry.placement_provider(kind, segment.kind)
        if provided is not None:
            placement, part = provided
            missing = [code for code in (part.code, *placement.needs)
                       if code not in self.in_play.codes]
            if missing:
                self.error(path, ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(f"{_a(placement.role).capitalize()} on {tile.label}",
                                      self.registry[missing[0]]))
                return
        allowed = [
            _a(feature.value) for feature in FeatureKind
            if (kind, feature) in roles
        ]
        where = _either(allowed)
        name = self.registry.figure_kind(kind).name
        self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                   f"{_a(name).capitalize()} may not stand on {_a(segment.kind.value)} "
                   f"({tile.label}, {at.value}); it may stand on {where}.")

    def check_corner(
        self, path: str, tile: _Tile, at: Location, kind: str,
        roles: Mapping[tuple[str, FeatureKind], Any],
    ) -> None:
        """A figure that stands where four tiles meet (see :attr:`Stand.CORNER`)."""
        name = self.registry.figure_kind(kind).name
        if at.value not in CORNERS:
            self.error(f"{path}.at", ErrorCode.FIGURE_NOT_ALLOWED,
                       f"{_a(name).capitalize()} stands on a corner where four tiles meet: "
                       f"name the corner of {tile.label} as NE, SE, SW or NW, not {at.value}.")
            return
        vertical, horizontal = at.value
        dx = 1 if horizontal == "E" else -1
        dy = 1 if vertical == "S" else -1
        flip = {"N": "S", "S": "N", "E": "W", "W": "E"}
        around = (
            (0, 0, vertical + horizontal),
            (dx, 0, vertical + flip[horizontal]),
            (0, dy, flip[vertical] + horizontal),
            (dx, dy, flip[vertical] + flip[horizontal]),
        )
        missing = [(tile.x + ox, tile.y + oy) for ox, oy, _ in around
                   if (tile.x + ox, tile.y + oy) not in self.squares]
        if missing:
            squares = ", ".join(f"({x},{y})" for x, y in missing)
            self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                       f"{_a(name).capitalize()} stands only where four tiles meet; the "
                       f"{at.value} corner of {tile.label} has no tile at {squares}.")
            return
        for ox, oy, corner in around:
            other = self.squares[(tile.x + ox, tile.y + oy)]
            if other.oriented is None:
                return
            for half in (corner, corner[::-1]):
                segment = other.oriented.segment_at(Location(half))
                if segment is None or segment.kind is not FeatureKind.FARM:
                    self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                               f"{_a(name).capitalize()} stands only on a corner that is field "
                               f"on all four tiles; the {corner} corner of {other.label} is "
                               "not.")
                    return
        if (kind, FeatureKind.FARM) not in roles:
            provided = self.registry.placement_provider(kind, FeatureKind.FARM)
            part = self.registry[provided[1].code] if provided else None
            missing_codes = [code for code in ((part.code, *provided[0].needs) if provided else ())
                             if code not in self.in_play.codes]
            message = (self.needs(f"{_a(name).capitalize()} on {tile.label}",
                                  self.registry[missing_codes[0]])
                       if missing_codes else f"{_a(name).capitalize()} may not stand in a field.")
            self.error(path, ErrorCode.EXPANSION_NOT_IN_PLAY if missing_codes
                       else ErrorCode.FIGURE_NOT_ALLOWED, message)

    # -- the finished board -----------------------------------------------------------

    def check_board(self, request: ScoreRequest, graph: FeatureGraph) -> list[BoardError]:
        """What needs the features of a board that passed :meth:`run`: figures that must
        join their owner's (a builder), and the expansions' board checks (goods)."""
        placements = self.in_play.placements
        for index, figure in enumerate(request.board.figures):
            tile = self.squares[(figure.x, figure.y)]
            segment = tile.oriented.figure_segments[figure.at]
            placement: Placement = placements[(figure.kind, segment.kind)]
            if not placement.beside and not placement.beside_follower:
                continue
            beside = self.in_play.beside(placement)
            feature = graph.feature_of(index)
            if any(other.player is figure.player and other.kind in beside
                   for other in feature.figures):
                continue
            kinds = self.in_play.figure_kinds
            joined = _either([_a(kinds[code].name) for code in beside])
            self.error(
                f"figures[{index}]", ErrorCode.FIGURE_NOT_ALLOWED,
                f"{_a(kinds[figure.kind].name).capitalize()} may stand only on "
                f"{_a(segment.kind.value)} where its owner also has {joined}; "
                f"{figure.player.value} has none on the {segment.kind.value} of {tile.label} "
                f"({figure.at.value}).",
            )
        view = BoardView(request, graph, self.in_play)
        for check in self.in_play.board_checks:
            for problem in check.check(view):
                self.error(problem.path, problem.code, problem.message)
        return self.errors

    def nothing_there(self, tile: _Tile, at: Location) -> str:
        assert tile.oriented is not None
        if at.is_edge:
            edge = tile.oriented.edges[at.side]
            return (f"{tile.label} has no road or city on its {at.side.word} edge "
                    f"(it is {_ARTICLE[edge.word]}); name a field by a half-edge such as "
                    f"{at.value}{'W' if at.side in (Side.N, Side.S) else 'N'}.")
        if at.is_half_edge:
            edge = tile.oriented.edges[at.side]
            return (f"{tile.label} has no field at {at.value}: its {at.side.word} edge is "
                    f"{_ARTICLE[edge.word]}.")
        if at is Location.C:
            return f"{tile.label} has no monastery or garden in its centre."
        return f"{tile.label} has no inner field."
