"""The builder keeps the site's selection and explains the scoring in the players' words
(issue 30): the edition that has the chosen expansions, or a sentence saying what it
lacks; each player's points first, each feature named by its tiles and where they lie,
a barn's field with its barn and farmers in one place, warnings before the totals, and
the edition's words (coat of arms in C2 and C3, pennant in C1)."""

from __future__ import annotations

import json

import pytest

from tests.builder.rebuilding import import_board, score
from tests.builder.test_browser import ARTIFACTS, LAPTOP
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_selection_opens_in_an_edition_that_has_it_and_says_what_another_lacks(open_builder):
    # A C2+C3 group with Abbey & Mayor, The Princess & the Dragon and The River: neither
    # expansion has a C3 printing, but a C3 table takes their C2 boxes, so the page keeps
    # C3 with all three.
    builder = open_builder(
        LAPTOP, "/board/?x=farmers,river,abbey-mayor,princess-dragon&ed=c23&pref=c23")
    page = builder.page
    assert builder.testid("edition").input_value() == "C3"
    assert builder.testid("edition-missing").is_hidden()
    board = builder.board()
    assert {"farmers", "river", "abbey-mayor", "princess-dragon"} <= set(board["expansions"])
    # The River is in play: the game starts from the spring, and the mayor is offered.
    assert builder.tiles()[(0, 0)][0].startswith("river")
    assert page.locator('label[for="turn-kind-mayor"]').count() == 1
    # Chosen C1 by hand with Under the Big Top (printed for C2 only, which a C3 table
    # takes), the page says in words what C1 lacks and offers the newest edition back.
    builder = open_builder(LAPTOP, "/board/?x=farmers,big-top&ed=c23&pref=c23")
    assert builder.testid("edition").input_value() == "C3"
    assert "big-top" in builder.board()["expansions"]
    builder.testid("edition").select_option("C1")
    missing = builder.testid("edition-missing")
    missing.wait_for()
    words = missing.locator("p").first.text_content()
    assert " is not in C1, so it is not in play. " in words
    assert words.endswith(": in C2 and C3.")
    assert "big-top" not in builder.board()["expansions"]
    assert "1 chosen expansion not in C1" in builder.page.locator(
        "[data-setup-summary]").text_content()
    builder.testid("play-edition-C3").click()
    assert builder.testid("edition").input_value() == "C3"
    missing.wait_for(state="hidden")
    assert "big-top" in builder.board()["expansions"]


# The board of barn-farmers-joined-last-turn-c2.json (Abbey & Mayor): two completed
# two-tile cities (E turned 180° at (0, -1) over E at (0, 0), the same at x = 1), two
# monasteries B below them. One field runs through (0, 0), (1, 0), (0, 1) and (1, 1) and
# borders both cities; red's barn stands where the four meet (the SE corner of (0, 0)).
BARN_TILES = [("E", 0, -1, 180), ("E", 1, -1, 180), ("E", 0, 0, 0), ("E", 1, 0, 0),
              ("B", 0, 1, 0), ("B", 1, 1, 0)]
RED_BARN = ("red", 0, 0, "SE", "barn")


def test_a_barn_its_field_and_the_farmers_are_explained_in_one_place(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # Blue's farmer in the same field (the NW corner of (1, 1)): joined to the barn's
    # field on the last turn, blue's farm pays 1 a completed city: 2 × 1 = 2. Red's
    # barn: 2 completed cities × 4 = 8.
    import_board(builder, tmp_path, ["farmers", "abbey-mayor"], BARN_TILES,
                 [RED_BARN, ("blue", 1, 1, "NW", "meeple")], edition="C2")
    assert score(builder) == {"red": 8, "blue": 2}
    field = builder.testid("feature-farm-2")
    text = field.text_content()
    # One item: the field (C2's word), its 10 points, the barn and the farmer where they
    # stand, who gets what, and both sums.
    assert field.locator(".feature-kind").text_content() == "Field · 4 tiles"
    assert field.locator(".feature-points").text_content() == "10 pts"
    assert builder.testid("where-farm-2").text_content() == (
        "Red's barn at the south-east corner of tile E on the start square and Blue's "
        "meeple on tile B, 1 east and 1 south of the start.")
    assert field.locator(".feature-who").text_content() == "B Blue +2R Red +8"  # badges B, R
    assert "farm joined to a barn's field on the last turn: 2 completed cities × 1 = 2" in text
    assert builder.testid("barns-farm-2").text_content() == (
        "Red's barn: 2 completed cities × 4 = 8")
    # Nothing about the barn anywhere else but the players' lines.
    assert page.locator("[data-testid=barns]").count() == 0
    assert builder.testid("player-line-red").text_content() == (
        "R Red 8: +8 Red's barn in the field by tile E on the start square.")
    assert builder.testid("player-line-blue").text_content() == (
        "B Blue 2: +2 the field by tile B, 1 east and 1 south of the start.")
    assert "farm-" not in builder.testid("results").text_content()
    ARTIFACTS.mkdir(exist_ok=True)
    builder.testid("results").screenshot(path=str(ARTIFACTS / "builder-results-barn.png"))


def test_a_barn_without_farmers_says_its_field_scores_nobody_and_the_barn_four_a_city(
        open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    import_board(builder, tmp_path, ["farmers", "abbey-mayor"], BARN_TILES, [RED_BARN],
                 edition="C2")
    # Red's barn: 2 completed cities × 4 = 8; no farmer, so the field itself pays 0.
    assert score(builder) == {"red": 8, "blue": 0}
    field = builder.testid("feature-farm-2")
    assert field.locator(".feature-points").text_content() == "8 pts"
    assert field.locator(".feature-who").text_content() == "R Red +8"  # R: red's badge
    assert ("farm with a barn but no farmer (only the barn scores): 2 completed cities × 0 = 0"
            in field.text_content())
    assert builder.testid("barns-farm-2").text_content() == (
        "Red's barn: 2 completed cities × 4 = 8")


def test_a_tap_for_a_barn_beside_an_empty_square_says_where_a_barn_stands(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # (1, 1) left empty: the corner where (0, 0), (1, 0), (0, 1) and (1, 1) meet has
    # three tiles round it.
    import_board(builder, tmp_path, ["farmers", "abbey-mayor"], BARN_TILES[:5], edition="C2")
    page.locator('label[for="turn-kind-barn"]').click()
    builder.click_square(1, 1, 0.04, 0.04)
    assert builder.message == (
        "A barn stands only on a corner where four tiles meet, and the square you tapped is "
        "empty (3 of the 4 squares round that corner hold tiles).")
    assert builder.board()["figures"] == []


def test_a_warning_that_bears_on_the_totals_comes_before_them(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # Red's meeple left in a completed city of two tiles without a coat of arms (E over
    # E turned 180°): it scores as completed, 2 tiles × 2 = 4.
    import_board(builder, tmp_path, ["farmers"], [("E", 0, 0, 0), ("E", 0, -1, 180)],
                 [("red", 0, 0, "N", "meeple")], edition="C3")
    assert score(builder) == {"red": 4, "blue": 0}
    warnings = builder.testid("warnings")
    assert warnings.text_content() == (
        "Before you read the totals:The city by tile E on the start square is completed but "
        "still holds figures; it is scored as completed, as if the game ended on the turn "
        "that completed it.")
    # Before the winner, the players' lines and the table of totals.
    for later in ("winners", "player-results", "score-table"):
        assert page.evaluate(
            "([first, later]) => Boolean(document.querySelector(`[data-testid=${first}]`)"
            ".compareDocumentPosition(document.querySelector(`[data-testid=${later}]`))"
            " & Node.DOCUMENT_POSITION_FOLLOWING)", ["warnings", later])
    assert "completed city: 2 tiles × 2 = 4" in builder.testid("feature-city-1").text_content()
    builder.testid("results").screenshot(path=str(ARTIFACTS / "builder-results-warning.png"))


def test_the_words_follow_the_edition_and_name_the_mayor(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    # F: a city from west to east with one coat of arms (a pennant in C1). Red's mayor
    # in it counts 1 (one a coat of arms): an incomplete city, 1 tile × 1 + 1 × 1 = 2.
    import_board(builder, tmp_path, ["farmers", "abbey-mayor"], [("F", 0, 0, 0)],
                 [("red", 0, 0, "W", "mayor")], edition="C2")
    assert score(builder) == {"red": 2, "blue": 0}
    city = builder.testid("feature-city-1")
    assert ("incomplete city: 1 tile × 1 + 1 coat of arms × 1 = 2"
            in city.locator(".explanation").text_content())
    assert builder.testid("where-city-1").text_content() == (
        "Red's mayor on tile F on the start square.")
    assert "pennant" not in builder.testid("results").text_content()
    # The same city in a C1 game, with a meeple: a pennant.
    import_board(builder, tmp_path, ["farmers"], [("F", 0, 0, 0)],
                 [("red", 0, 0, "W", "meeple")], edition="C1")
    assert score(builder) == {"red": 2, "blue": 0}
    assert ("incomplete city: 1 tile × 1 + 1 pennant × 1 = 2"
            in builder.testid("feature-city-1").locator(".explanation").text_content())
    assert "coat of arms" not in builder.testid("results").text_content()


def test_the_results_are_stale_while_the_board_differs_from_the_one_scored(open_builder,
                                                                            tmp_path):
    """Undo takes the meeple off: the board is not the one scored, and the results say so;
    redo puts it back, the same board as scored, and the results stand again."""
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers"], [("D", 0, 0, 0)],
                 [("red", 0, 0, "W", "meeple")])
    assert score(builder) == {"red": 1, "blue": 0}  # an open road of 1 tile
    results = builder.testid("results")
    builder.testid("board").focus()
    page.keyboard.press("Control+z")
    page.wait_for_selector("[data-testid=results].is-stale", state="attached")
    assert "score again" in results.text_content()
    page.keyboard.press("Control+y")
    page.wait_for_selector("[data-testid=results]:not(.is-stale)", state="attached")
    assert int(builder.testid("final-red").text_content()) == 1


def test_a_farm_names_the_city_it_collected_through_another_farm(open_builder, tmp_path):
    """The explanation comes as the engine's message (id and parameters) and the page
    renders it with the engine's templates: a city and a field named in it are named by
    where they lie, even the city no figure stands on."""
    builder = open_builder(LAPTOP)
    # E at (0, 0) under E turned 180° at (0, -1): a completed city of two tiles between
    # two fields. Red's farmer in each field; second-edition farm scoring pays red the
    # city once (3), through farm-1, the field at (0, -1); farm-2 pays red 0 × 3 = 0.
    board = {"edition": "C2", "expansions": ["farmers"],
             "rules": {"farm_scoring": "second-edition"},
             "players": [{"color": "red"}, {"color": "blue"}],
             "tiles": [{"tile": "E", "x": 0, "y": 0, "rotation": 0},
                       {"tile": "E", "x": 0, "y": -1, "rotation": 180}],
             "figures": [{"player": "red", "x": 0, "y": 0, "at": "SW", "kind": "meeple"},
                         {"player": "red", "x": 0, "y": -1, "at": "NW", "kind": "meeple"}]}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    builder.testid("import").set_input_files(str(path))
    builder.page.wait_for_selector('[data-testid="tile-0,-1"]')
    assert score(builder) == {"red": 3, "blue": 0}
    assert builder.testid("feature-farm-2").locator(".explanation").text_content() == (
        "farm: 1 completed city × 3 = 3; second-edition scoring pays a player each city "
        "once: red already collected the city by tile E, 1 north of the start (through the "
        "field by tile E, 1 north of the start), so scores 0 × 3 = 0")
    assert "city-" not in builder.testid("results").text_content()
    assert "farm-" not in builder.testid("results").text_content()


def test_a_refused_boards_problems_are_worded_from_the_errors_templates(open_builder):
    """The page carries no error templates: it fetches them on the first refusal and
    words each problem from its message id and parameters. Served a changed template,
    it says the changed sentence, which the server never wrote; when the templates
    cannot be read, it shows the server's sentence and tries again on the next refusal."""
    builder = open_builder(LAPTOP)
    served = serve_changed_error_templates(builder.page, {
        "error.disconnected_tile.does_not_touch_the_rest": (
            "{tile_label} stands apart from the rest of the board.")}, first_unreadable=True)
    builder.place("U", 1, 0, 90)
    builder.place("U", 2, 0, 90)
    builder.hold_square(1, 0)
    builder.testid("tile-remove").click()  # (2, 0) is now cut off from the board
    problem = builder.testid("errors").locator('li[data-path="tiles[1]"] > span:not(.error-path)')
    builder.testid("score").click()
    problem.wait_for()
    assert problem.text_content() == (
        "Tile U at (2,0) does not touch the rest of the board along an edge.")
    assert len(served) == 1
    scored_again(builder)
    # The sentence and the tile's label inside it, both from the fetched templates.
    assert problem.text_content() == "Tile U at (2,0) stands apart from the rest of the board."
    scored_again(builder)
    assert problem.text_content() == "Tile U at (2,0) stands apart from the rest of the board."
    assert len(served) == 2  # fetched once it could be read, not on every refusal


def serve_changed_error_templates(page, changes, first_unreadable=False):
    """Serve the page the errors' templates with ``changes`` made to them (sentences the
    server never writes), the first answer unreadable with ``first_unreadable``; the
    list returned grows by one for each time the page asks for them."""
    served = []

    def changed_templates(route):
        response = route.fetch()
        templates = response.json()
        served.append(templates)
        if first_unreadable and len(served) == 1:
            route.fulfill(status=200, content_type="application/json", body="{")
            return
        route.fulfill(response=response, json={**templates, **changes})

    page.route("**/board/words/*/errors.json", changed_templates)
    return served


def scored_again(builder):
    """Score the refused board again and wait for its problems to be drawn anew."""
    builder.page.evaluate("document.querySelector('[data-testid=errors]').dataset.before = 'yes'")
    builder.testid("score").click()
    builder.page.wait_for_selector("[data-testid=errors]:not([data-before])")


def test_a_refused_save_is_worded_from_the_errors_templates(open_builder, tmp_path):
    """The save dialog words the server's refusal as the list of a refused scoring does:
    where the problem lies, then its sentence from the errors' templates. Served a
    changed template and a German separator of digit groups, it says the changed
    sentence, which the server never wrote, its number grouped as the templates say."""
    builder = open_builder(LAPTOP)
    page = builder.page
    served = serve_changed_error_templates(page, {
        "error.invalid_points.points_must_be_at_most": (
            "no scoreboard shows more than {MAX_POINTS:grouped} points, not {points}."),
        "number.group_separator": "."})
    # A board whose file says red has 2,000,000 points: more than the 1,000,000 a saved
    # board may hold (the points field stops at 100,000; a file is taken as it is).
    board = {"edition": "C3", "expansions": [],
             "players": [{"color": "red", "points": 2_000_000}, {"color": "blue"}],
             "tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 0},
                       {"tile": "E", "x": 0, "y": -1, "rotation": 180}]}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    builder.testid("import").set_input_files(str(path))
    wait_until(page, "window.carcwikiBuilder.state.toBoard().players[0].points === 2000000")
    builder.testid("save").click()
    refused = builder.testid("save-refused")
    refused.wait_for()
    assert refused.text_content() == (
        "Red: no scoreboard shows more than 1.000.000 points, not 2000000.")
    assert builder.message == (
        "Not saved: Red: no scoreboard shows more than 1.000.000 points, not 2000000.")
    assert len(served) == 1
