"""The Russian promos: where Baba Yaga and Vodyanoy's catch may stand, and what the
refusals say. The points are in the package's known-answer boards (``scoring/engine/
expansions/russian_promos/boards``: JCloisterZone's yaga-scoring and vodyanoy tests
replayed, and two hand-computed boards)."""

from scoring.engine import score_request, validate_request

# D at (0,0) (city north, road west to east); a straight road (U turned 90°) at (1,0);
# Baba Yaga's hut at (0,1) below D; Vodyanoy at (1,1), below the road and beside the hut.
BOARD = [{"tile": "D", "x": 0, "y": 0}, {"tile": "U", "x": 1, "y": 0, "rotation": 90},
         {"tile": "russian-promos-A", "x": 0, "y": 1},
         {"tile": "russian-promos-D", "x": 1, "y": 1}]
NO_POND = BOARD[:3]


def body(figures, expansions=("farmers", "russian-promos"), tiles=BOARD):
    return {"edition": "C1", "expansions": list(expansions),
            "players": [{"color": "red"}, {"color": "blue"}], "tiles": tiles,
            "figures": [dict(zip(("player", "x", "y", "at"), figure, strict=True))
                        for figure in figures]}


def problems(request, all_tiles):
    return [(error.path, error.code.value, error.message)
            for error in validate_request(request, all_tiles)]


def test_a_meeple_beside_vodyanoy_belongs_in_his_pond(all_tiles):
    # The pond meeple comes first, so the road meeple is the request's second figure,
    # though the first on a feature.
    request = body([("blue", 1, 1, "vodyanoy"), ("red", 1, 0, "E")])
    assert problems(request, all_tiles) == [(
        "figures[1]", "beside_vodyanoy",
        "The meeple at (1,0) stands on a tile around Vodyanoy at (1,1), who drags every "
        "meeple there into his pond: put it in the pond (at \"vodyanoy\" on his tile), or "
        "take it off if its owner took it back.")]
    # In the pond it is scored: -2.
    moved = body([("blue", 1, 1, "vodyanoy"), ("red", 1, 1, "vodyanoy")])
    assert problems(moved, all_tiles) == []
    players = score_request(moved, all_tiles).to_json()["players"]
    assert {player["color"]: player["final_points"] for player in players} == {
        "red": -2, "blue": -2}


def test_baba_yaga_beside_vodyanoy_is_caught_too(all_tiles):
    assert [(path, code) for path, code, _ in problems(
        body([("red", 0, 1, "yaga-hut")]), all_tiles)] == [
        ("figures[0]", "beside_vodyanoy")]


def test_one_baba_yaga_to_a_hut(all_tiles):
    request = body([("red", 0, 1, "yaga-hut"), ("blue", 0, 1, "yaga-hut")], tiles=NO_POND)
    assert problems(request, all_tiles) == [(
        "figures[1]", "too_many_figures",
        "The hut of Tile russian-promos-A at (0,1) holds at most 1 figures; more stand on "
        "it here.")]


def test_baba_yaga_only_on_a_hut(all_tiles):
    [(path, code, _)] = problems(body([("red", 1, 0, "yaga-hut")], tiles=NO_POND), all_tiles)
    assert (path, code) == ("figures[0].at", "invalid_location")


def test_the_spaces_need_the_expansion(all_tiles):
    request = body([("red", 0, 0, "yaga-hut")], expansions=("farmers",),
                   tiles=[{"tile": "D", "x": 0, "y": 0}])
    [(path, code, _)] = problems(request, all_tiles)
    assert (path, code) == ("figures[0].at", "expansion_not_in_play")


def test_a_pig_is_not_caught(all_tiles):
    # Vodyanoy takes the figures that count as meeples; a builder or a pig is not one.
    request = body([("red", 1, 1, "vodyanoy")],
                   expansions=("farmers", "russian-promos", "traders-builders"))
    request["figures"][0]["kind"] = "pig"
    [(path, code, _)] = problems(request, all_tiles)
    assert (path, code) == ("figures[0]", "figure_not_allowed")


def test_a_knight_in_a_castle_is_out_of_vodyanoys_reach(all_tiles):
    # H between two E tiles: two small completed cities, west and east. Vodyanoy at
    # (0,1), below H, is diagonal to the west city's E at (-1,0). Red's knight there is
    # caught, unless red turned the city into a castle (Bridges, Castles & Bazaars): a
    # castle stands off the tiles, and its knight with it.
    tiles = [{"tile": "H", "x": 0, "y": 0}, {"tile": "E", "x": -1, "y": 0, "rotation": 90},
             {"tile": "E", "x": 1, "y": 0, "rotation": 270},
             {"tile": "russian-promos-D", "x": 0, "y": 1}]
    knight = {"player": "red", "x": -1, "y": 0, "at": "E"}
    castle = {**knight, "kind": "castle"}
    request = {"edition": "C1", "players": [{"color": "red"}, {"color": "blue"}],
               "expansions": ["farmers", "bridges-castles-bazaars", "russian-promos"],
               "tiles": tiles, "figures": [knight]}
    assert [(path, code) for path, code, _ in problems(request, all_tiles)] == [
        ("figures[0]", "beside_vodyanoy")]
    request["figures"] = [knight, castle]
    assert problems(request, all_tiles) == []
