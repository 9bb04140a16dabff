"""Properties of random legal boards, grown tile by tile as in a game.

Scores must not change when the whole table is moved, turned a quarter, or when the
players swap colours consistently; requests and responses survive a JSON round trip.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import Color, Location, ScoreRequest, score, score_request, validate_request
from scoring.engine.expansions import DEFAULT_REGISTRY
from scoring.engine.expansions.farmers import FarmScoring
from scoring.engine.generate import random_request
from scoring.engine.rules import Edition
from scoring.engine.tiles import TileSet
from scoring.engine.validation import RequestValidator

from .conftest import TILES_YAML

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# Strategies cannot take fixtures, so the property tests read the tile set themselves:
# every tile file, the expansions' included.
TILES = TileSet.from_yaml(*map(str, sorted(TILES_YAML.parent.glob("tiles-*.yaml"))),
                          registry=DEFAULT_REGISTRY)

GAMES = {
    # What a table may play, per edition: the default, the rivers, the Big Box.
    Edition.C1: [None, ["farmers", "river"], ["farmers", "river2", "inns-cathedrals",
                                                "traders-builders"]],
    Edition.C2: [None, ["farmers", "abbot", "river", "river2"],
                 ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders"]],
    Edition.C3: [None, ["farmers", "abbot", "river"],
                 ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders"]],
}


@st.composite
def boards(draw):
    edition = draw(st.sampled_from(list(Edition)))
    return random_request(
        TILES,
        random.Random(draw(st.integers(0, 2**32 - 1))),
        size=draw(st.integers(1, 100)),
        edition=edition,
        expansions=draw(st.sampled_from(GAMES[edition])),
        farm_scoring=draw(st.sampled_from([method.value for method in FarmScoring])),
    )


def totals(response):
    return {p["color"]: (p["final_points"], p["by_kind"], p["rank"]) for p in response["players"]}


def translated(request, dx, dy):
    moved = json.loads(json.dumps(request))
    for item in moved["tiles"] + moved["figures"]:
        item["x"] += dx
        item["y"] += dy
    return moved


def turned(request):
    """The whole table turned 90° clockwise: (x, y) -> (-y, x) on a screen."""
    moved = json.loads(json.dumps(request))
    for tile in moved["tiles"]:
        tile["x"], tile["y"] = -tile["y"], tile["x"]
        tile["rotation"] = (tile["rotation"] + 90) % 360
    for figure in moved["figures"]:
        figure["x"], figure["y"] = -figure["y"], figure["x"]
        figure["at"] = Location(figure["at"]).rotated(90).value
    return moved


def test_generated_boards_are_valid(all_tiles):
    for seed in range(10):
        for edition, games in GAMES.items():
            for expansions in games:
                request = random_request(all_tiles, random.Random(seed), edition=edition,
                                         expansions=expansions)
                assert validate_request(request, all_tiles) == []


@given(boards(), st.integers(-500, 500), st.integers(-500, 500))
@SETTINGS
def test_moving_the_table_changes_nothing(all_tiles, request, dx, dy):
    before = score_request(request, all_tiles).to_json()
    after = score_request(translated(request, dx, dy), all_tiles).to_json()
    assert totals(after) == totals(before)
    # Reading order is kept, so even ids and explanations stay the same.
    def back(squares):
        return [[x - dx, y - dy] for x, y in squares]

    for a, b in zip(after["features"], before["features"], strict=True):
        assert back(a["tiles"]) == b["tiles"]
        if "cities" in a:
            assert [{**c, "tiles": back(c["tiles"])} for c in a["cities"]] == b["cities"]
        assert {**a, "tiles": None, "cities": None} == {**b, "tiles": None, "cities": None}


@given(boards())
@SETTINGS
def test_turning_the_table_changes_no_score(all_tiles, request):
    before = score_request(request, all_tiles).to_json()
    request_turned = request
    for _ in range(4):
        request_turned = turned(request_turned)
        assert validate_request(request_turned, all_tiles) == []
        after = score_request(request_turned, all_tiles).to_json()
        assert totals(after) == totals(before)

        # Under the older farm scorings a city is credited to the player's farm with the
        # lowest id, and ids follow reading order, which a quarter turn changes: compare
        # those farms without their points (the players' totals above still match).
        def summary(response, per_farm=request["rules"]["farm_scoring"] == "third-edition"):
            return sorted(
                (f["kind"], f["complete"], len(f["tiles"]), sorted(f["figures"].items()))
                + ((f["points"], sorted(f["scored"].items()))
                   if per_farm or f["kind"] != "farm" else ())
                for f in response["features"]
            )

        assert summary(after) == summary(before)
    assert request_turned == json.loads(json.dumps(request))  # four turns: back home


@given(boards(), st.permutations(list(Color)))
@SETTINGS
def test_swapping_colours_swaps_scores(all_tiles, request, permutation):
    mapping = {a.value: b.value for a, b in zip(Color, permutation, strict=True)}
    swapped = json.loads(json.dumps(request))
    for player in swapped["players"]:
        player["color"] = mapping[player["color"]]
    for figure in swapped["figures"]:
        figure["player"] = mapping[figure["player"]]
    before = totals(score_request(request, all_tiles).to_json())
    after = totals(score_request(swapped, all_tiles).to_json())
    assert after == {mapping[color]: value for color, value in before.items()}


@given(boards(), st.randoms(use_true_random=False))
@SETTINGS
def test_the_order_of_tiles_and_figures_does_not_matter(all_tiles, request, rng):
    shuffled = json.loads(json.dumps(request))
    rng.shuffle(shuffled["tiles"])
    rng.shuffle(shuffled["figures"])
    assert score_request(shuffled, all_tiles).to_json() == score_request(
        request, all_tiles
    ).to_json()


@given(boards())
@SETTINGS
def test_json_round_trips(all_tiles, request):
    parsed = ScoreRequest.from_json(request, TILES)
    validator = RequestValidator(all_tiles)
    assert validator.run(request) == []
    assert validator.request(request) == parsed
    written = parsed.to_json()
    assert ScoreRequest.from_json(json.loads(json.dumps(written)), TILES) == parsed
    assert written["tiles"] == request["tiles"]
    assert written["figures"] == request["figures"]
    assert written["rules"] == request["rules"]
    response = score(parsed, all_tiles).to_json()
    assert json.loads(json.dumps(response)) == response


@given(boards())
@SETTINGS
def test_scores_are_consistent(all_tiles, request):
    result = score_request(request, all_tiles)
    best = max(player.total for player in result.players)
    assert {p.color for p in result.players if p.total == best} == set(result.winners)
    for feature in result.features:
        assert feature.owners and set(feature.owners) <= set(feature.figures)
        if feature.kind.value != "farm":
            assert feature.scored == {owner: feature.points for owner in feature.owners}
        elif request["rules"]["farm_scoring"] == "third-edition":
            # Every owner scores the farm's points; an owner with a pig there 1 more a city.
            pigs = (feature.extras or {}).get("pigs", [])
            assert feature.scored == {
                owner: feature.points + (len(feature.cities) if owner.value in pigs else 0)
                for owner in feature.owners
            }
        assert all(points >= 0 for points in feature.scored.values())
