"""The minis of Big Box 6 and 7: the boards the rules refuse (400s with a path and a
sentence), the gold tiers, and the gold part of JCloisterZone's goldmines tests. The
scored boards are the known answers of ``fixtures/boards`` (gold, mage, witch)."""

import json

import pytest

from scoring.engine import score_request, validate_request
from scoring.engine.expansions import DEFAULT_REGISTRY
from scoring.engine.expansions.goldmines import value_of
from tests.known_boards import board_path


def errors(body, tiles):
    return [(error.path, error.code.value if hasattr(error.code, "value") else error.code,
             error.message) for error in validate_request(body, tiles)]


def gold_board(*ingots):
    """The eight gold tiles of ``gold-tiers`` with each player's ingots."""
    body = json.loads(board_path("gold-tiers").read_text(encoding="utf-8"))["request"]
    body["players"] = [{"color": color, "gold": {"ingots": count}}
                       for color, count in zip(("red", "blue", "green"), ingots, strict=False)]
    return body


@pytest.mark.parametrize(("ingots", "points"), [
    (0, 0), (1, 1), (3, 3), (4, 8), (6, 12), (7, 21), (9, 27), (10, 40), (16, 64),
])
def test_gold_tiers(ingots, points):
    # 1-3 ingots 1 each, 4-6 2 each, 7-9 3 each, 10 or more 4 each.
    assert ingots * value_of(ingots) == points


def test_jcz_gold_assertions(all_tiles):
    # JCloisterZone goldmines/gold-scoring.jcz: Alice scored gold for 3 (3 ingots × 1),
    # Bob for 1 (1 ingot × 1); gold-scoring-2.jcz: Bob scored gold for 60 (15 ingots × 4).
    # The whole games are known answers (jcz-gold-scoring, jcz-gold-scoring-2); this checks
    # the response's gold lines for the same ingots, on the eight gold tiles of gold-tiers.
    for ingots, points in (((3, 1), {"red": 3, "blue": 1}), ((0, 15), {"red": 0, "blue": 60})):
        response = score_request(gold_board(*ingots), all_tiles).to_json()
        assert {entry["player"]: entry["points"] for entry in response["gold_ingots"]} == points
        assert {p["color"]: p["final_points"] for p in response["players"]} == points


def test_more_gold_than_the_box_holds_is_refused(all_tiles):
    found = errors(gold_board(10, 7), all_tiles)
    assert [code for _, code, _ in found] == ["invalid_gold"]
    assert found[0][0].startswith("players[1].gold")


def test_more_gold_than_the_gold_tiles_put_out_is_refused(all_tiles):
    # Three gold tiles put out at most 3 × 2 = 6 ingots; the players claim 7.
    body = gold_board(4, 3)
    body["tiles"] = body["tiles"][:3]
    found = errors(body, all_tiles)
    assert [(path, code) for path, code, _ in found] == [("players", "too_much_gold")]
    assert "3 gold tiles" in found[0][2] and "7 gold ingots" in found[0][2]
    body["players"][1]["gold"]["ingots"] = 2
    assert errors(body, all_tiles) == []


def test_an_unknown_gold_entry_is_refused(all_tiles):
    body = gold_board(1, 0)
    body["players"][0]["gold"] = {"bars": 1}
    assert [code for _, code, _ in errors(body, all_tiles)] == ["invalid_gold"]


def test_gold_needs_the_expansion(all_tiles):
    body = gold_board(1, 0)
    body["expansions"] = ["farmers", "abbot"]
    assert errors(body, all_tiles) != []


def mage_witch_board(neutral):
    body = json.loads(board_path("mage-and-witch-incomplete").read_text(
        encoding="utf-8"))["request"]
    body["neutral"] = neutral
    return body


def test_the_mage_and_the_witch_on_one_feature_are_refused(all_tiles):
    body = mage_witch_board([{"kind": "mage", "x": 0, "y": 1, "at": "E"},
                             {"kind": "witch", "x": 2, "y": 1, "at": "W"}])
    found = errors(body, all_tiles)
    assert [(path, code) for path, code, _ in found] == [("neutral", "mage_beside_witch")]
    assert "never share" in found[0][2]


@pytest.mark.parametrize(("piece", "code"), [
    ({"kind": "mage", "x": 0, "y": 0, "at": "NW"}, "figure_not_allowed"),  # a field
    ({"kind": "wizard", "x": 0, "y": 0, "at": "E"}, "unknown_figure_kind"),
])
def test_the_mage_stands_only_on_roads_and_cities(all_tiles, piece, code):
    found = errors(mage_witch_board([piece]), all_tiles)
    assert [found_code for _, found_code, _ in found] == [code]


def test_two_mages_are_refused(all_tiles):
    body = mage_witch_board([{"kind": "mage", "x": 0, "y": 0, "at": "E"},
                             {"kind": "mage", "x": 1, "y": 1, "at": "E"}])
    assert [code for _, code, _ in errors(body, all_tiles)] == ["too_many_figures"]


def test_the_witch_after_the_mage_steps_order():
    steps = DEFAULT_REGISTRY.in_play(["farmers", "inns-cathedrals", "mage-witch"]).steps
    codes = [step.code for step in steps]
    # The witch halves after every feature modifier, inn and cathedral included.
    assert codes.index("mage-witch.witch-halves") > codes.index("features-city")
    road = next(step for step in steps if step.code == "features-road")
    assert [detail.code for detail in road.details] == ["inns.inn-on-road",
                                                        "mage-witch.mage-adds"]


def messages_board(**red):
    body = json.loads(board_path("messages-two-markers").read_text(
        encoding="utf-8"))["request"]
    body["players"][0] = {"color": "red", **red}
    return body


def test_the_markers_or_their_sum_give_the_same_scoring(all_tiles):
    # 23 + 17 = 40 before the final scoring, as markers or as points; + 2 for the road.
    markers = score_request(messages_board(markers={"meeple": 23, "messenger": 17}),
                            all_tiles).to_json()["players"][0]
    summed = score_request(messages_board(points=40), all_tiles).to_json()["players"][0]
    assert (markers["points_before"], markers["total"]) == (40, 42)
    assert (summed["points_before"], summed["total"]) == (40, 42)
    assert markers["markers"] == {"meeple": 23, "messenger": 17}


def test_points_and_markers_together_are_refused(all_tiles):
    body = messages_board(points=40, markers={"meeple": 23, "messenger": 17})
    found = errors(body, all_tiles)
    assert [(path, code) for path, code, _ in found] == [("players[0]", "points_and_markers")]
    assert "not both" in found[0][2]


@pytest.mark.parametrize(("markers", "code"), [
    ({"meeple": -1}, "invalid_markers"), ({"courier": 3}, "invalid_markers"),
    ({"meeple": 2.5}, "invalid_type"),
])
def test_bad_markers_are_refused(all_tiles, markers, code):
    found = errors(messages_board(markers=markers), all_tiles)
    assert [found_code for _, found_code, _ in found] == [code]
    assert found[0][0].startswith("players[0].markers")


def test_markers_need_messages(all_tiles):
    body = messages_board(markers={"meeple": 3})
    body["expansions"] = ["farmers", "abbot"]
    assert errors(body, all_tiles) != []


def test_no_figure_stands_on_a_crop_circle(all_tiles):
    # The circle is no location: "C" names nothing on crop-circles-D (no monastery).
    body = json.loads(board_path("crop-circle-ends-roads").read_text(
        encoding="utf-8"))["request"]
    body["figures"] = [{"player": "red", "x": 0, "y": 0, "at": "C"}]
    found = errors(body, all_tiles)
    assert [path for path, _, _ in found] == ["figures[0].at"]


def ferry_board(**state):
    body = json.loads(board_path("ferry-links-east-west").read_text(
        encoding="utf-8"))["request"]
    body["tiles"][0]["state"] = state
    return body


def test_without_a_ferry_every_jetty_ends_its_road(all_tiles):
    # Red: (-1,0) and the lake, 2 tiles; blue: the lake and (0,1), 2 tiles.
    body = ferry_board()
    del body["tiles"][0]["state"]
    result = score_request(body, all_tiles).to_json()
    assert {p["color"]: p["final_points"] for p in result["players"]} == {"red": 2, "blue": 2}


@pytest.mark.parametrize(("state", "path", "code"), [
    ({"ferry": "N-S"}, "tiles[0].state.ferry", "ferry_without_jetty"),  # no north jetty
    ({"ferry": "W-E"}, "tiles[0].state.ferry", "invalid_ferry"),  # sides in N, E, S, W order
    ({"ferry": "E-E"}, "tiles[0].state.ferry", "invalid_ferry"),
])
def test_a_ferry_links_two_jetties_of_its_lake(all_tiles, state, path, code):
    found = errors(ferry_board(**state), all_tiles)
    assert [(found_path, found_code) for found_path, found_code, _ in found] == [(path, code)]


def test_a_ferry_only_on_a_lake(all_tiles):
    body = ferry_board(ferry="E-W")
    body["tiles"][1]["state"] = {"ferry": "E-W"}  # a straight road: no lake
    found = errors(body, all_tiles)
    assert [(path, code) for path, code, _ in found] == [("tiles[1].state.ferry",
                                                          "invalid_ferry")]
