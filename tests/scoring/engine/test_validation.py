"""Every error code of the contract, with its path; and validation never raises."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import ScoreRequest, score
from scoring.engine.validation import (
    MAX_FIGURES,
    MAX_TILES,
    ErrorCode,
    RequestValidator,
    validate_request,
)


def valid():
    """The contract's example board: valid in C2 and C3."""
    return {
        "players": [{"color": "red", "points": 57}, {"color": "blue", "points": 61}],
        "tiles": [
            {"tile": "D", "x": 0, "y": 0, "rotation": 0},
            {"tile": "E", "x": 0, "y": -1, "rotation": 180},
            {"tile": "A", "x": 1, "y": 0, "rotation": 90},
        ],
        "figures": [
            {"player": "red", "x": 0, "y": 0, "at": "W"},
            {"player": "blue", "x": 0, "y": -1, "at": "NW"},
            {"player": "red", "x": 1, "y": 0, "at": "C", "kind": "abbot"},
        ],
    }


def changed(**changes):
    request = valid()
    request.update(changes)
    return request


def with_figure(figure, **changes):
    request = changed(**changes)
    request["figures"] = [figure]
    return request


def with_tile(tile, **changes):
    request = changed(**changes)
    request["tiles"].append(tile)
    return request


def road_of_d(count):
    return [{"tile": "D", "x": x, "y": 0, "rotation": 0} for x in range(count)]


CASES = [
    # (code, request, path of the error)
    ("invalid_type", [1, 2], ""),
    ("invalid_type", changed(players="red"), "players"),
    ("invalid_type", changed(tiles=[{"tile": "D", "x": "0", "y": 0}]), "tiles[0].x"),
    ("invalid_type", changed(tiles=[{"tile": "D", "x": True, "y": 0}]), "tiles[0].x"),
    ("invalid_type", changed(tiles=[{"tile": "D", "x": 10**400, "y": 0}]), "tiles[0].x"),
    ("invalid_type", changed(rules={"small_cities": "yes"}), "rules.small_cities"),
    ("missing_field", {"players": valid()["players"]}, "tiles"),
    ("missing_field", with_figure({"player": "red", "x": 0, "y": 0}), "figures[0].at"),
    ("unknown_edition", changed(edition="C4"), "edition"),
    ("unknown_expansion", changed(expansions=["farmers", "abbot", "dragons"]), "expansions[2]"),
    ("expansion_not_in_edition", changed(edition="C1", expansions=["farmers", "abbot"],
                                         figures=[]), "expansions[1]"),
    ("expansion_not_in_play", changed(expansions=["farmers"]), "figures[2].kind"),
    ("expansion_not_in_play", changed(expansions=["abbot"]), "figures[1]"),
    ("unknown_rule", changed(rules={"inns": True}), "rules.inns"),
    ("invalid_rule_value", changed(rules={"farm_scoring": "fourth-edition"}),
     "rules.farm_scoring"),
    ("invalid_player_count", changed(players=[{"color": "red"}], figures=[]), "players"),
    ("invalid_player_count", changed(players=[{"color": c} for c in (
        "yellow", "red", "green", "blue", "black", "gray", "pink")]), "players"),
    ("unknown_color", changed(players=[{"color": "red"}, {"color": "blue"}, {"color": "purple"}]),
     "players[2].color"),
    ("duplicate_color", changed(players=[{"color": "red"}, {"color": "blue"}, {"color": "red"}]),
     "players[2].color"),
    ("invalid_points", changed(players=[{"color": "red", "points": -1}, {"color": "blue"}]),
     "players[0].points"),
    ("empty_board", changed(tiles=[], figures=[]), "tiles"),
    ("too_many_tiles", changed(tiles=road_of_d(MAX_TILES + 1), figures=[]), "tiles"),
    ("unknown_tile", with_tile({"tile": "Z", "x": 2, "y": 0}), "tiles[3].tile"),
    ("tile_not_in_edition", changed(edition="C1", figures=[], tiles=[
        {"tile": "D", "x": 0, "y": 0}, {"tile": "E-garden", "x": 0, "y": -1, "rotation": 180}]),
     "tiles[1].tile"),
    ("invalid_rotation", with_tile({"tile": "U", "x": 0, "y": 1, "rotation": 45}),
     "tiles[3].rotation"),
    ("duplicate_position", with_tile({"tile": "B", "x": 1, "y": 0}), "tiles[3]"),
    ("disconnected_tile", with_tile({"tile": "B", "x": 5, "y": 5}), "tiles[3]"),
    ("edge_mismatch", with_tile({"tile": "B", "x": -1, "y": 0}), "tiles[3]"),
    ("too_many_copies", changed(tiles=road_of_d(5), figures=[]), "tiles[4]"),
    ("unknown_player", with_figure({"player": "green", "x": 0, "y": 0, "at": "N"}),
     "figures[0].player"),
    ("unknown_figure_kind", with_figure({"player": "red", "x": 0, "y": 0, "at": "N",
                                         "kind": "wizard"}), "figures[0].kind"),
    ("invalid_location", with_figure({"player": "red", "x": 0, "y": 0, "at": "X"}),
     "figures[0].at"),
    ("no_tile_at_figure", with_figure({"player": "red", "x": 9, "y": 9, "at": "N"}),
     "figures[0]"),
    ("no_feature_at_location", with_figure({"player": "red", "x": 0, "y": 0, "at": "C"}),
     "figures[0].at"),
    ("no_feature_at_location", with_figure({"player": "red", "x": 0, "y": 0, "at": "NW"}),
     "figures[0].at"),
    ("no_feature_at_location", with_figure({"player": "red", "x": 0, "y": 0, "at": "S"}),
     "figures[0].at"),
    ("figure_not_allowed", with_figure({"player": "red", "x": 1, "y": 0, "at": "W",
                                        "kind": "abbot"}), "figures[0]"),
    ("figure_not_allowed", with_figure({"player": "red", "x": 0, "y": -1, "at": "C"}, tiles=[
        {"tile": "D", "x": 0, "y": 0}, {"tile": "E-garden", "x": 0, "y": -1, "rotation": 180}]),
     "figures[0]"),
    ("too_many_figures", changed(figures=[{"player": "red", "x": 0, "y": 0, "at": "E"}] * 8),
     "figures[7]"),
    ("too_many_figures", changed(figures=[{"player": "red", "x": 1, "y": 0, "at": "C",
                                           "kind": "abbot"}] * 2), "figures[1]"),
    ("too_many_figures", changed(figures=[{"player": "red", "x": 0, "y": 0, "at": "E"}]
                                 * (MAX_FIGURES + 1)), "figures"),
]


@pytest.mark.parametrize(("code", "request_body", "path"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_each_error_code(base_tiles, code, request_body, path):
    errors = validate_request(copy.deepcopy(request_body), base_tiles)
    assert [(error.code.value, error.path) for error in errors] == [(code, path)]
    assert errors[0].message.endswith(".") and len(errors[0].message) < 300


def test_every_code_but_invalid_json_has_a_case():
    # invalid_json belongs to the HTTP layer (tests/scoring/test_api.py).
    assert {case[0] for case in CASES} == {code.value for code in ErrorCode} - {"invalid_json"}


def test_the_contract_example_message(base_tiles):
    request = changed(figures=[], tiles=[
        {"tile": "E", "x": 1, "y": 0, "rotation": 0},
        {"tile": "K", "x": 2, "y": 0, "rotation": 0},
    ])
    (error,) = validate_request(request, base_tiles)
    assert error.to_json() == {
        "path": "tiles[1]", "code": "edge_mismatch",
        "message": "Tile K at (2,0) does not fit: its west edge is a road but the east edge "
                   "of tile E at (1,0) is a field.",
    }


def test_all_problems_are_reported_at_once(base_tiles):
    request = valid()
    request["edition"] = "C7"
    request["players"][0]["points"] = -5
    request["tiles"][2]["rotation"] = 100
    request["figures"][0]["at"] = "Q"
    request["figures"][1]["player"] = "pink"
    codes = [error.code.value for error in validate_request(request, base_tiles)]
    assert codes == [
        "unknown_edition", "invalid_points", "invalid_rotation", "invalid_location",
        "unknown_player",
    ]


def test_figures_are_not_blamed_for_problems_of_players_or_tiles(base_tiles):
    # Only the root cause is reported, not its echo on every figure.
    request = changed(players="red and blue")
    assert [e.path for e in validate_request(request, base_tiles)] == ["players"]
    request = valid()
    request["players"][1]["color"] = "purple"
    request["figures"][1]["player"] = "purple"
    assert [e.path for e in validate_request(request, base_tiles)] == ["players[1].color"]
    request = valid()
    request["tiles"][0]["x"] = "zero"
    assert [e.path for e in validate_request(request, base_tiles)] == ["tiles[0].x"]


def test_messages_name_what_to_add(base_tiles):
    (error,) = validate_request(changed(expansions=["abbot"]), base_tiles)
    assert error.message == (
        'A farmer on Tile E at (0,-1) needs The Farmers: add "farmers" to expansions.'
    )
    request = changed(edition="C1", expansions=["farmers"])
    (error,) = validate_request(request, base_tiles)
    assert error.message == "An abbot needs The Abbot, which C1 does not have."


def test_defaults_drop_the_abbot_in_c1(base_tiles):
    request = changed(edition="C1")
    assert [e.code.value for e in validate_request(request, base_tiles)] == [
        "expansion_not_in_play"
    ]
    request["figures"].pop()
    assert validate_request(request, base_tiles) == []


def test_the_start_tile_is_one_of_the_four_d(base_tiles):
    assert validate_request(changed(tiles=road_of_d(4), figures=[]), base_tiles) == []


def test_nulls_mean_defaults_for_optional_fields(base_tiles):
    request = changed(edition=None, expansions=None, rules={"farm_scoring": None})
    request["players"][0]["points"] = None
    request["tiles"][0]["rotation"] = None
    request["figures"][0]["kind"] = None
    assert validate_request(request, base_tiles) == []


def test_the_largest_group_of_tiles_is_the_board(base_tiles):
    # Two tiles far away are the stray ones, whichever comes first in the list.
    request = changed(figures=[], tiles=[
        {"tile": "U", "x": 10, "y": 10}, {"tile": "U", "x": 10, "y": 11},
        *valid()["tiles"],
    ])
    errors = validate_request(request, base_tiles)
    assert [(e.code.value, e.path) for e in errors] == [
        ("disconnected_tile", "tiles[0]"), ("disconnected_tile", "tiles[1]"),
    ]


# -- robustness ------------------------------------------------------------------------

JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=10**300),
    st.floats(allow_nan=True), st.text(max_size=12),
    st.sampled_from(["D", "E", "E-garden", "C1", "C3", "abbot", "farmers", "red", "blue",
                     "N", "SW", "C", "I", "meeple", "first-edition", 90, 270, 0, 1, -1]),
)
JSON = st.recursive(
    JSON_LEAVES,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.sampled_from(["tile", "x", "y", "at", "player", "color", "kind",
                                         "rotation", "points", "name", "players", "tiles",
                                         "figures", "rules", "edition", "expansions"])
                        | st.text(max_size=5), children, max_size=5),
    ),
    max_leaves=20,
)


@given(JSON)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_validation_never_raises_on_any_json(base_tiles, data):
    errors = validate_request(data, base_tiles)
    assert all(isinstance(error.code, ErrorCode) for error in errors)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


@given(st.data())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_request_that_passes_validation_can_be_scored(base_tiles, data):
    request = changed(edition="C3", expansions=["farmers", "abbot"],
                      rules={"farm_scoring": "first-edition"})
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(request) if p]
        path = data.draw(st.sampled_from(paths))
        parent = request
        for key in path[:-1]:
            parent = parent[key]
        if isinstance(parent, dict) and data.draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JSON)
    validator = RequestValidator(base_tiles)
    if not validator.run(request):
        parsed = ScoreRequest.from_json(request)
        assert validator.request(request) == parsed
        assert score(parsed, base_tiles) == score(
            parsed, base_tiles, placed=validator.placed()
        )


def test_the_validator_refuses_to_hand_over_a_request_with_problems(base_tiles):
    validator = RequestValidator(base_tiles)
    assert validator.run(changed(edition="C4"))
    with pytest.raises(ValueError):
        validator.request(changed(edition="C4"))
