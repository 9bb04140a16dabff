"""The Tower: the tower state of a tile as the validator reads it (the scored board is
``fixtures/boards/tower-top-scores-nothing.json``)."""

from scoring.engine import score_request, validate_request

TOWER = ["farmers", "abbot", "tower"]


def request(tiles, figures=(), expansions=TOWER):
    return {
        "edition": "C2", "expansions": list(expansions),
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": 0, **({"state": state} if state
                                                                   else {})}
                  for code, x, y, state in tiles],
        "figures": [dict(zip(("player", "x", "y", "at"), figure, strict=True))
                    for figure in figures],
    }


def found(body, tiles):
    return [(error.path, error.code.value if hasattr(error.code, "value") else error.code)
            for error in validate_request(body, tiles)]


def test_a_tower_state_on_a_tile_without_a_foundation_is_refused(all_tiles):
    assert found(request([("E", 0, 0, {"tower": 2})]), all_tiles) == [
        ("tiles[0].state.tower", "invalid_tower")]


def test_a_top_of_a_colour_not_playing_is_refused(all_tiles):
    body = request([("tower-1", 0, 0, {"tower": 2, "tower_top": "green"})])
    assert found(body, all_tiles) == [("tiles[0].state.tower_top", "invalid_tower")]


def test_a_top_on_a_tower_without_floors_is_refused(all_tiles):
    body = request([("tower-1", 0, 0, {"tower_top": "red"})])
    assert found(body, all_tiles) == [("tiles[0].state.tower_top", "invalid_tower")]
    # In words the player reads beside the tile's height box, not the request's.
    [error] = validate_request(body, all_tiles)
    assert error.message == ("The tower at (0,0) has no floors: a meeple only tops a tower "
                             "of at least one floor (enter the tower's height in floors).")


def test_more_floors_than_the_box_holds_are_refused(all_tiles):
    # tower-1 (city north) at (0,0) and tower-3 (monastery) at (1,0): 20 + 11 = 31 > 30.
    body = request([("tower-1", 0, 0, {"tower": 20}), ("tower-3", 1, 0, {"tower": 11})])
    assert found(body, all_tiles) == [("tiles", "invalid_tower")]


def test_a_height_outside_0_to_30_is_refused(all_tiles):
    body = request([("tower-1", 0, 0, {"tower": 31})])
    assert found(body, all_tiles) == [("tiles[0].state.tower", "invalid_tower")]


def test_the_tower_state_without_the_tower_is_refused(all_tiles):
    body = request([("E", 0, 0, {"tower": 1})], expansions=["farmers", "abbot"])
    assert found(body, all_tiles) == [("tiles[0].state.tower", "expansion_not_in_play")]


def test_a_tower_alone_scores_nothing(all_tiles):
    # tower-2 (field only, a tower of 4 floors, no top): nothing to score.
    body = request([("tower-2", 0, 0, {"tower": 4})])
    result = score_request(body, all_tiles).to_json()
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 0, "blue": 0}
    assert result["tower_tops"] == []


# tower-7 (four roads leaving a village, a tower foundation) at (0,0) and X (four roads
# leaving a village) at (1,0): seven roads, the one between them shared. Red's meeples
# stand on as many of them as a test asks; the tower is 2 floors high.
SEVEN_ROADS = [(0, 0, "N"), (0, 0, "S"), (0, 0, "W"), (0, 0, "E"), (1, 0, "N"),
               (1, 0, "S"), (1, 0, "E")]


def towers_and_roads(meeples, top="red"):
    return request([("tower-7", 0, 0, {"tower": 2, "tower_top": top}), ("X", 1, 0, None)],
                   [("red", x, y, at) for x, y, at in SEVEN_ROADS[:meeples]])


def test_a_tower_top_beyond_the_owners_seven_meeples_is_refused(all_tiles):
    # Seven meeples on the roads and an eighth on the tower: red owns only seven.
    body = towers_and_roads(7)
    assert found(body, all_tiles) == [("tiles[0].state.tower_top", "invalid_tower")]
    [error] = validate_request(body, all_tiles)
    assert error.message == (
        "The tower at (0,0) is topped by a red meeple, but red has no meeple left for it: "
        "with the towers topped so far and the meeples on the board that makes 8, and a "
        "player owns only 7. Take a red meeple off the board or off a tower top.")


def test_a_tower_top_as_the_seventh_meeple_is_accepted(all_tiles):
    assert found(towers_and_roads(6), all_tiles) == []


def test_another_players_tower_top_does_not_count_against_red(all_tiles):
    assert found(towers_and_roads(7, top="blue"), all_tiles) == []


def test_each_tower_top_counts_and_only_the_one_too_many_is_named(all_tiles):
    # Five meeples on the roads and three tops: tower-7's, tower-4 (roads west and south)
    # at (-1,0) turned 180° so that a road meets tower-7's west road, and tower-5 (roads
    # north, east and west) at (0,1), its north road meeting tower-7's south road. The
    # first two tops make 7; the third, the 8th meeple, is the one refused.
    tiles = [("tower-7", 0, 0, {"tower": 2, "tower_top": "red"}), ("X", 1, 0, None)]
    body = request(tiles, [("red", x, y, at) for x, y, at in SEVEN_ROADS[:5]])
    body["tiles"] += [
        {"tile": "tower-4", "x": -1, "y": 0, "rotation": 180,
         "state": {"tower": 1, "tower_top": "red"}},
        {"tile": "tower-5", "x": 0, "y": 1, "rotation": 0,
         "state": {"tower": 1, "tower_top": "red"}},
    ]
    assert found(body, all_tiles) == [("tiles[3].state.tower_top", "invalid_tower")]
