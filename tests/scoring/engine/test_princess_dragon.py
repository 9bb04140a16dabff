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
