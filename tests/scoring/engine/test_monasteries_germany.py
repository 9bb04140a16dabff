"""The special monasteries: one meeple to a monastery, monk or abbot, and where an abbot
may lie. The points are in the package's known-answer boards (``scoring/engine/
expansions/monasteries_germany/boards``: JCloisterZone's monasteries-scoring replayed, and
two hand-computed boards)."""

from scoring.engine import score_request, validate_request

# D at (0,0); the special monastery monasteries-germany-A at (0,1) below it; an ordinary
# monastery (B) at (1,1) beside it.
BOARD = [{"tile": "D", "x": 0, "y": 0}, {"tile": "monasteries-germany-A", "x": 0, "y": 1},
         {"tile": "B", "x": 1, "y": 1}]


def body(figures, expansions=("farmers", "monasteries-germany"), edition="C1"):
    return {"edition": edition, "expansions": list(expansions),
            "players": [{"color": "red"}, {"color": "blue"}], "tiles": BOARD,
            "figures": [dict(zip(("player", "x", "y", "at", "kind"), figure, strict=False))
                        for figure in figures]}


def problems(request, all_tiles):
    return [(error.path, error.code.value, error.message)
            for error in validate_request(request, all_tiles)]


def test_a_monk_and_an_abbot_on_one_monastery(all_tiles):
    # The abbot comes first, so the monk is the request's second figure, though the first
    # on a feature.
    request = body([("red", 0, 1, "abbot"), ("blue", 0, 1, "C")])
    assert problems(request, all_tiles) == [(
        "figures[1]", "special_monastery_taken",
        "The special monastery at (0,1) has a monk and an abbot; it takes one meeple, "
        "standing as a monk (at \"C\") or lying as its abbot (at \"abbot\").")]


def test_one_abbot_to_a_monastery(all_tiles):
    request = body([("red", 0, 1, "abbot"), ("blue", 0, 1, "abbot")])
    assert problems(request, all_tiles) == [(
        "figures[1]", "too_many_figures",
        "The abbot's place of Tile monasteries-germany-A at (0,1) holds at most 1 figures; "
        "more stand on it here.")]


def test_no_abbot_on_an_ordinary_monastery(all_tiles):
    [(path, code, message)] = problems(body([("red", 1, 1, "abbot")]), all_tiles)
    assert (path, code) == ("figures[0].at", "invalid_location")
    assert "abbot's place" in message


def test_the_abbot_is_a_meeple(all_tiles):
    request = body([("red", 0, 1, "abbot", "large")],
                   expansions=("farmers", "monasteries-germany", "inns-cathedrals"))
    [(path, code, _)] = problems(request, all_tiles)
    assert (path, code) == ("figures[0]", "figure_not_allowed")


def test_the_abbot_needs_the_expansion(all_tiles):
    request = {**body([]), "tiles": [{"tile": "D", "x": 0, "y": 0}],
               "figures": [{"player": "red", "x": 0, "y": 0, "at": "abbot"}],
               "expansions": ["farmers"]}
    [(path, code, _)] = problems(request, all_tiles)
    assert (path, code) == ("figures[0].at", "expansion_not_in_play")


def test_a_third_edition_table_takes_its_own_printing(all_tiles):
    # The tiles exist in C3 too: a C3 game lays them from its own box, so the response
    # names no other printing. The abbot: up (0,0): 1; right (1,1): 1; down and left
    # empty: 0; + 1 = 3.
    request = body([("red", 0, 1, "abbot")], edition="C3")
    assert problems(request, all_tiles) == []
    response = score_request(request, all_tiles).to_json()
    assert "printings" not in response
    [abbot] = response["abbots"]
    assert (abbot["up"], abbot["right"], abbot["down"], abbot["left"], abbot["points"]) == (
        1, 1, 0, 0, 3)
