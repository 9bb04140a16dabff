"""The Phantom: where the phantom may stand and how many a player has, as the validator
reads them, and the phantom as an acrobat (the scored boards are
``fixtures/boards/phantom-*.json``)."""

from scoring.engine import score_request, validate_request

PHANTOM = ["farmers", "abbot", "phantom"]

# E at (0,0) and E turned 180° at (0,-1) close a city of 2 tiles; the monastery tiles B at
# (-1,0) and (1,0) carry the field south of it.
CLOSED_CITY = [("E", 0, 0, 0), ("E", 0, -1, 180), ("B", 1, 0, 0), ("B", -1, 0, 0)]


def request(tiles, figures, expansions=PHANTOM):
    return {
        "edition": "C2", "expansions": list(expansions),
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": rotation}
                  for code, x, y, rotation in tiles],
        "figures": [dict(zip(("player", "x", "y", "at", "kind"), figure, strict=True))
                    for figure in figures],
    }


def found(body, tiles):
    return [(error.path, error.code.value, error.message)
            for error in validate_request(body, tiles)]


def test_a_phantom_needs_the_phantom_in_play(all_tiles):
    body = request(CLOSED_CITY, [("red", 0, 0, "N", "phantom")], expansions=["farmers"])
    assert found(body, all_tiles) == [
        ("figures[0].kind", "expansion_not_in_play",
         'A phantom needs The Phantom: add "phantom" to expansions.')]


def test_a_player_has_one_phantom(all_tiles):
    body = request(CLOSED_CITY, [("red", 0, 0, "N", "phantom"), ("red", 1, 0, "C", "phantom")])
    assert found(body, all_tiles) == [
        ("figures[1]", "too_many_figures",
         "Red has more than 1 phantom on the board, but a player owns only 1.")]


def test_a_phantom_does_not_stand_on_a_garden(all_tiles):
    body = request([("E-garden", 0, 0, 0), ("E", 0, -1, 180)], [("red", 0, 0, "C", "phantom")])
    assert found(body, all_tiles) == [
        ("figures[0]", "figure_not_allowed",
         "A phantom may not stand on a garden (Tile E-garden at (0,0), C); it may stand on a "
         "road, a city, a monastery or a farm.")]


def test_a_phantom_in_a_field_needs_the_farmers(all_tiles):
    body = request(CLOSED_CITY, [("red", 0, 0, "SW", "phantom")], expansions=["phantom"])
    assert found(body, all_tiles) == [
        ("figures[0]", "expansion_not_in_play",
         'A farmer on Tile E at (0,0) needs The Farmers: add "farmers" to expansions.')]


def test_a_phantom_on_a_monastery_scores_as_a_monk(all_tiles):
    # The monastery B at (1,0) has E at (0,0) and E at (0,-1) around it (west and
    # north-west): 1 + 2 = 3 for red's phantom.
    body = request(CLOSED_CITY, [("red", 1, 0, "C", "phantom")])
    result = score_request(body, all_tiles).to_json()
    [monastery] = result["features"]
    assert (monastery["kind"], monastery["owners"], monastery["points"]) == (
        "monastery", ["red"], 3)
    assert {p["color"]: p["final_points"] for p in result["players"]} == {"red": 3, "blue": 0}


def test_a_phantom_stands_as_an_acrobat(all_tiles):
    # big-top-1 (an acrobat space in open fields) at (0,0), beside B at (1,0): red's
    # meeple and phantom stand on the acrobat space, each acrobat 5: red 2 × 5 = 10.
    tiles = [("big-top-1", 0, 0, 0), ("B", 1, 0, 0)]
    figures = [("red", 0, 0, "acrobats", "meeple"), ("red", 0, 0, "acrobats", "phantom")]
    body = request(tiles, figures, expansions=["farmers", "abbot", "big-top", "phantom"])
    assert found(body, all_tiles) == []
    result = score_request(body, all_tiles).to_json()
    assert [(entry["acrobats"], entry["scored"]) for entry in result["acrobats"]] == [
        ({"red": 2}, {"red": 10})]
    assert {p["color"]: p["final_points"] for p in result["players"]} == {"red": 10, "blue": 0}


def test_without_the_phantom_only_meeples_are_acrobats(all_tiles):
    body = request([("big-top-1", 0, 0, 0), ("B", 1, 0, 0)],
                   [("red", 0, 0, "acrobats", "phantom")],
                   expansions=["farmers", "abbot", "big-top"])
    assert found(body, all_tiles) == [
        ("figures[0].kind", "expansion_not_in_play",
         'A phantom needs The Phantom: add "phantom" to expansions.')]
