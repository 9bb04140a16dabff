"""Hills & Sheep: what the known-answer boards of ``fixtures/boards`` do not show — the
two cities of one edge while nothing lies across it, the tile data that says so, ties
the hills leave alone, and the figures and tiles the part must be in play for."""

import pytest

from scoring.engine import score_request, validate_request
from scoring.engine.tiles import TileDataError, TileDefinition

HS = ["farmers", "abbot", "hills-sheep"]


def request(tiles, figures=(), expansions=HS, rules=None):
    body = {
        "edition": "C2", "expansions": list(expansions),
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": r} for code, x, y, r in tiles],
        "figures": [dict(zip(("player", "x", "y", "at", "kind"), figure, strict=False))
                    for figure in figures],
    }
    if rules:
        body["rules"] = rules
    return body


def scored(body, tiles):
    result = score_request(body, tiles).to_json()
    return ({player["color"]: player["total"] for player in result["players"]},
            {feature["id"]: feature for feature in result["features"]})


def test_two_cities_of_one_edge_stay_apart_while_nothing_lies_across(all_tiles):
    # hills-sheep-2 at (0,0) with E tiles closing its west (E turned 90°) and east (E
    # turned 270°) edges, nothing on its north edge: the north-west city (blue) and the
    # east city (red) are two incomplete cities of 2 tiles each: 2 × 1 = 2 apiece.
    tiles = [("hills-sheep-2", 0, 0, 0), ("E", -1, 0, 90), ("E", 1, 0, 270)]
    totals, features = scored(request(tiles, [("red", 0, 0, "E"), ("blue", 0, 0, "W")]),
                              all_tiles)
    assert totals == {"red": 2, "blue": 2}
    assert [(f["owners"], f["points"], f["complete"]) for f in features.values()] == [
        (["blue"], 2, False), (["red"], 2, False)]


def test_two_cities_of_one_edge_turned_join_through_the_tile_across(all_tiles):
    # hills-sheep-2 turned 90°: its big city reaches the north and east edges, its small
    # city the south edge and the east one it shares. E turned 270° at (1,0) closes the
    # east edge, E turned 180° at (0,-1) the north, E at (0,1) the south.
    tiles = [("hills-sheep-2", 0, 0, 90), ("E", 1, 0, 270), ("E", 0, -1, 180),
             ("E", 0, 1, 0)]
    totals, features = scored(request(tiles, [("red", 0, 0, "S")]), all_tiles)
    # One completed city of 4 tiles: 4 × 2 = 8.
    assert totals == {"red": 8, "blue": 0}
    assert [(f["points"], f["complete"]) for f in features.values()] == [(8, True)]


@pytest.mark.parametrize(("feature", "message"), [
    ({"kind": "road", "edges": ["N"], "shares_edge": ["E"]}, "only a city"),
    ({"kind": "city", "edges": ["E"], "shares_edge": ["S"]}, "city edges only"),
    ({"kind": "city", "edges": ["E"], "shares_edge": ["E"]}, "an edge it owns"),
])
def test_a_shared_edge_the_tile_cannot_have_is_refused(feature, message):
    data = {"code": "Z", "edges": "CCFF", "features": [
        {"kind": "city", "edges": ["N"]}, feature,
        {"kind": "field", "half_edges": ["SE", "SW", "WS", "WN"]}]}
    if feature["kind"] == "road":
        data["edges"] = "RCFF"
        data["features"][0] = {"kind": "city", "edges": ["E"]}
    with pytest.raises(TileDataError, match=message):
        TileDefinition.from_data(data)


def test_the_shared_edge_round_trips_through_the_tile_data(all_tiles):
    data = all_tiles["hills-sheep-2"].to_data()
    assert {"kind": "city", "edges": ["E"], "shares_edge": ["N"]} in data["features"]


def test_a_tie_without_followers_on_hills_stays_a_tie(all_tiles):
    # A straight road U (not a hill) between two others, red and blue one meeple each:
    # incomplete road of 3 tiles = 3 to both; the hills decide nothing.
    tiles = [("U", 0, 0, 0), ("U", 0, -1, 0), ("U", 0, 1, 0)]
    totals, _ = scored(request(tiles, [("red", 0, -1, "N"), ("blue", 0, 1, "S")]), all_tiles)
    assert totals == {"red": 3, "blue": 3}


def test_a_hill_does_not_help_a_player_who_is_not_tied(all_tiles):
    # hills-sheep-9 (a hill; road from east to south) at (0,0), U turned 90° at (1,0), U
    # at (0,1): a road of 3 tiles. Red has 2 meeples off the hill, blue 1 on it: red
    # owns it alone, 3 points.
    tiles = [("hills-sheep-9", 0, 0, 0), ("U", 1, 0, 90), ("U", 0, 1, 0)]
    figures = [("red", 1, 0, "E"), ("red", 0, 1, "S"), ("blue", 0, 0, "E")]
    totals, _ = scored(request(tiles, figures), all_tiles)
    assert totals == {"red": 3, "blue": 0}


def test_the_hill_tiebreak_counts_followers_only(all_tiles):
    # The same road of 3 tiles: red's meeple on the hill (0,0), blue's meeple on U at
    # (0,1) and blue's builder on U at (1,0). Tie 1–1 (a builder has no strength); the
    # builder is no follower, so blue has none on a hill and red alone scores 3.
    tiles = [("hills-sheep-9", 0, 0, 0), ("U", 1, 0, 90), ("U", 0, 1, 0)]
    body = request(tiles, [("red", 0, 0, "E"), ("blue", 0, 1, "S"),
                           ("blue", 1, 0, "E", "builder")],
                   expansions=HS + ["traders-builders"])
    totals, features = scored(body, all_tiles)
    assert totals == {"red": 3, "blue": 0}
    assert "followers on hills: red 1, blue 0" in features["road-1"]["explanation"]


def test_a_shepherd_without_the_shepherds_part_is_refused(all_tiles):
    body = request([("E", 0, 0, 0)], [("red", 0, 0, "SE", "shepherd")],
                   expansions=["farmers", "abbot"])
    found = [(error.path, error.code.value if hasattr(error.code, "value") else error.code)
             for error in validate_request(body, all_tiles)]
    assert found == [("figures[0].kind", "unknown_figure_kind")]


def test_a_hill_tile_without_hills_sheep_is_refused(all_tiles):
    body = request([("hills-sheep-3", 0, 0, 0)], expansions=["farmers", "abbot"])
    found = [(error.path, error.code.value if hasattr(error.code, "value") else error.code)
             for error in validate_request(body, all_tiles)]
    assert found == [("tiles[0].tile", "expansion_not_in_play")]
