"""Every error code of the contract, with its path; and validation never raises."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import BASE, DEFAULT_REGISTRY, score
from scoring.engine.messages import ENGLISH, placeholders
from scoring.engine.validation import (
    MAX_FIGURES,
    MAX_TILES,
    ErrorCode,
    RequestValidator,
    parse_request,
    validate_request,
)

KNOWN_CODES = [
    code for code in DEFAULT_REGISTRY.codes
    if code != BASE and (DEFAULT_REGISTRY.expansion_of(code).code in (code, BASE))
]
"""What the unknown-expansion message lists: the base game's parts and every other
expansion, in registry order (not the parts of those expansions)."""


def test_the_unknown_expansion_message_lists_the_base_games_parts_and_whole_expansions():
    assert KNOWN_CODES[:6] == ["farmers", "abbot", "river", "river2", "inns-cathedrals",
                               "traders-builders"]
    assert {"darmstadt-promo", "big-top", "phantom"} <= set(KNOWN_CODES)
    assert not {"inns", "large-meeple", "circus"} & set(KNOWN_CODES)


RULE_NAMES = [option.name for option in DEFAULT_REGISTRY.rule_options]
"""What the unknown-rule message lists: every declared rule, in registry order."""


def test_the_unknown_rule_and_state_messages_list_the_declarations_in_order():
    assert RULE_NAMES[:7] == ["small_cities", "incomplete_features", "farm_scoring",
                              "incomplete_inns_cathedrals", "king_robber_scoring",
                              "hill_tiebreak", "fairy_placement"]
    assert list(DEFAULT_REGISTRY.tile_states)[:5] == [
        "tower", "tower_top", "ferry", "bridge", "animal_token"]


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
    # (code, request, path of the error, the whole message)
    ("invalid_type", [1, 2], "",
     "The request must be a JSON object, not a list."),
    ("invalid_type", changed(players="red"), "players",
     'players must be a list, not "red".'),
    ("invalid_type", changed(tiles=[{"tile": "D", "x": "0", "y": 0}]), "tiles[0].x",
     'x must be a whole number between -100000 and 100000, not "0".'),
    ("invalid_type", changed(tiles=[{"tile": "D", "x": True, "y": 0}]), "tiles[0].x",
     "x must be a whole number between -100000 and 100000, not true."),
    ("invalid_type", changed(tiles=[{"tile": "D", "x": 10**400, "y": 0}]), "tiles[0].x",
     "x must be a whole number between -100000 and 100000, not a very large number."),
    ("invalid_type", changed(tiles=[{"tile": "D", "x": 0, "y": -(10**6)}]), "tiles[0].y",
     "y must be a whole number between -100000 and 100000, not -1000000."),
    ("invalid_type", changed(tiles=[{"tile": "D", "x": 0, "y": 0, "rotation": 1e300}],
                             figures=[]),
     "tiles[0].rotation",
     "rotation must be a number of degrees (0, 90, 180 or 270), not 1e+300."),
    ("invalid_type", changed(rules={"small_cities": "yes"}), "rules.small_cities",
     'small_cities must be true or false, not "yes".'),
    ("missing_field", {"players": valid()["players"]}, "tiles",
     "The request must list the tiles."),
    ("missing_field", with_figure({"player": "red", "x": 0, "y": 0}), "figures[0].at",
     "Every figure needs its location on the tile (at)."),
    ("unknown_edition", changed(edition="C4"), "edition",
     'Unknown edition "C4": use C1, C2 or C3.'),
    ("unknown_expansion", changed(expansions=["farmers", "abbot", "dragons"]), "expansions[2]",
     f'Unknown expansion "dragons"; known: {", ".join(KNOWN_CODES)} (or any part of these).'),
    ("expansion_not_in_edition", changed(edition="C1", expansions=["farmers", "abbot"],
                                         figures=[]), "expansions[1]",
     "The Abbot does not exist in C1."),
    ("expansion_not_in_play", changed(expansions=["farmers"]), "figures[2].kind",
     'An abbot needs The Abbot: add "abbot" to expansions.'),
    ("expansion_not_in_play", changed(expansions=["abbot"]), "figures[1]",
     'A farmer on Tile E at (0,-1) needs The Farmers: add "farmers" to expansions.'),
    ("unknown_rule", changed(rules={"inns": True}), "rules.inns",
     f'Unknown rule "inns"; the rules are {", ".join(RULE_NAMES)}.'),
    ("invalid_rule_value", changed(rules={"farm_scoring": "fourth-edition"}),
     "rules.farm_scoring",
     'farm_scoring cannot be "fourth-edition": use third-edition, second-edition, '
     "first-edition."),
    ("invalid_player_count", changed(players=[{"color": "red"}], figures=[]), "players",
     "A game has 2 to 6 players, not 1."),
    ("invalid_player_count", changed(players=[{"color": c} for c in (
        "yellow", "red", "green", "blue", "black", "gray", "pink")]), "players",
     "A game has 2 to 6 players, not 7."),
    ("unknown_color", changed(players=[{"color": "red"}, {"color": "blue"}, {"color": "purple"}]),
     "players[2].color",
     '"purple" is not a player colour; use yellow, red, green, blue, black, gray, pink.'),
    ("duplicate_color", changed(players=[{"color": "red"}, {"color": "blue"}, {"color": "red"}]),
     "players[2].color",
     "Two players are red: players[0] and players[2]."),
    ("invalid_points", changed(players=[{"color": "red", "points": -1}, {"color": "blue"}]),
     "players[0].points",
     "A player's points cannot be negative (-1)."),
    ("invalid_points", changed(players=[{"color": "red"}, {"color": "blue", "points": 10**20}]),
     "players[1].points",
     "points must be at most 1,000,000 (more than any scoreboard shows), not a very large "
     "number."),
    ("empty_board", changed(tiles=[], figures=[]), "tiles",
     "The board has no tiles."),
    ("too_many_tiles", changed(tiles=road_of_d(MAX_TILES + 1), figures=[]), "tiles",
     "The board has 2,001 tiles; the limit is 2,000."),
    ("unknown_tile", with_tile({"tile": "Z", "x": 2, "y": 0}), "tiles[3].tile",
     'There is no tile "Z".'),
    ("tile_not_in_edition", changed(edition="C1", figures=[], tiles=[
        {"tile": "D", "x": 0, "y": 0}, {"tile": "E-garden", "x": 0, "y": -1, "rotation": 180}]),
     "tiles[1].tile",
     "Tile E-garden does not exist in C1, which has no gardens: use tile E, or play C2 or C3."),
    ("invalid_rotation", with_tile({"tile": "U", "x": 0, "y": 1, "rotation": 45}),
     "tiles[3].rotation",
     "rotation must be 0, 90, 180 or 270 degrees clockwise, not 45."),
    ("duplicate_position", with_tile({"tile": "B", "x": 1, "y": 0}), "tiles[3]",
     "Tile B at (1,0) is on the same square as tiles[2] (tile A)."),
    ("disconnected_tile", with_tile({"tile": "B", "x": 5, "y": 5}), "tiles[3]",
     "Tile B at (5,5) does not touch the rest of the board along an edge."),
    ("edge_mismatch", with_tile({"tile": "B", "x": -1, "y": 0}), "tiles[3]",
     "Tile B at (-1,0) does not fit: its east edge is a field but the west edge of tile D at "
     "(0,0) is a road."),
    ("too_many_copies", changed(tiles=road_of_d(5), figures=[]), "tiles[4]",
     "The board has 5 copies of tile D but C3 has only 4 (the start tile is one of them)."),
    ("unknown_player", with_figure({"player": "green", "x": 0, "y": 0, "at": "N"}),
     "figures[0].player",
     'No player has the colour "green".'),
    ("unknown_figure_kind", with_figure({"player": "red", "x": 0, "y": 0, "at": "N",
                                         "kind": "wizard"}), "figures[0].kind",
     'Unknown figure kind "wizard"; known kinds: abbot, barn, builder, castle, large, mayor, '
     'meeple, phantom, pig, ringmaster, shepherd, wagon.'),
    ("invalid_location", with_figure({"player": "red", "x": 0, "y": 0, "at": "X"}),
     "figures[0].at",
     # With a large tile in the registry (the City of Carcassonne), an unknown name may be
     # a district, so the message names the tile, and on an ordinary tile lists the
     # locations as before.
     '"X" is not a location of Tile D at (0,0); use one of N, E, S, W, NW, NE, EN, ES, '
     'SE, SW, WS, WN, C, I, II.'),
    ("no_tile_at_figure", with_figure({"player": "red", "x": 9, "y": 9, "at": "N"}),
     "figures[0]",
     "There is no tile at (9,9)."),
    ("no_feature_at_location", with_figure({"player": "red", "x": 0, "y": 0, "at": "C"}),
     "figures[0].at",
     "Tile D at (0,0) has no monastery or garden in its centre."),
    ("no_feature_at_location", with_figure({"player": "red", "x": 0, "y": 0, "at": "NW"}),
     "figures[0].at",
     "Tile D at (0,0) has no field at NW: its north edge is a city."),
    ("no_feature_at_location", with_figure({"player": "red", "x": 0, "y": 0, "at": "S"}),
     "figures[0].at",
     "Tile D at (0,0) has no road or city on its south edge (it is a field); name a field by a"
     " half-edge such as SW."),
    ("figure_not_allowed", with_figure({"player": "red", "x": 1, "y": 0, "at": "W",
                                        "kind": "abbot"}), "figures[0]",
     "An abbot may not stand on a road (Tile A at (1,0), W); it may stand on a monastery or a "
     "garden."),
    ("figure_not_allowed", with_figure({"player": "red", "x": 0, "y": -1, "at": "C"}, tiles=[
        {"tile": "D", "x": 0, "y": 0}, {"tile": "E-garden", "x": 0, "y": -1, "rotation": 180}]),
     "figures[0]",
     "A meeple may not stand on a garden (Tile E-garden at (0,-1), C); it may stand on a road,"
     " a city, a monastery or a farm."),
    ("too_many_figures", changed(figures=[{"player": "red", "x": 0, "y": 0, "at": "E"}] * 8),
     "figures[7]",
     "Red has more than 7 meeples on the board, but a player owns only 7."),
    ("too_many_figures", changed(figures=[{"player": "red", "x": 1, "y": 0, "at": "C",
                                           "kind": "abbot"}] * 2), "figures[1]",
     "Red has more than 1 abbot on the board, but a player owns only 1."),
    ("too_many_figures", changed(figures=[{"player": "red", "x": 0, "y": 0, "at": "E"}]
                                 * (MAX_FIGURES + 1)), "figures",
     "The board has 2,001 figures; the limit is 2,000."),
    ("unknown_tile_state", changed(tiles=[{"tile": "D", "x": 0, "y": 0,
                                           "state": {"gate": "open"}}, *valid()["tiles"][1:]]),
     "tiles[0].state.gate",
     f'Unknown tile state "gate"; the states are: {", ".join(DEFAULT_REGISTRY.tile_states)}.'),
]


def _contract(error):
    """An error object's contract keys (its message's id and parameters left aside)."""
    return {key: error[key] for key in ("path", "code", "message")}


@pytest.mark.parametrize(("code", "request_body", "path", "message"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_each_error_code(base_tiles, code, request_body, path, message):
    errors = validate_request(copy.deepcopy(request_body), base_tiles)
    assert [_contract(error.to_json()) for error in errors] == [
        {"path": path, "code": code, "message": message}
    ]
    # The sentence is the engine's message: an id whose English template takes exactly
    # its parameters and writes the sentence.
    (error,) = errors
    assert error.to_json()["message_id"] == error.said.id
    assert placeholders(ENGLISH[error.said.id]) == set(error.said.params)
    assert error.said.text(dict(ENGLISH)) == message
    # One sentence a player can read; only the list of every expansion's code runs long,
    # and it grows with each expansion registered.
    longest = 300 + (len(", ".join(KNOWN_CODES)) if code == "unknown_expansion" else 0)
    assert message.endswith(".") and len(message) < longest


def test_every_code_but_invalid_json_has_a_case():
    # invalid_json belongs to the HTTP layer (tests/scoring/test_api.py).
    assert {case[0] for case in CASES} == {code.value for code in ErrorCode} - {"invalid_json"}


def test_the_contract_example_message(base_tiles):
    request = changed(figures=[], tiles=[
        {"tile": "E", "x": 1, "y": 0, "rotation": 0},
        {"tile": "K", "x": 2, "y": 0, "rotation": 0},
    ])
    (error,) = validate_request(request, base_tiles)
    assert _contract(error.to_json()) == {
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


def test_a_board_listed_out_of_laying_order_is_in_one_piece(base_tiles):
    # The middle tile of the road is listed last, so the one listed before it touches no
    # tile listed earlier: the board is still whole.
    first, middle, last = road_of_d(3)
    request = changed(tiles=[first, last, middle], figures=[])
    assert validate_request(request, base_tiles) == []


def _joined_edge_to_edge(squares):
    """Whether the squares form one group, neighbours sharing an edge (searched here the
    plain way, apart from the validator's shortcuts)."""
    left = set(squares)
    stack = [left.pop()]
    while stack:
        x, y = stack.pop()
        for neighbour in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if neighbour in left:
                left.remove(neighbour)
                stack.append(neighbour)
    return not left


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=2, max_size=10,
                unique=True))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_board_is_in_one_piece_exactly_when_its_tiles_are_joined(base_tiles, squares):
    # Monasteries amid fields fit beside any of them, so only where the tiles lie
    # matters, listed in any order (laying order or not).
    request = changed(figures=[], tiles=[{"tile": "B", "x": x, "y": y} for x, y in squares])
    errors = validate_request(request, base_tiles)
    disconnected = any(error.code is ErrorCode.DISCONNECTED_TILE for error in errors)
    assert disconnected is not _joined_edge_to_edge(squares)


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
        parsed = parse_request(request, base_tiles)
        assert validator.request(request) == parsed
        assert score(parsed, base_tiles) == score(
            parsed, base_tiles, placed=validator.placed()
        )


def test_the_validator_refuses_to_hand_over_a_request_with_problems(base_tiles):
    validator = RequestValidator(base_tiles)
    assert validator.run(changed(edition="C4"))
    with pytest.raises(ValueError):
        validator.request(changed(edition="C4"))
