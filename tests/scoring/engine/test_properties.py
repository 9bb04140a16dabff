"""Properties of random legal boards, grown tile by tile as in a game.

Scores must not change when the whole table is moved, turned a quarter, or when the
players swap colours consistently; requests and responses survive a JSON round trip.
"""

import json
import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    Color,
    Location,
    parse_request,
    score,
    score_request,
    validate_request,
)
from scoring.engine.expansion import InPlay
from scoring.engine.expansions import DEFAULT_REGISTRY, tile_files
from scoring.engine.expansions.base.farmers import FarmScoring
from scoring.engine.generate import add_extras, prune_figures, random_request
from scoring.engine.outputs import bonus_listings
from scoring.engine.rules import Edition
from scoring.engine.tiles import TileSet
from scoring.engine.validation import RequestValidator

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# Strategies cannot take fixtures, so the property tests read the tile set themselves:
# every tile file, the expansions' included.
TILES = TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)

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
    parsed = parse_request(request, TILES)
    validator = RequestValidator(all_tiles)
    assert validator.run(request) == []
    assert validator.request(request) == parsed
    written = parsed.to_json()
    assert parse_request(json.loads(json.dumps(written)), TILES) == parsed
    assert written["tiles"] == request["tiles"]
    assert written["figures"] == request["figures"]
    # The drawn request sets the rules of the parts in play; the parsed one has every
    # registered rule, the others at their defaults.
    defaults = {option.name: option.default for option in DEFAULT_REGISTRY.rule_options}
    assert written["rules"] == {**defaults, **request["rules"]}
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


def through_the_hooks(request, tiles):
    """The response when every kind takes the hooks' path: no kind is valued directly
    (:attr:`~scoring.engine.expansion.InPlay.plain_kinds` empty). A data descriptor on
    the class wins over the values the registry's cached InPlay objects hold."""
    with mock.patch.object(InPlay, "plain_kinds", property(lambda self: frozenset())):
        return score_request(request, tiles).to_json()


@given(boards())
@SETTINGS
def test_the_direct_path_scores_as_the_hooks_would(all_tiles, request):
    """Kinds no hook reaches are valued straight from the base rules, for speed: the very
    same response as asking every hook, text included."""
    assert score_request(request, all_tiles).to_json() == through_the_hooks(request, all_tiles)


# -- Big Box 6 with its seven minis, and the major expansions, with every figure ------------
#
# Seeded, bounded draws (not hypothesis: each game also gets the extras its declarations
# allow, checked one by one, which is slower than a plain board): the boards of
# random_request, the figures the validator refuses taken off (prune_figures), then
# random rules, tile states, neutral figures, acrobats and held tokens (add_extras).

BIG_BOX_6 = ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders", "flier",
             "messages", "ferries", "goldmines", "mage-witch", "crop-circles"]
MAJORS = ["farmers", "abbot", "princess-dragon", "tower", "hills-sheep",
          "bridges-castles-bazaars", "big-top"]
EXTRA_GAMES = [
    ("big-box-6", Edition.C2, BIG_BOX_6),
    ("big-box-7", Edition.C3, BIG_BOX_6),
    ("majors-c2", Edition.C2, MAJORS),
    # A C3 table lays these boxes' C2 printings (no C3 printing of them is known).
    ("majors-c3", Edition.C3, MAJORS),
    ("majors-c1", Edition.C1, [code for code in MAJORS if code not in ("abbot", "big-top")]),
]
SEEDS = range(5)


def extra_game(edition, expansions, seed):
    rng = random.Random(seed)
    request = random_request(TILES, rng, size=rng.randint(20, 90), edition=edition,
                             expansions=expansions)
    return add_extras(prune_figures(request, TILES), TILES, rng)


EXTRA_BOARDS = [(name, seed, extra_game(edition, expansions, seed))
                for name, edition, expansions in EXTRA_GAMES for seed in SEEDS]


def extra_ids(case):
    return f"{case[0]}-{case[1]}"


def test_the_extra_games_validate_and_use_every_declared_input():
    """Every drawn game is a valid request, and together they use every input their
    expansions declare: the kinds of figure, the neutral figures, the tile states, the
    acrobat space and the held tokens."""
    used: set[str] = set()
    for _name, _seed, request in EXTRA_BOARDS:
        assert validate_request(request, TILES) == [], (_name, _seed)
        used.update(f"figure:{figure.get('kind') or 'meeple'}" for figure in request["figures"])
        used.update(f"at:{figure['at']}" for figure in request["figures"]
                    if figure["at"] == "acrobats")
        used.update(f"neutral:{piece['kind']}" for piece in request.get("neutral", ()))
        used.update(f"state:{name}" for tile in request["tiles"] for name in tile.get("state", ()))
        used.update(f"tokens:{key}" for player in request["players"] for key in player
                    if key in {"gold", "markers", "goods"})
        used.update(f"rule:{request['rules']['fairy_placement']}"
                    for _ in [0] if "princess-dragon" in request["expansions"])
    wanted = {
        "figure:meeple", "figure:abbot", "figure:large", "figure:builder", "figure:pig",
        "figure:shepherd", "figure:castle", "figure:ringmaster", "at:acrobats",
        "neutral:mage", "neutral:witch", "neutral:fairy", "neutral:big-top",
        "state:ferry", "state:tower", "state:tower_top", "state:bridge", "state:animal_token",
        "tokens:gold", "tokens:markers",
        "rule:beside-follower", "rule:on-tile",
    }
    assert wanted - used == set()


def _listing_points(response):
    """Points per colour from the bonus listings that belong to no feature."""
    points: dict[str, int] = {}
    for listing in bonus_listings(DEFAULT_REGISTRY):
        for entry in response.get(listing.key, ()):
            if "scored" in entry:
                for color, value in entry["scored"].items():
                    points[color] = points.get(color, 0) + value
            else:  # one player's entry (the fairy): its player and points
                points[entry["player"]] = points.get(entry["player"], 0) + entry["points"]
    return points


@pytest.mark.parametrize("case", EXTRA_BOARDS, ids=extra_ids)
def test_the_totals_are_the_sum_of_the_lines(case):
    """Each player's final points are the sum of what the features and the bonus lists
    give them, by kind as in ``by_kind``; the total adds the points before."""
    _name, _seed, request = case
    response = score_request(request, TILES).to_json()
    bonuses = _listing_points(response)
    by_feature: dict[tuple[str, str], int] = {}
    for feature in response["features"]:
        for color, value in feature["scored"].items():
            key = (color, feature["kind"])
            by_feature[key] = by_feature.get(key, 0) + value
    for player in response["players"]:
        color = player["color"]
        features = sum(value for (owner, _), value in by_feature.items() if owner == color)
        assert player["final_points"] == features + bonuses.get(color, 0), color
        assert player["final_points"] == sum(player["by_kind"].values()), color
        for kind in ("road", "city", "monastery", "garden", "farm"):
            assert player["by_kind"][kind] == by_feature.get((color, kind), 0), (color, kind)
        assert player["total"] == player["points_before"] + player["final_points"]


@pytest.mark.parametrize("case", EXTRA_BOARDS, ids=extra_ids)
def test_scoring_is_deterministic(case):
    _name, _seed, request = case
    first = score_request(request, TILES).to_json()
    again = score_request(json.loads(json.dumps(request)), TILES).to_json()
    assert json.dumps(again, sort_keys=True) == json.dumps(first, sort_keys=True)


def turned_with_extras(request):
    """:func:`turned`, with the neutral figures turned too. Figures on spaces keep their
    name; tile states name sides as on the tile unturned, so they stay."""
    moved = json.loads(json.dumps(request))
    locations = {location.value for location in Location}
    for figure in [figure for figure in moved["figures"] if figure["at"] not in locations]:
        figure["at"], figure["_space"] = "C", figure["at"]
    moved = turned(moved)
    for figure in moved["figures"]:
        if "_space" in figure:
            figure["at"] = figure.pop("_space")
    for piece in moved.get("neutral", ()):
        piece["x"], piece["y"] = -piece["y"], piece["x"]
        if piece.get("at"):
            piece["at"] = Location(piece["at"]).rotated(90).value
    return moved


@pytest.mark.parametrize("case", EXTRA_BOARDS, ids=extra_ids)
def test_turning_the_whole_table_changes_no_score(case):
    _name, _seed, request = case
    before = score_request(request, TILES).to_json()
    table = request
    for _ in range(4):
        table = turned_with_extras(table)
        assert validate_request(table, TILES) == []
        after = score_request(table, TILES).to_json()
        assert {p["color"]: (p["final_points"], p["by_kind"]) for p in after["players"]} == {
            p["color"]: (p["final_points"], p["by_kind"]) for p in before["players"]}
    assert table == json.loads(json.dumps(request))


@pytest.mark.parametrize("case", EXTRA_BOARDS, ids=extra_ids)
def test_taking_a_follower_off_helps_nobody_but_the_others(case):
    """Taking one follower off the table (when the board stays valid) never raises its
    owner's final points and never lowers anyone else's: the others' strength on every
    feature is unchanged, the owner's only falls."""
    _name, seed, request = case
    in_play = DEFAULT_REGISTRY.in_play(request["expansions"])
    before = {p["color"]: p["final_points"]
              for p in score_request(request, TILES).to_json()["players"]}
    followers = [index for index, figure in enumerate(request["figures"])
                 if (figure.get("kind") or "meeple") in in_play.followers]
    checked = 0
    for index in random.Random(seed).sample(followers, min(4, len(followers))):
        fewer = json.loads(json.dumps(request))
        owner = fewer["figures"].pop(index)["player"]
        if validate_request(fewer, TILES):
            continue  # a figure leaning on it (a pig, the fairy) would stand alone
        checked += 1
        after = {p["color"]: p["final_points"]
                 for p in score_request(fewer, TILES).to_json()["players"]}
        assert after[owner] <= before[owner], owner
        for color, points in after.items():
            if color != owner:
                assert points >= before[color], color


@pytest.mark.parametrize("case", EXTRA_BOARDS, ids=extra_ids)
def test_the_direct_path_scores_as_the_hooks_would_with_every_expansion(case):
    """The same, on the Big Box 6 and the majors with every figure and input, and random
    rules (house rules included)."""
    _name, _seed, request = case
    assert score_request(request, TILES).to_json() == through_the_hooks(request, TILES)
