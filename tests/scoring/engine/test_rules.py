"""Rule sets, editions, and the registry of expansion rule modules."""

import dataclasses

import pytest

from scoring.engine import score_request
from scoring.engine import scoring as scoring_module
from scoring.engine.board import Color
from scoring.engine.expansions import REGISTRY, base
from scoring.engine.rules import Edition, FarmScoring, RuleError, RuleSet
from scoring.engine.tiles import FeatureKind
from scoring.engine.variants import Expansion, ExpansionRegistry, FigureKind, Placement


def test_rule_set_defaults_and_round_trip():
    assert RuleSet.from_json(None) == RuleSet()
    assert RuleSet.from_json({}) == RuleSet()
    rules = RuleSet.from_json(
        {"farm_scoring": "second-edition", "small_cities": True, "incomplete_features": False}
    )
    assert rules == RuleSet(FarmScoring.SECOND_EDITION, True, False)
    assert RuleSet.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    "data",
    [
        {"farm_scoring": "fourth-edition"},
        {"farm_scoring": 3},
        {"small_cities": 1},
        {"incomplete_features": "false"},
        {"inns": True},
        ["farm_scoring"],
    ],
)
def test_rule_set_refuses_bad_rules(data):
    with pytest.raises(RuleError):
        RuleSet.from_json(data)


def test_editions_parse():
    assert [Edition.parse(code) for code in ("C1", "C2", "C3")] == list(Edition)
    with pytest.raises(RuleError):
        Edition.parse("C4")


def test_registry_defaults_per_edition():
    assert REGISTRY.codes == ("base", "farmers", "abbot")
    assert REGISTRY.default_codes(Edition.C1) == ("farmers",)
    assert REGISTRY.default_codes(Edition.C2) == ("farmers", "abbot")
    assert REGISTRY.default_codes(Edition.C3) == ("farmers", "abbot")


def test_figure_kinds_and_limits():
    assert REGISTRY.figure_kind("meeple").limit == 7
    assert REGISTRY.figure_kind("abbot").limit == 1
    assert REGISTRY.figure_kind("wizard") is None
    assert REGISTRY.figure_kind_expansion("abbot").code == "abbot"


def test_where_figures_may_stand_depends_on_the_expansions_in_play():
    base_only = REGISTRY.roles(REGISTRY.in_play([]))
    assert ("meeple", FeatureKind.FARM) not in base_only
    assert base_only[("meeple", FeatureKind.MONASTERY)] == "monk"
    everything = REGISTRY.roles(REGISTRY.in_play(["farmers", "abbot"]))
    assert everything[("meeple", FeatureKind.FARM)] == "farmer"
    assert everything[("abbot", FeatureKind.GARDEN)] == "abbot"
    assert ("meeple", FeatureKind.GARDEN) not in everything
    assert ("abbot", FeatureKind.ROAD) not in everything


def test_scorers_come_from_the_expansions_in_play():
    assert set(REGISTRY.scorers(REGISTRY.in_play([]))) == {
        FeatureKind.ROAD, FeatureKind.CITY, FeatureKind.MONASTERY,
    }
    assert set(REGISTRY.scorers(REGISTRY.in_play(["farmers", "abbot"]))) == set(FeatureKind)


def test_registry_needs_the_base_game_and_unique_codes():
    with pytest.raises(ValueError):
        ExpansionRegistry([])
    with pytest.raises(ValueError):
        ExpansionRegistry([base.EXPANSION, base.EXPANSION])


def test_a_new_rule_module_plugs_in_without_touching_the_core(monkeypatch, base_tiles):
    # A made-up expansion: a big meeple counting as two for majorities, and roads paying
    # double. Registering it is all it takes for the scoring to use both.
    def double_roads(features, context):
        for result in base.score_roads(features, context):
            yield dataclasses.replace(
                result, points=2 * result.points,
                scored={player: 2 * points for player, points in result.scored.items()},
            )

    big = Expansion(
        code="test-big", name="Test big meeple", editions=frozenset(Edition),
        figure_kinds=(FigureKind("big", "big meeple", limit=1, strength=2),),
        placements=(Placement("big", FeatureKind.ROAD, "big highwayman"),),
        scorers=((FeatureKind.ROAD, double_roads),),
    )
    registry = ExpansionRegistry([*(REGISTRY[code] for code in REGISTRY.codes), big])
    for module in ("scoring.engine.scoring", "scoring.engine.validation",
                   "scoring.engine.request"):
        monkeypatch.setattr(f"{module}.REGISTRY", registry)
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
    result = score_request(request, base_tiles)
    road = result.feature("road-1")
    # Red has two meeples, blue one big meeple worth two: a tie; 3 tiles doubled = 6.
    assert road.owners == (Color.RED, Color.BLUE)
    assert road.scored == {Color.RED: 6, Color.BLUE: 6}
    assert scoring_module.REGISTRY is registry

