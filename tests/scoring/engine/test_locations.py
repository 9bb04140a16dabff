"""Location names, rotation and meeting rules, exactly as tiles-base-game.md states them."""

import pytest

from scoring.engine.locations import (
    HALF_EDGES,
    HALVES_OF_SIDE,
    InvalidLocationError,
    InvalidRotationError,
    Location,
    Side,
    parse_rotation,
)

# The spec's table for a quarter turn clockwise.
SPEC_ROTATION = {
    "N": "E", "E": "S", "S": "W", "W": "N",
    "NW": "EN", "NE": "ES", "EN": "SE", "ES": "SW",
    "SE": "WS", "SW": "WN", "WS": "NW", "WN": "NE",
    "C": "C",
}

# The spec's meeting rules, written from the northern and western tile's side.
SPEC_MEETS = {"N": "S", "NW": "SW", "NE": "SE", "E": "W", "EN": "WN", "ES": "WS"}


@pytest.mark.parametrize(("before", "after"), SPEC_ROTATION.items())
def test_quarter_turn_matches_spec(before, after):
    assert Location.parse(before).rotated(90) is Location.parse(after)


@pytest.mark.parametrize("location", list(Location))
def test_four_quarter_turns_are_identity(location):
    assert location.rotated(360) is location
    assert location.rotated(180) is location.rotated(90).rotated(90)
    assert location.rotated(270) is location.rotated(90).rotated(90).rotated(90)


@pytest.mark.parametrize(("mine", "theirs"), SPEC_MEETS.items())
def test_meeting_matches_spec_both_ways(mine, theirs):
    assert Location.parse(mine).meets() is Location.parse(theirs)
    assert Location.parse(theirs).meets() is Location.parse(mine)


@pytest.mark.parametrize("location", [*HALF_EDGES, Location.N, Location.E, Location.S, Location.W])
def test_meeting_is_across_the_opposite_side_and_turns_with_the_board(location):
    partner = location.meets()
    assert partner.side is location.side.opposite
    assert partner.meets() is location
    # Turning the whole board turns both tiles: the pair still meets.
    assert location.rotated(90).meets() is partner.rotated(90)


@pytest.mark.parametrize("location", [Location.C, Location.I])
def test_centre_meets_nothing(location):
    with pytest.raises(ValueError):
        location.meets()
    assert location.side is None


def test_side_of_a_location_turns_with_it():
    for location in Location:
        if location.side is not None:
            assert location.rotated(90).side is location.side.rotated(90)


def test_halves_of_each_side_are_its_half_edges_in_meeting_order():
    for side, (first, second) in HALVES_OF_SIDE.items():
        assert first.side is side and second.side is side
        assert first.meets() is HALVES_OF_SIDE[side.opposite][0]
        assert second.meets() is HALVES_OF_SIDE[side.opposite][1]
    assert len(HALF_EDGES) == 8 and all(h.is_half_edge and not h.is_edge for h in HALF_EDGES)


def test_side_offsets_follow_screen_coordinates():
    assert Side.N.offset == (0, -1)
    assert Side.E.offset == (1, 0)
    assert Side.S.offset == (0, 1)
    assert Side.W.offset == (-1, 0)
    assert [side.opposite for side in Side] == [Side.S, Side.W, Side.N, Side.E]
    assert Side.W.word == "west"


def test_parse_and_serialise_round_trip():
    for location in Location:
        assert Location.parse(str(location)) is location
        assert repr(location) == f"Location.{location.name}"
    assert [location.order for location in Location] == list(range(len(Location)))


@pytest.mark.parametrize("bad", ["", "n", "north", "NN", "CENTER"])
def test_parse_rejects_other_strings(bad):
    with pytest.raises(InvalidLocationError):
        Location.parse(bad)
    assert issubclass(InvalidLocationError, ValueError)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_parse_rotation_accepts_quarter_turns(rotation):
    assert parse_rotation(rotation) == rotation


@pytest.mark.parametrize("bad", [45, 360, -90, "90", 90.0, True, None])
def test_parse_rotation_rejects_everything_else(bad):
    with pytest.raises(InvalidRotationError):
        parse_rotation(bad)
