"""The board builder's pages (with the rules and geometry they carry as data), its save
endpoint and the check endpoint it asks, without a browser."""

import gzip
import json
import re
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import json_script as page_json

from carcwiki.builder.models import SavedBoard
from carcwiki.builder.throttling import SaveBoardThrottle
from carcwiki.builder.validation import MAX_BOARD_BYTES
from carcwiki.builder.views import error_words_version
from carcwiki.catalogue.models import Expansion
from scoring.engine import ENGLISH_TEMPLATES, error_templates
from scoring.engine.expansions import DEFAULT_REGISTRY
from tests.error_bodies import without_message_ids
from tests.known_boards import board_path
from tests.project.test_request_limits import chunked_post

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / "static" / "js" / "builder"
SAVE_URL = "/board/save/"


def example_board() -> dict:
    return json.loads(board_path("final-scoring-example").read_text())["request"]


def json_script(response, element_id: str):
    """The value of a ``json_script`` block of a rendered page."""
    match = re.search(
        rf'<script id="{element_id}" type="application/json">(.*?)</script>',
        response.content.decode(), re.S,
    )
    assert match, f"no json_script {element_id!r} in the page"
    return json.loads(match.group(1))


def save(client, body, content_type="application/json"):
    payload = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(SAVE_URL, data=payload, content_type=content_type)


# -- the page ---------------------------------------------------------------------------------


def test_the_page_carries_everything_the_builder_needs(client):
    response = client.get("/board/")
    assert response.status_code == 200
    assert "builder/board.html" in [template.name for template in response.templates]
    data = json_script(response, "builder-data")
    codes = {tile["code"] for tile in data["tiles"]}
    assert {"A", "D", "X", "E-garden", "V-garden"} <= codes
    start = next(tile for tile in data["tiles"] if tile["code"] == "D")
    assert start["start"] is True and start["edges"] == "CRFR"
    assert start["counts"] == {"C1": 4, "C2": 4, "C3": 4}
    assert [feature["kind"] for feature in start["features"]] == ["city", "road", "field", "field"]
    assert [edition["code"] for edition in data["editions"]] == ["C1", "C2", "C3"]
    # Only what the score calculator can score and the catalogue has tiles for is offered:
    # the parts of the base game, then each expansion followed by its parts.
    offered = {option["code"]: option["editions"] for option in data["options"]}
    assert offered["farmers"] == ["C1", "C2", "C3", "WE"]
    assert offered["abbot"] == ["C2", "C3", "WE"]
    assert offered["river"] == ["C1", "C2", "C3", "WE"]
    assert offered["river2"] == ["C1", "C2"]  # C3 has no River II
    assert offered["inns-cathedrals"] == offered["large-meeple"] == ["C1", "C2", "C3"]
    # Every expansion the engine declares has tiles, or something a player enters (the
    # Messages' score markers, the phantom): all of them and their parts are offered.
    assert set(offered) == set(DEFAULT_REGISTRY.codes) - {"base"}
    pig = next(option for option in data["options"] if option["code"] == "pig")
    assert pig == {"code": "pig", "name": "Pig", "editions": ["C1", "C2", "C3"],
                   "printings": {"C1": "C1", "C2": "C2", "C3": "C3"}, "whole": False,
                   "expansion": "traders-builders", "default": False, "rules_url": None}
    # Whole expansions and the base game's parts link to their rules pages.
    rules = {option["code"]: option["rules_url"] for option in data["options"]}
    assert (rules["inns-cathedrals"], rules["traders-builders"], rules["farmers"]) == (
        "/rules/inns-cathedrals/", "/rules/traders-builders/", "/rules/farmers/",
    )
    assert [o["code"] for o in data["options"] if o["default"]] == ["farmers", "abbot"]
    assert {o["code"]: o["expansion"] for o in data["options"] if not o["whole"]}["river"] == "base"
    # The whole expansions in the catalogue's order (the selector's), which is not the
    # registry's.
    whole = [o["code"] for o in data["options"] if o["whole"]]
    assert whole == [code for code in Expansion.objects.order_by("order")
                     .values_list("code", flat=True) if code in offered]
    assert whole[:7] == ["inns-cathedrals", "traders-builders", "princess-dragon", "tower",
                         "abbey-mayor", "count-king-robber", "river2"]
    assert data["initial"] == {"edition": "C3", "expansions": ["farmers", "abbot"]}
    assert data["urls"] == {"score": "/api/score/", "check": "/api/score/check/",
                            "save": SAVE_URL, "tiles": "/board/tiles/",
                            "error_words": data["urls"]["error_words"],
                            "tile_svg": "/tiles/CODE.svg"}
    assert re.fullmatch(r"/board/words/[0-9a-f]{16}/errors\.json", data["urls"]["error_words"])
    assert data["limits"] == {"board_bytes": MAX_BOARD_BYTES}
    assert json_script(response, "saved-board") is None


def test_the_page_offers_each_box_as_one_game(client):
    data = json_script(client.get("/board/"), "builder-data")
    boxes = {box["code"]: box for box in data["boxes"]}
    # Big Box 6: the base game with every part, the two large expansions and the minis,
    # in the selector's order, in the box's own edition (C2); the calculator scores all.
    assert boxes["big-box-6"] == {
        "code": "big-box-6", "name": "Big Box 6 (2017)", "edition": "C2",
        "expansions": ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders",
                       "flier", "messages", "ferries", "goldmines", "mage-witch", "robbers",
                       "crop-circles"],
        "not_scored": []}
    assert boxes["big-box-7"]["edition"] == "C3"
    assert boxes["big-box-7"]["expansions"] == boxes["big-box-6"]["expansions"]
    # The quick set of every New Edition expansion names those the calculator does not
    # score (no tile layouts yet), and offers the rest.
    every = boxes["new-edition"]
    offered = {option["code"] for option in data["options"]}
    held = Expansion.objects.filter(bundles__code="new-edition").exclude(code="base")
    assert every["not_scored"] == [e.name for e in held if e.code not in offered]
    assert "Halflings" in every["not_scored"] and "tower" in every["expansions"]
    assert set(every["expansions"]) == {e.code for e in held if e.code in offered} | {
        "farmers", "abbot", "river"}


def test_the_errors_words_come_on_request_and_keep_for_ever(client, monkeypatch):
    """The templates of the errors, which the page does not carry, at the URL it
    carries: every template the results leave out, kept by any cache for a year and
    never revalidated, since their URL changes with their text."""
    data = json_script(client.get("/board/"), "builder-data")
    url = data["urls"]["error_words"]
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert set(response["Cache-Control"].split(", ")) == {
        "public", "max-age=31536000", "immutable"}
    templates = response.json()
    assert templates == error_templates()
    assert templates["error.needs_add"] == '{subject} needs {part}: add "{code}" to expansions.'
    assert templates["figure.meeple.a"] == "a meeple"  # a word an error names, from the start
    results = data["rules"]["messages"]
    assert set(templates).isdisjoint(results)
    assert set(templates) | set(results) == set(ENGLISH_TEMPLATES)
    # A changed sentence is another URL; the old one is not found (the page then shows
    # the server's sentences) rather than answering words its version did not have.
    monkeypatch.setitem(ENGLISH_TEMPLATES, "error.needs_add", "{subject} needs {part}.")
    assert client.get(url).status_code == 404
    moved = reverse("builder:error-words", kwargs={"version": error_words_version()})
    assert moved != url
    assert client.get(moved).json()["error.needs_add"] == "{subject} needs {part}."


def test_the_page_loads_its_script_as_one_file_and_a_csrf_token(client):
    html = client.get("/board/").content.decode()
    scripts = re.findall(r"<script\b[^>]*>", html)
    data_blocks = [tag for tag in scripts if 'type="application/json"' in tag]
    assert len(data_blocks) == 2  # builder-data, saved-board: data that never runs
    assert [tag for tag in scripts if tag not in data_blocks] == [
        '<script type="module" src="/static/js/builder.bundle.js" blocking="render">']
    # In the head, where render blocking holds (see templates/builder/board.html); a
    # stray text there (a template comment left in) would end the head before it.
    head = html.split("<head>", 1)[1].split("</head>", 1)[0]
    assert "builder.bundle.js" in head
    assert re.sub(r"<title>.*?</title>|<[^>]+>", "", head, flags=re.S).strip() == ""
    assert "importmap" not in html and "modulepreload" not in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert "//cdn" not in html and "https://" not in html.split("<main", 1)[1].split("</main>")[0]
    for testid in ("board", "palette", "score", "save", "export", "import", "undo", "redo"):
        assert f'data-testid="{testid}"' in html


def test_the_page_starts_from_the_sites_expansion_selection(client):
    data = json_script(client.get("/board/?x=farmers&ed=c1&pref=c1"), "builder-data")
    assert data["initial"] == {"edition": "C1", "expansions": ["farmers"]}
    data = json_script(client.get("/board/?x=abbot&ed=c23&pref=c23"), "builder-data")
    assert data["initial"] == {"edition": "C3", "expansions": ["abbot"]}


def test_the_page_opens_in_an_edition_that_has_the_whole_selection(client):
    # Abbey & Mayor and The Princess & the Dragon exist in C1 and C2, not in C3, whose
    # table lays their C2 boxes: a C2+C3 group that owns them starts in C3 with both, and
    # with The River it chose.
    data = json_script(client.get(
        "/board/?x=farmers,river,abbey-mayor,princess-dragon&ed=c23&pref=c23"), "builder-data")
    assert data["initial"]["edition"] == "C3"
    assert {"river", "abbey-mayor", "mayor", "barn", "princess-dragon", "fairy"} <= set(
        data["initial"]["expansions"])
    # The River's tiles come with the page: its game starts from the spring.
    assert "river" in data["groups"]
    # C1 preferred: C1 has them all too.
    data = json_script(client.get("/board/?x=abbey-mayor&ed=c1,c23&pref=c1"), "builder-data")
    assert data["initial"]["edition"] == "C1"
    # A part of the base game C1 lacks (the abbot) keeps a C1 group in C1: the page says
    # it is missing rather than moving the game to C2.
    data = json_script(client.get("/board/?x=base&ed=c1,c23&pref=c1"), "builder-data")
    assert data["initial"]["edition"] == "C1"
    assert "abbot" in data["initial"]["expansions"]
    # No edition has both the besiegers (C1 only) and Under the Big Top (C2 only): the
    # preferred group's newest edition with the most of them, C3 (whose table lays the
    # Big Top's C2 box), and the page says what it lacks.
    data = json_script(client.get("/board/?x=besiegers,big-top&ed=c1,c23&pref=c23"), "builder-data")
    assert data["initial"]["edition"] == "C3"
    assert {"besiegers", "big-top"} <= set(data["initial"]["expansions"])


# -- saving -----------------------------------------------------------------------------------


def test_a_saved_board_gets_an_unguessable_id_and_a_share_url(client):
    board = example_board()
    response = save(client, board)
    assert response.status_code == 201
    answer = response.json()
    assert set(answer) == {"id", "url"}
    assert re.fullmatch(r"[A-Za-z0-9_-]{16,}", answer["id"])
    assert answer["url"] == f"/board/{answer['id']}/"
    stored = SavedBoard.objects.get(pk=answer["id"])
    assert stored.board["tiles"] == board["tiles"]
    assert stored.board["figures"] == [{**figure, "kind": "meeple"} for figure in board["figures"]]
    second = save(client, board).json()
    assert second["id"] != answer["id"]


def test_a_saved_board_keeps_only_the_fields_of_the_format(client):
    board = {**example_board(), "description": "x" * 50, "secret": {"a": 1}}
    board["tiles"][0]["colour"] = "pink"
    stored = SavedBoard.objects.get(pk=save(client, board).json()["id"]).board
    assert set(stored) == {"edition", "expansions", "rules", "players", "tiles", "figures"}
    assert set(stored["tiles"][0]) == {"tile", "x", "y", "rotation"}


def test_the_saved_page_shows_the_board(client):
    board = example_board()
    answer = save(client, board).json()
    response = client.get(answer["url"])
    assert response.status_code == 200
    saved = json_script(response, "saved-board")
    assert saved["tiles"] == board["tiles"]
    assert [figure["at"] for figure in saved["figures"]] == [f["at"] for f in board["figures"]]
    assert saved["edition"] == "C2"
    assert f'data-saved-id="{answer["id"]}"' in response.content.decode()
    assert 'data-testid="revert"' in response.content.decode()


def test_an_unknown_board_is_not_found(client):
    assert client.get("/board/doesNotExist12345/").status_code == 404


def test_saving_needs_a_post(client):
    assert client.get(SAVE_URL).status_code == 405


@pytest.mark.parametrize(
    ("body", "path", "code"),
    [
        ("{not json", "", "invalid_json"),
        (b"\xff\xfe", "", "invalid_json"),
        ("[" * 100_000 + "]" * 100_000, "", "invalid_json"),
        ("", "", "invalid_json"),
        ("[1, 2]", "", "invalid_type"),
        ({"tiles": "D"}, "tiles", "invalid_type"),
        ({"tiles": [{"tile": "D", "y": 0}]}, "tiles[0].x", "missing_field"),
        ({"tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 45}]}, "tiles[0].rotation",
         "invalid_rotation"),
        ({"tiles": [{"tile": "D", "x": "0", "y": 0}]}, "tiles[0].x", "invalid_type"),
        ({"players": [{"color": "purple"}]}, "players[0].color", "unknown_color"),
        ({"players": [{"color": "red", "points": -3}]}, "players[0].points", "invalid_points"),
        ({"figures": [{"player": "red", "x": 0, "y": 0}]}, "figures[0].at", "missing_field"),
        ({"edition": "C9"}, "edition", "unknown_edition"),
        ({"rules": {"farm_scoring": "fourth"}}, "rules.farm_scoring", "invalid_rule_value"),
        ({"rules": {"speed": 1}}, "rules.speed", "unknown_rule"),
    ],
)
def test_a_bad_board_is_refused_with_the_path_of_the_problem(client, body, path, code):
    response = save(client, body)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"path": path, "code": code} in [{"path": e["path"], "code": e["code"]} for e in errors]
    assert all(error["message"] for error in errors)
    assert not SavedBoard.objects.exists()


def test_every_problem_is_reported_at_once(client):
    body = {"edition": "C9", "tiles": [{"tile": 4, "x": 0, "y": 0}], "players": [{}]}
    paths = {error["path"] for error in save(client, body).json()["errors"]}
    # The scoring API's reader: the one player is also too few players.
    assert paths == {"edition", "tiles[0].tile", "players[0].color", "players"}


def test_a_board_over_the_size_limit_is_refused(client):
    board = example_board()
    board["players"][0]["name"] = "n"
    board["tiles"] = [{"tile": "U", "x": i, "y": 0, "rotation": 90} for i in range(2000)]
    body = json.dumps(board) + " " * MAX_BOARD_BYTES
    size = len(body.encode())
    response = save(client, body)
    # Too large, not malformed: the API's status and code for a body over its limit.
    assert response.status_code == 413
    assert response.json() == {"errors": [{
        "path": "", "code": "too_large",
        "message": f"The board takes {size / 1024:.0f} KiB; a saved board may take at most "
                   "256 KiB."}]}
    assert not SavedBoard.objects.exists()
    # A body sent without its length (chunked) is refused alike.
    chunked = chunked_post(client, SAVE_URL, body.encode())
    assert chunked.status_code == 413
    assert chunked.json() == response.json()


def test_saving_is_limited_per_client(client, monkeypatch):
    cache.clear()  # the throttle counts in the cache
    # The rates are read into the throttle class when DRF is imported: patch them there.
    monkeypatch.setattr(SaveBoardThrottle, "THROTTLE_RATES", {"save_board": "2/min"})
    # At the start of a minute's window, a refused client waits the whole minute.
    monkeypatch.setattr(SaveBoardThrottle, "timer", staticmethod(lambda: 60.0 * 1_000_000))
    board = example_board()
    answers = [save(client, board) for _ in range(3)]
    assert [answer.status_code for answer in answers] == [201, 201, 429]
    assert SavedBoard.objects.count() == 2
    assert answers[2]["Retry-After"] == "60"
    assert without_message_ids(answers[2].json()) == {"errors": [{
        "path": "", "code": "throttled",
        "message": "Too many boards saved from here lately; try again in 60 seconds. "
                   "Your board stays in this browser meanwhile.",
    }]}
    elsewhere = client.post(SAVE_URL, data=json.dumps(board), content_type="application/json",
                            REMOTE_ADDR="10.0.0.2")
    assert elsewhere.status_code == 201
    cache.clear()


def test_the_save_limit_of_production_is_thirty_an_hour():
    from carcwiki.settings import base

    assert base.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["save_board"] == "30/hour"


def test_saving_needs_the_csrf_token_the_page_carries():
    client = Client(enforce_csrf_checks=True)
    html = client.get("/board/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[1]
    body = json.dumps(example_board())
    refused = client.post(SAVE_URL, data=body, content_type="application/json")
    assert refused.status_code == 403
    accepted = client.post(SAVE_URL, data=body, content_type="application/json",
                           HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 201


# -- queries ----------------------------------------------------------------------------------


def count_queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_pages_take_a_constant_number_of_queries(client):
    small = save(client, example_board()).json()["url"]
    big_board = example_board()
    big_board["tiles"] = [{"tile": "U", "x": 0, "y": y, "rotation": 0} for y in range(72)]
    big_board["figures"] = [{"player": "red", "x": 0, "y": y, "at": "N"} for y in range(7)]
    big = save(client, big_board).json()["url"]
    count_queries(client, "/board/")  # warm any per-process cache
    new_page = count_queries(client, "/board/")
    assert count_queries(client, small) == new_page + 1
    assert count_queries(client, big) == new_page + 1
    # Another selection's tiles are read once (one query), then kept like the rest.
    assert count_queries(client, "/board/?x=farmers&ed=c1") == new_page + 1
    assert count_queries(client, "/board/?x=farmers&ed=c1") == new_page
    # The site's selection (the expansions, their parts and editions, for the initial
    # game); the builder's own data is kept (see the next test).
    assert new_page == 4


# -- the rules and the geometry, as data -------------------------------------------------------


BIG_BOX = "/board/?x=farmers,abbot,river,inns-cathedrals,traders-builders&ed=c23&pref=c23"


def test_the_page_carries_only_the_tiles_of_the_game_in_play(client):
    """Measured with the Big Box selected: 219,328 bytes (18,145 gzipped) when the page
    carried every tile of every expansion turned four ways; each tile once as printed
    made it 113,251; only the game's tile groups, 90,203 (10,782 gzipped). The base
    game alone: 45,937. With the Phantom declared too: 110,258 bytes, the rules of every
    declared expansion travelling with the page (see below)."""
    base = json_script(client.get("/board/"), "builder-data")
    assert {tile["expansion"] for tile in base["tiles"]} == {"base"}
    assert set(base["geometry"]["tiles"]) == {tile["code"] for tile in base["tiles"]}
    response = client.get(BIG_BOX)
    big = json_script(response, "builder-data")
    # The River the group chose comes with its tiles (the River II's come when ticked).
    assert {tile["expansion"] for tile in big["tiles"]} == {
        "base", "river", "inns-cathedrals", "traders-builders"}
    assert {"base", "inns-cathedrals", "traders-builders"} <= set(big["groups"])
    # The rules data of every declared expansion travels with it too (see below). Each
    # figure kind's outline and the score sheet's markup: 111,426 bytes (14,477 gzipped)
    # before them, 116,616 (16,268 gzipped) with them; the river tiles the selection chose
    # and each edition's words for the results: 129,958; the templates of the engine's
    # messages (8.0 KB) and each tile's picture words with its sides as placeholders
    # (6.4 KB): 143,898 (20,377 gzipped); with the templates of the validation errors
    # too (the messages: 24.5 KB): 160,475 (24,968 gzipped). The pictures of the game's
    # tiles (each as /tiles/<code>.svg draws it, escaped in the page's JSON) come on top,
    # in place of a request a picture: 185,818 bytes; the whole page 346,545, 34,600
    # gzipped. Little Buildings and The Tunnel declared (a rule, a tile state, six token
    # kinds and their messages): 352,232, 166,414 without the pictures. Each option's
    # printing per edition's table (a C3 game takes the C2 box of The Tower) and the help's
    # lines on the hole offer and the large tile on a phone: 355,236, 169,418 without them.
    # The Russian promos and the special monasteries declared (three spaces, two board
    # checks, three bonus listings and their messages): 172,745 without the pictures,
    # 36,105 gzipped in all. Without the validation errors' templates (a refused board's
    # errors arrive written): 343,924, 158,106 without the pictures, 32,069 gzipped. With
    # the URL of those templates, fetched on a first refusal (26,533 bytes, 6,995
    # gzipped, every declared word included): 343,984, 158,166, 32,102 gzipped.
    # 159,514 bytes without the pictures and 32,398 gzipped with 30 expansions declared,
    # of which 53,223 (10,842 gzipped) the rules, options and message templates that every
    # declared expansion adds: bounded apart, per expansion, so that declaring one more
    # needs no new bound here. With the explanations' words as templates (tiles,
    # completed cities, coats of arms, the animals under the big top: 2.2 KB): 55,528
    # (11,398 gzipped) of those. The help's lines on a dragged tile held at the board's
    # edge: the game's part 108,114 bytes. The help's lines on a drag that rests on a
    # badge or a kind, and on the magnifier: 108,264, and 21,999 to 22,000 gzipped (the
    # page's nonce and token vary a byte), hence the gzipped bound of 22,300.
    assert set(big["pictures"]) == {tile["code"] for tile in big["tiles"]}
    declared = len(DEFAULT_REGISTRY.expansions)
    every_expansions = page_json({"rules": big["rules"], "options": big["options"]}, "x")
    assert len(every_expansions) < 1_900 * declared
    assert len(gzip.compress(every_expansions.encode())) < 400 * declared
    game = len(response.content) - len(page_json(big["pictures"])) - len(every_expansions)
    assert game < 108_500
    assert len(gzip.compress(response.content)) - len(
        gzip.compress(every_expansions.encode())) < 22_300
    # The rules of every declared expansion still travel with the page: the engine's
    # rules document and the catalogue's options, about 1.3 KB an expansion. Measured with
    # 26 expansions: 70,713 bytes, 23,975 of them the rules and 8,795 the options; the rest
    # (the base game's tiles, the markup, the score sheet) does not grow with them. With
    # each option's printing per edition's table: 26,248 the rules and 11,763 the options,
    # about 1.46 KB an expansion.
    page = client.get("/board/")
    data = json_script(page, "builder-data")
    # The templates of the explanations', bonus entries' and warnings' messages (one
    # catalogue for every expansion; measured 10,644 bytes with the Russian promos' and
    # the special monasteries', 11,020 with La Porxada's and its token: 30 declared, about
    # 370 bytes an expansion; 13,325 with the explanations' own words as templates,
    # "word.tile" and the like, about 440 an expansion) travel too; the validation
    # errors' (16 KB more) do not: the page fetches them when a board is first refused
    # (see test_the_errors_words_come_on_request_and_keep_for_ever). Without them the
    # page measured 72,871 bytes with 24 declared expansions.
    rules = {key: value for key, value in data["rules"].items() if key != "messages"}
    assert len(json.dumps(rules)) + len(json.dumps(data["options"])) < 1_500 * declared
    messages = len(json.dumps(data["rules"]["messages"]))
    assert messages < 460 * declared
    assert not any(message_id.startswith("error.") for message_id in data["rules"]["messages"])
    assert set(data["pictures"]) == {tile["code"] for tile in data["tiles"]}
    assert data["pictures"]["A"] == client.get("/tiles/A.svg").content.decode()
    pictures = len(page_json(data["pictures"]))
    assert len(page.content) - messages - pictures < 50_000 + 1_500 * declared


def test_the_tiles_of_another_expansion_come_on_request(client):
    response = client.get("/board/tiles/?groups=river2")
    assert response.status_code == 200
    answer = response.json()
    assert answer["groups"] == ["river2"]
    codes = {tile["code"] for tile in answer["tiles"]}
    assert codes and all(code.startswith("river2-") for code in codes)
    assert set(answer["geometry"]) == codes
    # Their pictures come along, each as /tiles/<code>.svg draws it.
    assert set(answer["pictures"]) == codes
    code = sorted(codes)[0]
    assert answer["pictures"][code] == client.get(f"/tiles/{code}.svg").content.decode()
    wrong = client.get("/board/tiles/?groups=river2,castles")
    assert wrong.status_code == 400
    assert wrong.json()["errors"][0]["path"] == "groups"
    assert "No tile group castles" in wrong.json()["errors"][0]["message"]
    assert client.get("/board/tiles/").status_code == 400


def test_a_state_that_reshapes_tiles_comes_with_its_expansion(client):
    """The shape a bridge gives a tile (a road across it) travels only with the Bridges,
    Castles & Bazaars tiles: not on the base game's page, but with that group's answer,
    for its own tiles and again for the tiles the page has (``have``)."""
    base = builder_data(client)["geometry"]["tiles"]
    assert not any("variants" in view for view in base.values())
    answer = client.get("/board/tiles/?groups=bridges-castles-bazaars&have=base").json()
    bridged = answer["geometry"]["B"]["variants"]["bridge"]["E-W"]
    assert bridged["edges"] == "FRFR"
    assert bridged["segments"][bridged["at"]["W"]]["kind"] == "road"
    # The printed features keep the numbers the tile's picture gives them.
    assert bridged["segments"][bridged["at"]["C"]]["feature"] == base["B"]["segments"][0]["feature"]
    alone = client.get("/board/tiles/?groups=bridges-castles-bazaars").json()["geometry"]
    assert "B" not in alone
    assert "variants" in alone["bridges-castles-bazaars-8"]


def builder_data(client) -> dict:
    return json_script(client.get("/board/"), "builder-data")


def figure(data, code) -> dict:
    return next(kind for kind in data["rules"]["figures"] if kind["code"] == code)


def test_the_figure_kinds_come_from_the_expansions(client):
    data = builder_data(client)
    figures = {kind["code"]: (kind["limit"], kind["strength"], kind["part"])
               for kind in data["rules"]["figures"]}
    # Every kind the expansions declare (a new expansion's joins by itself), these among
    # them with their limits, strengths and the parts that bring them.
    assert list(figures) == list(DEFAULT_REGISTRY.in_play(DEFAULT_REGISTRY.codes).figure_kinds)
    assert figures.items() >= {
        "meeple": (7, 1, "base"), "abbot": (1, 1, "abbot"), "large": (1, 2, "large-meeple"),
        "builder": (1, 0, "builder"), "pig": (1, 0, "pig"), "mayor": (1, 1, "mayor"),
        "wagon": (1, 1, "wagon"), "barn": (1, 0, "barn"), "shepherd": (1, 0, "shepherds"),
        "castle": (3, 0, "castles"), "ringmaster": (1, 1, "ringmaster"),
        "phantom": (1, 1, "phantom"),
    }.items()
    large = figure(data, "large")
    assert (large["name"], large["plural"], large["shape"]) == (
        "large meeple", "large meeples", "standing")
    plain = {"part": "large-meeple", "needs": [], "beside": []}
    assert large["placements"] == [
        {"feature": "road", "role": "highwayman", **plain},
        {"feature": "city", "role": "knight", **plain},
        {"feature": "monastery", "role": "monk", **plain},
        {**plain, "feature": "farm", "role": "farmer", "needs": ["farmers"]},
    ]
    builder = figure(data, "builder")
    # The builder joins any follower of its owner that may stand there.
    assert [(p["feature"], p["beside"]) for p in builder["placements"]] == [
        ("road", ["meeple", "large", "wagon", "ringmaster", "phantom"]),
        ("city", ["meeple", "large", "mayor", "wagon", "ringmaster", "phantom"])]
    assert (builder["shape"], builder["listed_as"]) == ("token", "builders")
    pig = figure(data, "pig")
    assert [(p["feature"], p["needs"], p["beside"]) for p in pig["placements"]] == [
        ("farm", ["farmers"], ["meeple", "large", "ringmaster", "phantom"])]
    # The meeple lies in a field only with the farmers, who declare that placement.
    assert figure(data, "meeple")["placements"][-1] == {
        "feature": "farm", "role": "farmer", "part": "farmers", "needs": [], "beside": []}
    assert figure(data, "abbot")["shape"] == "robe"


def test_the_rule_options_tokens_and_start_tiles_come_from_the_expansions(client):
    rules = builder_data(client)["rules"]
    options = {option["name"]: option for option in rules["options"]}
    # Every rule the expansions declare, in registration order (a new expansion's rule
    # joins the list by itself), the base game's and the first expansions' first.
    assert list(options) == [option.name for option in DEFAULT_REGISTRY.rule_options]
    assert list(options)[:8] == [
        "small_cities", "incomplete_features", "farm_scoring", "incomplete_inns_cathedrals",
        "king_robber_scoring", "hill_tiebreak", "fairy_placement", "little_buildings_scoring"]
    assert "porxada_choice" in options
    farms = options["farm_scoring"]
    assert (farms["label"], farms["default"], farms["parts"]) == (
        "Farm scoring", "third-edition", ["farmers"])
    assert [(choice["value"], choice["label"]) for choice in farms["choices"]] == [
        ("third-edition", "3 a completed city for each farm (current rules)"),
        ("second-edition", "3 a completed city, each city once a player"),
        ("first-edition", "4 a city to the most farmers around it (first edition)"),
    ]
    inns = options["incomplete_inns_cathedrals"]
    assert inns["parts"] == ["inns", "cathedrals"] and inns["default"] == "zero"
    assert [choice["label"] for choice in inns["choices"]] == [
        "score nothing (the rules)", "score like a plain road or city (variant)"]
    assert options["small_cities"]["choices"][0] == {
        "value": True, "label": "1 a tile and 1 a pennant (old rule)"}
    assert rules["tokens"][:1] == [{"name": "goods", "kinds": ["wine", "grain", "cloth"],
                                "part": "trade-goods", "meaning": "Goods tokens a player holds.",
                                "flags": False, "per_player": None, "in_all": None,
                                "words": {"wine": "wine", "grain": "grain", "cloth": "cloth"},
                                "on_scoreboard": False}]
    # Start tiles by code, in registry order (a later expansion's may join them).
    assert rules["start_tiles"][:3] == [
        ["base", ["D"]], ["river", ["river-A", "river-A-C3"]], ["river2", ["river2-A"]]]
    assert ["count", ["city-of-carcassonne"]] in rules["start_tiles"]
    assert ["wind-roses", ["wind-roses-D"]] in rules["start_tiles"]
    assert rules["always"] == {"parts": ["base"], "tiles": ["base"]}
    assert rules["brings"]["pig"] == {"parts": ["base", "traders-builders", "pig"],
                                      "tiles": ["base", "traders-builders"]}
    assert rules["brings"]["river"] == {"parts": ["base", "river"], "tiles": ["base", "river"]}
    # The codes whose tiles the layout rules check, in registry order (a later
    # expansion's river may join them).
    layout_tiles = rules["layout"].pop("tiles")
    assert [code for code in layout_tiles if code in {"river", "river2", "abbey", "gq11"}] == [
        "river", "river2", "abbey", "gq11"]
    assert rules["layout"] == {
        "codes": ["abbey_not_in_hole", "river_loop", "river_not_connected", "river_spring",
                  "river_u_turn"],
        # Two curves joined by the river may not turn it the same way: a curve (sides
        # listed N, E, S, W) against each of its two river sides meets one curve that
        # does, 4 looks x 2 sides = 8 (e.g. NE laid east of NW: a right turn, another).
        "refused_joins": [{
            "edge": "V", "code": "river_u_turn",
            "meaning": "two tiles joined by the river both turn it the same way "
                       "(an immediate U-turn)",
            "joins": [["NE", "N", "ES"], ["NE", "E", "NW"], ["ES", "E", "SW"],
                      ["ES", "S", "NE"], ["NW", "N", "SW"], ["NW", "W", "NE"],
                      ["SW", "S", "NW"], ["SW", "W", "ES"]],
        }],
    }


def test_the_geometry_is_the_engines_view_of_every_tile_as_printed(client):
    """Each tile once, as printed: the page turns it by the locations' "turned" names
    (tests/builder/js/ checks every turn against the engine's)."""
    from scoring.engine.locations import Location
    from scoring.tileset import current_tiles

    data = json_script(client.get(BIG_BOX), "builder-data")
    geometry = data["geometry"]
    tiles = current_tiles()
    assert geometry["rotations"] == [0, 90, 180, 270]
    assert set(geometry["tiles"]) == {tile["code"] for tile in data["tiles"]}
    geometry["tiles"].update(client.get("/board/tiles/?groups=river").json()["geometry"])
    for code in ("D", "river-B", "inns-B", "traders-P", "E-garden"):
        printed = tiles[code].oriented(0)
        view = geometry["tiles"][code]
        assert view["edges"] == printed.edge_string
        assert [(s["kind"], s["locations"]) for s in view["segments"]] == [
            (segment.kind.value, [location.value for location in segment.locations])
            for segment in printed.segments]
        assert view["at"] == {location.value: printed.segment_index(location)
                              for location in Location if printed.segment_index(location) >= 0}
    # D: the city on the north, the road west-east.
    d = geometry["tiles"]["D"]
    assert d["edges"] == "CRFR"
    assert d["segments"][0] == {"kind": "city", "locations": ["N"], "feature": 0}
    # A river tile: the river is no segment, so no figure can stand on it; each segment
    # names its entry in the tile data (the river's entry comes first there).
    river = geometry["tiles"]["river-B"]
    assert river["edges"] == "CVRV"
    assert "E" not in river["at"] and "W" not in river["at"]
    assert [s["feature"] for s in river["segments"]] == [1, 2, 3, 4, 5, 6]
    # The garden of inns-B is printed only from the second edition on.
    garden = geometry["tiles"]["inns-B"]["segments"]
    assert [s.get("editions") for s in garden if s["kind"] == "garden"] == [["C2", "C3"]]
    sides = {side["name"]: side for side in geometry["sides"]}
    assert sides["N"] == {"name": "N", "offset": [0, -1], "word": "north", "opposite": "S"}
    locations = {location["name"]: location for location in geometry["locations"]}
    assert locations["NW"] == {"name": "NW", "side": "N", "meets": "SW",
                               "turned": {"0": "NW", "90": "EN", "180": "SE", "270": "WS"}}
    assert locations["I"]["side"] is None and locations["I"]["meets"] is None
    assert geometry["edge_words"] == {"C": "city", "R": "road", "F": "field", "V": "river"}


def test_the_javascript_names_no_expansion_figure_kind_or_tile():
    pattern = re.compile(r"""["'](abbot|large|builder|pig|river2|inns|cathedrals|meeple|D)["']""")
    for path in MODULES.glob("*.js"):
        code = "\n".join(line for line in path.read_text().splitlines()
                         if not line.lstrip().startswith(("//", "*", "/*")))
        assert not pattern.search(code), path.name


# -- the check endpoint -----------------------------------------------------------------------

CHECK_URL = "/api/score/check/"
RIVER_GAME = {"edition": "C3", "expansions": ["farmers", "river"],
              "players": [{"color": "red"}, {"color": "blue"}]}


def check(client, body):
    return client.post(CHECK_URL, data=json.dumps(body), content_type="application/json")


def test_the_check_finds_a_river_u_turn(client):
    # From the spring the river runs south, turns west (river-G), then north (river-I
    # turned 270°): two turns the same way in a row.
    tiles = [
        {"tile": "river-A-C3", "x": 0, "y": 0, "rotation": 0},
        {"tile": "river-G", "x": 0, "y": 1, "rotation": 0},
        {"tile": "river-I", "x": -1, "y": 1, "rotation": 270},
    ]
    response = check(client, {**RIVER_GAME, "tiles": tiles})
    assert response.status_code == 200
    codes = [(error["code"], error["path"]) for error in response.json()["errors"]]
    assert ("river_u_turn", "tiles[2]") in codes, response.json()


def test_the_page_refuses_the_joins_the_check_refuses(client):
    """The page's table (layout.refused_joins) against the check, on the board of the
    Node test river_turn: spring river-A (river S) at (0, 0), river-J (FVVF) turned 180°
    at (0, 1) shows river N and W; river-G (VFFV) at (-1, 1) turned 90° shows N and E
    (table: ["NE", "E", "NW"], refused), turned 180° E and S (not in the table)."""
    page = json_script(client.get("/board/"), "builder-data")
    joins = page["rules"]["layout"]["refused_joins"][0]["joins"]
    assert ["NE", "E", "NW"] in joins and ["ES", "E", "NW"] not in joins

    def u_turns(rotation):
        tiles = [{"tile": "river-A", "x": 0, "y": 0, "rotation": 0},
                 {"tile": "river-J", "x": 0, "y": 1, "rotation": 180},
                 {"tile": "river-G", "x": -1, "y": 1, "rotation": rotation}]
        response = check(client, {**RIVER_GAME, "edition": "C2", "tiles": tiles})
        assert response.status_code == 200
        return [error["path"] for error in response.json()["errors"]
                if error["code"] == "river_u_turn"]

    assert u_turns(90) == ["tiles[2]"]
    assert u_turns(180) == []


def test_the_check_of_a_good_river_finds_nothing(client):
    tiles = [
        {"tile": "river-A-C3", "x": 0, "y": 0, "rotation": 0},
        {"tile": "river-G", "x": 0, "y": 1, "rotation": 0},
        {"tile": "river-I", "x": -1, "y": 1, "rotation": 0},
    ]
    response = check(client, {**RIVER_GAME, "tiles": tiles})
    assert response.status_code == 200
    assert without_message_ids(response.json()) == {"errors": []}


def test_the_check_says_which_good_is_off_and_by_how_much(client):
    board = {
        "edition": "C3", "expansions": ["farmers", "traders-builders"],
        "players": [{"color": "red", "goods": {"wine": 2}}, {"color": "blue"}],
        "tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 0}],
    }
    response = check(client, board)
    assert response.status_code == 200
    errors = response.json()["errors"]
    assert [(error["code"], error["path"]) for error in errors] == [("goods_mismatch", "players")]
    assert "2 wine tokens" in errors[0]["message"] and "2 too many" in errors[0]["message"]


def test_the_check_refuses_a_body_that_is_not_json(client):
    response = client.post(CHECK_URL, data="{", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "invalid_json"


def test_the_page_reads_the_new_hooks_of_a_declaration():
    """A made-up expansion using the hooks for the next expansions (a corner figure, a
    figure nobody owns, a tile that fits any hole, tokens held or not): the page's rules
    carry each as data, from the declaration alone."""
    from scoring.engine.expansion import (
        Expansion,
        ExpansionRegistry,
        FigureKind,
        NeutralFigure,
        Placement,
        PlayerTokens,
        Stand,
        TileTrait,
    )
    from scoring.engine.expansions import base
    from scoring.engine.problems import ProblemCode
    from scoring.engine.rules import Edition
    from scoring.engine.tiles import FeatureKind

    made_up = Expansion(
        code="test-hooks", name="the hooks test", editions=frozenset(Edition),
        figure_kinds=(FigureKind("shed", "shed", limit=1, strength=0, follower=False,
                                 stands=Stand.CORNER),),
        placements=(Placement("shed", FeatureKind.FARM, "shed"),),
        neutral_figures=(NeutralFigure("owl", "owl", features=(FeatureKind.ROAD,), limit=2,
                                       silhouette="M-8,8 L0,-10 L8,8 Z"),),
        tile_traits=(TileTrait("hollow", meaning="fits any hole", any_edges=True, closes=True),),
        tokens=(PlayerTokens("crown", ("crown",), ProblemCode("invalid_crown", "no crown"),
                             flags=True, in_all=1, words={"crown": "the crown tile"}),),
    )
    from carcwiki.builder.selectors import builder_rules

    rules = builder_rules(ExpansionRegistry([base.EXPANSION, made_up]))
    shed = next(kind for kind in rules["figures"] if kind["code"] == "shed")
    assert (shed["stands"], shed["follower"], shed["part"]) == ("corner", False, "test-hooks")
    meeple = next(kind for kind in rules["figures"] if kind["code"] == "meeple")
    assert (meeple["stands"], meeple["follower"]) == ("feature", True)
    assert rules["neutral"] == [{"code": "owl", "name": "owl", "limit": 2, "features": ["road"],
                                 "meaning": "", "part": "test-hooks",
                                 "silhouette": "M-8,8 L0,-10 L8,8 Z"}]
    assert rules["tile_traits"] == [{"name": "hollow", "meaning": "fits any hole",
                                     "any_edges": True, "closes": True, "part": "test-hooks"}]
    crown = next(tokens for tokens in rules["tokens"] if tokens["name"] == "crown")
    assert (crown["flags"], crown["in_all"], crown["per_player"]) == (True, 1, None)
    assert crown["words"] == {"crown": "the crown tile"}


def test_the_catalogue_is_read_once_until_it_changes(client):
    from django.core.cache import caches

    from carcwiki.catalogue.models import Expansion
    from carcwiki.page_cache import PAGE_CACHE

    # The process's own caches (the checked tile set) warm, whatever ran before; only
    # what the page cache keeps is read again.
    count_queries(client, "/board/")
    caches[PAGE_CACHE].clear()
    first = count_queries(client, "/board/")
    again = count_queries(client, "/board/")
    # The first reads editions, options, rules pages and tiles (8 queries) and the boxes
    # with what they hold (3) besides the selection's 4; the next only the selection's.
    assert (first, again) == (15, 4)
    tower = Expansion.objects.get(code="tower")
    tower.name = "The Tower (renamed)"
    tower.save()  # raises the content version: what was kept is read again
    options = json_script(client.get("/board/"), "builder-data")["options"]
    assert {option["code"]: option["name"] for option in options}["tower"] == "The Tower (renamed)"


def test_the_pages_data_is_one_block_whose_shared_part_is_written_once(client):
    """The visitor's start (``initial``) is written per request and joined to the part
    every visitor of the same tiles shares, which is kept as finished text: the block
    reads as the one object Django's ``json_script`` would have written, and markup in
    either part cannot close the script element."""
    from carcwiki.builder import views

    shared = views._script_json({"rules": {"words": "</script><b>a & b</b>"}, "groups": ["base"]})
    block = views._builder_data(shared, {"players": [{"name": "</script>"}]})
    assert "<" not in block and ">" not in block and "&" not in block
    assert json.loads(block) == {"initial": {"players": [{"name": "</script>"}]},
                                 "rules": {"words": "</script><b>a & b</b>"}, "groups": ["base"]}
    expected = page_json({"initial": {"players": [{"name": "</script>"}]},
                          "rules": {"words": "</script><b>a & b</b>"}, "groups": ["base"]}, "x")
    assert expected == f'<script id="x" type="application/json">{block}</script>'
    # The page itself: the same block, with this visitor's selection in it.
    page = json_script(client.get("/board/?x=farmers&ed=c1&pref=c1"), "builder-data")
    assert page["initial"]["edition"] == "C1" and page["groups"] == ["base", "farmers"]
    assert page["urls"]["save"] == "/board/save/"
