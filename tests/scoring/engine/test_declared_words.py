"""The words the errors name things by (a figure kind, a part, a token, a space...) are in
the engine's catalogue as soon as the registry is built, before anything is scored: a page
that fetches the errors' templates once finds every word there, and their version does
not change as a process refuses its first boards."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Run in a fresh interpreter, so that nothing else in the test run has scored (or
# refused) a board first. After the import, a word declared for the first time fails.
FRESH_PROCESS = """
import json
from scoring.engine import DEFAULT_REGISTRY, ENGLISH_TEMPLATES, error_templates, validate_request
from scoring.engine import words
from scoring.engine.expansions import PACKAGES_DIR
from scoring.engine.tiles import TileSet

catalogue = dict(ENGLISH_TEMPLATES)
before = error_templates()
declared = sorted(words.DECLARED_WORDS)


def refuse_new(templates):
    raise AssertionError(f"declared only when an error used it: {sorted(templates)}")


words.add_templates = refuse_new
tiles = TileSet.from_yaml(str(PACKAGES_DIR / "base" / "tiles-base.yaml"), registry=DEFAULT_REGISTRY)
players = [{"color": "red"}, {"color": "blue"}]
refused = [
    # An abbot on a road: its kind, capitalised, and the feature kinds it may stand on.
    {"players": players, "tiles": [{"tile": "D", "x": 0, "y": 0}],
     "figures": [{"player": "red", "x": 0, "y": 0, "at": "W", "kind": "abbot"}]},
    # Eight meeples of red's: its colour, capitalised, and the kind's plural.
    {"players": players, "tiles": [{"tile": "D", "x": 0, "y": 0}],
     "figures": [{"player": "red", "x": 0, "y": 0, "at": "W"}] * 8},
    # A dragon in a game without a neutral figure.
    {"players": players, "tiles": [{"tile": "D", "x": 0, "y": 0}],
     "neutral": [{"kind": "dragon", "x": 0, "y": 0}]},
    # The abbot in a first-edition game, which has none.
    {"edition": "C1", "expansions": ["abbot"], "players": players,
     "tiles": [{"tile": "D", "x": 0, "y": 0}]},
]
said = [[error.message for error in validate_request(board, tiles)] for board in refused]
print(json.dumps({"declared": declared, "catalogue": catalogue, "said": said,
                  "unchanged": error_templates() == before}))
"""


def fresh_catalogue() -> dict:
    done = subprocess.run([sys.executable, "-c", FRESH_PROCESS], cwd=ROOT, check=True,
                          capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout)


def test_every_declared_word_has_its_template_before_anything_is_scored():
    fresh = fresh_catalogue()
    catalogue = fresh["catalogue"]
    # Declared from the registry: every figure kind, part, token, space, large tile,
    # neutral figure, role and colour, with its article or capital where an error uses one.
    assert len(fresh["declared"]) > 200
    assert all(key in catalogue for key in fresh["declared"])
    assert (catalogue["figure.abbot.A"], catalogue["figure.meeple.plural"]) == (
        "An abbot", "meeples")
    assert (catalogue["part.tower"], catalogue["part.tower.capital"]) == ("The Tower", "The Tower")
    assert (catalogue["token.goods.wine"], catalogue["token.goods.wine.capital"]) == (
        "wine", "Wine")
    assert (catalogue["space.acrobats"], catalogue["space.acrobats.a"]) == (
        "acrobat space", "an acrobat space")
    assert catalogue["large_tile.city-of-carcassonne"] == "the City of Carcassonne"
    assert catalogue["neutral.big-top"] == "big top"
    assert catalogue["role.farmer.A"] == "A farmer"
    assert catalogue["colour.red.capital"] == "Red"
    assert catalogue["kind.river.a"] == "a river"
    assert (catalogue["landmark.shrine"], catalogue["landmark.monasteries"]) == (
        "shrine", "monasteries")
    # Refusing boards that name such words adds no template (a new one would have
    # failed the refusal): the errors' templates stay as they were fetched.
    assert fresh["unchanged"] is True
    assert fresh["said"] == [
        ["An abbot may not stand on a road (Tile D at (0,0), W); it may stand on a monastery "
         "or a garden."],
        ["Red has more than 7 meeples on the board, but a player owns only 7."],
        ['"dragon" is not a neutral figure in play; known: none with the expansions listed.'],
        ["The Abbot does not exist in C1."],
    ]
