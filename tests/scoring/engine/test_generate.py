"""The generator's inputs of the expansions (generate.add_inputs), which the score bench
uses to draw Big Box 6 and majors games with tile states, neutral figures and tokens."""

import random

from scoring.engine.generate import add_inputs
from scoring.engine.validation import validate_request


def small_game(expansions: list[str]) -> dict:
    """Base tile D (a city north, a road east to west) with a lake tile of The Ferries
    east of it, a red meeple on D's road and a blue one on D's city."""
    return {
        "edition": "C2",
        "expansions": expansions,
        "players": [{"color": "red", "points": 30}, {"color": "blue", "points": 0}],
        "tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 0},
                  {"tile": "ferries-B", "x": 1, "y": 0, "rotation": 0}],
        "figures": [{"player": "red", "x": 0, "y": 0, "at": "E", "kind": "meeple"},
                    {"player": "blue", "x": 0, "y": 0, "at": "N", "kind": "meeple"}],
    }


def test_score_markers_carry_the_points(all_tiles):
    game = add_inputs(small_game(["farmers", "messages", "ferries"]), all_tiles,
                      random.Random(3))
    red, blue = game["players"]
    # The points move onto the two markers: red's add up to 30, blue's to 0.
    assert "points" not in red and "points" not in blue
    assert set(red["markers"]) == {"meeple", "messenger"}
    assert sum(red["markers"].values()) == 30
    assert blue["markers"] == {"meeple": 0, "messenger": 0}


def test_only_tiles_that_take_a_state_get_one(all_tiles):
    game = add_inputs(small_game(["farmers", "ferries"]), all_tiles, random.Random(3))
    plain, lake = game["tiles"]
    assert "state" not in plain
    # Two of the lake's jetties (its roads run east, south and west), named by side.
    first, second = lake["state"]["ferry"].split("-")
    assert first != second and {first, second} <= {"N", "E", "S", "W"}


def test_neutral_figures_stand_beside_a_players_figure(all_tiles):
    game = small_game(["farmers", "mage-witch"])
    del game["tiles"][1]  # no lake without The Ferries
    game = add_inputs(game, all_tiles, random.Random(3))
    # Mage and witch stand on roads or cities: the two figures stand on D's road (E) and
    # city (N), so each neutral figure takes one of those two spots.
    kinds = [piece["kind"] for piece in game["neutral"]]
    assert kinds == ["mage", "witch"]
    for piece in game["neutral"]:
        assert (piece["x"], piece["y"]) == (0, 0) and piece["at"] in {"E", "N"}
    # Both on the same feature is the one thing the rules refuse here.
    errors = validate_request(game, all_tiles)
    same = game["neutral"][0]["at"] == game["neutral"][1]["at"]
    assert [error.code.value for error in errors] == (["mage_beside_witch"] if same else [])
