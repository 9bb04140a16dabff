"""Issue 31: an expansion with no new kind of rule is one package. A made-up one, written to
a temporary folder that Python searches beside ``scoring/engine/expansions/`` (as if a
contributor had added it there), reaches every place that lists the expansions: the
registry, the rules document and what it puts in play, the builder's page data (its tile
and rules, as ``carcwiki.builder.page_data`` reads them without the database), the OpenAPI
schema of ``POST /api/score/`` and the board format's expansions part; its tile file and
known-answer board are found and scored. Nothing else is edited. (The catalogue, which
the builder's selector reads, loads the packages of the folder itself: not tried here.)

It runs in a fresh interpreter: the registry, the schema's serializers and the builder's
data are built once, on import, from the packages found then.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scoring.engine.expansions import DEFAULT_REGISTRY

ROOT = Path(__file__).resolve().parents[3]

DECLARATION = '''
"""A made-up stage (for the test that one package is all an expansion needs): each
figure standing on a stage printed on its tile earns its owner 4, or nothing when the
group plays without applause."""

from scoring.engine.board import Color
from scoring.engine.expansion import (
    Expansion, LandmarkKind, PlayerBonus, ScoringContext, Space)
from scoring.engine.results import BonusResult
from scoring.engine.rules import Choice, Edition, RuleOption

STAGE = LandmarkKind(name="made-up-stage", meaning="A stage where meeples perform.",
                     space=Space(holds=2, kinds=("meeple",), word="stage"))


def applause(context: ScoringContext) -> list[BonusResult]:
    if not context.rules.made_up_applause:
        return []
    found: dict[Color, int] = {}
    for figure in context.request.board.districts:
        if figure.district == "made-up-stage":
            found[figure.player] = found.get(figure.player, 0) + 4
    return [BonusResult(data={"points": {color.value: points
                                         for color, points in found.items()}},
                        scored=found)]


EXPANSION = Expansion(
    code="made-up-stage", name="The Made-up Stage", editions=frozenset({Edition.C3}),
    after=("la-porxada",), landmarks=(STAGE,),
    bonuses=(PlayerBonus(key="made_up_applause", by_kind="made-up-stage", score=applause),),
    rule_options=(RuleOption(
        name="made_up_applause", label="Applause on the stage",
        choices=(Choice(True, "4 a performer"), Choice(False, "nothing")), default=True),),
)
'''

TILE_FILE = '''
expansion: made-up-stage
tiles:
  - code: made-up-stage-A
    picture: a wooden stage in open fields
    edges: FFFF
    counts: {C3: 1}
    features:
      - {kind: made-up-stage}
      - {kind: field, half_edges: [NW, NE, EN, ES, SE, SW, WS, WN]}
'''

# The stage tile south of the start tile D (whose field reaches its south edge): red and
# blue each have a meeple on the stage, 4 each with applause (the default), 0 without.
# No figure stands on a feature, so nothing else scores.
BOARD = {
    "description": "Two performers on the made-up stage.",
    "request": {
        "edition": "C3", "expansions": ["farmers", "made-up-stage"],
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 0},
                  {"tile": "made-up-stage-A", "x": 0, "y": 1, "rotation": 0}],
        "figures": [{"player": "red", "x": 0, "y": 1, "at": "made-up-stage"},
                    {"player": "blue", "x": 0, "y": 1, "at": "made-up-stage"}],
    },
    "expected": {"players": {"red": 4, "blue": 4}},
    "arithmetic": "red: 1 performer x 4 = 4; blue: 1 performer x 4 = 4.",
}

SCRIPT = '''
import importlib.abc, importlib.machinery, json, sys

EXTRA = sys.argv[1]


class BesideTheExpansions(importlib.abc.MetaPathFinder):
    """Finds scoring.engine.expansions as usual and adds EXTRA to its search path."""

    def find_spec(self, name, path, target=None):
        if name != "scoring.engine.expansions":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        spec.submodule_search_locations.append(EXTRA)
        return spec


sys.meta_path.insert(0, BesideTheExpansions())

import django

django.setup()

from drf_spectacular.generators import SchemaGenerator

from carcwiki.api.board_format import expansions_part
from carcwiki.builder.page_data import page_data
from carcwiki.builder.selectors import _asks_for_inputs
from scoring.engine import (DEFAULT_REGISTRY, TileSet, board_files, rules_document,
                            score_request, tile_files, validate_request)

schema = SchemaGenerator().get_schema(request=None, public=True)
components = schema["components"]["schemas"]
in_play = DEFAULT_REGISTRY.in_play(["made-up-stage"])
document = rules_document()
builder = page_data()
page = builder["rules"]
tiles = TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)
board = json.loads(next(path for path in board_files()
                        if path.name == "made-up-stage-two-performers.json").read_text())
request = board["request"]
print(json.dumps({
    "codes": list(DEFAULT_REGISTRY.codes),
    "in_play": [part.code for part in in_play.parts],
    "in_play_rules": [option["name"]
                      for option in rules_document(["made-up-stage"])["options"]],
    "document_parts": [part["code"] for part in document["parts"]],
    "document_spaces": [space["name"] for space in document["spaces"]],
    "document_options": [option["name"] for option in document["options"]],
    "page_options": [option["name"] for option in page["options"]],
    "page_spaces": [space["name"] for space in page["spaces"]],
    "page_brings": page["brings"].get("made-up-stage"),
    "page_tiles": [tile["code"] for tile in builder["tiles"]
                   if tile["expansion"] == "made-up-stage"],
    "page_geometry": builder["geometry"]["tiles"].get("made-up-stage-A"),
    "asks_for_inputs": _asks_for_inputs(DEFAULT_REGISTRY, "made-up-stage"),
    "schema_codes": components["ExpansionCodeEnum"]["enum"],
    "schema_rules": sorted(components["RulesRequest"]["properties"]),
    "board_format": expansions_part(document),
    "errors": [error.to_json() for error in validate_request(request, tiles)],
    "scored": {player["color"]: player["final_points"]
               for player in score_request(request, tiles).to_json()["players"]},
    "without_applause": {
        player["color"]: player["final_points"] for player in score_request(
            {**request, "rules": {"made_up_applause": False}}, tiles).to_json()["players"]},
}))
'''


@pytest.fixture(scope="module")
def seen(tmp_path_factory) -> dict:
    """What the site and the engine see with the made-up package added."""
    folder = tmp_path_factory.mktemp("more_expansions")
    package = folder / "made_up_stage"
    (package / "boards").mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(DECLARATION), encoding="utf-8")
    (package / "tiles-made-up-stage.yaml").write_text(TILE_FILE, encoding="utf-8")
    (package / "boards" / "made-up-stage-two-performers.json").write_text(
        json.dumps(BOARD), encoding="utf-8")
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "carcwiki.settings.test",
                   "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(folder)], cwd=ROOT,
                          env=environment, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_registry_finds_it_after_those_it_names(seen):
    assert "made-up-stage" not in DEFAULT_REGISTRY  # this interpreter never saw it
    codes = seen["codes"]
    assert set(codes) == {*DEFAULT_REGISTRY.codes, "made-up-stage"}
    assert codes.index("made-up-stage") > codes.index("la-porxada")
    assert seen["in_play"] == ["base", "made-up-stage"]
    assert seen["in_play_rules"] == ["small_cities", "incomplete_features", "made_up_applause"]


def test_the_rules_document_and_the_builders_data_carry_it(seen):
    assert "made-up-stage" in seen["document_parts"]
    assert seen["document_spaces"][-1] == seen["page_spaces"][-1] == "made-up-stage"
    assert seen["document_options"][-1] == seen["page_options"][-1] == "made_up_applause"
    assert seen["page_brings"] == {"parts": ["base", "made-up-stage"],
                                   "tiles": ["base", "made-up-stage"]}
    # Its tile, with the stage a figure may stand on, as the page draws and turns it.
    assert seen["page_tiles"] == ["made-up-stage-A"]
    assert seen["page_geometry"]["edges"] == "FFFF"
    # The builder offers it (it has a rule the group chooses) once its tiles are loaded.
    assert seen["asks_for_inputs"] is True


def test_the_api_schema_accepts_its_code_and_its_rule(seen):
    assert "made-up-stage" in seen["schema_codes"]
    assert set(DEFAULT_REGISTRY.codes) < set(seen["schema_codes"])
    assert "made_up_applause" in seen["schema_rules"]


def test_the_board_formats_expansions_part_lists_it(seen):
    text = seen["board_format"]
    assert "- `made-up-stage`: The Made-up Stage (C3)\n" in text
    assert "`made_up_applause` (with `made-up-stage`)" in text
    # Its space, with the phantom the registry adds (it counts as a meeple everywhere).
    assert ("- A meeple or phantom standing on the stage of a tile that prints one names it "
            "as `at`: `made-up-stage` (at most 2 on one tile).\n") in text


def test_its_tiles_and_known_answer_board_are_found_and_scored(seen):
    assert seen["errors"] == []
    assert seen["scored"] == BOARD["expected"]["players"]
    assert seen["without_applause"] == {"red": 0, "blue": 0}

