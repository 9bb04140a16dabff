"""The score pad's points during play: each equals what the final scoring gives the same
completed feature on a real board, and what the pad refuses is said with a path.

Each known answer builds a small board with the engine's tiles, scores it with
:func:`score_request`, and compares the feature's points and explanation with the pad's
entry that describes the same feature by its counts.
"""

import pytest

from scoring.engine import score_request
from scoring.engine.expansions import DEFAULT_REGISTRY as registry
from scoring.engine.pad import (
    check_feature,
    check_play_points,
    pad_options,
    score_feature,
    score_play_points,
)


def board(tiles, figures, expansions=(), neutral=(), edition="C3"):
    return {
        "edition": edition, "expansions": list(expansions),
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": rotation}
                  for code, x, y, rotation in tiles],
        "figures": [{"player": "red", "x": x, "y": y, "at": at} for x, y, at in figures],
        "neutral": [{"kind": kind, "x": x, "y": y, "at": at} for kind, x, y, at in neutral],
    }


def final(body, tiles):
    """The one scored feature of a board: (points, explanation)."""
    (feature,) = score_request(body, tiles).features
    return feature.points, feature.explanation


def pad(entry, expansions=()):
    in_play = registry.in_play(list(expansions))
    assert check_feature(entry, in_play, registry) == []
    scored = score_feature(entry, in_play, registry)
    return scored.points, scored.explanation


# A city of 3 tiles and 1 pennant, closed: E (city north), F turned (city north-south,
# a pennant), E turned 180° (city south).
CITY = [("E", 0, 0, 0), ("F", 0, -1, 90), ("E", 0, -2, 180)]
# A road of 3 tiles between two monasteries' dead ends, the middle one with an inn.
INN_ROAD = [("A", 0, 0, 0), ("inns-B", 0, 1, 90), ("A", 0, 2, 180)]
# A monastery (B) with all 8 squares around it filled: three E with their cities outward
# on top, three B below, an A on each side with its road outward.
MONASTERY = [("B", 0, 0, 0),
             ("E", -1, -1, 0), ("E", 0, -1, 0), ("E", 1, -1, 0),
             ("A", -1, 0, 90), ("A", 1, 0, 270),
             ("B", -1, 1, 0), ("B", 0, 1, 0), ("B", 1, 1, 0)]


def test_a_completed_city_scores_2_a_tile_and_2_a_pennant_as_at_the_end(all_tiles):
    # 3 tiles × 2 + 1 pennant × 2 = 8
    expected = (8, "completed city: 3 tiles × 2 + 1 pennant × 2 = 8")
    assert final(board(CITY, [(0, 0, "N")]), all_tiles) == expected
    assert pad({"kind": "city", "tiles": 3, "pennants": 1}) == expected


def test_the_mage_adds_1_a_tile_to_a_city_as_at_the_end(all_tiles):
    # 3 × 2 + 1 × 2 = 8, and the mage's 3 tiles × 1 = 11
    body = board(CITY, [(0, 0, "N")], ["mage-witch"], [("mage", 0, -1, "N")])
    expected = (11, "completed city: 3 tiles × 2 + 1 pennant × 2 + mage: 3 tiles × 1 = 11")
    assert final(body, all_tiles) == expected
    assert pad({"kind": "city", "tiles": 3, "pennants": 1, "neutral": ["mage"]},
               ["mage-witch"]) == expected


def test_a_road_with_an_inn_scores_2_a_tile_as_at_the_end(all_tiles):
    # 3 tiles × 2 = 6
    body = board(INN_ROAD, [(0, 0, "S")], ["inns-cathedrals"])
    expected = (6, "completed road with an inn: 3 tiles × 2 = 6")
    assert final(body, all_tiles) == expected
    assert pad({"kind": "road", "tiles": 3, "with": ["inn"]}, ["inns-cathedrals"]) == expected


def test_the_witch_halves_an_inn_road_rounded_up_as_at_the_end(all_tiles):
    # 3 × 2 = 6, halved = 3
    body = board(INN_ROAD, [(0, 0, "S")], ["inns-cathedrals", "mage-witch"],
                 [("witch", 0, 1, "N")])
    expected = (3, "completed road with an inn: 3 tiles × 2 = 6; the witch halves it, "
                   "rounded up → 3")
    assert final(body, all_tiles) == expected
    assert pad({"kind": "road", "tiles": 3, "with": ["inn"], "neutral": ["witch"]},
               ["inns-cathedrals", "mage-witch"]) == expected


def test_a_completed_monastery_scores_9_as_at_the_end(all_tiles):
    # 1 + 8 neighbours = 9
    expected = (9, "completed monastery: 1 + 8 neighbours = 9")
    assert final(board(MONASTERY, [(0, 0, "C")]), all_tiles) == expected
    assert pad({"kind": "monastery"}) == expected
    assert pad({"kind": "monastery", "neighbours": 8}) == expected


def test_an_abbot_taken_back_early_scores_its_garden_and_neighbours():
    # 1 + 5 neighbours = 6, the garden still incomplete
    assert pad({"kind": "garden", "neighbours": 5}, ["abbot"]) == (
        6, "incomplete garden: 1 + 5 neighbours = 6")


def test_a_cathedral_city_scores_3_a_tile_and_pennant_as_at_the_end(all_tiles):
    # The cathedral tile closed on its four sides by four E: 5 tiles × 3 + 0 pennants × 3
    tiles = [("inns-K", 0, 0, 0), ("E", 0, -1, 180), ("E", 1, 0, 270), ("E", 0, 1, 0),
             ("E", -1, 0, 90)]
    body = board(tiles, [(0, 0, "N")], ["inns-cathedrals"])
    expected = (15, "completed city with a cathedral: 5 tiles × 3 + 0 pennants × 3 = 15")
    assert final(body, all_tiles) == expected
    assert pad({"kind": "city", "tiles": 5, "with": ["cathedral"]},
               ["inns-cathedrals"]) == expected
    # 5 tiles × 3 + 2 pennants × 3 = 21
    assert pad({"kind": "city", "tiles": 5, "pennants": 2, "with": ["cathedral"]},
               ["inns-cathedrals"]) == (
        21, "completed city with a cathedral: 5 tiles × 3 + 2 pennants × 3 = 21")


def test_a_besieged_city_scores_1_less_a_tile_and_pennant_as_at_the_end(all_tiles):
    # A siege tile's city closed by an E: (2 - 1) × 2 tiles + (2 - 1) × 0 pennants = 2
    tiles = [("besiegers-G", 0, 0, 0), ("E", 0, -1, 180)]
    body = board(tiles, [(0, 0, "N")], ["besiegers"], edition="C1")
    expected = (2, "completed city, besieged (1 less a tile and pennant): 2 tiles × 1 + "
                   "0 pennants × 1 = 2")
    assert final(body, all_tiles) == expected
    assert pad({"kind": "city", "tiles": 2, "with": ["siege"]}, ["besiegers"]) == expected
    # (2 - 1) × 4 tiles + (2 - 1) × 1 pennant = 5
    assert pad({"kind": "city", "tiles": 4, "pennants": 1, "with": ["siege"]},
               ["besiegers"]) == (
        5, "completed city, besieged (1 less a tile and pennant): 4 tiles × 1 + "
           "1 pennant × 1 = 5")


def test_vineyards_around_a_completed_monastery_add_3_each_as_at_the_end(all_tiles):
    # Two of the three tiles above the monastery show a vineyard (hills-sheep-1, a city
    # on the north like E): 1 + 8 neighbours + 2 vineyards × 3 = 15
    tiles = [("hills-sheep-1", -1, -1, 0), ("hills-sheep-1", 0, -1, 0),
             *[tile for tile in MONASTERY if tile[1:3] not in ((-1, -1), (0, -1))]]
    body = board(tiles, [(0, 0, "C")], ["hills-sheep"], edition="C2")
    expected = (15, "completed monastery: 1 + 8 neighbours + 2 vineyards × 3 = 15")
    assert final(body, all_tiles) == expected
    assert pad({"kind": "monastery", "around": {"vineyards": 2}}, ["hills-sheep"]) == expected


def test_play_points_of_the_expansions_in_play():
    in_play = registry.in_play(["hills-sheep", "princess-dragon", "tower", "wind-roses"])
    codes = [points["code"] for points in pad_options(in_play)["play_points"]]
    assert codes == ["flock", "fairy-turn", "fairy-scored", "ransom", "wind-rose"]
    flock = {"code": "flock", "count": 7}
    assert check_play_points(flock, in_play, registry) == []
    # 7 sheep × 1 = 7
    assert score_play_points(flock, in_play).points == 7
    assert score_play_points(flock, in_play).explanation == (
        "a flock herded home: 7 sheep × 1 = 7")
    assert score_play_points({"code": "fairy-turn"}, in_play).points == 1
    assert score_play_points({"code": "fairy-scored"}, in_play).points == 3
    assert score_play_points({"code": "wind-rose"}, in_play).points == 3
    assert score_play_points({"code": "ransom"}, in_play).points == 3


def test_the_pad_offers_what_the_expansions_in_play_declare():
    options = pad_options(registry.in_play(["inns-cathedrals", "mage-witch"]))
    city = next(kind for kind in options["features"] if kind["kind"] == "city")
    assert city["with"] == [{"name": "cathedral", "label": "with a cathedral"}]
    assert [figure["kind"] for figure in city["neutral"]] == ["mage", "witch"]
    base = pad_options(registry.in_play(["farmers", "abbot"]))
    assert [kind["kind"] for kind in base["features"]] == ["road", "city", "monastery", "garden"]
    assert options["play_points"] == []


@pytest.mark.parametrize(("entry", "expansions", "problem"), [
    ({"kind": "city", "tiles": 0}, [],
     ("tiles", "invalid_count", "Give the tiles of the city as a whole number from 1 to 500.")),
    ({"kind": "city", "tiles": 2, "pennants": 3}, [],
     ("pennants", "too_many_pennants",
      "A city of 2 tiles shows at most 2 pennants (one a tile), not 3.")),
    ({"kind": "road", "tiles": 3, "with": ["inn"]}, [],
     ("with[0]", "expansion_not_in_play",
      "A road 'inn' does not count in this game: it comes with Inns & Cathedrals, which "
      "is not in play.")),
    ({"kind": "city", "tiles": 3, "neutral": ["mage", "witch"]}, ["mage-witch"],
     ("neutral", "mage_beside_witch",
      "The mage and the witch never stand on the same feature.")),
    ({"kind": "farm"}, [],
     ("kind", "unknown_kind",
      "The pad scores roads, cities and monasteries during play, not 'farm' (farms are "
      "scored at the end).")),
    ({"kind": "monastery", "neighbours": 9}, [],
     ("neighbours", "invalid_count",
      "Give the tiles around the monastery as a whole number from 0 to 8.")),
    ({"kind": "monastery", "around": {"vineyards": 1}}, [],
     ("around.vineyards", "expansion_not_in_play",
      "Nothing called vineyards counts around a monastery in this game.")),
])
def test_an_entry_that_makes_no_sense_is_refused_with_a_path(entry, expansions, problem):
    assert check_feature(entry, registry.in_play(expansions), registry) == [problem]


def test_a_garden_without_the_abbot_names_what_brings_it():
    ((path, code, message),) = check_feature({"kind": "garden"}, registry.in_play([]), registry)
    assert (path, code) == ("kind", "expansion_not_in_play")
    assert message == "Gardens come with The Abbot and gardens, which is not in this game."


def test_play_points_of_an_expansion_not_in_play_are_refused():
    assert check_play_points({"code": "ransom"}, registry.in_play([]), registry) == [
        ("code", "expansion_not_in_play",
         "These points come with The Tower, which is not in this game.")]
    assert check_play_points({"code": "flock", "count": 0}, registry.in_play(["hills-sheep"]),
                             registry) == [
        ("count", "invalid_count", "Give the sheep as a whole number from 1 to 200.")]
