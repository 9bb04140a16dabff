"""A tap never changes the game behind the player's back (issue 20), in a real browser.

One rule: a tap acts on the figure standing where it lands (the current player's is
taken back, another player's becomes the current player's, of the same kind) and never
puts a figure of another kind in its place; the change shows on the board at once, and
undo restores it. On a phone the page never scrolls by itself between two taps.
"""

from __future__ import annotations

import pytest

from tests.builder.rebuilding import figures, import_board, score
from tests.builder.test_browser import LAPTOP, PHONE
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


# D at (0, 0): a city on the north, a road from west to east. A at (1, 0) turned 90°: a
# monastery whose road leaves to the west, into D's road. The road (2 tiles, open at D's
# west end) is worth 2 to its majority; the monastery, with one neighbour, 1 + 1 = 2.
TILES = [("D", 0, 0, 0), ("A", 1, 0, 90)]
FIGURES = [("red", 1, 0, "W", "large"), ("blue", 0, 0, "W", "meeple"), ("red", 1, 0, "C", "meeple")]


def test_a_tap_on_a_large_meeple_with_meeple_chosen_takes_it_back_and_undo_restores_it(
        open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "abbot", "inns-cathedrals"], TILES, FIGURES)
    # Red's large meeple (strength 2) beats blue's meeple on the road: red 2 + 2, blue 0.
    assert score(builder) == {"red": 4, "blue": 0}
    page.locator('label[for="turn-red"]').click()
    page.locator('label[for="turn-kind-meeple"]').click()
    large = '[data-testid="figure-red-1,0-W"]'
    assert page.locator(large).get_attribute("data-kind") == "large"
    builder.select(1, 0)  # a tap that selects changes no figure
    assert figures(builder) == sorted(FIGURES)
    builder.click_square(1, 0, 0.21, 0.5)  # on the large meeple, with "Meeple" chosen
    page.wait_for_selector(large, state="detached")  # taken back, not swapped for a meeple
    assert figures(builder) == [("blue", 0, 0, "W", "meeple"), ("red", 1, 0, "C", "meeple")]
    assert "Took Red's large meeple back" in builder.message
    # Blue's meeple now holds the road alone: red 2 (the monastery), blue 2.
    assert score(builder) == {"red": 2, "blue": 2}
    builder.testid("undo").click()
    page.wait_for_selector(large)
    assert page.locator(large).get_attribute("data-kind") == "large"
    assert score(builder) == {"red": 4, "blue": 0}

    # Blue's tap on red's large meeple gives it to blue, still a large meeple, and rings it.
    page.locator('label[for="turn-blue"]').click()
    builder.select(1, 0)
    builder.click_square(1, 0, 0.21, 0.5)
    blue_large = '[data-testid="figure-blue-1,0-W"]'
    page.wait_for_selector(f"{blue_large}.is-changed")
    assert page.locator(blue_large).get_attribute("data-kind") == "large"
    assert "is now Blue's, no longer Red's" in builder.message
    # Blue has 2 + 1 on the road: blue 2, red 2 (the monastery).
    assert score(builder) == {"red": 2, "blue": 2}
    builder.testid("undo").click()
    page.wait_for_selector(large)
    assert score(builder) == {"red": 4, "blue": 0}

    # The selected tile's panel offers nothing that would take the large meeple's place,
    # and one button per role in a field ("farmer", then "farmer (large meeple)").
    builder.hold_square(1, 0)
    road = page.evaluate("window.carcwikiBuilder.catalogue.geometry.view('A', 90).at.W")
    assert builder.testid(f"put-meeple-{road}").count() == 0
    field = page.evaluate("window.carcwikiBuilder.catalogue.geometry.view('A', 90).at.NE")
    labels = builder.testid("inspector").locator(f'.feature-row[data-feature="{field}"] button')
    assert [text for text in labels.all_text_contents() if text.startswith("Put")] == [
        "Put: farmer", "Put: farmer (large meeple)"]


def test_on_a_phone_the_page_does_not_scroll_by_itself_between_taps(open_builder, tmp_path):
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "abbot", "inns-cathedrals"], TILES)
    page.evaluate("document.querySelector('[data-setup]').open = false")
    # Scrolled 40 px past the point where the workbench sticks to the top (the import
    # left the page at its end, where the end of the page pushes the workbench up).
    page.evaluate("window.scrollTo(0, document.querySelector('[data-setup]')"
                  ".getBoundingClientRect().bottom + window.scrollY + 40)")
    where = "[scrollY, document.querySelector('svg.board').getBoundingClientRect().top]"
    before = page.evaluate(where)
    # Tiles laid and figures put change the panels under the board (the selected tile's
    # features grow and shrink): the page and the board stay where they were.
    for code, x, y in [("B", 0, 1), ("B", 1, 1), ("V", -1, 0)]:
        if builder.page.evaluate("window.carcwikiBuilder.state.ui.hand") != code:
            builder.testid(f"palette-{code}").click()
        builder.testid(f"target-{x},{y}").wait_for()
        px, py = builder.point(x, y)
        page.touchscreen.tap(px, py)
        page.wait_for_selector(f'[data-testid="tile-{x},{y}"]')
        page.wait_for_timeout(150)
        assert page.evaluate(where) == before
    builder.fit()
    # V, just laid, is drawn large in the board's top right corner, over A: the player
    # slides the board until A shows (the page itself does not move).
    page.evaluate("window.carcwikiBuilder.viewport.panBy(-150, 0)")
    closeup = builder.testid("closeup").bounding_box()
    assert builder.point(1, 0, 0.25, 0.5)[0] < closeup["x"]
    before = page.evaluate(where)
    page.locator('label[for="turn-red"]').click()
    page.locator('label[for="turn-kind-large"]').click()
    builder.select(1, 0)
    builder.click_square(1, 0, 0.25, 0.5)  # A's road, by its west edge: red's large meeple
    page.wait_for_selector('[data-testid="figure-red-1,0-W"]')
    page.wait_for_timeout(150)
    assert page.evaluate(where) == before
    page.locator('label[for="turn-kind-meeple"]').click()
    builder.click_square(1, 0, 0.55, 0.45)  # the monastery of the same tile, by the road
    wait_until(page, "window.carcwikiBuilder.state.doc.figures.length === 2")
    assert page.evaluate(where) == before
    assert figures(builder) == [("red", 1, 0, "C", "meeple"), ("red", 1, 0, "W", "large")]
    # Red: the road of V, D and A, open at V's end, 3 tiles × 1 = 3; the monastery with
    # three neighbours (D, and B at (0, 1) and at (1, 1)), 1 + 3 = 4: 7.
    assert score(builder) == {"red": 7, "blue": 0}


def test_the_tile_in_hand_stays_for_another_copy_and_the_phone_drops_it_with_one_tap(open_builder):
    builder = open_builder(PHONE)
    page = builder.page
    hand = "window.carcwikiBuilder.state.ui.hand"
    builder.testid("palette-B").click()
    builder.testid("target-0,1").wait_for()
    builder.click_square(0, 1)
    page.wait_for_selector('[data-testid="tile-0,1"]')
    assert page.evaluate(hand) == "B"
    # A tap on the type in hand, as a player does to lay another copy, keeps it in hand.
    builder.testid("palette-B").click()
    assert page.evaluate(hand) == "B"
    assert builder.testid("palette-B").get_attribute("aria-pressed") == "true"
    builder.testid("target-1,1").wait_for()
    builder.click_square(1, 1)
    page.wait_for_selector('[data-testid="tile-1,1"][data-tile="B"]')
    # The ✕ by the tile in hand puts it back in the box: one tap.
    drop = builder.testid("hand-drop")
    box = drop.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_until(page, f"{hand} === null")
    assert builder.message == "Tile put back in the box."
    assert builder.testid("hand").text_content() == "No tile in hand: pick one"
    # With nothing in hand, a tap on an empty square beside the board lays nothing: it
    # offers the types that fit there first (tests/builder/test_fewer_taps.py).
    builder.click_square(1, 2)
    assert "fit (1, 2): they come first by the board" in builder.message
    assert sorted(builder.tiles()) == [(0, 0), (0, 1), (1, 1)]


def test_the_figure_just_put_is_one_tap_from_another_owner_or_kind(open_builder, tmp_path):
    """No menu before the tap: the strip at the foot of the board changes the figure just
    put; a builder goes to the one player whose meeple is on the road."""
    builder = open_builder(PHONE)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "abbot", "inns-cathedrals", "traders-builders"],
                 TILES, [("blue", 0, 0, "W", "meeple")])
    assert page.evaluate("window.carcwikiBuilder.state.ui.currentPlayer") == "red"
    builder.select(1, 0)
    builder.click_square(1, 0, 0.25, 0.5)  # A's road: red's meeple, as chosen
    page.wait_for_selector('[data-testid="figure-red-1,0-W"]')
    chooser = builder.testid("figure-chooser")
    chooser.wait_for()
    # The other player, and the other kinds that may stand on a road and count.
    assert [b.get_attribute("data-testid") for b in chooser.locator("button").all()] == [
        "choose-player-blue", "choose-kind-large"]
    builder.testid("choose-kind-large").click()  # one tap: a large meeple
    page.wait_for_selector('[data-testid="figure-red-1,0-W"][data-kind="large"]')
    # Red's large meeple (2) beats blue's meeple (1) on the 2-tile road: red 2.
    assert score(builder) == {"red": 2, "blue": 0}
    builder.testid("choose-player-blue").click()  # one tap: it is blue's
    page.wait_for_selector('[data-testid="figure-blue-1,0-W"][data-kind="large"]')
    assert score(builder) == {"red": 0, "blue": 2}
    # A builder chosen, red taps the road: only blue has a figure on it, so the builder
    # is blue's. Blue's road: 2 tiles × 1 = 2 (a builder adds nothing at the end).
    page.locator('label[for="turn-kind-builder"]').click()
    builder.select(0, 0)
    builder.click_square(0, 0, 0.75, 0.5)
    page.wait_for_selector('[data-testid="figure-blue-0,0-E-builder"]')
    assert "Blue's builder" in builder.message
    assert score(builder) == {"red": 0, "blue": 2}
    builder.testid("undo").click()
    page.wait_for_selector('[data-testid="figure-blue-0,0-E-builder"]', state="detached")
    builder.testid("undo").click()
    page.wait_for_selector('[data-testid="figure-red-1,0-W"][data-kind="large"]')


SQUARE = "100 * document.querySelector('svg.board').getScreenCTM().a"
BIG_BOX = ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders"]


def test_a_phone_shows_squares_a_finger_can_use_and_more_tile_types(open_builder, tmp_path):
    builder = open_builder(PHONE)
    page = builder.page
    # A row of seven tiles: the view follows the new tiles at squares of 64 pixels or
    # more (the whole row, 9 squares with the lit ones round it, would need 39), and the
    # next lit square is clear of the zoom buttons down the board's right edge.
    for x in (1, 2, 3, 4, 5, 6):
        if page.evaluate("window.carcwikiBuilder.state.ui.hand") != "U":
            builder.testid("palette-U").click()
        builder.testid(f"target-{x},0").wait_for()
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('svg.board')"
                             " !== null", builder.point(x, 0))
        builder.click_square(x, 0)
        page.wait_for_selector(f'[data-testid="tile-{x},0"]')
        assert page.evaluate(SQUARE) >= 63.5
    # A board opened from a file fits the screen, but not below a fingertip's square.
    import_board(builder, tmp_path, BIG_BOX[:2] + BIG_BOX[3:], [
        ("D", 0, 0, 0), ("A", 1, 0, 90), ("traders-Q", 0, -1, 90),
        *[("U", x, 0, 90) for x in (-6, -5, -4, -3, -2, -1, 2, 3, 4, 5, 6)]],
        [("red", 1, 0, "W", "large")])
    page.reload()
    page.wait_for_selector("[data-builder][data-ready=true]")
    assert page.evaluate(SQUARE) >= 63.5
    builder.testid("board").scroll_into_view_if_needed()
    page.evaluate(
        "window.carcwikiBuilder.viewport.reveal({x: 0, y: -100, width: 200, height: 200})")
    # The large meeple on A's road leaves the monastery in sight: every point of the
    # monastery's middle half hits the monastery, none the figure. (Its picture may come a
    # moment after the page is ready, with the tiles of the expansions in play.)
    page.wait_for_selector('[data-testid="tile-1,0"] [data-kind="monastery"] rect:not(.hit-area), '
                           '[data-testid="tile-1,0"] [data-kind="monastery"] path')
    hits = page.evaluate("""() => {
        const tile = document.querySelector('[data-testid="tile-1,0"]');
        const body = tile.querySelector(
            '[data-kind="monastery"] rect:not(.hit-area), [data-kind="monastery"] path');
        const box = body.getBoundingClientRect();
        const points = [[.5, .5], [.25, .25], [.25, .75], [.75, .25], [.75, .75]];
        return points.map(([u, v]) => {
            const hit = document.elementFromPoint(
                box.left + u * box.width, box.top + v * box.height);
            return hit?.closest('.figure') ? 'figure'
                : hit?.closest('[data-kind]')?.dataset.kind;
        });
    }""")
    assert hits == ["monastery"] * 5
    # The wine of traders-Q: a symbol of 11 pixels or more (5 at the old 50-pixel squares).
    goods = page.evaluate("document.querySelector('[data-testid=\"tile-0,-1\"] .goods')"
                          ".getBoundingClientRect().width")
    assert goods >= 11
    # The palette of the Big Box shows 28 types or more at once (22 before).
    shown = page.evaluate("""() => {
        const frame = document.querySelector('[data-testid=palette]').getBoundingClientRect();
        return [...document.querySelectorAll('[data-testid=palette] li:not([hidden]) button')]
            .map((button) => button.getBoundingClientRect())
            .filter((r) => r.width && r.left >= frame.left - 1 && r.right <= frame.right + 1
                    && r.top >= 0 && r.bottom <= innerHeight).length;
    }""")
    assert shown >= 28
    page.screenshot(path="test-artifacts/builder-phone-big-box.png")


def test_problems_warnings_and_the_panel_speak_a_players_words(open_builder, tmp_path):
    builder = open_builder(LAPTOP)
    page = builder.page
    # The river turned against the spring's mouth: the server's problem names tiles[1],
    # the page says which tile.
    import_board(builder, tmp_path, ["farmers", "abbot", "river"],
                 [("river-A-C3", 0, 0, 0), ("river-G", 0, 1, 180)])
    builder.testid("score").click()
    errors = builder.testid("errors")
    errors.wait_for()
    paths = errors.locator(".error-path").all_text_contents()
    assert paths and all("[" not in path for path in paths)
    assert "The river tile at (0, 1):" in paths

    # A field without farmers in play: the figure is named by its owner, kind and place.
    import_board(builder, tmp_path, ["abbot"], [("D", 0, 0, 0)], [("red", 0, 0, "SW", "meeple")])
    builder.testid("score").click()
    page.wait_for_selector("[data-testid=errors] .error-path")
    assert "Red's meeple on the field of tile D at (0, 0):" in errors.locator(
        ".error-path").all_text_contents()

    # A road completed with a figure on it: the warning names the road by the tile of
    # its figure and where it lies.
    # A (-1, 0) turned 270° and A (1, 0) turned 90° end D's road at their monasteries:
    # blue's completed road of 3 tiles scores 3.
    import_board(builder, tmp_path, ["farmers", "abbot", "inns-cathedrals"],
                 [("D", 0, 0, 0), ("A", -1, 0, 270), ("A", 1, 0, 90), ("E", 0, -1, 180)],
                 [("blue", 0, 0, "W", "meeple")])
    assert score(builder) == {"red": 0, "blue": 3}
    warnings = page.locator(".warnings").text_content()
    assert ("The road by tile D on the start square is completed but still holds figures"
            in warnings)
    assert "road-" not in warnings

    # The panel of a tile turned 180° says where its city lies now.
    builder.hold_square(0, -1)
    assert builder.testid("inspector-picture").text_content() == "City on the south"

    # The sixth colour is pink in C3 and gray in C1 (the other stays on offer after it).
    for _ in range(4):
        builder.testid("add-player").click()
    sixth = builder.testid("player-color-5")
    assert sixth.input_value() == "pink"
    assert sixth.locator("option").all_text_contents() == ["Pink", "Gray"]
    builder.testid("player-remove-5").click()
    builder.testid("edition").select_option("C1")
    builder.testid("add-player").click()
    assert builder.testid("player-color-5").input_value() == "gray"


def test_a_token_a_player_holds_or_not_is_a_box_to_tick(open_builder, monkeypatch, tmp_path):
    """The hooks' held tokens (the king's tile is one) reach the page as data: a made-up
    expansion declares a crown each player holds or not; with it in play the page offers
    a box per player, named in the declaration's words, and sends true or false."""
    from carcwiki.builder import selectors
    from scoring.engine.expansion import Expansion, ExpansionRegistry, PlayerTokens
    from scoring.engine.expansions import DEFAULT_REGISTRY
    from scoring.engine.problems import ProblemCode
    from scoring.engine.rules import Edition

    crowns = Expansion(
        code="test-crown", name="the crown test", editions=frozenset(Edition),
        tokens=(PlayerTokens("crown", ("crown",), ProblemCode("invalid_crown", "no crown"),
                             flags=True, in_all=1, words={"crown": "the crown tile"}),),
    )
    registry = ExpansionRegistry([*(DEFAULT_REGISTRY[code] for code in DEFAULT_REGISTRY.codes
                                    if DEFAULT_REGISTRY.expansion_of(code).code == code),
                                  crowns])
    rules, groups = selectors.builder_rules, selectors.all_tile_groups
    monkeypatch.setattr(selectors, "builder_rules", lambda: rules(registry))
    monkeypatch.setattr(selectors, "all_tile_groups", lambda: groups(registry))
    builder = open_builder(LAPTOP)
    page = builder.page
    import_board(builder, tmp_path, ["farmers", "abbot", "test-crown"], [("D", 0, 0, 0)])
    box = builder.testid("player-crown-crown-1")
    assert box.get_attribute("type") == "checkbox"
    assert box.get_attribute("aria-label") == "Player 2 holds the crown tile"
    box.check()
    wait_until(page, "window.carcwikiBuilder.state.toBoard().players[1].crown?.crown === true")
    assert "crown" not in builder.board()["players"][0]
    builder.testid("undo").click()
    wait_until(page, "!window.carcwikiBuilder.state.toBoard().players[1].crown?.crown")
    assert not box.is_checked()


def test_the_king_ticked_for_another_player_passes_to_them(open_builder, tmp_path):
    """One king tile in the game (the declaration's ``in_all=1``): ticking it for blue
    while red holds it hands it to blue, in one step that undo takes back, instead of
    two ticked boxes that the server refuses."""
    builder = open_builder(LAPTOP)
    page = builder.page
    # A completed city (E over E turned 180°): the king has something to count.
    import_board(builder, tmp_path, ["king-robber-baron"],
                 [("E", 0, 0, 0), ("E", 0, -1, 180)], edition="C2")
    page.wait_for_selector('[data-testid="tile-0,-1"]')
    builder.testid("player-holds-king-0").check()
    wait_until(page, "window.carcwikiBuilder.state.toBoard().players[0].holds?.king === true")
    builder.testid("player-holds-king-1").check()
    wait_until(page, "window.carcwikiBuilder.state.toBoard().players[1].holds?.king === true")
    assert not builder.testid("player-holds-king-0").is_checked()
    assert not builder.board()["players"][0].get("holds", {}).get("king")
    # Blue holds it: 1 completed city × 1 = 1.
    assert score(builder) == {"red": 0, "blue": 1}
    builder.testid("undo").click()
    wait_until(page, "window.carcwikiBuilder.state.toBoard().players[0].holds?.king === true")
    assert not builder.testid("player-holds-king-1").is_checked()


def test_the_palette_finds_tiles_by_what_they_show_not_by_their_expansion(open_builder):
    builder = open_builder(LAPTOP)
    page = builder.page
    builder.testid("expansion-inns-cathedrals").check()
    # The expansion's tiles come from the server when it is ticked.
    wait_until(page, "window.carcwikiBuilder.state.doc.expansions.includes('inns-cathedrals')")
    with_inn, with_cathedral = page.evaluate("""() => {
        const types = [...window.carcwikiBuilder.catalogue.types.values()]
            .filter((type) => type.expansion === 'inns-cathedrals');
        const having = (name) => types.filter((type) => type.features.some((f) => f[name]))
            .map((type) => type.code).sort();
        return [having('inn'), having('cathedral')];
    }""")
    assert len(with_inn) == 6 and len(with_cathedral) == 1  # of Inns & Cathedrals' 17

    def shown(query):
        builder.testid("palette-search").fill(query)
        return sorted(page.eval_on_selector_all(
            "[data-testid=palette] li:not([hidden])", "items => items.map(i => i.dataset.code)"))

    assert shown("inn") == with_inn
    assert shown("cathedral") == with_cathedral
    curves = shown("road curve")
    assert "V" in curves and "U" not in curves
    crossings = shown("crossroads")
    assert {"W", "X"} <= set(crossings) and "V" not in crossings
    assert shown("inns-") == sorted(
        page.evaluate("[...window.carcwikiBuilder.catalogue.types.values()]"
                      ".filter((t) => t.expansion === 'inns-cathedrals' && t.counts.C3 > 0)"
                      ".map((t) => t.code)"))
    assert "D" in shown("D")  # a code typed comes first
    first = page.eval_on_selector("[data-testid=palette] li:not([hidden])", "i => i.dataset.code")
    assert first == "D"


def test_a_shared_table_opens_scored_with_the_board(open_builder):
    from carcwiki.builder.models import SavedBoard, board_size

    board = {
        "edition": "C3", "expansions": ["farmers", "abbot", "inns-cathedrals"],
        "players": [{"color": "red", "name": "Ada", "points": 10}, {"color": "blue", "points": 12}],
        "tiles": [{"tile": t, "x": x, "y": y, "rotation": r} for t, x, y, r in TILES],
        "figures": [{"player": p, "x": x, "y": y, "at": at, "kind": kind}
                    for p, x, y, at, kind in FIGURES],
    }
    saved = SavedBoard.objects.create(board=board, size=board_size(board))
    builder = open_builder(PHONE, f"/board/{saved.id}/")
    page = builder.page
    # No tap on "Score": red's large meeple holds the road (2) and red's meeple the
    # monastery (1 + 1 neighbour = 2): red 10 + 4 = 14, blue 12 + 0 = 12. The bar at the
    # foot of the screen says so; the results wait in the sheet, over the board.
    page.wait_for_selector("[data-testid=score-table]", state="attached")
    assert builder.testid("score-summary").text_content() == "Ada 14 · Blue 12 · Ada wins"
    assert builder.testid("final-red").text_content() == "+4"
    assert builder.testid("total-red").text_content() == "14"
    assert builder.testid("total-blue").text_content() == "12"
    assert builder.tiles() == {(0, 0): ("D", 0), (1, 0): ("A", 90)}
    assert "Winner: Red (Ada)." in builder.message
    # The board stays in sight at the top of the page.
    assert page.evaluate("document.querySelector('svg.board').getBoundingClientRect().top") < 844


def test_a_turned_tile_is_described_as_it_lies_on_the_board(open_builder, tmp_path):
    """The message and the tile's tooltip describe a turned tile in its turned compass
    words, as its panel does, not in the printed tile's."""
    builder = open_builder(LAPTOP)
    page = builder.page
    # tower-5 as printed: roads on the west, north and east edges. Turned 180° under D.
    import_board(builder, tmp_path, ["tower"], [("D", 0, 0, 0), ("tower-5", 0, 1, 180)],
                 edition="C2")
    page.wait_for_selector('[data-testid="tile-0,1"][data-tile="tower-5"]')
    builder.hold_square(0, 1)
    turned = ("turned 180°: road on the east edge; road on the south edge; "
              "road on the west edge")
    for text in (builder.message,
                 page.locator('[data-testid="tile-0,1"] > title').text_content()):
        assert turned in text
