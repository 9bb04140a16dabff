"""Little Buildings: what a player enters for the buildings and what the validator
refuses. The points are in the package's known-answer boards (``boards/``)."""

from scoring.engine import validate_request


def body(tiles, expansions=("farmers", "little-buildings")):
    return {"edition": "C1", "expansions": list(expansions),
            "players": [{"color": "red"}, {"color": "blue"}], "tiles": tiles, "figures": []}


def road(length, building="tower"):
    """A straight road of ``length`` U tiles going south, each with ``building``."""
    return [{"tile": "U", "x": 0, "y": y, "state": {"building": building}}
            for y in range(length)]


def problems(errors):
    return [(error.path, error.code.value, error.message) for error in errors]


def test_six_of_a_kind_fit_in_the_box_and_a_seventh_does_not(all_tiles):
    assert validate_request(body(road(6)), all_tiles) == []
    assert problems(validate_request(body(road(7)), all_tiles)) == [(
        "tiles[6].state.building", "invalid_building",
        "The tower at (0,6) is the 7th on the board, but the box holds only 6 towers.")]
    # Another kind beside the six towers is fine: the limit is per kind.
    mixed = road(7)
    mixed[6] = {**mixed[6], "state": {"building": "house"}}
    assert validate_request(body(mixed), all_tiles) == []


def test_a_building_the_box_does_not_have(all_tiles):
    [error] = validate_request(body(road(1, "castle")), all_tiles)
    assert (error.path, error.code.value) == ("tiles[0].state.building", "invalid_building")
    assert "tower" in error.message and "castle" in error.message


def test_buildings_need_the_expansion_in_play(all_tiles):
    [error] = validate_request(body(road(1), expansions=("farmers",)), all_tiles)
    assert (error.path, error.code.value) == ("tiles[0].state.building",
                                              "expansion_not_in_play")


def test_the_variant_is_a_rule_of_the_request(all_tiles):
    request = {**body(road(1)), "rules": {"little_buildings_scoring": "4-3-2"}}
    [error] = validate_request(request, all_tiles)
    assert (error.path, error.code.value) == ("rules.little_buildings_scoring",
                                              "invalid_rule_value")
