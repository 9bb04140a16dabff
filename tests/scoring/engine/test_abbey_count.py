"""Abbey & Mayor and Count, King & Robber: the boards the rules refuse (400s with a path
and a sentence), and what the declarations put in play. The scored boards are the
known answers of ``fixtures/boards`` (abbey, mayor, wagon, barn, king, robber baron,
City of Carcassonne, shrines, and JCloisterZone's replays)."""

import pytest

from scoring.engine import score_request, validate_request
from scoring.engine.expansions import DEFAULT_REGISTRY

C2 = ["farmers", "abbot", "abbey-mayor", "count-king-robber"]


def request(tiles, figures=(), players=None, expansions=C2, edition="C2"):
    return {
        "edition": edition, "expansions": list(expansions),
        "players": players or [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": r} for code, x, y, r in tiles],
        "figures": list(figures),
    }


def errors(body, tiles):
    return [(error.path, error.code.value if hasattr(error.code, "value") else error.code,
             error.message) for error in validate_request(body, tiles)]


# Two completed two-tile cities over two monastery tiles: the barn's board.
BARN_BOARD = [("E", 0, -1, 180), ("E", 1, -1, 180), ("E", 0, 0, 0), ("E", 1, 0, 0),
              ("B", 0, 1, 0), ("B", 1, 1, 0)]


@pytest.mark.parametrize(("at", "x", "y"), [
    ("SE", 1, 1),  # the corner of (1,1) where (2,1), (1,2), (2,2) hold no tile
    ("NE", 0, 0),  # the corner of (0,0) beside its city: not field on every tile
])
def test_a_barn_off_a_corner_of_four_field_tiles_is_refused(all_tiles, at, x, y):
    found = errors(request(BARN_BOARD, [{"player": "red", "x": x, "y": y, "at": at,
                                         "kind": "barn"}]), all_tiles)
    assert [(path, code) for path, code, _ in found] == [("figures[0]", "figure_not_allowed")]
    assert "corner" in found[0][2]


def test_a_barn_on_a_corner_of_four_field_tiles_is_accepted(all_tiles):
    body = request(BARN_BOARD, [{"player": "red", "x": 0, "y": 0, "at": "SE", "kind": "barn"}])
    assert errors(body, all_tiles) == []


def test_a_mayor_outside_a_city_is_refused(all_tiles):
    # U: a straight road; the mayor stands only in cities.
    found = errors(request([("U", 0, 0, 0)], [{"player": "red", "x": 0, "y": 0, "at": "N",
                                                "kind": "mayor"}]), all_tiles)
    assert [(path, code) for path, code, _ in found] == [("figures[0]", "figure_not_allowed")]
    assert "mayor" in found[0][2]


def test_a_wagon_in_a_field_is_refused(all_tiles):
    found = errors(request([("U", 0, 0, 0)], [{"player": "red", "x": 0, "y": 0, "at": "EN",
                                                "kind": "wagon"}]), all_tiles)
    assert [(path, code) for path, code, _ in found] == [("figures[0]", "figure_not_allowed")]


# A completed two-tile city (E turned 180° over D) and a completed three-tile road.
KING_BOARD = [("E", 0, -1, 180), ("D", 0, 0, 0), ("A", -1, 0, 270), ("A", 1, 0, 90)]


def test_two_players_holding_the_king_is_refused(all_tiles):
    body = request(KING_BOARD, players=[{"color": "red", "holds": {"king": True}},
                                        {"color": "blue", "holds": {"king": True}}])
    found = errors(body, all_tiles)
    assert [code for _, code, _ in found] == ["invalid_holds"]
    assert found[0][0].startswith("players[1].holds")


def test_the_king_without_a_completed_city_is_refused(all_tiles):
    # D alone: its city is open; its road is open too.
    body = request([("D", 0, 0, 0)], players=[{"color": "red", "holds": {"king": True}},
                                              {"color": "blue", "holds": {"robber-baron": True}}])
    found = errors(body, all_tiles)
    assert [(path, code) for path, code, _ in found] == [
        ("players[0].holds.king", "holder_without_feature"),
        ("players[1].holds.robber-baron", "holder_without_feature"),
    ]
    assert found[0][2] == ("red holds the king tile, but the board shows no completed city: "
                           "the tile goes to whoever completes the first city.")


def test_the_king_with_a_completed_city_is_accepted(all_tiles):
    body = request(KING_BOARD, players=[{"color": "red", "holds": {"king": True}},
                                        {"color": "blue", "holds": {"robber-baron": True}}])
    assert errors(body, all_tiles) == []


def test_an_abbey_outside_a_hole_is_refused(all_tiles):
    # The abbey at (0,0) has a tile to its north only.
    found = errors(request([("abbey-mayor-A", 0, 0, 0), ("E", 0, -1, 180)]), all_tiles)
    assert [(path, code) for path, code, _ in found] == [("tiles[0]", "abbey_not_in_hole")]
    assert found[0][2] == ("The abbey at (0,0) has no tile to its east, south and west: "
                           "an abbey is only laid into a hole with a tile on each of its four "
                           "sides.")


def test_no_figure_stands_inside_the_city_of_carcassonne(all_tiles):
    body = request([("city-of-carcassonne", 0, 0, 0)],
                   [{"player": "red", "x": 1, "y": 1, "at": "N"}])
    found = errors(body, all_tiles)
    assert [(path, code) for path, code, _ in found] == [("figures[0]", "figure_not_allowed")]
    assert "quarters" in found[0][2]


def test_a_shrine_beside_two_monasteries_is_refused(all_tiles):
    # shrine-E at (1,0) between the monastery tiles B at (0,0) and (2,0).
    found = errors(request([("B", 0, 0, 0), ("shrine-E", 1, 0, 0), ("B", 2, 0, 0)]), all_tiles)
    assert [(path, code) for path, code, _ in found] == [("tiles[1]", "shrine_challenge")]
    assert found[0][2] == ("The shrine at (1,0) touches 2 monasteries, at (0,0) and (2,0): a "
                           "shrine may be laid beside one monastery at most, and a monastery "
                           "beside one shrine at most.")


def test_each_part_brings_what_it_declares():
    in_play = DEFAULT_REGISTRY.in_play(["abbey-mayor", "count-king-robber"])
    kinds = in_play.figure_kinds
    assert {code: (kinds[code].limit, kinds[code].strength, kinds[code].follower)
            for code in ("mayor", "wagon", "barn")} == {
        "mayor": (1, 1, True), "wagon": (1, 1, True), "barn": (1, 0, False),
    }
    assert sorted(in_play.large_tiles) == ["city-of-carcassonne"]
    only_wagon = DEFAULT_REGISTRY.in_play(["wagon"])
    assert "wagon" in only_wagon.figure_kinds and "mayor" not in only_wagon.figure_kinds


def _scored(name, all_tiles):
    import json

    from scoring.engine import score_request
    from tests.known_boards import board_path

    case = json.loads(board_path(f"{name}").read_text(encoding="utf-8"))
    return score_request(case["request"], all_tiles).to_json()


def test_the_king_and_the_quarters_are_explained(all_tiles):
    # Two completed cities, one of them the City of Carcassonne; two meeples left in it.
    response = _scored("coc-king-and-quarters", all_tiles)
    assert response["king_robber_baron"] == [
        {"tile": "king", "holder": "red", "count": 2, "points": 2,
         "explanation": "the king, held by red: 2 completed cities (the City of Carcassonne "
                        "among them) × 1 = 2"},
        {"tile": "robber-baron", "holder": None, "count": None, "points": 0,
         "explanation": "the robber baron: nobody holds it"},
    ]
    # C2: only the market's meeples may leave before the final scoring, for a field.
    assert [entry["explanation"] for entry in response["city_of_carcassonne"]] == [
        "blue's meeple in the market of the City of Carcassonne: left in the city, scores "
        "nothing (before the final scoring it could have left for a field: if it did, "
        "place it there instead)",
        "red's meeple in the castle of the City of Carcassonne: left in the city, scores "
        "nothing",
    ]
    assert {p["color"]: p["by_kind"]["king_robber_baron"] for p in response["players"]} == {
        "red": 2, "blue": 0}


def test_each_barn_is_explained(all_tiles):
    # Two barns in one field bordering two completed cities: 2 × 4 each. farm-1 is the
    # field north of the two cities (first in reading order), the barns' field farm-2.
    response = _scored("barns-two-in-one-field", all_tiles)
    assert [(entry["player"], entry["cities"], entry["points"], entry["explanation"])
            for entry in response["barns"]] == [
        ("red", 2, 8, "red's barn in farm-2: 2 completed cities × 4 = 8"),
        ("blue", 2, 8, "blue's barn in farm-2: 2 completed cities × 4 = 8"),
    ]
    # The same sum without naming the field, for a page that shows it under the field.
    assert [entry["sum"] for entry in response["barns"]] == [
        "2 completed cities × 4 = 8", "2 completed cities × 4 = 8"]
    # No farmer in the field: it pays nobody itself, and its line says 0, not what
    # farmers joined to it would have got (2 × 1).
    [farm] = [feature for feature in response["features"] if feature["id"] == "farm-2"]
    assert (farm["scored"], farm["points"]) == ({}, 0)
    assert farm["explanation"] == (
        "farm with a barn but no farmer (only the barn scores): 2 completed cities × 0 = 0")


def test_an_answer_for_the_players_lists_the_figures_of_each_feature(all_tiles):
    import json

    from tests.known_boards import board_path

    case = json.loads(board_path("barns-two-in-one-field").read_text(encoding="utf-8"))
    response = score_request(case["request"], all_tiles, for_players=True).to_json()
    [farm] = [feature for feature in response["features"] if feature["id"] == "farm-2"]
    assert farm["standing"] == [
        {"player": "red", "kind": "barn", "x": 0, "y": 0, "at": "SE"},
        {"player": "blue", "kind": "barn", "x": 1, "y": 2, "at": "NW"},
    ]
    # The points are the same as the API's answer's: red 8, blue 8.
    assert {p["color"]: p["total"] for p in response["players"]} == {"red": 8, "blue": 8}


def test_for_the_players_a_mayor_counts_the_coats_of_arms_of_a_c2_city(all_tiles):
    # As below, the C2 city of two tiles without a coat of arms: the mayor counts 0, in
    # the words of C2's rulebook.
    body = request([("E", 0, 0, 0), ("E", 0, -1, 180)],
                   [{"player": "red", "x": 0, "y": 0, "at": "N", "kind": "mayor"}])
    [city] = score_request(body, all_tiles, for_players=True).to_json()["features"]
    assert city["explanation"] == (
        "completed city: 2 tiles × 2 = 4; red's mayor counts 0 here "
        "(1 a coat of arms of his city: none)")
    assert city["standing"] == [{"player": "red", "kind": "mayor", "x": 0, "y": 0, "at": "N"}]


def test_house_rule_15_40_gives_20_a_tile_to_the_holder_of_both(all_tiles):
    response = _scored("king-robber-15-40", all_tiles)
    assert [(entry["tile"], entry["points"]) for entry in response["king_robber_baron"]] == [
        ("king", 20), ("robber-baron", 20),
    ]


LOCATIONS = "N, E, S, W, NW, NE, EN, ES, SE, SW, WS, WN, C, I, II"


def test_an_unknown_place_names_what_the_tile_offers(all_tiles):
    # On the City of Carcassonne: the locations and its four districts; on an ordinary
    # tile: the locations alone, as when no large tile is registered.
    body = request([("city-of-carcassonne", 0, 0, 0), ("E", 4, 0, 90)],
                   [{"player": "red", "x": 0, "y": 0, "at": "harbour"},
                    {"player": "red", "x": 4, "y": 0, "at": "harbour"}])
    found = errors(body, all_tiles)
    assert [(path, code) for path, code, _ in found] == [
        ("figures[0].at", "invalid_location"), ("figures[1].at", "invalid_location")]
    assert found[0][2].endswith(
        f"; use one of {LOCATIONS}, or a district of the City of Carcassonne: castle, "
        "blacksmith, cathedral, market.")
    assert found[1][2] == (f'"harbour" is not a location of Tile E at (4,0); use one of '
                           f"{LOCATIONS}.")


def test_an_unknown_place_where_the_tiles_cannot_be_read(all_tiles):
    # tiles is not a list, so the figure's square cannot be checked: a name that is no
    # district of any large tile is still refused with the list of locations.
    body = request([], [{"player": "red", "x": 0, "y": 0, "at": "harbour"}])
    body["tiles"] = "all of them"
    found = errors(body, all_tiles)
    assert ("figures[0].at", "invalid_location",
            f'"harbour" is not a location; use one of {LOCATIONS}.') in found


def test_in_c1_a_meeple_of_any_quarter_could_have_left(all_tiles):
    # The C1 city (twelve tiles, one large tile here) with a knight-to-be in the castle
    # and a monk-to-be in the cathedral: the C1 rules let both leave before the final
    # scoring, for an unfinished city and an unfinished monastery.
    from scoring.engine import score_request

    body = request([("city-of-carcassonne", 0, 0, 0)],
                   [{"player": "red", "x": 0, "y": 0, "at": "castle"},
                    {"player": "blue", "x": 0, "y": 0, "at": "cathedral"}],
                   expansions=["farmers", "count"], edition="C1")
    assert errors(body, all_tiles) == []
    response = score_request(body, all_tiles).to_json()
    assert [entry["explanation"].split(" (before the final scoring ")[1]
            for entry in response["city_of_carcassonne"]] == [
        "it could have left for an unfinished city: if it did, place it there instead)",
        "it could have left for an unfinished monastery: if it did, place it there instead)",
    ]
    assert {p["color"]: p["total"] for p in response["players"]} == {"red": 0, "blue": 0}


def test_the_city_of_carcassonne_without_its_square_is_reported(all_tiles):
    # Laid nowhere, the large tile keeps its own code, which no box counts by itself.
    body = request([("D", 0, 0, 0)])
    body["tiles"].append({"tile": "city-of-carcassonne", "y": 3})
    assert errors(body, all_tiles) == [("tiles[1].x", "missing_field", "x is required.")]


def test_a_mayor_in_a_city_without_pennants_says_why_he_counts_nothing(all_tiles):
    # A city of two tiles without a pennant (E over E turned 180°), red's mayor alone in
    # it: his strength is its pennants, 0, so nobody scores the city, and the
    # explanation says why rather than only that it is worth 4.
    body = request([("E", 0, 0, 0), ("E", 0, -1, 180)],
                   [{"player": "red", "x": 0, "y": 0, "at": "N", "kind": "mayor"}])
    [city] = score_request(body, all_tiles).to_json()["features"]
    assert city["scored"] == {}
    assert city["explanation"] == (
        "completed city: 2 tiles × 2 = 4; red's mayor counts 0 here "
        "(1 a pennant of his city: none)")
    # Beside blue's meeple, the same: blue has the most.
    body["figures"].append({"player": "blue", "x": 0, "y": -1, "at": "S", "kind": "meeple"})
    [city] = score_request(body, all_tiles).to_json()["features"]
    assert city["scored"] == {"blue": 4}
    assert "red's mayor counts 0 here" in city["explanation"]


def test_only_the_quarters_figures_are_left_in_the_city(all_tiles):
    # The C1 City of Carcassonne (4 × 3 squares from (0,0) to (3,2)) with red's meeple in
    # its castle quarter, and a special monastery at (-1,1), left of the city, with blue's
    # abbot lying on it. The abbot stands on a space, as the quarters' meeples do, but is
    # not in the city: he scores 1 for his monastery + 4 for the city's four squares in
    # line to his right (nothing up, down or left) = 5, and only red's meeple is listed as
    # left in the city.
    body = request([("city-of-carcassonne", 0, 0, 0), ("monasteries-germany-A", -1, 1, 0)],
                   [{"player": "red", "x": 0, "y": 0, "at": "castle"},
                    {"player": "blue", "x": -1, "y": 1, "at": "abbot"}],
                   expansions=["farmers", "count", "monasteries-germany"], edition="C1")
    assert errors(body, all_tiles) == []
    response = score_request(body, all_tiles).to_json()
    assert [(entry["player"], entry["quarter"]) for entry in response["city_of_carcassonne"]] == [
        ("red", "castle")]
    assert {p["color"]: p["total"] for p in response["players"]} == {"red": 0, "blue": 5}
