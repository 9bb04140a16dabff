"""Placed tiles, figures, colours and the parsed request."""

import pytest

from scoring.engine.board import Board, BoardParseError, Color, Figure, PlacedTile
from scoring.engine.expansions.base.farmers import FarmScoring
from scoring.engine.locations import InvalidRotationError, Location
from scoring.engine.request import Player
from scoring.engine.rules import Edition
from scoring.engine.validation import parse_request


def test_placed_tile_round_trip_and_default_rotation():
    tile = PlacedTile.from_json({"tile": "K", "x": 2, "y": -3, "rotation": 270})
    assert tile == PlacedTile("K", 2, -3, 270)
    assert PlacedTile.from_json(tile.to_json()) == tile
    assert PlacedTile.from_json({"tile": "K", "x": 0, "y": 0}).rotation == 0
    assert tile.position == (2, -3)


def test_placed_tile_rejects_bad_values():
    with pytest.raises(InvalidRotationError):
        PlacedTile.from_json({"tile": "K", "x": 0, "y": 0, "rotation": 45})
    with pytest.raises(BoardParseError):
        PlacedTile.from_json({"tile": "K", "x": True, "y": 0})
    with pytest.raises(BoardParseError):
        PlacedTile.from_json({"tile": 3, "x": 0, "y": 0})


def test_figure_round_trip_and_default_kind():
    figure = Figure.from_json({"player": "gray", "x": 1, "y": 1, "at": "SW"}, "meeple")
    assert figure == Figure(Color.GRAY, 1, 1, Location.SW, "meeple")
    assert Figure.from_json(figure.to_json()) == figure
    assert repr(figure) == (
        "Figure(player=Color.GRAY, x=1, y=1, at=Location.SW, kind='meeple')"
    )


@pytest.mark.parametrize(
    "data",
    [
        {"player": "purple", "x": 0, "y": 0, "at": "N"},
        {"player": "red", "x": 0, "y": 0, "at": "middle"},
        {"player": "red", "x": 0, "y": 0},
        {"player": "red", "x": 0, "y": 0, "at": "N", "kind": 1},
    ],
)
def test_figure_rejects_bad_values(data):
    with pytest.raises(BoardParseError):
        Figure.from_json(data)


def test_gray_and_pink_are_different_colours():
    assert Color.parse("gray") is not Color.parse("pink")
    assert len(Color) == 7


def test_board_looks_up_squares_and_refuses_two_tiles_on_one():
    board = Board([PlacedTile("D", 0, 0), PlacedTile("E", 0, -1, 180)], [])
    assert board.tile_at(0, -1).code == "E"
    assert board.tile_at(5, 5) is None
    assert (0, 0) in board and len(board) == 2
    assert Board.from_json([t.to_json() for t in board]) == board
    with pytest.raises(BoardParseError):
        Board([PlacedTile("D", 0, 0), PlacedTile("E", 0, 0)], [])


def test_request_defaults(base_tiles):
    request = parse_request({
        "edition": "C1",
        "players": [{"color": "red"}, {"color": "blue", "name": None, "points": None}],
        "tiles": [{"tile": "D", "x": 0, "y": 0}],
    }, base_tiles)
    assert request.edition is Edition.C1
    assert request.expansions == ("farmers",)  # no abbot in C1
    assert request.rules.farm_scoring is FarmScoring.THIRD_EDITION
    assert request.players[1] == Player(Color.BLUE)
    assert request.board.figures == ()


def test_request_normalises_the_expansion_list(base_tiles):
    a = parse_request({
        "expansions": ["abbot", "farmers", "abbot", "base"],
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "D", "x": 0, "y": 0}],
    }, base_tiles)
    assert a.expansions == ("farmers", "abbot")
    assert parse_request(a.to_json(), base_tiles) == a
