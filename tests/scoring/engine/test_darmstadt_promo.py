"""The Darmstadt promo: what counts for a church's bonus, and when it is paid. The scored
boards are the package's known answers (``scoring/engine/expansions/darmstadt_promo/
boards``: JCloisterZone's five Darmstadt tests replayed, and a church open at the end)."""

from scoring.engine import score_request

# darmstadt-C (the church of St. Mary Magdalene, a road curving from east to south) at
# (0,1), surrounded on the last turn: JCloisterZone's church test board.
CHURCH_SURROUNDED = [("D", 0, 0, 0), ("V", 1, 0, 0), ("V", 1, 1, 90), ("darmstadt-C", 0, 1, 0),
                     ("X", 0, 2, 0), ("U", 1, 2, 90), ("U", -1, 2, 90), ("E", -1, 1, 0),
                     ("D", -1, 0, 180)]


def request(tiles, figures):
    return {
        "edition": "C1", "expansions": ["farmers", "darmstadt-promo"],
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": r} for code, x, y, r in tiles],
        "figures": [dict(zip(("player", "x", "y", "at"), figure, strict=True))
                    for figure in figures],
    }


def church_bonus(body, all_tiles):
    return score_request(body, all_tiles).to_json()["church_bonus"]


def test_a_follower_beyond_the_nine_tiles_does_not_count(all_tiles):
    # A straight road at (2,2), two columns east of the church, with blue's meeple: it
    # stands outside the church's nine tiles, so blue counts only the meeple at (0,2) and
    # ties with red's monk.
    tiles = [*CHURCH_SURROUNDED, ("U", 2, 2, 90)]
    body = request(tiles, [("red", 0, 1, "C"), ("blue", 0, 2, "S"), ("blue", 2, 2, "E")])
    [entry] = church_bonus(body, all_tiles)
    assert entry["followers"] == {"red": 1, "blue": 1}
    assert entry["players"] == ["red", "blue"]


def test_a_farmer_on_the_nine_tiles_counts(all_tiles):
    # Blue's farmer in the field north of (1,2)'s road, beside the church: blue 2, red 1.
    body = request(CHURCH_SURROUNDED,
                   [("red", 0, 1, "C"), ("blue", 0, 2, "S"), ("blue", 1, 2, "NW")])
    [entry] = church_bonus(body, all_tiles)
    assert entry["followers"] == {"red": 1, "blue": 2}
    assert entry["players"] == ["blue"]
    result = score_request(body, all_tiles).to_json()
    by_kind = {player["color"]: player["by_kind"]["church"] for player in result["players"]}
    assert by_kind == {"red": 0, "blue": 3}


def test_a_church_nobody_stands_on_pays_no_bonus_at_the_end(all_tiles):
    # Completed, but empty: when it was completed cannot be told, so its 3 (if any) are
    # already on the scoreboard.
    body = request(CHURCH_SURROUNDED, [("blue", 0, 2, "S"), ("blue", -1, 2, "W")])
    assert church_bonus(body, all_tiles) == []


def test_an_open_church_pays_no_bonus(all_tiles):
    body = request(CHURCH_SURROUNDED[:-1], [("red", 0, 1, "C")])
    assert church_bonus(body, all_tiles) == []
