"""Under the Big Top: what the validator refuses and the order of the final scoring (the
scored boards are ``fixtures/boards/big-top-final-show.json``, ``acrobats-five-each``
and the ``ringmaster-*`` boards)."""

import pytest

from scoring.engine import score_request, validate_request
from scoring.engine.expansions import DEFAULT_REGISTRY

BIG_TOP = ["farmers", "abbot", "inns-cathedrals", "big-top"]


def request(tiles=None, figures=(), neutral=(), expansions=BIG_TOP):
    """D at (0,0); the circus tile big-top-13 (roads from west and east end at its circus
    space) at (1,0), with a token of 5 under the big top; the acrobat tile big-top-3
    turned 180 degrees (roads from north and east end at its acrobat space) at (-1,0)."""
    if tiles is None:
        tiles = [{"tile": "D", "x": 0, "y": 0},
                 {"tile": "big-top-13", "x": 1, "y": 0, "state": {"animal_token": 5}},
                 {"tile": "big-top-3", "x": -1, "y": 0, "rotation": 180}]
    return {
        "edition": "C2", "expansions": list(expansions),
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": tiles,
        "figures": [dict(zip(("player", "x", "y", "at", "kind"), figure, strict=False))
                    for figure in figures],
        "neutral": list(neutral) or [{"kind": "big-top", "x": 1, "y": 0}],
    }


def found(body, tiles):
    return [(error.path, error.code.value) for error in validate_request(body, tiles)]


def test_the_example_board_is_valid(all_tiles):
    assert found(request(figures=[("red", -1, 0, "acrobats")]), all_tiles) == []


@pytest.mark.parametrize("value", [0, 2, 8, "5", None, 4.5])
def test_a_token_value_that_no_animal_token_has_is_refused(all_tiles, value):
    body = request()
    body["tiles"][1]["state"]["animal_token"] = value
    assert found(body, all_tiles) == [("tiles[1].state.animal_token", "invalid_big_top")]


def test_the_big_top_stands_on_a_circus_tile(all_tiles):
    body = request(neutral=[{"kind": "big-top", "x": -1, "y": 0}])
    del body["tiles"][1]["state"]
    errors = validate_request(body, all_tiles)
    assert [(e.path, e.code.value) for e in errors] == [("neutral[0]", "invalid_big_top")]
    assert "has no circus space" in errors[0].message


def test_the_big_top_needs_the_value_of_its_token(all_tiles):
    body = request()
    del body["tiles"][1]["state"]
    errors = validate_request(body, all_tiles)
    assert [(e.path, e.code.value) for e in errors] == [("neutral[0]", "invalid_big_top")]
    assert "tiles[1].state.animal_token" in errors[0].message


def test_a_token_lies_only_under_the_big_top(all_tiles):
    # A second circus tile, big-top-8 (roads from west and east), east of big-top-13,
    # with a token of its own while the big top stands on big-top-13.
    body = request()
    body["tiles"].append({"tile": "big-top-8", "x": 2, "y": 0, "state": {"animal_token": 3}})
    assert found(body, all_tiles) == [("tiles[3].state.animal_token", "invalid_big_top")]


def test_an_animal_token_on_a_tile_without_a_circus_is_refused(all_tiles):
    body = request()
    body["tiles"][0]["state"] = {"animal_token": 3}
    assert found(body, all_tiles) == [("tiles[0].state.animal_token", "invalid_big_top")]


def test_there_is_one_big_top(all_tiles):
    body = request(neutral=[{"kind": "big-top", "x": 1, "y": 0},
                            {"kind": "big-top", "x": 1, "y": 0}])
    assert found(body, all_tiles) == [("neutral[1]", "too_many_figures")]


def test_the_big_top_takes_no_location(all_tiles):
    body = request(neutral=[{"kind": "big-top", "x": 1, "y": 0, "at": "N"}])
    assert found(body, all_tiles) == [("neutral[0].at", "figure_not_allowed")]


def test_a_pyramid_holds_three_acrobats(all_tiles):
    body = request(figures=[("red", -1, 0, "acrobats"), ("blue", -1, 0, "acrobats"),
                            ("red", -1, 0, "acrobats"), ("blue", -1, 0, "acrobats")])
    errors = validate_request(body, all_tiles)
    assert [(e.path, e.code.value) for e in errors] == [("figures[3]", "too_many_figures")]
    assert errors[0].message == ("The acrobat space of Tile big-top-3 at (-1,0) holds at "
                                 "most 3 figures; more stand on it here.")


@pytest.mark.parametrize("kind", ["ringmaster", "large"])
def test_only_meeples_stand_on_an_acrobat_space(all_tiles, kind):
    body = request(figures=[("red", -1, 0, "acrobats", kind)])
    assert found(body, all_tiles) == [("figures[0]", "figure_not_allowed")]


def test_an_acrobat_needs_an_acrobat_tile(all_tiles):
    body = request(figures=[("red", 0, 0, "acrobats")])
    errors = validate_request(body, all_tiles)
    assert [(e.path, e.code.value) for e in errors] == [("figures[0].at", "invalid_location")]
    assert errors[0].message.startswith("Tile D at (0,0) has no acrobat space")


def test_acrobats_count_against_the_supply(all_tiles):
    # A player owns seven meeples: a highwayman, a knight and six acrobats on two
    # acrobat tiles (big-top-2, its road from the south, above big-top-3) make eight.
    tiles = request()["tiles"] + [{"tile": "big-top-2", "x": -1, "y": -1}]
    body = request(tiles=tiles, figures=[
        ("red", 0, 0, "E"), ("red", 0, 0, "N"),
        *[("red", -1, 0, "acrobats")] * 3, *[("red", -1, -1, "acrobats")] * 3])
    assert found(body, all_tiles) == [("figures[7]", "too_many_figures")]


def test_acrobats_need_their_part(all_tiles):
    body = request(figures=[("red", -1, 0, "acrobats")],
                   expansions=["farmers", "abbot", "circus", "ringmaster"])
    errors = validate_request(body, all_tiles)
    assert [(e.path, e.code.value) for e in errors] == [
        ("figures[0].at", "expansion_not_in_play")]
    assert 'add "acrobats" to expansions' in errors[0].message


def test_the_ringmaster_needs_its_part(all_tiles):
    body = request(figures=[("red", 0, 0, "E", "ringmaster")],
                   expansions=["farmers", "abbot", "circus", "acrobats"])
    assert found(body, all_tiles) == [("figures[0].kind", "unknown_figure_kind")]


def test_a_player_has_one_ringmaster(all_tiles):
    body = request(figures=[("red", 0, 0, "E", "ringmaster"), ("red", 0, 0, "N", "ringmaster")])
    assert found(body, all_tiles) == [("figures[1]", "too_many_figures")]


def test_the_final_scoring_runs_features_farms_then_big_top_acrobats_ringmasters():
    steps = DEFAULT_REGISTRY.in_play(["farmers", "big-top"]).steps
    assert [step.code for step in steps] == [
        "features-road", "features-city", "features-monastery", "features-farm",
        "circus.big_top", "acrobats.acrobats", "ringmaster.ringmasters",
    ]
    assert steps[-1].title == ("A ringmaster adds 2 for each circus or acrobat tile around "
                               "it when its feature is scored")


def test_a_big_top_with_nobody_around_pays_nothing(all_tiles):
    # Red's acrobat at (-1,0) is two squares from the big top at (1,0): 5 as an acrobat,
    # nothing from the big top (bear, 5).
    result = score_request(request(figures=[("red", -1, 0, "acrobats")]), all_tiles).to_json()
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 5, "blue": 0}
    [show] = result["big_top"]
    assert (show["animal"], show["value"], show["scored"]) == ("bear", 5, {})
    assert show["explanation"] == ("the big top at (1,0) over the bear (5): no follower "
                                   "around it, nothing")
