"""La Porxada: its tile, and who earns the bonus. The scored boards are the package's
known answers (``scoring/engine/expansions/la_porxada/boards``: the tile as drawn, the
bonus paying an open city as completed, no bonus while the Porxada city is open)."""

import json

from scoring.engine import score_request, validate_request
from scoring.engine.rules import Edition
from tests.known_boards import board_path


def board(stem):
    return json.loads(board_path(stem).read_text(encoding="utf-8"))["request"]


def test_the_tile_is_one_city_on_all_four_sides_with_a_pennant(all_tiles):
    tile = all_tiles.get("la-porxada")
    # One segment, a city: no field and no road on the tile.
    [city] = tile.segments
    assert city.kind.value == "city"
    assert sorted(str(location) for location in city.locations) == ["E", "N", "S", "W"]
    assert city.pennants == 1
    assert dict(tile.counts) == {Edition.C1: 1}


def test_each_player_in_the_completed_city_gets_an_entry(all_tiles):
    result = score_request(board("porxada-bonus-pays-an-open-city-as-completed"),
                           all_tiles).to_json()
    entries = {entry["player"]: entry for entry in result["porxada_bonus"]}
    # Red and blue stand in the Porxada city; green does not and gets no entry.
    assert set(entries) == {"red", "blue"}
    assert (entries["red"]["cities"], entries["red"]["points"]) == (1, 2)
    assert (entries["blue"]["cities"], entries["blue"]["points"]) == (0, 0)
    assert entries["red"]["explanation"] == (
        "red: in the completed La Porxada city; 1 unfinished city paid as completed: "
        "1 tile and 1 pennant × 1 more = 2")


def test_the_swap_leaves_no_entry(all_tiles):
    result = score_request(board("porxada-tile-scored-as-drawn"), all_tiles).to_json()
    assert result["porxada_bonus"] == []


def test_the_farms_still_see_the_open_city_as_open(all_tiles):
    # Red's farmer west of the open city at (2,0): the field reaches the Porxada city
    # (completed, 3) and red's open city, which the bonus pays as completed but which
    # stays open for the farms: 1 completed city × 3 = 3, with the bonus as without.
    for stem in ("porxada-tile-scored-as-drawn", "porxada-bonus-pays-an-open-city-as-completed"):
        body = board(stem)
        body["figures"].append({"player": "red", "x": 2, "y": 0, "at": "WN"})
        result = score_request(body, all_tiles).to_json()
        red = next(player for player in result["players"] if player["color"] == "red")
        assert red["by_kind"]["farm"] == 3


def test_the_house_rule_pays_the_whole_completed_value(all_tiles):
    # Unfinished features score nothing (house rule): red's open city paid 0, so the bonus
    # pays it all, 1 tile × 2 + 1 pennant × 2 = 4.
    body = board("porxada-bonus-pays-an-open-city-as-completed")
    body["rules"]["incomplete_features"] = False
    result = score_request(body, all_tiles).to_json()
    [red] = [entry for entry in result["porxada_bonus"] if entry["player"] == "red"]
    assert red["points"] == 4


def test_the_bonus_token_says_who_earned_it_when_the_city_was_completed_earlier(all_tiles):
    result = score_request(board("porxada-bonus-token-earned-during-the-game"),
                           all_tiles).to_json()
    # Nobody stands in the Porxada city any more; green holds the token, red does not.
    [entry] = result["porxada_bonus"]
    assert (entry["player"], entry["cities"], entry["points"]) == ("green", 1, 1)
    assert entry["explanation"] == (
        "green: holds La Porxada's bonus token; 1 unfinished city paid as completed: "
        "1 tile and 0 pennants × 1 more = 1")


def test_a_bonus_token_that_is_not_true_or_false_is_refused(all_tiles):
    body = board("porxada-bonus-token-earned-during-the-game")
    body["players"][2]["porxada"] = {"bonus": 2}
    [error] = validate_request(body, all_tiles)
    assert (error.path, error.code.value) == ("players[2].porxada.bonus", "invalid_type")
    assert error.message == (
        "Whether a player holds La Porxada's bonus token is true or false, not 2.")
