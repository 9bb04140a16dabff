"""Issue 29, "Every printing": a table of one edition lays the boxes of the printings it
accepts (a C3 base game takes C2 expansion boxes; C1 stays apart, since no source read
says a later table takes first-edition boxes). An expansion played from an earlier
printing brings that printing's tiles, counts and rules; the game's edition still decides
the base game. The known-answer boards of the C3 tables are in the packages' ``boards/``
(``tower-c3-table-lays-second-edition-tiles`` and the others named in
``test_known_answers``)."""

import copy

import pytest

from scoring.engine import DEFAULT_REGISTRY, Edition, score_request, validate_request

TOWER_SQUARE = {
    "edition": "C3",
    "expansions": ["farmers", "abbot", "tower"],
    "players": [{"color": "red"}, {"color": "blue"}],
    "tiles": [
        {"tile": "tower-2", "x": 0, "y": 0},
        {"tile": "B", "x": 1, "y": 0},
    ],
    "figures": [{"player": "red", "x": 0, "y": 0, "at": "C", "kind": "abbot"}],
}


def codes(errors):
    return [(error.path, error.code.value) for error in errors]


def test_a_third_edition_table_takes_the_second_editions_boxes_and_no_other():
    assert Edition.C3.accepted_printings == (Edition.C3, Edition.C2)
    assert Edition.C3.printing_of({Edition.C1, Edition.C2}) is Edition.C2
    assert Edition.C3.printing_of({Edition.C2, Edition.C3}) is Edition.C3
    assert Edition.C3.printing_of({Edition.C1}) is None
    assert Edition.C2.printing_of({Edition.C1}) is None
    assert Edition.C1.printing_of({Edition.C2, Edition.C3}) is None


@pytest.mark.parametrize("edition", ["C2", "C3"])
def test_a_first_edition_only_expansion_is_not_in_a_later_edition(all_tiles, edition):
    request = {"edition": edition, "expansions": ["darmstadt-promo"],
               "players": [{"color": "red"}, {"color": "blue"}],
               "tiles": [{"tile": "D", "x": 0, "y": 0}]}
    assert codes(validate_request(request, all_tiles)) == [
        ("expansions[0]", "expansion_not_in_edition")]


def test_the_tower_under_c3_lays_its_c2_tiles_with_their_gardens(all_tiles):
    assert validate_request(TOWER_SQUARE, all_tiles) == []
    result = score_request(TOWER_SQUARE, all_tiles).to_json()
    # The garden of tower-2 is printed in C2 only: the abbot stands on it, 1 + 1 = 2.
    assert [(f["kind"], f["points"]) for f in result["features"]] == [("garden", 2)]
    assert result["printings"] == {"tower": "C2"}


def test_a_c3_table_has_as_many_copies_as_the_c2_box(all_tiles):
    request = copy.deepcopy(TOWER_SQUARE)
    # tower-1: 2 copies in the C2 box; a third is one too many.
    request["tiles"] += [{"tile": "tower-1", "x": x, "y": 1, "rotation": 180}
                         for x in (0, 1, 2)]
    assert codes(validate_request(request, all_tiles)) == [
        ("tiles[4]", "too_many_copies")]


def test_the_c3_river_keeps_its_own_spring_beside_a_c2_box(all_tiles):
    request = copy.deepcopy(TOWER_SQUARE)
    request["expansions"].append("river")
    request["tiles"] = [{"tile": "river-A", "x": 0, "y": 0, "rotation": 180},
                        {"tile": "tower-3", "x": 1, "y": 0}]
    request["figures"] = []
    errors = codes(validate_request(request, all_tiles))
    assert ("tiles[0].tile", "tile_not_in_edition") in errors


def test_the_response_names_no_printing_when_the_edition_prints_every_expansion(all_tiles):
    request = copy.deepcopy(TOWER_SQUARE)
    request["edition"] = "C2"
    assert "printings" not in score_request(request, all_tiles).to_json()
    assert DEFAULT_REGISTRY.printings(Edition.C3, ["river", "inns-cathedrals", "mayor"]) == {
        "abbey-mayor": "C2"}


def test_the_city_of_carcassonne_on_a_c3_table_follows_the_c2_rules(all_tiles):
    request = {
        "edition": "C3", "expansions": ["farmers", "abbot", "count-king-robber"],
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "city-of-carcassonne", "x": 0, "y": 0},
                  {"tile": "E", "x": 4, "y": 2, "rotation": 270}],
        "figures": [{"player": "blue", "x": 0, "y": 0, "at": "market"},
                    {"player": "red", "x": 2, "y": 1, "at": "castle"}],
    }
    assert validate_request(request, all_tiles) == []
    entries = score_request(request, all_tiles).to_json()["city_of_carcassonne"]
    texts = {entry["quarter"]: entry["explanation"] for entry in entries}
    # The C2 rules let only the market's meeple leave before the final scoring (the C1
    # rules let the castle's leave too).
    assert "could have left for a field" in texts["market"]
    assert "could have left" not in texts["castle"]
