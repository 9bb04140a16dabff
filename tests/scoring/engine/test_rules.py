"""Rule sets, editions, and the registry of expansion declarations."""

import pytest

from scoring.engine import InvalidBoardError, score_request
from scoring.engine.board import Color
from scoring.engine.expansion import (
    Expansion,
    ExpansionRegistry,
    FigureKind,
    Part,
    Placement,
    ScoreModifier,
)
from scoring.engine.expansions import DEFAULT_REGISTRY as REGISTRY
from scoring.engine.expansions import base
from scoring.engine.expansions.base.farmers import FarmScoring
from scoring.engine.messages import Message, add_templates
from scoring.engine.rules import Edition, RuleError, RuleSet
from scoring.engine.tiles import FeatureKind, TileSet

OPTIONS = REGISTRY.rule_options


def test_rule_set_defaults_and_round_trip():
    assert RuleSet.from_json(None, OPTIONS) == RuleSet(None, OPTIONS)
    assert RuleSet.from_json({}, OPTIONS) == RuleSet(None, OPTIONS)
    rules = RuleSet.from_json(
        {"farm_scoring": "second-edition", "small_cities": True, "incomplete_features": False},
        OPTIONS,
    )
    assert rules.farm_scoring is FarmScoring.SECOND_EDITION
    assert (rules.small_cities, rules.incomplete_features) == (True, False)
    assert rules.incomplete_inns_cathedrals == "zero"
    assert RuleSet.from_json(rules.to_json(), OPTIONS) == rules
    written = rules.to_json()
    # Every declared rule is written, in declaration order; those the request did not
    # set take their declared default (a new expansion's rule joins without an edit here).
    assert list(written) == [option.name for option in OPTIONS]
    assert written == {
        **{option.name: option.default for option in OPTIONS},
        "small_cities": True, "incomplete_features": False, "farm_scoring": "second-edition",
    }
    # The defaults of the first expansions' rules, as their rules pages give them.
    assert {name: written[name] for name in (
        "incomplete_inns_cathedrals", "king_robber_scoring", "hill_tiebreak",
        "fairy_placement", "little_buildings_scoring", "porxada_choice")} == {
        "incomplete_inns_cathedrals": "zero", "king_robber_scoring": "per-completed",
        "hill_tiebreak": "one-follower", "fairy_placement": "beside-follower",
        "little_buildings_scoring": "equal", "porxada_choice": "swap",
    }


@pytest.mark.parametrize(
    "data",
    [
        {"farm_scoring": "fourth-edition"},
        {"farm_scoring": 3},
        {"small_cities": 1},
        {"incomplete_features": "false"},
        {"incomplete_inns_cathedrals": "half"},
        {"inns": True},
        ["farm_scoring"],
    ],
)
def test_rule_set_refuses_bad_rules(data):
    with pytest.raises(RuleError):
        RuleSet.from_json(data, OPTIONS)


def test_editions_parse():
    assert [Edition.parse(code) for code in ("C1", "C2", "C3")] == list(Edition)
    with pytest.raises(RuleError):
        Edition.parse("C4")


def test_registry_codes_and_defaults_per_edition():
    # Each expansion in registration order, followed by its parts.
    assert REGISTRY.codes == tuple(member.code for expansion in REGISTRY.expansions
                                   for member in expansion.members)
    assert REGISTRY.codes[:12] == (
        "base", "farmers", "abbot", "river", "river2", "inns-cathedrals", "inns",
        "cathedrals", "large-meeple", "sixth-player", "point-tiles", "traders-builders")
    assert REGISTRY.default_codes(Edition.C1) == ("farmers",)
    assert REGISTRY.default_codes(Edition.C2) == ("farmers", "abbot")
    assert REGISTRY.default_codes(Edition.C3) == ("farmers", "abbot")


def test_figure_kinds_limits_and_strengths():
    assert REGISTRY.figure_kind("meeple").limit == 7
    assert REGISTRY.figure_kind("abbot").limit == 1
    assert REGISTRY.figure_kind("large").strength == 2
    assert REGISTRY.figure_kind("builder").strength == 0
    assert REGISTRY.figure_kind("wizard") is None
    assert REGISTRY.figure_kind_part("abbot").code == "abbot"
    assert REGISTRY.figure_kind_part("pig").code == "pig"


def test_a_whole_expansion_brings_its_parts_and_a_part_its_tiles():
    whole = REGISTRY.in_play(["inns-cathedrals"])
    assert {"inns", "cathedrals", "large-meeple"} <= whole.codes
    assert whole.tile_groups == {"base", "inns-cathedrals"}
    part = REGISTRY.in_play(["pig"])
    assert "pig" in part.codes and "builder" not in part.codes
    assert part.tile_groups == {"base", "traders-builders"}
    # The River is a part of the base game with tiles of its own.
    assert REGISTRY.in_play(["river"]).tile_groups == {"base", "river"}
    # Listing is normalised: registry order, no repeats, no base game.
    assert REGISTRY.in_play(["pig", "base", "river", "pig"]).listed == ("river", "pig")


def test_where_figures_may_stand_depends_on_the_expansions_in_play():
    base_only = REGISTRY.in_play([]).placements
    assert ("meeple", FeatureKind.FARM) not in base_only
    assert base_only[("meeple", FeatureKind.MONASTERY)].role == "monk"
    everything = REGISTRY.in_play(["farmers", "abbot"]).placements
    assert everything[("meeple", FeatureKind.FARM)].role == "farmer"
    assert everything[("abbot", FeatureKind.GARDEN)].role == "abbot"
    assert ("meeple", FeatureKind.GARDEN) not in everything
    assert ("abbot", FeatureKind.ROAD) not in everything
    # A large meeple stands in a field only when the farmers are in play too.
    assert ("large", FeatureKind.FARM) not in REGISTRY.in_play(["large-meeple"]).placements
    with_farmers = REGISTRY.in_play(["large-meeple", "farmers"]).placements
    assert with_farmers[("large", FeatureKind.FARM)].role == "farmer"
    assert with_farmers[("large", FeatureKind.ROAD)].role == "highwayman"
    assert ("large", FeatureKind.GARDEN) not in REGISTRY.in_play(["inns-cathedrals",
                                                                  "abbot"]).placements


def test_scorers_come_from_the_expansions_in_play():
    assert set(REGISTRY.in_play([]).scorers) == {
        FeatureKind.ROAD, FeatureKind.CITY, FeatureKind.MONASTERY,
    }
    assert set(REGISTRY.in_play(["farmers", "abbot"]).scorers) == set(FeatureKind)


def test_the_start_tile_comes_from_the_parts_in_play():
    every = {"D", "river-A", "river-A-C3", "river2-A"}
    assert REGISTRY.in_play([]).start_tile(every.__contains__) == "D"
    assert REGISTRY.in_play(["river"]).start_tile(every.__contains__) == "river-A"
    c3 = {"D", "river-A-C3"}
    assert REGISTRY.in_play(["river"]).start_tile(c3.__contains__) == "river-A-C3"


def test_registry_needs_the_base_game_and_unique_codes():
    with pytest.raises(ValueError, match="the base game must be registered"):
        ExpansionRegistry([])
    with pytest.raises(ValueError, match="registered twice"):
        ExpansionRegistry([base.EXPANSION, base.EXPANSION])


def test_a_new_expansion_plugs_in_without_touching_the_core(base_tiles):
    # A made-up expansion with its own registry: a big meeple counting as two for
    # majorities, and a modifier that makes roads pay double. Declaring it is all it
    # takes for validation and scoring to use both.
    # Its words are a message of its own, added to the catalogue as any expansion's are.
    add_templates({"test-big.doubled": "{label} (doubled)"})

    def double_roads(feature, valuation, context):
        valuation.each *= 2
        valuation.label = Message("test-big.doubled", {"label": valuation.label})

    big = Expansion(
        code="test-big", name="Test big meeple", editions=frozenset(Edition),
        parts=(Part(
            code="test-big-meeple", name="the test big meeple",
            figure_kinds=(FigureKind("big", "big meeple", limit=1, strength=2),),
            placements=(Placement("big", FeatureKind.ROAD, "big highwayman"),),
            modifiers=(ScoreModifier(FeatureKind.ROAD, double_roads),),
        ),),
    )
    registry = ExpansionRegistry([base.EXPANSION, big])
    tiles = TileSet.from_data(base_tiles.to_data(), registry)
    request = {
        "expansions": ["test-big"],
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "U", "x": 0, "y": 0, "rotation": 90},
                  {"tile": "U", "x": 1, "y": 0, "rotation": 90},
                  {"tile": "U", "x": 2, "y": 0, "rotation": 90}],
        "figures": [{"player": "red", "x": 0, "y": 0, "at": "E"},
                    {"player": "blue", "x": 1, "y": 0, "at": "E", "kind": "big"},
                    {"player": "red", "x": 2, "y": 0, "at": "W"}],
    }
    result = score_request(request, tiles)
    road = result.feature("road-1")
    # Red has two meeples, blue one big meeple worth two: a tie; 3 tiles × 1 × 2 = 6.
    assert road.owners == (Color.RED, Color.BLUE)
    assert road.scored == {Color.RED: 6, Color.BLUE: 6}
    assert road.explanation.startswith("incomplete road (doubled): 3 tiles × 2 = 6")
    # The default registry does not know it.
    with pytest.raises(InvalidBoardError, match='Unknown expansion "test-big"'):
        score_request(request, base_tiles)
