"""The page's rules kernel (``static/js/builder/kernel.js``) and the engine's validator
agree on every known-answer board and on boards built to be refused.

Each board goes through both: the kernel under node, started from the page data the
server gives a page playing that board's expansions (as ``/board/`` renders it), and the
validator as the API runs it. The kernel's verdicts are the problems it decides itself so
that a tile is refused the moment it is laid (the codes it lists: edges, squares, copies,
what is in play, the joins the river's layout rule refuses); the validator's are its
errors with those codes. Both must name the same tile entries with the same codes. What a
set of codes puts in play and the start tile are held against the engine's ``InPlay``.
"""

import copy
import json
import subprocess
from pathlib import Path

import pytest

from carcwiki.builder import selectors, views
from scoring.engine import DEFAULT_REGISTRY, Edition, validate_request
from scoring.tileset import current_tiles
from tests.known_boards import BOARDS
from tests.scoring.engine.test_validation import CASES

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "builder" / "js" / "kernel_verdicts.mjs"
# The codes the kernel decides (it lists them itself: see the first test).
KERNEL_CODES = {"expansion_not_in_play", "tile_not_in_edition",
                "duplicate_position", "disconnected_tile", "edge_mismatch", "too_many_copies",
                "river_u_turn"}
# The problems of figures on features, corners, spaces and districts it decides.
FIGURE_CODES = {"expansion_not_in_play", "no_tile_at_figure", "no_feature_at_location",
                "figure_not_allowed", "invalid_location", "too_many_figures"}

# The contract's example board (D, E turned 180° north of it, A turned 90° east of it).
START = [{"tile": "D", "x": 0, "y": 0}, {"tile": "E", "x": 0, "y": -1, "rotation": 180},
         {"tile": "A", "x": 1, "y": 0, "rotation": 90}]
PLAYERS = [{"color": "red"}, {"color": "blue"}]
# river-A (the spring, river south) at (0, 0); river-J turned 180° below it (river north
# and west): the river runs south, then turns west.
SPRING_AND_BEND = [{"tile": "river-A", "x": 0, "y": 0},
                   {"tile": "river-J", "x": 0, "y": 1, "rotation": 180}]
CITY = "city-of-carcassonne"
# Four monasteries (B: fields on every edge) in a square, whose inner corners meet at the
# SE corner of (0, 0); a barn may stand there.
SQUARE = [{"tile": "B", "x": x, "y": y} for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]


def barn(x, y, at):
    return {"player": "red", "x": x, "y": y, "at": at, "kind": "barn"}


# D between two acrobat tiles (from the known-answer board acrobats-five-each).
ACROBAT_TILES = [{"tile": "D", "x": 0, "y": 0},
                 {"tile": "big-top-3", "x": -1, "y": 0, "rotation": 180},
                 {"tile": "big-top-2", "x": 1, "y": 0, "rotation": 90}]


def acrobat(x, y):
    return {"player": "red", "x": x, "y": y, "at": "acrobats"}


def meeple(player, x, y, at):
    return {"player": player, "x": x, "y": y, "at": at}


def builder(player, x, y, at):
    return {"player": player, "x": x, "y": y, "at": at, "kind": "builder"}


def board(tiles, **fields):
    return {"players": PLAYERS, "tiles": tiles, **fields}


# (name, board, the (path, code) both must find), worked out by hand.
REFUSED = [
    # B's east edge is a field against D's west road.
    ("edge-does-not-match", board([*START, {"tile": "B", "x": -1, "y": 0}]),
     [("tiles[3]", "edge_mismatch")]),
    # C, a city on all four sides, north of A (a field north, turned 90°) and east of E
    # (a field east, turned 180°): two edges that do not match, one error each.
    ("edges-of-two-neighbours", board([*START, {"tile": "C", "x": 1, "y": -1}]),
     [("tiles[3]", "edge_mismatch"), ("tiles[3]", "edge_mismatch")]),
    ("not-adjacent", board([*START, {"tile": "B", "x": 5, "y": 5}]),
     [("tiles[3]", "disconnected_tile")]),
    # Two tiles apart from three: the three are the board.
    ("two-apart", board([*START, {"tile": "B", "x": 5, "y": 5}, {"tile": "B", "x": 5, "y": 6}]),
     [("tiles[3]", "disconnected_tile"), ("tiles[4]", "disconnected_tile")]),
    ("same-square", board([*START, {"tile": "B", "x": 1, "y": 0}]),
     [("tiles[3]", "duplicate_position")]),
    # C3 has 4 copies of D, the start tile among them.
    ("too-many-copies", board([{"tile": "D", "x": x, "y": 0} for x in range(5)]),
     [("tiles[4]", "too_many_copies")]),
    ("garden-in-c1", board([{"tile": "D", "x": 0, "y": 0},
                            {"tile": "E-garden", "x": 0, "y": -1, "rotation": 180}],
                           edition="C1", expansions=["farmers"]),
     [("tiles[1].tile", "tile_not_in_edition")]),
    # A lake (river north, fields elsewhere) north of E, whose north edge is a field, left
    # on the table after the river was unticked (the page keeps the river's tiles).
    ("river-not-listed", board([*START, {"tile": "river-L", "x": 0, "y": -2}],
                               edition="C2", expansions=["farmers"]),
     [("tiles[3].tile", "expansion_not_in_play")]),
    # river-G turned 90° (river north and east) west of the bend: a second right turn.
    ("river-u-turn", board([*SPRING_AND_BEND, {"tile": "river-G", "x": -1, "y": 1, "rotation": 90}],
                           edition="C2", expansions=["river"]),
     [("tiles[2]", "river_u_turn")]),
    # Laid from (0, -1) unturned, its 4 × 3 pieces cover D's square, and the two round it
    # (east and south of D) do not meet D's edges there.
    ("city-over-a-tile", board([{"tile": "D", "x": 0, "y": 0}, {"tile": CITY, "x": 0, "y": -1}],
                               edition="C2", expansions=["count"]),
     [("tiles[1]", "duplicate_position"), ("tiles[1]", "edge_mismatch"),
      ("tiles[1]", "edge_mismatch")]),
    # From (1, -2) its piece at (1, 0) shows a field west, against D's east road.
    ("city-edge-does-not-match", board([{"tile": "D", "x": 0, "y": 0},
                                        {"tile": CITY, "x": 1, "y": -2}],
                                       edition="C2", expansions=["count"]),
     [("tiles[1]", "edge_mismatch")]),
]
# (name, board, the (path, code) both must find among the figures' problems).
REFUSED_FIGURES = [
    # Three of the four tiles round the corner.
    ("barn-where-three-tiles-meet", board(SQUARE[:3], figures=[barn(0, 0, "SE")],
                                          edition="C2", expansions=["farmers", "barn"]),
     [("figures[0]", "figure_not_allowed")]),
    # B at (1, -1) closes the square round D's NE corner, which is D's city.
    ("barn-on-a-city-corner", board([*START, {"tile": "B", "x": 1, "y": -1}],
                                    figures=[barn(0, 0, "NE")], edition="C2",
                                    expansions=["farmers", "barn"]),
     [("figures[0]", "figure_not_allowed")]),
    # An abbot on D's road, and a meeple in the centre of D, which has no monastery.
    ("abbot-on-a-road-and-a-meeple-on-nothing",
     board(START, figures=[{"player": "red", "x": 0, "y": 0, "at": "W", "kind": "abbot"},
                           {"player": "blue", "x": 0, "y": 0, "at": "C"}],
           expansions=["farmers", "abbot"]),
     [("figures[0]", "figure_not_allowed"), ("figures[1].at", "no_feature_at_location")]),
    ("figure-on-an-empty-square", board(START, figures=[{"player": "red", "x": 3, "y": 3,
                                                         "at": "C"}]),
     [("figures[0]", "no_tile_at_figure")]),
    # An acrobat on D, which prints no acrobat space, beside one on big-top-3, which does.
    ("acrobat-on-a-tile-without-the-space",
     board(ACROBAT_TILES, figures=[acrobat(0, 0), acrobat(-1, 0)], edition="C2",
           expansions=["farmers", "acrobats"]),
     [("figures[0].at", "invalid_location")]),
    # Without the acrobats part, the space is not in play (and neither are its tiles).
    ("acrobat-not-listed", board(ACROBAT_TILES, figures=[acrobat(-1, 0)], edition="C2",
                                 expansions=["farmers"]),
     [("figures[0].at", "expansion_not_in_play")]),
    # Only followers stand in a district of the City of Carcassonne; a barn is none.
    ("barn-in-a-district", board([{"tile": CITY, "x": 0, "y": 0}],
                                 figures=[{"player": "red", "x": 0, "y": 0, "at": "market",
                                           "kind": "barn"}],
                                 edition="C2", expansions=["farmers", "count", "barn"]),
     [("figures[0]", "figure_not_allowed")]),
    # Red's eighth meeple (a player owns 7), after four in D's city, a blue one on its road
    # and three in A's monastery: the ninth entry.
    ("eighth-meeple-of-a-player",
     board(START, figures=[*[meeple("red", 0, 0, "N")] * 4, meeple("blue", 0, 0, "E"),
                           *[meeple("red", 1, 0, "C")] * 4]),
     [("figures[8]", "too_many_figures")]),
    # The acrobat space of big-top-3 holds 3 figures: the fourth is one too many, the
    # fifth is not counted again.
    ("acrobat-space-full", board(ACROBAT_TILES, figures=[acrobat(-1, 0)] * 5, edition="C2",
                                 expansions=["farmers", "acrobats"]),
     [("figures[3]", "too_many_figures")]),
    # Red's builder on the road D and A (turned 90°, its road west) share, where only blue
    # has a meeple: a builder joins its owner's follower.
    ("builder-without-its-owners-follower",
     board(START, figures=[builder("red", 0, 0, "E"), meeple("blue", 1, 0, "W")],
           expansions=["farmers", "builder"]),
     [("figures[0]", "figure_not_allowed")]),
]
# The tile groups a page loaded besides its game's (tiles of a code ticked, then unticked).
LOADED = {"river-not-listed": ["river"]}
# Boards neither refuses for a problem the kernel decides: the turn of river-G that
# carries the river on south, an abbey (it fits whatever the edges round it), and a tile
# the page does not know (the server names it; its square is taken all the same).
ACCEPTED = [
    ("no-such-tile-beside-the-board", board([*START, {"tile": "Z", "x": 2, "y": 0}])),
    ("river-turns-on", board([*SPRING_AND_BEND,
                              {"tile": "river-G", "x": -1, "y": 1, "rotation": 180}],
                             edition="C2", expansions=["river"])),
    ("abbey-against-a-road", board([*START, {"tile": "abbey-mayor-A", "x": -1, "y": 0}],
                                   edition="C2", expansions=["farmers", "abbey-mayor"])),
    ("barn-where-four-fields-meet", board(SQUARE, figures=[barn(0, 0, "SE")], edition="C2",
                                          expansions=["farmers", "barn"])),
    # A kind not in play: the server names it (as an unknown kind or one whose expansion
    # is missing, as its declaration says); the page offers only the kinds in play.
    ("barn-not-listed", board(SQUARE, figures=[barn(0, 0, "SE")], edition="C2",
                              expansions=["farmers"])),
    # Red's builder on D's road and red's meeple on the same road one tile east, on A.
    ("builder-beside-its-follower-across-the-board",
     board(START, figures=[builder("red", 0, 0, "W"), meeple("red", 1, 0, "W")],
           expansions=["farmers", "builder"])),
    # Seven meeples each (red's four on D's road and three on the acrobat space, which
    # holds three), no more.
    ("every-meeple-of-a-player-and-a-full-space",
     board(ACROBAT_TILES, figures=[*[meeple("red", 0, 0, "E")] * 4, *[acrobat(-1, 0)] * 3,
                                   *[meeple("blue", 0, 0, "N")] * 7],
           edition="C2", expansions=["farmers", "acrobats"])),
]


def kernel_cases():
    """(name, board) for every board the test runs: the known-answer boards, the contract's
    error cases whose problem is a tile's, and the boards above."""
    cases = [(path.stem, json.loads(path.read_text())["request"]) for path in BOARDS]
    cases += [(f"error-case-{index}-{code}", copy.deepcopy(body))
              for index, (code, body, path, _message) in enumerate(CASES)
              if (code in KERNEL_CODES and path.startswith("tiles["))
              or (code in FIGURE_CODES and path.startswith("figures["))]
    cases += [(name, body) for name, body, _expected in REFUSED + REFUSED_FIGURES]
    cases += ACCEPTED
    return cases


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory, django_db_setup, django_db_blocker):
    """The kernel's verdict on every case, each board read with the page data of its
    game, built by the page's own views."""
    with django_db_blocker.unblock():
        catalogue = views._catalogue_data()
        defaults = [option["code"] for option in catalogue["options"] if option["default"]]
        pages, boards = {}, []
        for name, body in kernel_cases():
            listed = [*(body.get("expansions") or defaults), *LOADED.get(name, [])]
            groups = selectors.tile_groups([code for code in listed if isinstance(code, str)])
            page = ",".join(groups)
            if page not in pages:
                pages[page] = {**catalogue, **views._tile_data(groups), "groups": groups}
            boards.append({"name": name, "page": page, "board": body})
    source = tmp_path_factory.mktemp("kernel") / "boards.json"
    source.write_text(json.dumps({"pages": pages, "boards": boards}))
    run = subprocess.run(["node", str(RUNNER), str(source)], cwd=ROOT, capture_output=True,
                         text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def validator_problems(body, codes):
    """The validator's errors on a board that the kernel decides too: (path, code)."""
    errors = validate_request(copy.deepcopy(body), current_tiles())
    return sorted((error.path, error.code.value) for error in errors
                  if error.code.value in codes and error.path.startswith("tiles")
                  and (error.code.value != "expansion_not_in_play" or error.path.endswith(".tile")))


def validator_figure_problems(body):
    """The validator's errors on a board's figures that the kernel decides too (not
    those of a figure's kind)."""
    errors = validate_request(copy.deepcopy(body), current_tiles())
    return sorted((error.path, error.code.value) for error in errors
                  if error.code.value in FIGURE_CODES and error.path.startswith("figures")
                  and not error.path.endswith(".kind"))


def kernel_problems(verdicts, name, of="problems"):
    problems = verdicts["verdicts"][name][of]
    return sorted((problem["path"], problem["code"]) for problem in problems)


def test_the_kernel_decides_the_tile_codes_and_the_river_u_turn(verdicts):
    assert set(verdicts["codes"]) == KERNEL_CODES
    assert set(verdicts["figure_codes"]) == FIGURE_CODES


@pytest.mark.parametrize("path", BOARDS, ids=[path.stem for path in BOARDS])
def test_both_accept_every_known_answer_board(verdicts, path):
    body = json.loads(path.read_text())["request"]
    assert validate_request(copy.deepcopy(body), current_tiles()) == []
    assert kernel_problems(verdicts, path.stem) == []
    assert kernel_problems(verdicts, path.stem, "figures") == []


@pytest.mark.parametrize(("name", "body", "expected"), REFUSED, ids=[case[0] for case in REFUSED])
def test_both_refuse_the_same_tile_for_the_same_reason(verdicts, name, body, expected):
    assert validator_problems(body, verdicts["codes"]) == sorted(expected)
    assert kernel_problems(verdicts, name) == sorted(expected)


@pytest.mark.parametrize(("name", "body", "expected"), REFUSED_FIGURES,
                         ids=[case[0] for case in REFUSED_FIGURES])
def test_both_refuse_the_same_figure_for_the_same_reason(verdicts, name, body, expected):
    assert validator_figure_problems(body) == sorted(expected)
    assert kernel_problems(verdicts, name, "figures") == sorted(expected)


@pytest.mark.parametrize(("name", "body"), ACCEPTED, ids=[case[0] for case in ACCEPTED])
def test_both_accept_what_fits(verdicts, name, body):
    assert validator_problems(body, verdicts["codes"]) == []
    assert kernel_problems(verdicts, name) == []
    assert validator_figure_problems(body) == []
    assert kernel_problems(verdicts, name, "figures") == []


def test_the_contract_error_cases_get_the_same_verdicts(verdicts):
    contract = [(name, body) for name, body in kernel_cases() if name.startswith("error-case-")]
    # The contract's tile not in its edition, two tiles on a square, a tile apart, an edge
    # that does not match and a copy too many; a figure kind (the server's) and a farmer
    # not in play, a location that is none, a figure on an empty square, three on no
    # feature, an abbot on a road and a meeple on a garden; red's eighth meeple and second
    # abbot.
    assert len(contract) == 16
    for name, body in contract:
        assert kernel_problems(verdicts, name) == validator_problems(body, verdicts["codes"]), name
        assert kernel_problems(verdicts, name, "figures") == validator_figure_problems(body), name


def in_box(code, edition):
    """Whether the edition's box holds tile or large tile ``code``."""
    large = DEFAULT_REGISTRY.large_tiles.get(code)
    if large is not None:
        return large.counts.get(edition.value, 0) > 0
    return current_tiles()[code].count(edition) > 0


def test_what_the_codes_put_in_play_and_the_start_tile_are_the_engines(verdicts):
    for name, body in kernel_cases():
        edition = Edition(body.get("edition") or "C3")
        listed = body.get("expansions")
        if listed is None:
            listed = DEFAULT_REGISTRY.default_codes(edition)
        in_play = DEFAULT_REGISTRY.in_play([code for code in listed if code in DEFAULT_REGISTRY])
        verdict = verdicts["verdicts"][name]
        assert verdict["parts"] == sorted(part.code for part in in_play.parts), name
        assert verdict["tiles"] == sorted(in_play.tile_groups), name
        assert verdict["start"] == in_play.start_tile(lambda code, e=edition: in_box(code, e)), name
