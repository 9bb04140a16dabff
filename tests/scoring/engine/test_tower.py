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
