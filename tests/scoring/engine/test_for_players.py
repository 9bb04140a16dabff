"""An answer for the players at the table (``score_request(..., for_players=True)``, the
API's ``?for=players``): the edition's words and the figures on each feature, with the
same points as the API's answer."""

import json

from scoring.engine import score_request
from scoring.engine.wording import API_WORDING, EDITION_WORDING
from tests.known_boards import board_path


def body(edition, tiles, figures, expansions=("farmers",)):
    return {"edition": edition, "expansions": list(expansions),
            "players": [{"color": "red"}, {"color": "blue"}],
            "tiles": [{"tile": t, "x": x, "y": y, "rotation": r} for t, x, y, r in tiles],
            "figures": figures}


def test_a_first_edition_monastery_is_a_cloister_and_its_city_has_a_pennant(base_tiles):
    # B: a monastery, red's monk on it, F its one neighbour (east): 1 + 1 neighbour = 2.
    # F turned 90° runs its city from north to south, one pennant, blue's meeple in it:
    # 1 tile × 1 + 1 pennant × 1 = 2.
    request = body("C1", [("B", 0, 0, 0), ("F", 1, 0, 90)],
                   [{"player": "red", "x": 0, "y": 0, "at": "C"},
                    {"player": "blue", "x": 1, "y": 0, "at": "N"}])
    answer = score_request(request, base_tiles, for_players=True).to_json()
    explained = {feature["id"]: feature["explanation"] for feature in answer["features"]}
    assert explained == {"city-1": "incomplete city: 1 tile × 1 + 1 pennant × 1 = 2",
                         "monastery-1": "incomplete cloister: 1 + 1 neighbour = 2"}
    # C3 words the same board's city with a coat of arms, and a monastery.
    request["edition"] = "C3"
    answer = score_request(request, base_tiles, for_players=True).to_json()
    explained = {feature["id"]: feature["explanation"] for feature in answer["features"]}
    assert explained == {"city-1": "incomplete city: 1 tile × 1 + 1 coat of arms × 1 = 2",
                         "monastery-1": "incomplete monastery: 1 + 1 neighbour = 2"}
    assert {p["color"]: p["total"] for p in answer["players"]} == {"red": 2, "blue": 2}
    # The API's answer keeps its words and its keys.
    plain = score_request(request, base_tiles).to_json()
    assert plain["features"][0]["explanation"] == "incomplete city: 1 tile × 1 + 1 pennant × 1 = 2"
    assert all("standing" not in feature for feature in plain["features"])


def test_a_figure_nobody_owns_is_listed_without_a_player(all_tiles):
    # The fairy beside red's thief on an open road with an inn (a known board): the
    # road lists red's meeple, then the fairy; red 3 (the fairy's), blue 0.
    case = json.loads(board_path("fairy-on-an-open-inn-road").read_text(encoding="utf-8"))
    answer = score_request(case["request"], all_tiles, for_players=True).to_json()
    [road] = answer["features"]
    assert road["standing"] == [
        {"player": "red", "kind": "meeple", "x": 0, "y": 1, "at": "S"},
        {"kind": "fairy", "x": 0, "y": 1, "at": "S"},
    ]
    assert {p["color"]: p["total"] for p in answer["players"]} == {"red": 3, "blue": 0}


def test_the_editions_words_are_the_rules_pages_words():
    # The site's rules pages word C1 and C2/C3 so (carcwiki.rules.wording); the engine
    # cannot import the site, so the two are compared here.
    from carcwiki.rules.wording import words_for
    from scoring.engine.rules import Edition

    for edition, group in ((Edition.C1, "c1"), (Edition.C2, "c23"), (Edition.C3, "c23")):
        assert EDITION_WORDING[edition].pennant == (
            words_for("pennant", edition_group=group), words_for("pennants", edition_group=group))
    assert API_WORDING.pennant == ("pennant", "pennants")
