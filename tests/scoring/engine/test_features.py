"""The feature graph: joining segments, completeness, ids, farms' cities."""

import json
import random

from scoring.engine.board import Board, Figure, PlacedTile
from scoring.engine.features import FeatureGraph
from scoring.engine.locations import Location
from scoring.engine.tiles import FeatureKind
from scoring.engine.validation import parse_request
from tests.known_boards import board_path


def _graph(tiles, placed, figures=()):
    return FeatureGraph.build(Board([PlacedTile(*t) for t in placed], figures), tiles)


def _board_graph(name, tiles):
    case = json.loads(board_path(f"{name}").read_text(encoding="utf-8"))
    request = parse_request(case["request"], tiles)
    return FeatureGraph.build(request.board, tiles, request.edition)


def test_contract_board_features(base_tiles):
    graph = _board_graph("contract-example", base_tiles)
    # A's field runs all round its tile, so it joins both fields of D into one farm.
    assert [f.id for f in graph.features] == [
        "city-1", "farm-1", "road-1", "farm-2", "monastery-1",
    ]
    city, _, road, farm, monastery = graph.features
    assert farm.tiles == [(0, 0), (1, 0)] and farm.cities == [city]
    assert city.complete and city.tiles == [(0, -1), (0, 0)]
    assert not road.complete and road.open_edges == 1 and road.dead_ends == 1
    assert road.tiles == [(0, 0), (1, 0)]
    assert monastery.neighbours == 2 and not monastery.complete
    assert [f.id for f in graph.occupied()] == ["farm-1", "road-1", "monastery-1"]
    assert graph.feature_of(2) is monastery


def test_a_single_straight_road_has_two_open_ends(base_tiles):
    graph = _graph(base_tiles, [("U", 0, 0, 0)])
    (road,) = graph.of_kind(FeatureKind.ROAD)
    assert road.open_edges == 2 and not road.complete and not road.is_loop


def test_loop_and_village_roads(base_tiles):
    loop = _board_graph("road-loop", base_tiles).of_kind(FeatureKind.ROAD)[0]
    assert loop.complete and loop.is_loop and loop.dead_ends == 0
    village = _board_graph("road-3-tiles", base_tiles).features
    completed = [f for f in village if f.kind is FeatureKind.ROAD and f.complete]
    assert len(completed) == 1 and not completed[0].is_loop and completed[0].dead_ends == 2


def test_a_city_passing_a_tile_twice_counts_it_once(base_tiles):
    graph = _board_graph("city-passing-tile-twice", base_tiles)
    (city,) = graph.of_kind(FeatureKind.CITY)
    assert city.segment_count == 7  # H gives two segments
    assert len(city.tiles) == 6
    assert city.pennants == 1 and city.complete
    inner_farm = graph.feature_of(1)
    assert inner_farm.cities == [city]  # bordered through three segments, listed once


def test_pennants_add_up_per_segment(base_tiles):
    graph = _board_graph("final-scoring-example", base_tiles)
    green = graph.feature_of(0)
    assert green.id == "city-2" and green.pennants == 3 and len(green.tiles) == 5
    assert green.open_edges == 1


def test_farms_list_completed_and_incomplete_cities(base_tiles):
    graph = _board_graph("farm-002-incomplete-city", base_tiles)
    lower = graph.feature_of(0)
    assert lower.id == "farm-3"
    assert [c.id for c in lower.cities] == ["city-1", "city-2", "city-3"]
    assert [c.id for c in lower.completed_cities] == ["city-1", "city-2"]


def test_ids_do_not_depend_on_the_order_of_the_request(base_tiles):
    case = json.loads(board_path("farm-002-detailed-third-edition").read_text("utf-8"))
    request = parse_request(case["request"], base_tiles)
    reference = [(f.id, f.tiles) for f in FeatureGraph.build(request.board, base_tiles).features]
    tiles = list(request.board.tiles)
    for seed in range(5):
        random.Random(seed).shuffle(tiles)
        graph = FeatureGraph.build(Board(tiles, request.board.figures), base_tiles)
        assert [(f.id, f.tiles) for f in graph.features] == reference


def test_figures_land_on_the_feature_at_their_location(base_tiles):
    figures = [Figure.from_json({"player": "red", "x": 0, "y": 0, "at": at}, "meeple")
               for at in ("N", "E", "W", "EN", "SW")]
    graph = _graph(base_tiles, [("D", 0, 0, 0)], figures)
    kinds = [graph.feature_of(i).kind for i in range(len(figures))]
    assert kinds == [FeatureKind.CITY, FeatureKind.ROAD, FeatureKind.ROAD,
                     FeatureKind.FARM, FeatureKind.FARM]
    assert graph.feature_of(1) is graph.feature_of(2)
    assert graph.feature_of(3) is not graph.feature_of(4)
    assert graph.feature_of(3).figures[0].at is Location.EN


def test_surrounded_monastery_counts_eight_neighbours(base_tiles):
    graph = _board_graph("monastery-9-surrounded", base_tiles)
    (monastery,) = graph.of_kind(FeatureKind.MONASTERY)
    assert monastery.neighbours == 8 and monastery.complete


def _facts(feature):
    return (feature.id, feature.tiles, feature.pennants, feature.open_edges, feature.dead_ends,
            feature.neighbours, feature.segment_count, [c.id for c in feature.cities],
            feature.figures)


def test_features_built_on_demand_match_a_full_build(base_tiles):
    from scoring.engine.generate import random_request

    for seed in range(15):
        request = parse_request(
            random_request(base_tiles, random.Random(seed)), base_tiles
        )
        lazy = FeatureGraph.build(request.board, base_tiles)
        occupied = [_facts(f) for f in lazy.occupied()]
        full = FeatureGraph.build(request.board, base_tiles)
        everything = {f.id: f for f in full.features}
        assert occupied == [_facts(everything[f[0]]) for f in occupied]
        assert [f.id for f in lazy.occupied()] == [f.id for f in full.occupied()]
        # Asking for every feature afterwards keeps the objects already handed out.
        before = lazy.occupied()
        assert all(any(f is g for g in lazy.features) for f in before)
