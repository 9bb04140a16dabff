"""What the expansions add to validation: the river's layout rules, the new figures'
places and limits, goods tokens, editions — one test per new error code and use."""

import pytest

from scoring.engine import validate_request


def _request(tiles, figures=(), *, edition="C2", expansions=("farmers", "river"), players=None):
    return {
        "edition": edition,
        "expansions": list(expansions),
        "players": players or [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": code, "x": x, "y": y, "rotation": r} for code, x, y, r in tiles],
        "figures": list(figures),
    }


def _codes(errors):
    return [(error.path, error.code.value) for error in errors]


SPRING = ("river-A", 0, 0, 0)  # river flowing south from (0,0)


# -- the river ----------------------------------------------------------------------------

def test_a_river_edge_meets_only_a_river_edge(all_tiles):
    errors = validate_request(_request([SPRING, ("D", 0, 1, 0)]), all_tiles)
    assert _codes(errors) == [("tiles[1]", "edge_mismatch")]
    assert errors[0].message == (
        "Tile D at (0,1) does not fit: its north edge is a city but the south edge of tile "
        "river-A at (0,0) is a river."
    )


def test_river_tiles_without_a_spring(all_tiles):
    # river-D turned 90°: the river runs W–E below D's southern field.
    errors = validate_request(_request([("D", 0, 0, 0), ("river-D", 0, 1, 90)]), all_tiles)
    assert _codes(errors) == [("tiles", "river_spring")]
    assert "no spring" in errors[0].message


def test_a_second_spring(all_tiles):
    tiles = [SPRING, ("river-D", 0, 1, 0), ("river2-A", 0, 2, 180)]
    errors = validate_request(_request(tiles, expansions=["river", "river2"]), all_tiles)
    assert _codes(errors) == [("tiles[2]", "river_spring")]
    assert errors[0].message == (
        "Tile river2-A at (0,2) is a second spring; a game has one spring, the start tile "
        "(the first is Tile river-A at (0,0))."
    )


def test_a_river_tile_away_from_the_river(all_tiles):
    # The second river-D touches the spring only by a field edge.
    tiles = [SPRING, ("river-D", 0, 1, 0), ("river-F", 1, 0, 0)]
    errors = validate_request(_request(tiles), all_tiles)
    assert _codes(errors) == [("tiles[2]", "river_not_connected")]


def test_an_immediate_u_turn(all_tiles):
    # river-G turned 90° at (0,1) takes the river east; river-J turned 180° at (1,1)
    # turns it north again.
    tiles = [SPRING, ("river-G", 0, 1, 90), ("river-J", 1, 1, 180)]
    errors = validate_request(_request(tiles), all_tiles)
    assert _codes(errors) == [("tiles[2]", "river_u_turn")]
    assert errors[0].message == (
        "Tile river-J at (1,1) turns the river back the way it came: together with Tile "
        "river-G at (0,1) both turn it northwards, an immediate U-turn."
    )


def test_turning_the_same_way_with_a_straight_tile_between_is_allowed(all_tiles):
    tiles = [SPRING, ("river-G", 0, 1, 90), ("river-D", 1, 1, 90), ("river-J", 2, 1, 180)]
    assert validate_request(_request(tiles), all_tiles) == []


def test_the_river_may_not_close_on_itself(all_tiles):
    # The fork's east and south branches joined round a square.
    tiles = [SPRING, ("river2-I", 0, 1, 0), ("river-J", 1, 1, 90), ("river-G", 1, 2, 0),
             ("river2-G", 0, 2, 180)]
    errors = validate_request(_request(tiles, expansions=["river", "river2"]), all_tiles)
    assert ("tiles[4]", "river_loop") in _codes(errors)
    assert {code for _, code in _codes(errors)} <= {"river_loop", "river_u_turn"}


def test_an_open_river_end_is_allowed(all_tiles):
    assert validate_request(_request([SPRING, ("river-D", 0, 1, 0)]), all_tiles) == []


def test_nothing_stands_on_the_river_or_by_the_volcano(all_tiles):
    tiles = [("river2-A", 0, 0, 0), ("river2-L", 0, 1, 0)]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "S"},
               {"player": "blue", "x": 0, "y": 1, "at": "SE"},
               {"player": "blue", "x": 0, "y": 1, "at": "C"}]
    errors = validate_request(_request(tiles, figures, expansions=["farmers", "river2"]),
                              all_tiles)
    assert _codes(errors) == [
        ("figures[0].at", "no_feature_at_location"),
        ("figures[1]", "figure_not_allowed"),
        ("figures[2].at", "no_feature_at_location"),
    ]
    assert errors[1].message.startswith("No figure may stand on Tile river2-L at (0,1)")


def test_river_tiles_per_edition(all_tiles):
    errors = validate_request(_request([SPRING], edition="C3"), all_tiles)
    assert _codes(errors) == [("tiles[0].tile", "tile_not_in_edition")]
    c3 = validate_request(_request([("river-A-C3", 0, 0, 0)], edition="C1"), all_tiles)
    assert _codes(c3) == [("tiles[0].tile", "tile_not_in_edition")]
    # The River II has no C3 box: a C3 table lays its C2 one (issue 29, every printing),
    # and still not the base game's C2 spring.
    river2 = validate_request(_request([("river2-A", 0, 0, 0)], edition="C3",
                                       expansions=["river2"]), all_tiles)
    assert river2 == []
    both = validate_request(_request([SPRING], edition="C3", expansions=["river", "river2"]),
                            all_tiles)
    assert _codes(both) == [("tiles[0].tile", "tile_not_in_edition")]


def test_a_river_tile_needs_the_river(all_tiles):
    errors = validate_request(_request([SPRING], expansions=["farmers"]), all_tiles)
    assert _codes(errors) == [("tiles[0].tile", "expansion_not_in_play")]
    assert errors[0].message == 'Tile river-A belongs to The River: add "river" to expansions.'


# -- Inns & Cathedrals and Traders & Builders ---------------------------------------------

BIG_BOX = ("farmers", "abbot", "inns-cathedrals", "traders-builders")
# D at (0,0) (city N, road W–E); inns-B at (1,0): road W–E with an inn, garden to the S.
ROAD = [("D", 0, 0, 0), ("inns-B", 1, 0, 0)]


def test_a_builder_joins_its_owners_meeple(all_tiles):
    figures = [{"player": "red", "x": 0, "y": 0, "at": "E"},
               {"player": "red", "x": 1, "y": 0, "at": "W", "kind": "builder"},
               {"player": "blue", "x": 0, "y": 0, "at": "N", "kind": "builder"}]
    errors = validate_request(_request(ROAD, figures, edition="C3", expansions=BIG_BOX),
                              all_tiles)
    assert _codes(errors) == [("figures[2]", "figure_not_allowed")]
    assert errors[0].message == (
        "A builder may stand only on a city where its owner also has a meeple or a large "
        "meeple; blue has none on the city of Tile D at (0,0) (N)."
    )


def test_a_pig_joins_its_owners_farmer(all_tiles):
    # D's southern field runs on into inns-B's: blue's farmer there lets blue's pig in.
    figures = [{"player": "red", "x": 0, "y": 0, "at": "SW", "kind": "pig"},
               {"player": "blue", "x": 1, "y": 0, "at": "SE"},
               {"player": "blue", "x": 0, "y": 0, "at": "WS", "kind": "pig"}]
    errors = validate_request(_request(ROAD, figures, edition="C3", expansions=BIG_BOX),
                              all_tiles)
    assert _codes(errors) == [("figures[0]", "figure_not_allowed")]
    assert errors[0].message == (
        "A pig may stand only on a farm where its owner also has a meeple or a large "
        "meeple; red has none on the farm of Tile D at (0,0) (SW)."
    )


def test_a_pig_stays_in_fields(all_tiles):
    figures = [{"player": "red", "x": 0, "y": 0, "at": "E", "kind": "pig"}]
    errors = validate_request(_request(ROAD, figures, edition="C3", expansions=BIG_BOX),
                              all_tiles)
    assert _codes(errors) == [("figures[0]", "figure_not_allowed")]
    assert errors[0].message == (
        "A pig may not stand on a road (Tile D at (0,0), E); it may stand on a farm."
    )


def test_the_large_meeple_stays_off_gardens_and_is_one_a_player(all_tiles):
    figures = [{"player": "red", "x": 1, "y": 0, "at": "C", "kind": "large"},
               {"player": "blue", "x": 0, "y": 0, "at": "N", "kind": "large"},
               {"player": "blue", "x": 0, "y": 0, "at": "E", "kind": "large"}]
    errors = validate_request(_request(ROAD, figures, edition="C3", expansions=BIG_BOX),
                              all_tiles)
    assert _codes(errors) == [("figures[0]", "figure_not_allowed"),
                              ("figures[2]", "too_many_figures")]
    assert errors[0].message.startswith("A large meeple may not stand on a garden")
    assert errors[1].message == (
        "Blue has more than 1 large meeple on the board, but a player owns only 1."
    )


def test_new_figures_need_their_part(all_tiles):
    figures = [{"player": "red", "x": 0, "y": 0, "at": "E", "kind": "large"}]
    errors = validate_request(_request(ROAD, figures, edition="C3", expansions=["inns"]),
                              all_tiles)
    assert _codes(errors) == [("figures[0].kind", "unknown_figure_kind")]
    assert errors[0].message == (
        'A large meeple (large) needs the large meeple: add "large-meeple" to expansions.'
    )


def test_a_large_farmer_needs_the_farmers(all_tiles):
    figures = [{"player": "red", "x": 0, "y": 0, "at": "SW", "kind": "large"}]
    errors = validate_request(
        _request(ROAD, figures, edition="C3", expansions=["inns-cathedrals"]), all_tiles
    )
    assert _codes(errors) == [("figures[0]", "expansion_not_in_play")]
    assert errors[0].message == (
        'A farmer on Tile D at (0,0) needs The Farmers: add "farmers" to expansions.'
    )


@pytest.mark.parametrize(("goods", "path", "code"), [
    ({"gold": 1}, "players[0].goods.gold", "invalid_goods"),
    ({"wine": -1}, "players[0].goods.wine", "invalid_goods"),
    ({"wine": "1"}, "players[0].goods.wine", "invalid_type"),
    ([1, 0, 0], "players[0].goods", "invalid_type"),
])
def test_goods_tokens_are_checked(all_tiles, goods, path, code):
    players = [{"color": "red", "goods": goods}, {"color": "blue"}]
    errors = validate_request(
        _request(ROAD, edition="C3", expansions=BIG_BOX, players=players), all_tiles
    )
    assert _codes(errors) == [(path, code)]


def test_goods_need_the_trade_goods(all_tiles):
    players = [{"color": "red", "goods": {"wine": 1}}, {"color": "blue"}]
    errors = validate_request(
        _request(ROAD, edition="C3", expansions=["inns-cathedrals"], players=players), all_tiles
    )
    assert _codes(errors) == [("players[0].goods", "expansion_not_in_play")]
    assert errors[0].message == (
        'Holding goods tokens needs the trade goods: add "trade-goods" to expansions.'
    )
    # Zero tokens say nothing and are accepted without the part.
    players[0]["goods"] = {"wine": 0}
    assert validate_request(
        _request(ROAD, edition="C3", expansions=["inns-cathedrals"], players=players), all_tiles
    ) == []


def test_goods_tokens_add_up_to_the_completed_cities(all_tiles):
    # traders-Q (wine city W–E) closed by two city caps: one wine symbol on the board.
    tiles = [("traders-Q", 0, 0, 0), ("E", -1, 0, 90), ("E", 1, 0, 270)]
    players = [{"color": "red", "goods": {"wine": 2, "cloth": 1}}, {"color": "blue"}]
    errors = validate_request(
        _request(tiles, edition="C3", expansions=BIG_BOX, players=players), all_tiles
    )
    assert _codes(errors) == [("players", "goods_mismatch"), ("players", "goods_mismatch")]
    assert errors[0].message == (
        "The players hold 2 wine tokens, but the completed cities on the board show 1 wine "
        "symbol: 1 too many. Whoever completes a city takes one token for each symbol in it."
    )
    assert errors[1].message.startswith("The players hold 1 cloth token, but the completed "
                                        "cities on the board show 0 cloth symbols: 1 too many.")
    players[0]["goods"] = {"wine": 1}
    assert validate_request(
        _request(tiles, edition="C3", expansions=BIG_BOX, players=players), all_tiles
    ) == []
