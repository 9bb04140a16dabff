"""Small expansions whose rules act during play only (The Festival, Mini Expansion GQ#11,
The Wind Roses): they add no step to the final scoring, and GQ#11's river tiles follow the
river's rules. Their scored boards are known answers of ``fixtures/boards``."""

import copy
import json

from scoring.engine import validate_request
from scoring.engine.expansions import DEFAULT_REGISTRY
from tests.known_boards import board_path


def request_of(stem):
    return json.loads(board_path(f"{stem}").read_text(encoding="utf-8"))["request"]


def codes_of(errors):
    return [(error.path, error.code.value) for error in errors]


def test_they_add_no_final_scoring_step():
    for code in ("festival", "gq11", "wind-roses"):
        with_it = DEFAULT_REGISTRY.in_play(["farmers", code]).steps
        without = DEFAULT_REGISTRY.in_play(["farmers"]).steps
        assert [step.code for step in with_it] == [step.code for step in without], code


def test_the_gq11_spring_is_the_one_spring_of_the_game(all_tiles):
    body = request_of("gq11-spring-splits-the-field")
    assert codes_of(validate_request(copy.deepcopy(body), all_tiles)) == []
    # The spring of The River too, below a monastery in open fields: a second spring, and
    # a river tile away from the first spring's river.
    body["tiles"].append({"tile": "B", "x": 0, "y": 1, "rotation": 0})
    body["tiles"].append({"tile": "river-A", "x": 0, "y": 2, "rotation": 0})
    assert codes_of(validate_request(body, all_tiles)) == [
        ("tiles[5]", "river_spring"), ("tiles[5]", "river_not_connected")]


def test_gq11_river_tiles_follow_the_river_rules_without_the_river_listed(all_tiles):
    # Only gq11 listed: its river tile above a city, its river joined to nothing.
    body = {"edition": "C1", "expansions": ["farmers", "gq11"],
            "players": [{"color": "red"}, {"color": "blue"}], "figures": [], "tiles": [
                {"tile": "gq11-A", "x": 0, "y": 0, "rotation": 0},
                {"tile": "D", "x": -1, "y": 0, "rotation": 0},
                {"tile": "gq11-B", "x": -1, "y": -1, "rotation": 0}]}
    assert codes_of(validate_request(body, all_tiles)) == [("tiles[2]", "river_not_connected")]


def test_a_game_with_the_wind_roses_starts_from_the_orange_rose(all_tiles):
    in_play = DEFAULT_REGISTRY.in_play(["farmers", "wind-roses"])
    assert in_play.start_tile(lambda code: code in all_tiles) == "wind-roses-D"
    assert DEFAULT_REGISTRY["wind-roses"].start_tiles == ("wind-roses-D",)
