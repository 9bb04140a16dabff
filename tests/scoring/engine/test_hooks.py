"""Each declaration hook of :mod:`scoring.engine.expansion`, exercised alone by a made-up
expansion with its own registry, on boards whose points are worked out by hand.

The made-up expansions only use the hooks; they are not rules of any real expansion.
"""

import dataclasses
import math

import pytest

from scoring.engine import parse_request, score_request, validate_request
from scoring.engine.board import Color
from scoring.engine.expansion import (
    AreaBonus,
    BoardCheck,
    CityWeight,
    Conversion,
    District,
    Expansion,
    ExpansionRegistry,
    FigureKind,
    LandmarkKind,
    LargeTile,
    NeutralFigure,
    Passage,
    Placement,
    PlayerBonus,
    PlayerTokens,
    ScoreModifier,
    ScoreTransform,
    SegmentAttribute,
    Space,
    Stand,
    StepAction,
    TieBreak,
    TileState,
    TileTrait,
)
from scoring.engine.expansions import base
from scoring.engine.features import FeatureGraph
from scoring.engine.locations import Location
from scoring.engine.messages import Message, add_templates
from scoring.engine.problems import BoardError, ProblemCode
from scoring.engine.results import BonusResult
from scoring.engine.rules import Edition
from scoring.engine.scoring import InvalidBoardError
from scoring.engine.tiles import FeatureKind, Segment, TileSet

ALL_HALVES = ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]


def made_up(code, extra_tiles=(), **declarations):
    """A registry with the base game and one made-up expansion bringing
    ``declarations`` (fields of :class:`Part`), and the base tiles plus ``extra_tiles``."""
    expansion = Expansion(code=code, name=f"the {code} test", editions=frozenset(Edition),
                          **declarations)
    registry = ExpansionRegistry([base.EXPANSION, expansion])
    return registry, expansion


def tiles_for(registry, base_tiles, extra=()):
    return TileSet.from_data([*base_tiles.to_data(), *extra], registry)


def body(tiles, figures=(), expansions=("farmers",), players=None, **more):
    return {
        "expansions": list(expansions),
        "players": players or [{"color": "red"}, {"color": "blue"}],
        "tiles": list(tiles),
        "figures": list(figures),
        **more,
    }


def codes(errors):
    return [(error.path, error.code.value) for error in errors]


# -- strength as a function of the feature (a mayor) ---------------------------------


def test_strength_of_the_feature(base_tiles):
    reeve = FigureKind("reeve", "reeve", limit=1, strength=0,
                       strength_of=lambda city: city.pennants)
    registry, _ = made_up("test-reeve", figure_kinds=(reeve,),
                          placements=(Placement("reeve", FeatureKind.CITY, "reeve"),))
    tiles = tiles_for(registry, base_tiles)
    two_pennants = [{"tile": "F", "x": 0, "y": 0}, {"tile": "F", "x": 1, "y": 0}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "E"},
               {"player": "blue", "x": 1, "y": 0, "at": "E", "kind": "reeve"}]
    city = score_request(body(two_pennants, figures, ["farmers", "test-reeve"]),
                         tiles).feature("city-1")
    # The reeve counts the city's 2 pennants: blue 2 beats red's meeple 1. An incomplete
    # city of 2 tiles and 2 pennants: 2 × 1 + 2 × 1 = 4.
    assert city.figures == {Color.RED: 1, Color.BLUE: 2}
    assert city.owners == (Color.BLUE,)
    assert city.scored == {Color.BLUE: 4}
    # Without pennants (F and G: 1 pennant) the reeve counts 1: a tie, both score
    # 2 tiles + 1 pennant = 3.
    one_pennant = [{"tile": "F", "x": 0, "y": 0}, {"tile": "G", "x": 1, "y": 0}]
    city = score_request(body(one_pennant, figures, ["farmers", "test-reeve"]),
                         tiles).feature("city-1")
    assert city.figures == {Color.RED: 1, Color.BLUE: 1}
    assert city.scored == {Color.RED: 3, Color.BLUE: 3}


# -- follower or not (a wagon versus a builder) --------------------------------------


def test_follower_flag(base_tiles):
    cart = FigureKind("cart", "cart", limit=1)  # a follower of strength 1
    helper = FigureKind("helper", "helper", limit=1, strength=0, follower=False)
    registry, _ = made_up(
        "test-carts", figure_kinds=(cart, helper),
        placements=(Placement("cart", FeatureKind.ROAD, "carter"),
                    Placement("helper", FeatureKind.ROAD, "helper", beside_follower=True)),
    )
    tiles = tiles_for(registry, base_tiles)
    road = [{"tile": "U", "x": 0, "y": 0}, {"tile": "U", "x": 0, "y": 1}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "N", "kind": "cart"},
               {"player": "red", "x": 0, "y": 1, "at": "S", "kind": "helper"}]
    result = score_request(body(road, figures, ["farmers", "test-carts"]), tiles)
    # The cart is a follower: the helper may join it, and it counts 1 in the majority.
    # Incomplete road of 2 tiles: 2.
    assert result.feature("road-1").figures == {Color.RED: 1}
    assert result.feature("road-1").scored == {Color.RED: 2}
    # A helper is not a follower: a second player's helper cannot join red's helper.
    lonely = [*figures, {"player": "blue", "x": 0, "y": 1, "at": "N", "kind": "helper"}]
    errors = validate_request(body(road, lonely, ["farmers", "test-carts"]), tiles)
    assert codes(errors) == [("figures[2]", "figure_not_allowed")]
    assert "where its owner also has a meeple or a cart" in errors[0].message


# -- figures without an owner (mage, witch, fairy, dragon) ---------------------------


add_templates({"test-lantern.with": "{label} with the lantern"})


def lantern_roads(feature, valuation, context):
    """A road with a lantern scores 1 more a tile."""
    if any(piece.kind == "lantern" for piece in feature.neutral):
        valuation.each += 1
        valuation.label = Message("test-lantern.with", {"label": valuation.label})


def test_neutral_figures(base_tiles):
    lantern = NeutralFigure("lantern", "lantern", features=(FeatureKind.ROAD,))
    registry, _ = made_up("test-lantern", neutral_figures=(lantern,),
                          modifiers=(ScoreModifier(FeatureKind.ROAD, lantern_roads),))
    tiles = tiles_for(registry, base_tiles)
    road = [{"tile": "U", "x": 0, "y": 0}, {"tile": "U", "x": 0, "y": 1}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "N"}]
    request = body(road, figures, ["farmers", "test-lantern"],
                   neutral=[{"kind": "lantern", "x": 0, "y": 1, "at": "S"}])
    road_result = score_request(request, tiles).feature("road-1")
    # 2 tiles × (1 + 1) = 4, all to red: the lantern belongs to nobody.
    assert road_result.scored == {Color.RED: 4}
    assert road_result.figures == {Color.RED: 1}
    assert road_result.explanation == "incomplete road with the lantern: 2 tiles × 2 = 4"
    parsed = parse_request(request, tiles)
    assert parsed.board.neutral[0].at is Location.S
    assert parse_request(parsed.to_json(), tiles) == parsed
    # Only on roads, one in the game, and only with the expansion.
    wrong = body(road, figures, ["farmers", "test-lantern"],
                 neutral=[{"kind": "lantern", "x": 0, "y": 1, "at": "SE"},
                          {"kind": "lantern", "x": 0, "y": 0, "at": "N"}])
    assert codes(validate_request(wrong, tiles)) == [
        ("neutral[0]", "figure_not_allowed"), ("neutral[1]", "too_many_figures")]
    absent = body(road, figures, ["farmers"], neutral=[{"kind": "lantern", "x": 0, "y": 1,
                                                         "at": "S"}])
    assert codes(validate_request(absent, tiles)) == [("neutral[0].kind", "unknown_figure_kind")]


# -- figures on a corner where four tiles meet (a barn) ------------------------------


def sheds_in_farm(feature, valuation, context):
    """A farm with a shed pays 1 more a city to its owners."""
    if any(figure.kind == "shed" for figure in feature.figures):
        valuation.shared_bonus.append((1, "shed"))


CORNER_BOARD = [
    {"tile": "E", "x": 0, "y": 0}, {"tile": "E", "x": 0, "y": -1, "rotation": 180},
    {"tile": "B", "x": 1, "y": 0}, {"tile": "B", "x": 0, "y": 1}, {"tile": "B", "x": 1, "y": 1},
]


def test_figures_on_a_corner(base_tiles):
    shed = FigureKind("shed", "shed", limit=1, strength=0, follower=False,
                      stands=Stand.CORNER, listed_as="sheds")
    registry, _ = made_up("test-shed", figure_kinds=(shed,),
                          placements=(Placement("shed", FeatureKind.FARM, "shed"),),
                          modifiers=(ScoreModifier(FeatureKind.FARM, sheds_in_farm),))
    tiles = tiles_for(registry, base_tiles)
    figures = [{"player": "red", "x": 1, "y": 1, "at": "NW"},
               {"player": "blue", "x": 0, "y": 0, "at": "SE", "kind": "shed"}]
    farm = score_request(body(CORNER_BOARD, figures, ["farmers", "test-shed"]),
                         tiles).feature("farm-2")
    # The shed stands where (0,0), (1,0), (0,1) and (1,1) meet, in the farm of red's
    # farmer (farm-2; farm-1 is the field of the upper E). The farm borders the completed
    # city of the two E tiles: 1 city × 3 = 3, +1 for the shed → 4 to red, its only
    # owner (a shed has strength 0).
    assert farm.figures == {Color.RED: 1}
    assert farm.scored == {Color.RED: 4}
    assert farm.extras["sheds"] == ["blue"]
    # Naming the same corner from the tile at (1,1): its north-west corner.
    same = [figures[0], {"player": "blue", "x": 1, "y": 1, "at": "NW", "kind": "shed"}]
    assert score_request(body(CORNER_BOARD, same, ["farmers", "test-shed"]),
                         tiles).feature("farm-2").scored == {Color.RED: 4}
    # Not a corner of four tiles: at (0,0)'s north-east corner, (1,-1) has no tile.
    errors = validate_request(body(CORNER_BOARD, [{"player": "blue", "x": 0, "y": 0, "at": "NE",
                                                   "kind": "shed"}], ["farmers", "test-shed"]),
                              tiles)
    assert codes(errors) == [("figures[0]", "figure_not_allowed")]
    assert errors[0].message == ("A shed stands only where four tiles meet; the NE corner of "
                                 "Tile E at (0,0) has no tile at (1,-1).")
    # A half-edge that is not a corner name.
    errors = validate_request(body(CORNER_BOARD, [{"player": "blue", "x": 0, "y": 0, "at": "ES",
                                                   "kind": "shed"}], ["farmers", "test-shed"]),
                              tiles)
    assert codes(errors) == [("figures[0].at", "figure_not_allowed")]


# -- tiles that ignore edges and close what they touch (an abbey) --------------------

CLOISTER = TileTrait("cloister", any_edges=True, closes=True,
                     meaning="Fits any hole and ends what it touches.")
CLOISTER_TILE = {"code": "test-cloister", "expansion": "test-cloister", "edges": "FFFF",
                 "counts": {"C3": 2}, "traits": ["cloister"],
                 "features": [{"kind": "monastery"}]}


def test_tiles_that_close_what_they_touch(base_tiles):
    registry, _ = made_up("test-cloister", tile_traits=(CLOISTER,))
    tiles = tiles_for(registry, base_tiles, [CLOISTER_TILE])
    board = [{"tile": "U", "x": 0, "y": 0},
             {"tile": "test-cloister", "x": 0, "y": -1},
             {"tile": "test-cloister", "x": 0, "y": 1}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "N"},
               {"player": "blue", "x": 0, "y": 1, "at": "C"},
               {"player": "blue", "x": 0, "y": 0, "at": "EN"}]
    request = body(board, figures, ["farmers", "test-cloister"])
    # The road's edges meet the cloisters' field edges: no edge mismatch.
    assert validate_request(request, tiles) == []
    result = score_request(request, tiles)
    road = result.feature("road-1")
    # Both ends of the road stop at a cloister: a completed road of 1 tile, 1 × 1 = 1. It
    # ends against tiles, so it is not a loop.
    assert road.complete and road.scored == {Color.RED: 1}
    assert road.explanation == "completed road: 1 tile × 1 = 1"
    # The cloister is a monastery with one neighbour: 1 + 1 = 2.
    assert result.feature("monastery-2").scored == {Color.BLUE: 2}
    # Fields do not pass the cloister: blue's farm is the east field of U alone (farm-2;
    # its west field is farm-1), bordering no city (0 points).
    assert result.feature("farm-2").tiles == ((0, 0),)
    # Without the trait the same tile data lacks its fields.
    with pytest.raises(ValueError, match="unknown trait"):
        tiles_for(ExpansionRegistry([base.EXPANSION]), base_tiles, [CLOISTER_TILE])


# -- tiles bigger than one square, with districts ------------------------------------

KEEP_PIECES = [
    {"code": "test-keep-w", "expansion": "test-keep", "edges": "FCFF", "counts": {},
     "features": [{"kind": "city", "edges": ["E"]},
                  {"kind": "field", "half_edges": ["NW", "NE", "SE", "SW", "WS", "WN"]}]},
    {"code": "test-keep-e", "expansion": "test-keep", "edges": "FFFC", "counts": {},
     "features": [{"kind": "city", "edges": ["W"]},
                  {"kind": "field", "half_edges": ["NW", "NE", "EN", "ES", "SE", "SW"]}]},
]
KEEP = LargeTile("test-keep", "test keep", pieces=((0, 0, "test-keep-w"), (1, 0, "test-keep-e")),
                 counts={"C3": 1}, districts=(District("yard"),))


def test_large_tiles_and_districts(base_tiles):
    registry, _ = made_up("test-keep", large_tiles=(KEEP,))
    tiles = tiles_for(registry, base_tiles, KEEP_PIECES)
    # Turned 90°, the piece at offset (1, 0) lies at (0, 1): a city from (0,0) to (0,1).
    board = [{"tile": "test-keep", "x": 0, "y": 0, "rotation": 90},
             {"tile": "B", "x": 1, "y": 0}]
    figures = [{"player": "red", "x": 0, "y": 1, "at": "N"},
               {"player": "blue", "x": 0, "y": 0, "at": "yard"}]
    request = body(board, figures, ["farmers", "test-keep"])
    result = score_request(request, tiles)
    city = result.feature("city-1")
    # A completed city of 2 squares without pennants: 2 × 2 = 4. Blue's figure in the
    # yard stands on no feature and scores nothing.
    assert city.tiles == ((0, 0), (0, 1)) and city.complete
    assert city.scored == {Color.RED: 4}
    assert result.player("blue").final_points == 0
    parsed = parse_request(request, tiles)
    assert parsed.board.districts[0].district == "yard"
    assert parse_request(parsed.to_json(), tiles) == parsed
    # A district the tile does not have; a second keep; the keep without its expansion.
    wrong = body([*board, {"tile": "test-keep", "x": 2, "y": 0}],
                 [{"player": "blue", "x": 0, "y": 0, "at": "moat"}], ["farmers", "test-keep"])
    assert codes(validate_request(wrong, tiles)) == [
        ("tiles[2].tile", "too_many_copies"), ("figures[0].at", "invalid_location")]
    assert codes(validate_request(body(board, [], ["farmers"]), tiles)) == [
        ("tiles[0].tile", "expansion_not_in_play")]


# -- per-tile state the player enters ------------------------------------------------

INVALID_GATE = ProblemCode("invalid_gate", "a gate state that is not open or closed")


def gated(definition, value):
    """The tile with its road cut in two at the gate when the gate is closed."""
    if value == "open":
        return definition
    segments = []
    for segment in definition.segments:
        if segment.kind is FeatureKind.ROAD:
            segments += [Segment(FeatureKind.ROAD, (location,)) for location in segment.locations]
        else:
            segments.append(segment)
    return dataclasses.replace(definition, segments=tuple(segments))


def test_tile_state(base_tiles):
    gate = TileState("gate", INVALID_GATE, ("open", "closed"),
                     applies=lambda definition: definition.code == "U", variant=gated)
    registry, _ = made_up("test-gate", tile_states=(gate,))
    tiles = tiles_for(registry, base_tiles)
    board = [{"tile": "U", "x": 0, "y": -1},
             {"tile": "U", "x": 0, "y": 0, "state": {"gate": "closed"}},
             {"tile": "U", "x": 0, "y": 1}]
    figures = [{"player": "red", "x": 0, "y": -1, "at": "N"},
               {"player": "blue", "x": 0, "y": 1, "at": "S"}]
    request = body(board, figures, ["farmers", "test-gate"])
    result = score_request(request, tiles)
    # The closed gate cuts the road: (0,-1) and the north half of (0,0) for red, 2
    # tiles = 2; the south half and (0,1) for blue, 2.
    assert result.feature("road-1").scored == {Color.RED: 2}
    assert result.feature("road-2").scored == {Color.BLUE: 2}
    parsed = parse_request(request, tiles)
    assert parsed.board.tiles[1].state == (("gate", "closed"),)
    assert parse_request(parsed.to_json(), tiles) == parsed
    # Open, it is one road of 3 tiles shared by red and blue: 3 each.
    board[1]["state"] = {"gate": "open"}
    assert score_request(request, tiles).feature("road-1").scored == {Color.RED: 3,
                                                                       Color.BLUE: 3}
    board[1]["state"] = {"gate": "ajar"}
    errors = validate_request(request, tiles)
    assert codes(errors) == [("tiles[1].state.gate", "invalid_gate")]
    assert errors[0].message == 'gate cannot be "ajar": use "open", "closed".'
    board[1] = {"tile": "D", "x": 0, "y": 0, "rotation": 90, "state": {"gate": "open"}}
    assert codes(validate_request(request, tiles))[0] == ("tiles[1].state.gate", "invalid_gate")
    board[1] = {"tile": "U", "x": 0, "y": 0, "state": {"gate": "open"}}
    assert codes(validate_request(body(board, figures, ["farmers"]), tiles)) == [
        ("tiles[1].state.gate", "expansion_not_in_play")]


def test_a_tile_state_value_some_tiles_refuse(base_tiles):
    # A made-up "flag" state any tile takes, except "north" on a tile whose north edge
    # is not a field.
    add_templates({"test-flag.refused": "Tile {code} has no field on its north edge for a flag."})

    def refuses(definition, value):
        if value == "north" and definition.edges[0].value != "F":
            return Message("test-flag.refused", {"code": definition.code})
        return None

    flag = TileState("flag", INVALID_GATE, ("north", "south"), applies=lambda definition: True,
                     variant=lambda definition, value: definition, refuses=refuses)
    registry, _ = made_up("test-flag", tile_states=(flag,))
    tiles = tiles_for(registry, base_tiles)
    request = body([{"tile": "E", "x": 0, "y": 0, "state": {"flag": "north"}}],
                   expansions=["farmers", "test-flag"])
    errors = validate_request(request, tiles)
    assert codes(errors) == [("tiles[0].state.flag", "invalid_gate")]
    assert errors[0].message == "Tile E has no field on its north edge for a flag."
    request["tiles"][0]["state"] = {"flag": "south"}
    assert validate_request(request, tiles) == []


# -- completed cities turned into something else (castles) ---------------------------


def test_a_conversion(base_tiles):
    # A made-up "fort" token turns a completed city into a fort worth 2 more than a city
    # to a farm; the king-like count of completed cities leaves it out.
    fort = FigureKind(code="fort", name="fort", limit=1, strength=0, follower=False)
    conversion = Conversion(figure="fort", word="fort", plural="forts", farm_extra=2)
    registry, _ = made_up("test-fort", figure_kinds=(fort,), conversions=(conversion,),
                          placements=(Placement("fort", FeatureKind.CITY, "fort"),))
    tiles = tiles_for(registry, base_tiles)
    # H (cities west and east) closed by E turned 90° on the west and 270° on the east.
    board = [{"tile": "H", "x": 0, "y": 0}, {"tile": "E", "x": -1, "y": 0, "rotation": 90},
             {"tile": "E", "x": 1, "y": 0, "rotation": 270}]
    figures = [{"player": "blue", "x": -1, "y": 0, "at": "E", "kind": "fort"},
               {"player": "red", "x": 0, "y": 0, "at": "NW"}]
    result = score_request(body(board, figures, ["farmers", "test-fort"]), tiles)
    # Red's field: the eastern city 3, the fort 3 + 2 = 5.
    farm = next(f for f in result.features if f.kind is FeatureKind.FARM)
    assert farm.scored == {Color.RED: 8}
    assert farm.explanation.startswith("farm: 1 completed city × 3 + 1 fort × 5 = 8")
    fort_city = next(f for f in result.features if f.kind is FeatureKind.CITY)
    assert fort_city.complete is False
    in_play = registry.in_play(["farmers", "test-fort"])
    graph = FeatureGraph.build(parse_request(
        body(board, figures, ["farmers", "test-fort"]), tiles).board, tiles)
    assert in_play.completed_cities(graph) == 1
    assert registry.in_play(["farmers"]).completed_cities(graph) == 2


def test_city_weights(base_tiles):
    # A made-up weight counts the city holding the square (1,0) three times for farms;
    # the farm scorers pay such a city three times, bonuses per city included.
    weight = CityWeight(lambda city: 3 if (1, 0) in city.tiles else 1,
                        word="marked city", plural="marked cities", key="farm_marked")
    registry, _ = made_up("test-mark", city_weights=(weight,))
    tiles = tiles_for(registry, base_tiles)
    # H (cities west and east) closed by E turned 90° on the west and 270° on the east.
    board = [{"tile": "H", "x": 0, "y": 0}, {"tile": "E", "x": -1, "y": 0, "rotation": 90},
             {"tile": "E", "x": 1, "y": 0, "rotation": 270}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "NW"}]
    for rule in ("third-edition", "second-edition"):
        request = body(board, figures, ["farmers", "test-mark"])
        request["rules"] = {"farm_scoring": rule}
        result = score_request(request, tiles)
        # H's field borders the western city (3) and the marked eastern one (3 × 3 = 9).
        (farm,) = [f for f in result.features if f.kind is FeatureKind.FARM]
        assert farm.scored == {Color.RED: 12}
        assert farm.explanation == (
            "farm: 2 completed cities (1 marked city counted 3 times) = 4 × 3 = 12")
        assert farm.extras["farm_marked"] == {"marked cities": 1}
    # The first-edition method has no rule for it: the city counts once, with a warning.
    request = body(board, figures, ["farmers", "test-mark"])
    request["rules"] = {"farm_scoring": "first-edition"}
    response = score_request(request, tiles).to_json()
    assert response["players"][0]["final_points"] == 8
    assert [w["code"] for w in response["warnings"]] == ["farm_bonus_ignored"]
    # Without the weight in play, farms are plain again.
    assert FeatureKind.FARM in registry.in_play(["farmers"]).plain_kinds
    assert FeatureKind.FARM not in registry.in_play(["farmers", "test-mark"]).plain_kinds


# -- tie-breaks (hills) -------------------------------------------------------------


def first_tile_wins(feature, owners, context):
    """The tied player with a figure on the feature's first tile wins the tie."""
    first = feature.tiles[0]
    kept = [owner for owner in owners
            if any(f.player is owner and f.position == first for f in feature.figures)]
    if kept and len(kept) < len(owners):
        return kept, f"tie broken: {kept[0].value} holds the first tile"
    return None


def test_tie_breaks(base_tiles):
    registry, _ = made_up("test-hill",
                          tie_breaks=(TieBreak((FeatureKind.ROAD,), first_tile_wins),))
    tiles = tiles_for(registry, base_tiles)
    road = [{"tile": "U", "x": 0, "y": 0}, {"tile": "U", "x": 0, "y": 1}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "N"},
               {"player": "blue", "x": 0, "y": 1, "at": "S"}]
    result = score_request(body(road, figures, ["farmers", "test-hill"]), tiles)
    road_result = result.feature("road-1")
    # 1 against 1; red stands on (0,0), the road's first tile: red alone scores 2.
    assert road_result.owners == (Color.RED,)
    assert road_result.scored == {Color.RED: 2}
    assert road_result.explanation.endswith("; tie broken: red holds the first tile")
    # Not in play: the tie stands and both score 2.
    assert score_request(body(road, figures), tiles).feature("road-1").scored == {
        Color.RED: 2, Color.BLUE: 2}


# -- what a player holds off the board (the king tile) -------------------------------

INVALID_CROWNS = ProblemCode("invalid_crowns", "a crown no game has, or one held twice")
CROWNS = PlayerTokens("crowns", ("crown", "sceptre"), INVALID_CROWNS, flags=True, in_all=1,
                      words={"crown": "the crown"})


def crown_bonus(context):
    """The holder of the crown scores 1 for each completed city on the board."""
    cities = sum(1 for city in context.graph.of_kind(FeatureKind.CITY) if city.complete)
    scored = {player.color: cities for player in context.request.players
              if player.token_count("crowns", "crown")}
    return [BonusResult({"cities": cities}, scored)]


def test_holdings(base_tiles):
    registry, _ = made_up("test-crown", tokens=(CROWNS,),
                          bonuses=(PlayerBonus("crown", "crown", crown_bonus),))
    tiles = tiles_for(registry, base_tiles)
    city = [{"tile": "E", "x": 0, "y": 0}, {"tile": "E", "x": 0, "y": -1, "rotation": 180}]
    players = [{"color": "red", "crowns": {"crown": True}},
               {"color": "blue", "crowns": {"sceptre": True, "crown": False}}]
    result = score_request(body(city, [], ["farmers", "test-crown"], players), tiles)
    # One completed city (the two E tiles): red, holding the crown, scores 1.
    assert result.player("red").by_kind["crown"] == 1
    assert result.player("blue").by_kind["crown"] == 0
    assert result.to_json()["players"][1]["crowns"] == {"crown": False, "sceptre": True}
    twice = [{"color": "red", "crowns": {"crown": True}},
             {"color": "blue", "crowns": {"crown": True}}]
    errors = validate_request(body(city, [], ["farmers", "test-crown"], twice), tiles)
    assert codes(errors) == [("players[1].crowns.crown", "invalid_crowns")]
    assert errors[0].message == "The crown is held by 2 players, but the game has only 1."
    counted = [{"color": "red", "crowns": {"crown": 1}}, {"color": "blue"}]
    assert codes(validate_request(body(city, [], ["farmers", "test-crown"], counted), tiles)) == [
        ("players[0].crowns.crown", "invalid_type")]


# -- bonuses over the 3×3 around a tile (vineyards) ----------------------------------

ORCHARD_TILE = {"code": "test-orchard", "expansion": "test-orchard", "edges": "FFFF",
                "counts": {"C3": 2},
                "features": [{"kind": "orchard"}, {"kind": "field", "half_edges": ALL_HALVES}]}


def test_area_bonus(base_tiles):
    orchards = AreaBonus(FeatureKind.MONASTERY,
                         counts=lambda tile: tile.definition.has_landmark("orchard"),
                         each=3, word="orchards")
    registry, _ = made_up("test-orchard", landmarks=(LandmarkKind("orchard"),),
                          area_bonuses=(orchards,))
    tiles = tiles_for(registry, base_tiles, [ORCHARD_TILE])
    board = [{"tile": "B", "x": 0, "y": 0}, {"tile": "test-orchard", "x": 1, "y": 0},
             {"tile": "test-orchard", "x": 1, "y": 1}, {"tile": "B", "x": 0, "y": 1}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "C"}]
    monastery = score_request(body(board, figures, ["farmers", "test-orchard"]),
                              tiles).feature("monastery-1")
    # 1 + 3 neighbours = 4, and 2 orchards in its 3×3 × 3 = 6: 10.
    assert monastery.scored == {Color.RED: 10}
    assert monastery.explanation == ("incomplete monastery: 1 + 3 neighbours + "
                                     "2 orchards × 3 = 10")
    # Not in play (the orchard tiles need their expansion, so plain B tiles around):
    plain = [board[0], board[3]]
    assert score_request(body(plain, figures), tiles).feature("monastery-1").scored == {
        Color.RED: 2}


# -- flat points on one farm (little buildings) --------------------------------------

HAYSTACK_TILE = {"code": "test-haystack", "expansion": "test-haystack", "edges": "FFFF",
                 "counts": {"C3": 2},
                 "features": [{"kind": "haystack"}, {"kind": "field", "half_edges": ALL_HALVES}]}


def haystacks_in_farm(feature, valuation, context):
    """A farm pays 2 for each haystack tile among its tiles, once, not per city."""
    found = sum(context.graph.tile_at(x, y).definition.has_landmark("haystack")
                for x, y in feature.tiles)
    if found:
        valuation.plus.append((2 * found, f"{found} haystack × 2"))


# The completed city of two E tiles, (0,0) and (0,-1); the haystack tile east of the
# lower E joins its field. Red's farmer in that field on (0,0), blue's on the haystack.
HAYSTACK_BOARD = [{"tile": "E", "x": 0, "y": 0}, {"tile": "E", "x": 0, "y": -1, "rotation": 180},
                  {"tile": "test-haystack", "x": 1, "y": 0}]
HAYSTACK_FARMERS = [{"player": "red", "x": 0, "y": 0, "at": "SW"},
                    {"player": "blue", "x": 1, "y": 0, "at": "NW"}]


@pytest.mark.parametrize(("method", "each", "text"), [
    # 1 completed city × 3 = 3, then the haystack's 2 once: 5 to each of the tied owners.
    ("third-edition", 5, "farm: 1 completed city × 3 = 3; 1 haystack × 2: +2 to each owner"),
    ("second-edition", 5, "farm: 1 completed city × 3 = 3; 1 haystack × 2: +2 to each owner"),
    # The city pays 4 to the most farmers around it (red 1, blue 1: both), then the 2: 6.
    ("first-edition", 6, "farm, first-edition scoring (each completed city pays 4 to the most "
                         "farmers on all the farms bordering it): city-1 → red 4 and blue 4 "
                         "(farmers on farm-2: red 1, blue 1); 1 haystack × 2: +2 to each "
                         "owner"),
])
def test_flat_points_on_one_farm(base_tiles, method, each, text):
    registry, _ = made_up("test-haystack", landmarks=(LandmarkKind("haystack"),),
                          modifiers=(ScoreModifier(FeatureKind.FARM, haystacks_in_farm),))
    tiles = tiles_for(registry, base_tiles, [HAYSTACK_TILE])
    request = body(HAYSTACK_BOARD, HAYSTACK_FARMERS, ["farmers", "test-haystack"],
                   rules={"farm_scoring": method})
    farm = score_request(request, tiles).feature("farm-2")
    assert farm.scored == {Color.RED: each, Color.BLUE: each}
    assert farm.points == each
    assert farm.explanation.startswith(text)


# -- features joined far apart by a pair of neutral figures (tunnels) ---------------

PORTAL_TILE = {"code": "test-portal", "expansion": "test-portal", "edges": "RFFF",
               "counts": {"C3": 2},
               "features": [{"kind": "road", "edges": ["N"], "portal": True},
                            {"kind": "field", "half_edges": ALL_HALVES}]}
# Two monastery tiles A, their roads running south into a portal tile each: two roads of
# two tiles, each ending at its monastery and at its portal. A field tile B between the
# portals holds the board together.
PORTAL_BOARD = [{"tile": "A", "x": 0, "y": -1}, {"tile": "test-portal", "x": 0, "y": 0},
                {"tile": "B", "x": 1, "y": 0},
                {"tile": "A", "x": 2, "y": -1}, {"tile": "test-portal", "x": 2, "y": 0}]
PORTAL_FIGURES = [{"player": "red", "x": 0, "y": 0, "at": "N"},
                  {"player": "blue", "x": 2, "y": -1, "at": "S"}]


def test_a_pair_of_neutral_figures_joins_two_features(base_tiles):
    stone = NeutralFigure("portal-stone", "portal stone", features=(FeatureKind.ROAD,), limit=2)
    registry, _ = made_up("test-portal",
                          attributes=(SegmentAttribute("portal", FeatureKind.ROAD),),
                          neutral_figures=(stone,),
                          passages=(Passage(("portal-stone",), "portal"),))
    tiles = tiles_for(registry, base_tiles, [PORTAL_TILE])
    stones = [{"kind": "portal-stone", "x": 0, "y": 0, "at": "N"},
              {"kind": "portal-stone", "x": 2, "y": 0, "at": "N"}]
    joined = score_request(body(PORTAL_BOARD, PORTAL_FIGURES, ["farmers", "test-portal"],
                                neutral=stones), tiles)
    # One road of four tiles, ended by both monasteries: completed, 4 × 1 = 4 to red
    # and blue (one follower each).
    road = joined.feature("road-1")
    assert road.complete and road.tiles == ((0, -1), (2, -1), (0, 0), (2, 0))
    assert road.scored == {Color.RED: 4, Color.BLUE: 4}
    assert [feature.id for feature in joined.features if feature.id.startswith("road")] == [
        "road-1"]
    # One stone: each road of two tiles stays open at its portal, 2 × 1 = 2 each.
    apart = score_request(body(PORTAL_BOARD, PORTAL_FIGURES, ["farmers", "test-portal"],
                               neutral=stones[:1]), tiles)
    roads = [feature for feature in apart.features if feature.kind is FeatureKind.ROAD]
    assert [(road.complete, road.scored) for road in roads] == [
        (False, {Color.RED: 2}), (False, {Color.BLUE: 2})]


# -- score transforms after the modifiers (the witch) --------------------------------


def halve(feature, points, context):
    """Halve the road's points, rounded up."""
    return math.ceil(points / 2), "tolls halve it, rounded up"


def test_score_transform(base_tiles):
    registry, _ = made_up("test-toll", transforms=(ScoreTransform((FeatureKind.ROAD,), halve),))
    tiles = tiles_for(registry, base_tiles)
    road = [{"tile": "U", "x": 0, "y": y} for y in (0, 1, 2)]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "N"}]
    result = score_request(body(road, figures, ["farmers", "test-toll"]), tiles)
    road_result = result.feature("road-1")
    # 3 tiles × 1 = 3, halved and rounded up: 2.
    assert road_result.points == 2 and road_result.scored == {Color.RED: 2}
    assert road_result.explanation == ("incomplete road: 3 tiles × 1 = 3; tolls halve it, "
                                       "rounded up → 2")
    assert result.player("red").by_kind["road"] == 2
    steps = registry.in_play(["farmers", "test-toll"]).steps
    assert [(step.code, step.action, step.expansion) for step in steps] == [
        ("features-road", StepAction.FEATURES, "base"),
        ("features-city", StepAction.FEATURES, "base"),
        ("features-monastery", StepAction.FEATURES, "base"),
        ("test-toll.halve", StepAction.TRANSFORM, "test-toll"),
        ("features-farm", StepAction.FEATURES, "base"),
    ]
    assert steps[3].title == "Halve the road's points, rounded up"


# -- rules not in play cost nothing -------------------------------------------------


def test_hooks_of_expansions_not_in_play_are_not_resolved(base_tiles):
    registry, _ = made_up("test-toll", transforms=(ScoreTransform((FeatureKind.ROAD,), halve),),
                          tie_breaks=(TieBreak((FeatureKind.ROAD,), first_tile_wins),))
    in_play = registry.in_play(["farmers"])
    assert in_play.transforms(FeatureKind.ROAD) == ()
    assert in_play.tie_breaks(FeatureKind.ROAD) == ()
    assert in_play.strength_functions == {} and in_play.corner_kinds == frozenset()
    # Resolved once per set of codes.
    assert registry.in_play(["farmers"]) is in_play
    tiles = tiles_for(registry, base_tiles)
    road = [{"tile": "U", "x": 0, "y": y} for y in (0, 1, 2)]
    result = score_request(body(road, [{"player": "red", "x": 0, "y": 0, "at": "N"}]), tiles)
    assert result.feature("road-1").scored == {Color.RED: 3}


@pytest.mark.parametrize(("codes", "plain"), [
    # Nothing of the base game hooks into a feature's value.
    (["farmers", "abbot", "river"], {"road", "city", "monastery", "garden", "farm"}),
    # An inn (road) and a cathedral (city) change their feature's value.
    (["farmers", "inns-cathedrals"], {"monastery", "garden", "farm"}),
    # The pig changes a farm; goods are listed on cities; builders on roads and cities.
    (["farmers", "traders-builders"], {"monastery", "garden"}),
    # The mayor's strength depends on its city; the barn joins farms.
    (["farmers", "abbey-mayor"], {"road", "monastery", "garden"}),
    # Hills break ties on roads, cities, monasteries and farms; vineyards value monasteries.
    (["farmers", "hills-sheep"], {"garden"}),
    # A castle converts a city, and a farm counts the castles it touches.
    (["farmers", "bridges-castles-bazaars"], {"monastery", "garden"}),
    # The fairy's, the ringmaster's and the gold's points are bonuses beside the features.
    (["farmers", "princess-dragon", "big-top", "goldmines"],
     {"road", "city", "monastery", "garden", "farm"}),
])
def test_the_kinds_no_hook_reaches_are_worked_out_once_per_set_of_codes(codes, plain):
    """:attr:`InPlay.plain_kinds`: the kinds whose features are valued straight from the
    base rules. (That this gives what the hooks would is checked on drawn games in
    test_properties.)"""
    from scoring.engine.expansions import DEFAULT_REGISTRY

    in_play = DEFAULT_REGISTRY.in_play(codes)
    assert {kind.value for kind in in_play.plain_kinds} == plain


@pytest.mark.parametrize("declarations", [
    {"modifiers": (ScoreModifier(FeatureKind.ROAD, lantern_roads),)},
    {"tie_breaks": (TieBreak((FeatureKind.ROAD,), first_tile_wins),)},
], ids=["modifier", "tie-break"])
def test_a_made_up_hook_takes_its_kind_off_the_direct_path(declarations):
    registry, _ = made_up("test-hook", **declarations)
    assert FeatureKind.ROAD in registry.in_play(["farmers"]).plain_kinds
    in_play = registry.in_play(["farmers", "test-hook"])
    assert FeatureKind.ROAD not in in_play.plain_kinds
    assert FeatureKind.CITY in in_play.plain_kinds


def test_the_default_registry_lists_its_steps():
    from scoring.engine.expansions import DEFAULT_REGISTRY

    in_play = DEFAULT_REGISTRY.in_play(["farmers", "abbot", "inns-cathedrals",
                                        "traders-builders"])
    assert [(step.code, [d.code for d in step.details]) for step in in_play.steps] == [
        ("features-road", ["inns.inn-on-road"]),
        ("features-city", ["cathedrals.cathedral-in-city", "trade-goods.goods-in-city"]),
        ("features-monastery", []),
        ("features-garden", []),
        ("features-farm", ["pig.pigs-in-farm"]),
        ("trade-goods.trade_goods", []),
    ]
    assert in_play.steps[-1].to_json()["expansion"] == "traders-builders"
    with pytest.raises(InvalidBoardError):
        score_request({"players": []}, TileSet([], DEFAULT_REGISTRY))


def dragon_roads(feature, valuation, context):
    """A road on the dragon's tile scores nothing."""
    if any(piece.position in feature.tiles for piece in context.request.board.neutral):
        valuation.zero_reason = "the dragon ate it"


def test_a_neutral_figure_on_a_tile(base_tiles):
    dragon = NeutralFigure("dragon", "dragon")  # no feature kinds: it stands on a tile
    registry, _ = made_up("test-dragon", neutral_figures=(dragon,),
                          modifiers=(ScoreModifier(FeatureKind.ROAD, dragon_roads),))
    tiles = tiles_for(registry, base_tiles)
    road = [{"tile": "U", "x": 0, "y": 0}, {"tile": "U", "x": 0, "y": 1}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "N"}]
    request = body(road, figures, ["farmers", "test-dragon"],
                   neutral=[{"kind": "dragon", "x": 0, "y": 1}])
    road_result = score_request(request, tiles).feature("road-1")
    # The dragon's tile (0,1) is on red's road: 0 instead of 2 tiles × 1 = 2.
    assert road_result.points == 0
    assert road_result.explanation == "incomplete road: the dragon ate it"
    assert parse_request(request, tiles).board.neutral[0].at is None
    # It takes no location, and must stand on a tile.
    request["neutral"] = [{"kind": "dragon", "x": 0, "y": 1, "at": "N"}]
    assert codes(validate_request(request, tiles)) == [("neutral[0].at", "figure_not_allowed")]
    request["neutral"] = [{"kind": "dragon", "x": 5, "y": 5}]
    assert codes(validate_request(request, tiles)) == [("neutral[0]", "no_tile_at_figure")]


def test_only_followers_stand_in_districts(base_tiles):
    helper = FigureKind("helper", "helper", limit=1, strength=0, follower=False)
    registry, _ = made_up("test-keep", large_tiles=(KEEP,), figure_kinds=(helper,),
                          placements=(Placement("helper", FeatureKind.ROAD, "helper"),))
    tiles = tiles_for(registry, base_tiles, KEEP_PIECES)
    board = [{"tile": "test-keep", "x": 0, "y": 0}]
    figures = [{"player": "red", "x": 1, "y": 0, "at": "yard", "kind": "helper"},
               *[{"player": "blue", "x": 0, "y": 0, "at": "yard"}] * 8]
    errors = validate_request(body(board, figures, ["farmers", "test-keep"]), tiles)
    # The helper is not a follower; blue's eighth meeple is one more than a player owns.
    assert codes(errors) == [("figures[0]", "figure_not_allowed"),
                             ("figures[8]", "too_many_figures")]
    assert errors[0].message == ("Only followers stand in the yard district, and a helper is "
                                 "not one.")


# -- a place printed on a tile where figures stand (an acrobat space) ----------------

STAGE_TILE = {"code": "test-stage", "expansion": "test-stage", "edges": "FFFF",
              "counts": {"C3": 1},
              "features": [{"kind": "stage"}, {"kind": "field", "half_edges": ALL_HALVES}]}


def performers(context):
    """Each figure on a stage earns its owner 4."""
    found = {}
    for figure in context.request.board.districts:
        if figure.district == "stage":
            found[figure.player] = found.get(figure.player, 0) + 4
    return [BonusResult(data={"points": found}, scored=found)]


def test_a_space_printed_on_a_tile(base_tiles):
    stage = LandmarkKind("stage", space=Space(holds=2, kinds=("meeple",), word="stage"))
    registry, _ = made_up("test-stage", landmarks=(stage,),
                          bonuses=(PlayerBonus("stage", "stage", performers),))
    assert registry.spaces["stage"][0] is stage
    tiles = tiles_for(registry, base_tiles, [STAGE_TILE])
    board = [{"tile": "test-stage", "x": 0, "y": 0}, {"tile": "B", "x": 1, "y": 0}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "stage"},
               {"player": "blue", "x": 0, "y": 0, "at": "stage"}]
    request = body(board, figures, ["farmers", "test-stage"])
    # On no feature: kept with the district figures, and scored by the bonus alone.
    assert [(f.player, f.district, f.kind) for f in
            parse_request(request, tiles).board.districts] == [
        (Color.RED, "stage", "meeple"), (Color.BLUE, "stage", "meeple")]
    result = score_request(request, tiles)
    assert {p.color: p.total for p in result.players} == {Color.RED: 4, Color.BLUE: 4}
    assert result.features == ()
    # A third figure, an abbot, and a figure on a tile that prints no stage are refused.
    request["figures"] = [*figures, {"player": "red", "x": 0, "y": 0, "at": "stage"},
                          {"player": "blue", "x": 1, "y": 0, "at": "stage"}]
    errors = validate_request(request, tiles)
    assert codes(errors) == [("figures[2]", "too_many_figures"),
                             ("figures[3].at", "invalid_location")]
    assert errors[1].message == ("Tile B at (1,0) has no stage: only tiles that print one "
                                 "take figures there.")
    request["figures"] = [{"player": "red", "x": 0, "y": 0, "at": "stage", "kind": "abbot"}]
    request["expansions"] = ["farmers", "abbot", "test-stage"]
    request["edition"] = "C3"
    assert codes(validate_request(request, tiles)) == [("figures[0]", "figure_not_allowed")]


def test_a_board_check_names_figures_by_their_place_in_the_request(base_tiles):
    # The parsed board keeps the figures on a space apart from those on features; a
    # board check's error still names each by where the player wrote it.
    lonely = ProblemCode("lonely_performer", "a figure on a stage with a monk beside it")
    add_templates({"error.lonely_performer.test": "({x},{y})"})

    def named(view):
        for index, figure in enumerate(view.request.board.figures):
            yield BoardError(view.figure_path(index), lonely,
                             Message("error.lonely_performer.test", {"x": figure.x, "y": figure.y}))
        for index, figure in enumerate(view.request.board.districts):
            yield BoardError(view.figure_path(index, district=True), lonely,
                             Message("error.lonely_performer.test", {"x": figure.x, "y": figure.y}))

    stage = LandmarkKind("stage", space=Space(holds=2, kinds=("meeple",), word="stage"))
    registry, _ = made_up("test-stage", landmarks=(stage,),
                          board_checks=(BoardCheck(codes=(lonely,), check=named),))
    tiles = tiles_for(registry, base_tiles, [STAGE_TILE])
    board = [{"tile": "test-stage", "x": 0, "y": 0}, {"tile": "B", "x": 1, "y": 0}]
    figures = [{"player": "red", "x": 0, "y": 0, "at": "stage"},
               {"player": "blue", "x": 1, "y": 0, "at": "C"},
               {"player": "blue", "x": 0, "y": 0, "at": "stage"}]
    errors = validate_request(body(board, figures, ["farmers", "test-stage"]), tiles)
    # The monk is the request's figures[1]; the two on the stage are figures[0] and [2].
    assert [(error.path, error.message) for error in errors] == [
        ("figures[1]", "(1,0)"), ("figures[0]", "(0,0)"), ("figures[2]", "(0,0)")]
