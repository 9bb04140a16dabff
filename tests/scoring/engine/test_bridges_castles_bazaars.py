"""Bridges, Castles & Bazaars: bridges and castles as the validator reads them, and the
castle rules where farms, the barn and the king meet them (the scored boards are
``fixtures/boards/bridge-*.json``, ``castle-*.json`` and ``jcz-*castle*.json``)."""

import pytest

from scoring.engine import score_request, validate_request

BCB = ["farmers", "abbot", "bridges-castles-bazaars"]
FIVE = [{"color": color} for color in ("red", "blue", "green", "yellow", "black")]


def request(tiles, figures=(), expansions=BCB, players=None, rules=None):
    body = {
        "edition": "C2", "expansions": list(expansions),
        "players": players or [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": rotation,
                   **({"state": state} if state else {})}
                  for code, x, y, rotation, state in tiles],
        "figures": [dict(zip(("player", "x", "y", "at", "kind"), figure, strict=False))
                    for figure in figures],
    }
    if rules:
        body["rules"] = rules
    return body


def errors(body, tiles):
    return [(error.path, error.code.value, error.message)
            for error in validate_request(body, tiles)]


def found(body, tiles):
    return [(path, code) for path, code, _ in errors(body, tiles)]


def totals(body, tiles):
    result = score_request(body, tiles).to_json()
    return {player["color"]: player["total"] for player in result["players"]}, result


# -- bridges ----------------------------------------------------------------------------------


def test_a_bridge_must_rest_on_field_edges(all_tiles):
    # U unturned is a road from north to south: its N and S edges are road edges.
    (problem,) = errors(request([("U", 0, 0, 0, {"bridge": "N-S"})]), all_tiles)
    assert problem == (
        "tiles[0].state.bridge", "invalid_bridge",
        "A bridge N-S cannot cross tile U: both its ends must rest on field edges, but N is "
        "road and S is road (sides are named as on the tile unturned).")


def test_a_tile_without_two_opposite_field_edges_takes_no_bridge(all_tiles):
    # V (a road curve south-west) has field edges north and east only.
    assert found(request([("V", 0, 0, 0, {"bridge": "E-W"})]), all_tiles) == [
        ("tiles[0].state.bridge", "invalid_bridge")]


def test_a_bridge_names_an_axis(all_tiles):
    assert found(request([("B", 0, 0, 0, {"bridge": "N-E"})]), all_tiles) == [
        ("tiles[0].state.bridge", "invalid_bridge")]


def test_a_bridge_needs_the_bridges_in_play(all_tiles):
    body = request([("B", 0, 0, 0, {"bridge": "N-S"})], expansions=["farmers", "abbot"])
    assert found(body, all_tiles) == [("tiles[0].state.bridge", "expansion_not_in_play")]


def test_the_ends_of_a_bridge_are_road_edges_for_the_neighbours(all_tiles):
    # B (a monastery in open fields) with a bridge N-S; another B north of it shows a
    # field where the bridge's road arrives.
    body = request([("B", 0, 0, 0, {"bridge": "N-S"}), ("B", 0, -1, 0, None)])
    assert found(body, all_tiles) == [("tiles[1]", "edge_mismatch")]


@pytest.mark.parametrize(("players", "allowed"), [(2, 6), (4, 12), (5, 10), (6, 12)])
def test_no_more_bridges_than_the_players_own(all_tiles, players, allowed):
    # 3 bridges each with 2 to 4 players, 2 each with 5 or 6: a row of tiles with field
    # edges east and west (U, B, E), each crossed by a bridge E-W, joined into one road.
    colours = [{"color": c} for c in ("red", "blue", "green", "yellow", "black", "gray")]
    codes = ["U"] * 7 + ["B"] * 4 + ["E"] * 4  # as many as C2 has
    row = [(codes[x], x, 0, 0, {"bridge": "E-W"}) for x in range(allowed + 1)]
    assert found(request(row[:-1], players=colours[:players]), all_tiles) == []
    ((path, code, message),) = errors(request(row, players=colours[:players]), all_tiles)
    assert (path, code) == ("tiles", "invalid_bridge")
    assert message.startswith(f"The table holds {allowed + 1} bridges, but {players} players")


def test_a_bridge_leaves_the_field_under_it_whole(all_tiles):
    # E (city north) crossed by a bridge E-W, E turned 180° above it closes the city.
    # Red's farmer south of the bridge is in the same field as the city's wall north of
    # it: 1 completed city × 3 = 3.
    body = request([("E", 0, 0, 0, {"bridge": "E-W"}), ("E", 0, -1, 180, None)],
                   [("red", 0, 0, "SE")])
    points, result = totals(body, all_tiles)
    assert points == {"red": 3, "blue": 0}
    (farm,) = result["features"]
    assert farm["explanation"].startswith("farm: 1 completed city × 3 = 3")


# -- castles ----------------------------------------------------------------------------------

# H (two separate cities, west and east) closed on both sides by E: two cities of two
# half-round segments, their field between them.
TWO_SMALL_CITIES = [("H", 0, 0, 0, None), ("E", -1, 0, 90, None), ("E", 1, 0, 270, None)]


def test_a_castle_needs_a_completed_city(all_tiles):
    body = request([("E", 0, 0, 0, None)], [("red", 0, 0, "N", "castle")])
    ((path, code, message),) = errors(body, all_tiles)
    assert (path, code) == ("figures[0]", "invalid_castle")
    assert message == (
        "The castle at (0,0) N cannot stand there: a castle is made only from a completed "
        "city of two half-round segments on two tiles, and this is an incomplete city of "
        "1 tile.")


def test_a_castle_needs_a_city_of_two_tiles(all_tiles):
    # E turned 180°, F turned 90° (a city from north to south) and E: a completed city
    # of 3 tiles.
    body = request([("E", 0, -2, 180, None), ("F", 0, -1, 90, None), ("E", 0, 0, 0, None)],
                   [("red", 0, 0, "N", "castle")])
    ((path, code, message),) = errors(body, all_tiles)
    assert (path, code) == ("figures[0]", "invalid_castle")
    assert message.endswith("and this is a completed city of 3 tiles.")


@pytest.mark.parametrize("code", ["bridges-castles-bazaars-4", "inns-G"])
def test_a_city_printed_as_no_castle_never_becomes_one(all_tiles, code):
    # Both have their city on the west (inns-G's walls reach a corner), marked no_castle
    # as JCloisterZone's tile data marks them; E turned 90° closes it.
    body = request([(code, 0, 0, 0, None), ("E", -1, 0, 90, None)],
                   [("red", 0, 0, "W", "castle")],
                   expansions=BCB + (["inns-cathedrals"] if code == "inns-G" else []))
    ((path, code, message),) = errors(body, all_tiles)
    assert (path, code) == ("figures[0]", "invalid_castle")
    assert "can never become a castle" in message


def test_the_knight_on_a_castle_is_its_owners(all_tiles):
    body = request(TWO_SMALL_CITIES, [("blue", -1, 0, "E"), ("red", -1, 0, "E", "castle")])
    assert found(body, all_tiles) == [("figures[1]", "invalid_castle")]


def test_a_castle_holds_one_knight(all_tiles):
    body = request(TWO_SMALL_CITIES, [("red", -1, 0, "E"), ("red", 0, 0, "W"),
                                      ("red", -1, 0, "E", "castle")])
    ((path, code, message),) = errors(body, all_tiles)
    assert (path, code) == ("figures[2]", "invalid_castle")
    assert message.endswith("a castle holds one knight at most.")


def test_one_castle_a_city(all_tiles):
    body = request(TWO_SMALL_CITIES, [("red", -1, 0, "E", "castle"), ("red", 0, 0, "W", "castle")])
    assert found(body, all_tiles) == [("figures[0]", "invalid_castle")]


def test_with_five_players_each_has_two_castles(all_tiles):
    # Two rows of TWO_SMALL_CITIES: four small cities; red turns three into castles.
    tiles = TWO_SMALL_CITIES + [(code, x, -1, rotation, None)
                                for code, x, _, rotation, _ in TWO_SMALL_CITIES]
    castles = [("red", -1, 0, "E", "castle"), ("red", 1, 0, "W", "castle"),
               ("red", -1, -1, "E", "castle")]
    assert found(request(tiles, castles), all_tiles) == []
    ((path, code, message),) = errors(request(tiles, castles, players=FIVE), all_tiles)
    assert (path, code) == ("figures[2]", "invalid_castle")
    assert message == ("Red has more than 2 castles on the board, but with 5 players each "
                       "has 2.")


def test_a_castle_is_paid_once_a_player_under_second_edition_farm_scoring(all_tiles):
    # Red has a farmer in H's field (borders the castle west and the city east) and one
    # in the field of E at (-1,0) (borders the castle only).
    figures = [("blue", -1, 0, "E"), ("blue", -1, 0, "E", "castle"),
               ("red", 0, 0, "NW"), ("red", -1, 0, "WN")]
    # Third edition: H's field 3 + 4 = 7, the other 4: red 11.
    assert totals(request(TWO_SMALL_CITIES, figures), all_tiles)[0] == {"red": 11, "blue": 0}
    # Second edition: the castle pays red once, through the lower-numbered farm: 4 + 3 = 7.
    body = request(TWO_SMALL_CITIES, figures, rules={"farm_scoring": "second-edition"})
    points, result = totals(body, all_tiles)
    assert points == {"red": 7, "blue": 0}
    assert sorted(f["scored"].get("red", 0) for f in result["features"]
                  if f["kind"] == "farm") == [3, 4]


def test_first_edition_farm_scoring_pays_nothing_for_a_castle_and_says_so(all_tiles):
    figures = [("blue", -1, 0, "E"), ("blue", -1, 0, "E", "castle"), ("red", 0, 0, "NW")]
    body = request(TWO_SMALL_CITIES, figures, rules={"farm_scoring": "first-edition"})
    points, result = totals(body, all_tiles)
    # Only the eastern completed city pays: 4 to red.
    assert points == {"red": 4, "blue": 0}
    assert [(w["code"], w["feature"]) for w in result["warnings"]] == [
        ("farm_bonus_ignored", "farm-2")]
    assert not any("farm_castles" in feature for feature in result["features"])


def test_a_barn_is_paid_5_for_a_castle(all_tiles):
    # The barn stands on the south-west corner of E at (-1,0), with B tiles on the three
    # other squares: its field is E's, which touches the castle: 4 + 1 = 5.
    tiles = TWO_SMALL_CITIES + [("B", -2, 0, 0, None), ("B", -2, 1, 0, None),
                                ("B", -1, 1, 0, None)]
    figures = [("blue", -1, 0, "E"), ("blue", -1, 0, "E", "castle"), ("red", -1, 0, "SW", "barn")]
    body = request(tiles, figures, expansions=BCB + ["barn"])
    points, result = totals(body, all_tiles)
    assert points == {"red": 5, "blue": 0}
    (barn,) = result["barns"]
    assert barn["explanation"] == (
        "red's barn in farm-1: 0 completed cities × 4 + 1 castle × 5 = 5")


def test_the_king_needs_a_completed_city_that_is_not_a_castle(all_tiles):
    body = request([("D", 0, 0, 0, None), ("E", 0, -1, 180, None)],
                   [("red", 0, -1, "S"), ("red", 0, -1, "S", "castle")],
                   expansions=BCB + ["king-robber-baron"],
                   players=[{"color": "red", "holds": {"king": True}}, {"color": "blue"}])
    assert found(body, all_tiles) == [("players[0].holds.king", "holder_without_feature")]


def test_an_error_names_the_figure_as_the_request_lists_it(all_tiles):
    # The abbot lying on the special monastery below H comes first in the request, but
    # the engine keeps it apart from the figures on features. The castle under blue's
    # knight and red's builder with no meeple of red's in its city are the request's
    # third and fourth figures, and the errors must say so.
    tiles = TWO_SMALL_CITIES + [("monasteries-germany-A", 0, 1, 0, None)]
    figures = [("red", 0, 1, "abbot"), ("blue", -1, 0, "E"), ("red", -1, 0, "E", "castle"),
               ("red", 0, 0, "W", "builder")]
    body = request(tiles, figures,
                   expansions=BCB + ["monasteries-germany", "traders-builders"])
    assert found(body, all_tiles) == [("figures[3]", "figure_not_allowed"),
                                      ("figures[2]", "invalid_castle")]
