"""Checks a raw score request before anything is scored, reporting every problem.

:func:`validate_request` accepts any JSON-like value (``None``, strings where numbers
belong, booleans, huge integers, nested junk) and never raises: it returns a list of
:class:`BoardError`, each with the path of the offending value (``tiles[3]``,
``figures[0].at``, ``rules.farm_scoring``; the empty path is the body itself), one of
the contract's error codes and a message a player understands. An empty list means the
request can be parsed by :func:`parse_request` and scored.

The checks are split by concern, one module each, and put together in
:class:`~.validator.RequestValidator`: the edition, expansions and rules (:mod:`.game`),
the players (:mod:`.players`), each tile (:mod:`.tiles`), the tiles together
(:mod:`.layout`), the players' figures (:mod:`.figures`), the neutral figures
(:mod:`.neutral`), and what needs the feature graph (:mod:`.finished`).
:func:`check_request` runs them in their one order.

>>> from scoring.engine.expansions import DEFAULT_REGISTRY
>>> from scoring.engine.tiles import TileSet
>>> tiles = TileSet([], DEFAULT_REGISTRY)
>>> errors = validate_request({"players": [{"color": "red"}], "tiles": []}, tiles)
>>> [(error.path, error.code.value) for error in errors]
[('players', 'invalid_player_count'), ('tiles', 'empty_board')]
>>> errors[1].message, errors[1].said
('The board has no tiles.', Message('error.empty_board.the_board_has_no_tiles', {}))
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..features import FeatureGraph
from ..problems import BoardError, ErrorCode
from ..request import ScoreRequest
from ..tiles import TileSet
from .base import (
    MAX_COORDINATE,
    MAX_FIGURES,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_TILES,
    MIN_PLAYERS,
    registry_of,
)
from .validator import RequestValidator

__all__ = [
    "MAX_COORDINATE", "MAX_FIGURES", "MAX_NAME_LENGTH", "MAX_PLAYERS", "MAX_POINTS",
    "MAX_TILES", "MIN_PLAYERS", "BoardError", "Checked", "ErrorCode", "InvalidRequestError",
    "RequestValidator", "check_request", "parse_draft", "parse_request", "registry_of",
    "validate_request",
]


@dataclasses.dataclass(frozen=True)
class Checked:
    """What :func:`check_request` found: every problem, or the request with its feature
    graph (a draft has no graph)."""

    errors: list[BoardError]
    request: ScoreRequest | None = None
    graph: FeatureGraph | None = None


def check_request(data: Any, tiles: TileSet, *, draft: bool = False) -> Checked:
    """The one sequence of checks: the request's fields (:meth:`RequestValidator.run`),
    then, when they hold, the parsed request, its feature graph and the checks that need
    the graph. A draft (see :class:`RequestValidator`) stops after parsing."""
    validator = RequestValidator(tiles, draft=draft)
    errors = validator.run(data)
    if errors:
        return Checked(errors)
    request = validator.request(data)
    if draft:
        return Checked([], request)
    board = request.board
    graph = FeatureGraph.from_placed(validator.placed(), board.figures, board.neutral)
    errors = validator.check_board(request, graph)
    if errors:
        return Checked(errors)
    return Checked([], request, graph)


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
    return check_request(data, tiles).errors


def parse_request(data: Any, tiles: TileSet) -> ScoreRequest:
    """A request to score, read and checked in full, every default filled in; raises
    :class:`InvalidRequestError` listing every problem. Reading what
    :meth:`ScoreRequest.to_json` wrote gives the same request back:

    >>> from scoring.engine.expansions import DEFAULT_REGISTRY, PACKAGES_DIR
    >>> from scoring.engine.rules import Edition
    >>> tiles = TileSet.from_yaml(str(PACKAGES_DIR / "base" / "tiles-base.yaml"),
    ...                           registry=DEFAULT_REGISTRY)
    >>> request = parse_request({
    ...     "players": [{"color": "red"}, {"color": "blue", "points": 3}],
    ...     "tiles": [{"tile": "D", "x": 0, "y": 0}],
    ... }, tiles)
    >>> request.edition, request.expansions == DEFAULT_REGISTRY.default_codes(Edition.C3)
    (Edition.C3, True)
    >>> request.players[1]
    Player(color=Color.BLUE, name=None, points=3, tokens=())
    >>> parse_request(request.to_json(), tiles) == request
    True
    """
    checked = check_request(data, tiles)
    if checked.errors:
        raise InvalidRequestError(checked.errors)
    assert checked.request is not None
    return checked.request


def parse_draft(data: Any, tiles: TileSet) -> ScoreRequest:
    """A board being rebuilt, read by the same reader as a board to score but checked
    for its form only (see :class:`RequestValidator`); raises
    :class:`InvalidRequestError` listing every problem."""
    checked = check_request(data, tiles, draft=True)
    if checked.errors:
        raise InvalidRequestError(checked.errors)
    assert checked.request is not None
    return checked.request

