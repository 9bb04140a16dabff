"""The Princess & the Dragon: the fairy's input as the validator reads it, and what the
known-answer boards of ``fixtures/boards`` do not show (the fairy on a feature whose kind
is not scored, the fairy beside a follower named by another location of its feature)."""

from scoring.engine import score_request, validate_request

PD = ["farmers", "abbot", "princess-dragon"]


def request(tiles, figures=(), neutral=(), expansions=PD):
    return {
        "edition": "C2", "expansions": list(expansions),
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": r} for code, x, y, r in tiles],
        "figures": [dict(zip(("player", "x", "y", "at", "kind"), figure, strict=False))
                    for figure in figures],
        "neutral": [dict(zip(("kind", "x", "y", "at"), piece, strict=True))
                    for piece in neutral],
    }


def codes(body, tiles):
    return [(error.path, error.code.value if hasattr(error.code, "value") else error.code)
            for error in validate_request(body, tiles)]


def test_a_fairy_beside_no_follower_is_refused(all_tiles):
    # E: red's farmer in the field; the fairy named on the empty city.
    body = request([("E", 0, 0, 0)], [("red", 0, 0, "SE")], [("fairy", 0, 0, "N")])
    assert codes(body, all_tiles) == [("neutral[0]", "fairy_without_follower")]


def test_a_fairy_on_the_follower_s_tile_but_another_feature_is_refused(all_tiles):
    # U (straight road): blue's thief on the road; the fairy named on the field beside it,
    # where nobody stands.
    body = request([("U", 0, 0, 0)], [("blue", 0, 0, "N")], [("fairy", 0, 0, "EN")])
    assert codes(body, all_tiles) == [("neutral[0]", "fairy_without_follower")]


def test_two_fairies_are_refused(all_tiles):
    body = request([("E", 0, 0, 0)], [("red", 0, 0, "SE")],
                   [("fairy", 0, 0, "SE"), ("fairy", 0, 0, "SE")])
    assert ("neutral[1]", "too_many_figures") in codes(body, all_tiles)


def test_the_fairy_without_the_fairy_part_is_refused(all_tiles):
    body = request([("E", 0, 0, 0)], [("red", 0, 0, "SE")], [("fairy", 0, 0, "SE")],
                   expansions=["farmers", "abbot"])
    assert codes(body, all_tiles) == [("neutral[0].kind", "unknown_figure_kind")]


def test_the_fairy_named_at_another_location_of_the_same_feature(all_tiles):
    # E's field touches EN … WN: red's farmer at SE, the fairy named at WN, the same
    # field. No completed city: farm 0; the fairy gives red 3.
    body = request([("E", 0, 0, 0)], [("red", 0, 0, "SE")], [("fairy", 0, 0, "WN")])
    result = score_request(body, all_tiles).to_json()
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 3, "blue": 0}
    assert [entry["points"] for entry in result["fairy"]] == [3]


def test_the_fairy_s_line_names_the_follower_by_its_kind(all_tiles):
    # E with red's large meeple (Inns & Cathedrals) in its open city and the fairy beside
    # it: the city 1 tile × 1 = 1, the fairy 3; red 4. Her line names the large meeple as
    # players call it, not by the request's code "large".
    body = request([("E", 0, 0, 0)], [("red", 0, 0, "N", "large")], [("fairy", 0, 0, "N")],
                   expansions=PD + ["inns-cathedrals"])
    result = score_request(body, all_tiles).to_json()
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 4, "blue": 0}
    (fairy,) = result["fairy"]
    assert fairy["explanation"].startswith("the fairy beside red's large meeple on city-")
    assert fairy["explanation"].endswith(": scored at the end, 3 for red")


def test_the_fairy_on_a_farm_gives_nothing_without_the_farmers(all_tiles):
    # Without the farmers part, fields are not scored at the end: nor is the fairy's 3.
    body = request([("E", 0, 0, 0)], [("red", 0, 0, "N")], [("fairy", 0, 0, "N")],
                   expansions=["abbot", "princess-dragon"])
    result = score_request(body, all_tiles).to_json()
    # The open one-tile city: 1; the fairy beside the knight: 3.
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 4, "blue": 0}


def test_every_tile_of_the_box_is_there(all_tiles):
    tiles = [tile for tile in all_tiles.values() if tile.expansion == "princess-dragon"]
    counts = {edition: sum(dict(tile.counts).get(edition, 0) for tile in tiles)
              for edition in {e for tile in tiles for e, _ in tile.counts}}
    # 30 tiles in each edition: 6 volcanoes, 12 dragons, 6 portals, 6 princesses.
    assert {edition.value: count for edition, count in counts.items()} == {"C1": 30, "C2": 30}
    c2 = [(tile, dict(tile.counts)[next(e for e in dict(tile.counts) if e.value == "C2")])
          for tile in tiles]

    def with_landmark(name):
        return sum(count for tile, count in c2 if tile.has_landmark(name))

    assert [with_landmark(name) for name in ("volcano", "dragon", "magic_portal")] == [6, 12, 6]
    princesses = sum(count for tile, count in c2
                     if any(dict(segment.attributes).get("princess")
                            for segment in tile.segments))
    assert princesses == 6


ON_TILE = {"fairy_placement": "on-tile"}


def test_the_fairy_on_a_tile_without_a_follower_is_refused(all_tiles):
    # Two D tiles: red's thief on the road at (0,0); the fairy on (1,0), where nobody
    # stands, although the road reaches it.
    body = request([("D", 0, 0, 0), ("D", 1, 0, 0)], [("red", 0, 0, "E")])
    body["rules"] = ON_TILE
    body["neutral"] = [{"kind": "fairy", "x": 1, "y": 0}]
    errors = validate_request(body, all_tiles)
    assert [(error.path, error.code.value) for error in errors] == [
        ("neutral[0]", "fairy_without_follower")]
    assert "No follower stands on the tile at (1,0)" in errors[0].message


def test_the_fairy_needs_a_location_under_the_c2_rule_only(all_tiles):
    body = request([("D", 0, 0, 0)], [("red", 0, 0, "E")])
    body["neutral"] = [{"kind": "fairy", "x": 0, "y": 0}]
    assert codes(body, all_tiles) == [("neutral[0].at", "missing_field")]
    body["rules"] = {"fairy_placement": "beside-follower"}
    assert codes(body, all_tiles) == [("neutral[0].at", "missing_field")]
    body["rules"] = ON_TILE
    assert codes(body, all_tiles) == []


def test_on_a_tile_a_location_given_names_only_the_tile(all_tiles):
    # D: red's thief on the road (E), blue's knight in the city (N); the fairy named at
    # the road's location, but on a tile she serves both: road 1 + 3 for red, city 1 + 3
    # for blue (C2: an open city scores 1 a tile).
    body = request([("D", 0, 0, 0)], [("red", 0, 0, "E"), ("blue", 0, 0, "N")],
                   [("fairy", 0, 0, "E")])
    body["rules"] = ON_TILE
    result = score_request(body, all_tiles).to_json()
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 4, "blue": 4}
    assert sorted((entry["player"], entry["points"]) for entry in result["fairy"]) == [
        ("blue", 3), ("red", 3)]
    assert result["fairy"][0]["explanation"].startswith("the fairy on the tile (0,0) of ")
    # Beside the thief (the default rule), only red gets her 3.
    del body["rules"]
    result = score_request(body, all_tiles).to_json()
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 4, "blue": 1}


def test_the_fairy_on_a_tile_pays_a_feature_once_per_player(all_tiles):
    # U (road north-south) at (0,0) under A (monastery, road south) at (0,-1): U's west
    # and east fields meet around A's monastery, one farm. Red's farmers on both sides of
    # U's road (WN, EN), blue's monk on A; the fairy on U. Farm: no city, 0; the fairy
    # pays red once for that farm: 3. Monastery: A and 1 neighbour, 2 for blue; blue's
    # monk is not on her tile: nothing more.
    body = request([("U", 0, 0, 0), ("A", 0, -1, 0)],
                   [("red", 0, 0, "WN"), ("red", 0, 0, "EN"), ("blue", 0, -1, "C")])
    body["rules"] = ON_TILE
    body["neutral"] = [{"kind": "fairy", "x": 0, "y": 0}]
    result = score_request(body, all_tiles).to_json()
    farms = [feature for feature in result["features"] if feature["kind"] == "farm"]
    assert [farm["figures"] for farm in farms] == [{"red": 2}]
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 3, "blue": 2}
    assert [(entry["player"], entry["feature"]) for entry in result["fairy"]] == [
        ("red", farms[0]["id"])]


def test_a_portal_may_bring_a_follower_to_a_volcano_tile(all_tiles):
    # princess-dragon-3: a volcano and a road ending on the south edge. Nobody is placed
    # there when it is laid, but a magic portal places a follower on any unfinished
    # feature: with the portals in play, red's thief there is allowed, River II or not.
    tiles = [("princess-dragon-3", 0, 0, 0)]
    thief = [("red", 0, 0, "S")]
    for expansions in (PD, ["farmers", "river2", "princess-dragon"],
                       ["farmers", "dragon", "magic-portal"]):
        assert codes(request(tiles, thief, expansions=expansions), all_tiles) == []
    # Without the portals nothing brings a figure there: refused, with the River II's
    # volcano rule or the dragon's alone.
    for expansions in (["farmers", "dragon"], ["farmers", "river2", "dragon"]):
        errors = validate_request(request(tiles, thief, expansions=expansions), all_tiles)
        assert [(error.path, error.code.value) for error in errors] == [
            ("figures[0]", "figure_not_allowed")]
        assert "only a magic portal" in errors[0].message
    # The River II's own volcano tile under its spring, with the portals: a farmer in its
    # field is fine.
    body = request([("river2-A", 0, 0, 0), ("river2-L", 0, 1, 0)], [("blue", 0, 1, "SE")],
                   expansions=["farmers", "river2", "princess-dragon"])
    assert codes(body, all_tiles) == []
    result = score_request(body, all_tiles).to_json()
    # The lake's field touches no city: 0.
    assert {p["color"]: p["total"] for p in result["players"]} == {"red": 0, "blue": 0}
