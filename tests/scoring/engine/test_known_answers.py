"""Runs every hand-computed board (each expansion's in its package's ``boards/``, those
mixing expansions in ``fixtures/boards/``) through the engine.

Each file holds ``description``, ``request``, ``expected`` and ``arithmetic`` (the
computation in words). ``expected.players`` maps colours to final points; optional keys:
``totals``, ``ranks``, ``winners``, ``warnings`` (ids of features warned about),
``warning_codes`` (the codes of the warnings, in order), ``response`` (the whole response
body), ``goods`` (each colour's tokens as echoed back), ``by_kind`` (some of each colour's
points per kind), ``trade_goods`` (the entries for wine, grain and cloth, each compared key
by key) and ``features``, a list of partial feature objects compared key by key, found by
``id`` or, without one, as the only scored feature of their ``kind``; a feature's
``absent`` lists keys the feature must not have (an inn that does not count);
``printings``, the expansions played from an earlier printing than the game's edition
(the response's ``printings``, absent when none).

The boards are read with every tile file of the catalogue, so expansion boards need no
fixture of their own.
"""

import json
from pathlib import Path

import pytest

from scoring.engine import DEFAULT_REGISTRY, PACKAGES_DIR, score_request, validate_request
from tests.known_boards import BOARDS, board_path

# The hand-computed boards issue #3 asks for, each under the name that says what it shows
# (and those later issues asked for), so that none is lost. A new expansion's boards are
# run without a line here: every package must bring its own (see the last test).
REQUIRED = {
    "road-3-tiles", "city-8-four-tiles", "city-8-three-tiles-pennant", "monastery-9-surrounded",
    "final-scoring-example", "contract-example", "tie-city-and-road",
    "city-passing-tile-twice", "road-loop", "abbot-on-garden", "small-cities-default",
    "small-cities-old-rule", "incomplete-features-off",
    # The farm examples of seed 002, and the farm-scoring variants where they differ.
    "farm-002-majority", "farm-002-majority-tie", "farm-002-one-farm-three-cities",
    "farm-002-incomplete-city", "farm-002-detailed-third-edition",
    "farm-002-detailed-second-edition", "farm-002-detailed-first-edition",
    "farm-footnote-third-edition", "farm-footnote-second-edition",
    "farm-footnote-first-edition",
    # The River and The River II (issue #10).
    "river-field-split", "river-monastery-and-spring-field", "river2-fork",
    "river-and-river2-combined", "river-c3",
    # Issue #11: Inns & Cathedrals and Traders & Builders, and where their rules meet.
    "inn-road-completed", "inn-road-incomplete", "inn-road-incomplete-normal-rule",
    "inn-road-two-inns", "inn-without-inns-part",
    "cathedral-city-completed", "cathedral-city-incomplete",
    "cathedral-incomplete-features-off",
    "large-meeple-majority", "large-meeple-tie", "builder-scores-nothing",
    "pig-third-edition", "pig-second-edition", "pig-first-edition", "pig-herd", "pigs-tie",
    "goods-majority", "goods-tied-three-ways", "goods-nobody",
    "large-meeple-farm-with-pig", "cathedral-city-two-farms",
    "inn-road-completed-on-last-turn", "contract-expansions-example",
    # Finer points of the same contract: the inns-C inn, the River II inn and pig-herd by
    # part, and strength in first-edition farm majorities.
    "inn-crossroads-east-only", "river2-inn", "river2-inn-without-inns",
    "pig-herd-without-pig-part", "large-meeple-first-edition-farm",
    # Issue #17: Abbey & Mayor and Count, King & Robber, hand-computed and replayed from
    # JCloisterZone's engine tests.
    "abbey-closes-its-neighbours", "mayor-three-pennants", "mayor-without-pennants",
    "wagon-counts-one", "barn-four-a-city", "barns-two-in-one-field",
    "barn-farmers-joined-last-turn-c1", "barn-farmers-joined-last-turn-c2",
    "king-robber-one-a-feature", "king-robber-10-20", "king-robber-15-40",
    "king-robber-15-40-split", "king-robber-continuously", "coc-king-and-quarters",
    "coc-farms-around-the-city", "shrine-scores-like-a-monastery",
    "jcz-abbey-merge", "jcz-abbey-wagon-move", "jcz-barn-scoring", "jcz-barn-connected-scoring",
    "jcz-mayor-zero-points", "jcz-king-and-robber-scoring", "jcz-coc-field-scoring",
    "jcz-shrine-scoring",
    # The crossing cities enclose two inner fields, I and II (as JCloisterZone has them).
    "crossing-cities-two-inner-fields",
    # Issue #19: Hills & Sheep.
    "vineyards-around-a-completed-monastery", "hills-tie-one-follower-enough",
    "hills-tie-most-followers", "hills-decide-a-cathedral-city",
    "vineyard-two-cities-on-one-edge", "shepherd-scores-nothing",
    # Issue #19: The Princess & the Dragon.
    "fairy-beside-a-farmer-without-a-city", "fairy-on-an-open-inn-road",
    "fairy-with-the-minority", "monastery-in-a-city-and-road-under-a-city",
    # The other publishers' fairy rule (fairy_placement: on-tile), beside the C2 rule.
    "fairy-on-tile-two-players-one-tile", "fairy-on-tile-one-player-two-features",
    "fairy-beside-follower-same-table",
    # Issue #19: The Tower.
    "tower-top-scores-nothing",
    # Issue #29: a tower top is one of its owner's meeples.
    "tower-top-is-the-seventh-meeple",
    # Issue #29: a shrine and a monastery that challenge each other, settled on the last
    # turn, and JCloisterZone's test of it replayed.
    "shrine-challenge-lost-on-the-last-turn", "shrine-and-monastery-completed-together",
    "jcz-challenged-monastery",
    # Issue #29, every printing: a third-edition table lays the second-edition boxes.
    "tower-c3-table-lays-second-edition-tiles", "mayor-barn-wagon-on-a-c3-table",
    "fairy-and-garden-on-a-c3-table", "river-c3-with-the-tower",
    # Issue #19: JCloisterZone's engine tests for these expansions, replayed.
    "jcz-vineyards-monastery", "jcz-vineyards-incomplete-monastery",
    "jcz-fairy-endgame-road", "jcz-fairy-endgame-zero-field",
    "jcz-fairy-endgame-incomplete-inn", "jcz-fairy-empty-city",
    # The fairy beside a castle's knight: a castle is not scored at the end.
    "jcz-fairy-endgame-incomplete-castle",
    # Issue #18: the minis of Big Box 6 and 7, hand-computed (also where they meet Inns &
    # Cathedrals and Traders & Builders) and replayed from JCloisterZone's engine tests.
    "gold-tiers", "gold-ten-or-more", "gold-beside-goods",
    "mage-on-inn-road-left-open", "witch-on-cathedral-city", "mage-on-cathedral-city",
    "mage-and-witch-incomplete", "jcz-mage", "jcz-witch", "jcz-gold-scoring",
    "jcz-gold-scoring-2", "messages-two-markers",
    "flier-landed-meeple", "crop-circle-ends-roads",
    "ferry-links-east-west", "ferry-links-south-west", "robber-tiles-score-as-drawn",
    # Issue #19: Bridges, Castles & Bazaars, hand-computed (also where castles meet the pig
    # and the king) and replayed from JCloisterZone's engine tests.
    "bridge-road-over-a-city", "bridge-and-printed-road-count-one-tile",
    "castle-scores-nothing", "castle-field-four-and-a-city", "castle-beside-a-farm-with-a-pig",
    "castle-not-counted-by-the-king", "jcz-field-castle-scoring",
    "jcz-castle-unoccupied-trigger", "jcz-castle-not-affected-by-corn-circles",
    # Issue #19: Under the Big Top, and where it meets Inns & Cathedrals and Traders &
    # Builders.
    "big-top-final-show", "acrobats-five-each", "ringmaster-completed-and-incomplete",
    "ringmaster-as-farmer", "ringmaster-with-the-minority", "ringmaster-in-a-cathedral-city",
    # Where Under the Big Top meets the castles: a castle is not scored at the end.
    "ringmaster-on-a-castle", "big-top-castle-knight-on-the-far-tile",
    # Small expansions whose rules act during play only: their tiles score as drawn.
    "festival-tiles-score-as-drawn", "gq11-spring-splits-the-field",
    "wind-roses-points-already-on-the-track",
    # La Porxada: its tile as drawn, the bonus paying an open city as completed, and no
    # bonus while the Porxada city is open.
    "porxada-tile-scored-as-drawn", "porxada-bonus-pays-an-open-city-as-completed",
    "porxada-bonus-needs-the-city-completed", "porxada-bonus-token-earned-during-the-game",
}


def test_there_are_boards():
    assert len(BOARDS) >= 20
    assert REQUIRED <= {path.stem for path in BOARDS}


def test_the_farm_variants_give_different_answers_on_their_boards():
    def points(stem):
        case = json.loads(board_path(f"{stem}").read_text(encoding="utf-8"))
        rules = case["request"].get("rules", {}).get("farm_scoring", "third-edition")
        return rules, case["expected"]["players"]

    for board in ("farm-002-detailed", "farm-footnote", "pig"):
        answers = dict(points(f"{board}-{edition}-edition")
                       for edition in ("first", "second", "third"))
        assert set(answers) == {"first-edition", "second-edition", "third-edition"}
        assert len({json.dumps(answer, sort_keys=True) for answer in answers.values()}) == 3


@pytest.mark.parametrize("path", BOARDS, ids=lambda path: path.stem)
def test_known_answer(path: Path, all_tiles):
    case = json.loads(path.read_text(encoding="utf-8"))
    assert set(case) == {"description", "request", "expected", "arithmetic"}
    assert validate_request(case["request"], all_tiles) == []
    expected = case["expected"]
    response = score_request(case["request"], all_tiles).to_json()

    players = {player["color"]: player for player in response["players"]}
    assert {color: player["final_points"] for color, player in players.items()} == expected[
        "players"
    ]
    if "totals" in expected:
        assert {color: p["total"] for color, p in players.items()} == expected["totals"]
    if "ranks" in expected:
        assert {color: p["rank"] for color, p in players.items()} == expected["ranks"]
    if "winners" in expected:
        assert response["winners"] == expected["winners"]
    if "warnings" in expected:
        assert [w["feature"] for w in response["warnings"]] == expected["warnings"]
    if "warning_codes" in expected:
        assert [w["code"] for w in response["warnings"]] == expected["warning_codes"]
    if "printings" in expected:
        assert response.get("printings", {}) == expected["printings"]
    if "response" in expected:
        assert response == expected["response"]
    if "goods" in expected:
        assert {color: p["goods"] for color, p in players.items()} == expected["goods"]
    for color, wanted_kinds in expected.get("by_kind", {}).items():
        by_kind = players[color]["by_kind"]
        assert {kind: by_kind[kind] for kind in wanted_kinds} == wanted_kinds, color
    if "trade_goods" in expected:
        entries = response["trade_goods"]
        assert [entry["good"] for entry in entries] == [
            wanted["good"] for wanted in expected["trade_goods"]
        ]
        for entry, wanted in zip(entries, expected["trade_goods"], strict=True):
            for key, value in wanted.items():
                assert entry[key] == value, f"{entry['good']}.{key}"

    for wanted in expected.get("features", []):
        if "id" in wanted:
            matches = [f for f in response["features"] if f["id"] == wanted["id"]]
        else:
            matches = [f for f in response["features"] if f["kind"] == wanted["kind"]]
        assert len(matches) == 1, f"no single feature matches {wanted}"
        actual = matches[0]
        for key, value in wanted.items():
            if key == "absent":
                assert not set(value) & set(actual), f"{actual['id']} has one of {value}"
            else:
                assert actual[key] == value, f"{actual['id']}.{key}"


@pytest.mark.parametrize("expansion", DEFAULT_REGISTRY.expansions, ids=lambda e: e.code)
def test_every_expansion_brings_its_own_boards(expansion):
    """Read from the registry, so that a new package needs no line in ``REQUIRED``: each
    declared expansion holds at least one known-answer board in its package, and each of
    them (but the base game's) puts that expansion or one of its parts in play."""
    package = PACKAGES_DIR / expansion.code.replace("-", "_")
    own = sorted(package.glob("boards/*.json"))
    assert own, f"{package.name} has no known-answer board in boards/"
    members = {member.code for member in expansion.members}
    for path in own if expansion.code != "base" else ():
        listed = json.loads(path.read_text(encoding="utf-8"))["request"].get("expansions", [])
        assert members & set(listed), f"{path.name} does not play {expansion.code}"
