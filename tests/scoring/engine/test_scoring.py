"""Final scoring: majorities, totals, ranks, response shape, rule switches."""

import json

import pytest

from scoring.engine import (
    Color,
    InvalidBoardError,
    parse_request,
    score,
    score_request,
)
from scoring.engine.results import competition_ranks, majority
from tests.known_boards import BOARDS, board_path


def _case(name):
    return json.loads(board_path(f"{name}").read_text(encoding="utf-8"))["request"]


def _with(request, **changes):
    return {**request, **changes}


def test_response_has_the_contract_shape(base_tiles):
    response = score_request(_case("contract-example"), base_tiles).to_json()
    assert list(response) == ["players", "winners", "features", "warnings"]
    assert list(response["players"][0]) == [
        "color", "name", "points_before", "final_points", "total", "by_kind", "rank",
    ]
    assert list(response["players"][0]["by_kind"]) == [
        "road", "city", "monastery", "garden", "farm",
    ]
    assert list(response["features"][0]) == [
        "id", "kind", "complete", "tiles", "figures", "owners", "points", "scored",
        "explanation",
    ]
    farm = response["features"][2]
    assert list(farm)[-2:] == ["cities", "explanation"]
    json.dumps(response)  # plain JSON types only


def test_unoccupied_features_are_not_listed(base_tiles):
    request = _with(_case("contract-example"), figures=[])
    result = score_request(request, base_tiles)
    assert result.features == ()
    assert [p.final_points for p in result.players] == [0, 0]
    assert [p.rank for p in result.players] == [2, 1]  # 57 against 61


def test_features_are_sorted_by_kind_then_number(base_tiles):
    response = score_request(_case("final-scoring-example"), base_tiles).to_json()
    assert [f["id"] for f in response["features"]] == [
        "road-1", "city-1", "city-2", "monastery-1",
    ]


def test_majority_and_ties():
    assert majority({Color.RED: 2, Color.BLUE: 1}) == [Color.RED]
    assert majority({Color.RED: 1, Color.BLUE: 1}) == [Color.RED, Color.BLUE]
    assert majority({}) == []


def test_ranks_share_places():
    assert competition_ranks([10, 10, 5]) == [1, 1, 3]
    assert competition_ranks([1, 2, 3]) == [3, 2, 1]


def test_points_before_default_to_zero_and_names_to_null(base_tiles):
    request = _with(_case("road-3-tiles"))
    response = score_request(request, base_tiles).to_json()
    red = response["players"][0]
    assert red["points_before"] == 0 and red["name"] is None and red["total"] == 3
    assert response["winners"] == ["red"]


def test_completed_features_holding_figures_are_warned_about(base_tiles):
    response = score_request(_case("abbot-on-garden"), base_tiles).to_json()
    assert [w["code"] for w in response["warnings"]] == ["completed_feature_occupied"] * 2
    assert "city-1 is completed" in response["warnings"][0]["message"]


@pytest.mark.parametrize(
    ("method", "blue", "yellow"),
    [("third-edition", 6, 3), ("second-edition", 3, 3), ("first-edition", 4, 0)],
)
def test_the_three_farm_scorings_differ_on_the_footnote_board(base_tiles, method, blue, yellow):
    request = _with(_case("farm-footnote-third-edition"), rules={"farm_scoring": method})
    result = score_request(request, base_tiles)
    assert result.player("blue").final_points == blue
    assert result.player("yellow").final_points == yellow
    assert result.player("blue").by_kind


def test_second_edition_credits_a_city_to_the_first_farm_of_each_player(base_tiles):
    request = _with(_case("farm-footnote-third-edition"), rules={"farm_scoring": "second-edition"})
    result = score_request(request, base_tiles)
    assert result.feature("farm-2").scored == {Color.BLUE: 3}
    assert result.feature("farm-3").scored == {Color.BLUE: 0, Color.YELLOW: 3}
    assert "blue already collected city-1 (through farm-2)" in result.feature("farm-3").explanation


def test_first_edition_explains_where_each_city_went(base_tiles):
    request = _with(_case("farm-footnote-third-edition"), rules={"farm_scoring": "first-edition"})
    result = score_request(request, base_tiles)
    assert "city-1 → blue 4 (farmers on farm-2, farm-3: blue 2, yellow 1)" in (
        result.feature("farm-2").explanation
    )
    assert "city-1 → blue 4, counted with farm-2" in result.feature("farm-3").explanation


def test_small_city_rule_only_touches_completed_two_tile_cities(base_tiles):
    request = _with(_case("final-scoring-example"), rules={"small_cities": True})
    # Blue's 2-tile city is incomplete: still 2 × 1 + 1 = 3.
    assert score_request(request, base_tiles).player("blue").final_points == 3


def test_by_kind_adds_up_to_final_points(all_tiles):
    for path in BOARDS:
        request = json.loads(path.read_text(encoding="utf-8"))["request"]
        for player in score_request(request, all_tiles).players:
            assert sum(player.by_kind.values()) == player.final_points
            assert player.total == player.points_before + player.final_points


def test_score_takes_a_parsed_request(base_tiles):
    request = parse_request(_case("tie-city-and-road"), base_tiles)
    assert score(request, base_tiles).winners == (Color.RED, Color.BLUE)


def test_score_request_refuses_invalid_boards_with_every_error(base_tiles):
    request = _with(_case("contract-example"), edition="C9", players=[{"color": "red"}])
    with pytest.raises(InvalidBoardError) as caught:
        score_request(request, base_tiles)
    codes = [error.code.value for error in caught.value.errors]
    assert codes == ["unknown_edition", "invalid_player_count", "unknown_player"]
    assert caught.value.to_json()["errors"][0]["path"] == "edition"
    assert isinstance(caught.value, ValueError)


def test_the_garbage_collector_is_held_only_while_scoring(base_tiles):
    import gc

    from scoring.engine import InvalidBoardError, score_request

    request = {
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "D", "x": 0, "y": 0}],
        "figures": [{"player": "red", "x": 0, "y": 0, "at": "E"}],
    }
    assert gc.isenabled()
    assert score_request(request, base_tiles).player("red").final_points == 1
    assert gc.isenabled()
    with pytest.raises(InvalidBoardError):
        score_request({"players": []}, base_tiles)
    assert gc.isenabled()
    # A caller that turned the collector off keeps it off.
    gc.disable()
    try:
        score_request(request, base_tiles)
        assert not gc.isenabled()
    finally:
        gc.enable()
