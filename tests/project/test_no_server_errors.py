"""No input answers 500: Hypothesis throws arbitrary bytes, JSON and query strings at the
save endpoint, the tile pictures, the search and the expansion selector.

Run on SQLite and on PostgreSQL by .ci/run: PostgreSQL refuses some text SQLite stores
(NUL, lone surrogates), which is where the save endpoint used to fail.
"""

import json

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from carcwiki.builder.models import SavedBoard
from tests.known_boards import board_path

pytestmark = pytest.mark.django_db

FUZZ = hypothesis_settings(max_examples=80, deadline=None,
                           suppress_health_check=list(HealthCheck))

# Text with everything JSON can carry, lone surrogates and NUL included.
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), ANY_TEXT,
    st.sampled_from(["D", "E", "C3", "farmers", "red", "blue", "N", "meeple", 0, 90, -1]),
)
BOARD_KEYS = st.sampled_from(["tile", "x", "y", "at", "player", "color", "kind", "rotation",
                              "points", "name", "players", "tiles", "figures", "rules",
                              "edition", "expansions", "farm_scoring"])
ANY_JSON = st.recursive(
    JSON_LEAVES,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(BOARD_KEYS | ANY_TEXT, children, max_size=5),
    ),
    max_leaves=24,
)
# A query string as a client may send it: names and values of any bytes, percent-encoded
# or raw, with the separators that matter.
QUERY_PIECE = st.one_of(
    st.binary(max_size=8).map(lambda raw: "".join(f"%{byte:02X}" for byte in raw)),
    st.text(st.characters(min_codepoint=33, max_codepoint=0x2FFF,
                          exclude_characters="#"), max_size=8),
    st.sampled_from(["x", "ed", "q", "quick", "rotation", "page", "bundle:", "edition:",
                     "base", "c1", "c23", "we", "farmers", "abbot", "&", "=", ",", "%", "+",
                     "²", "①", "%00", "%FF", "%ED%A0%80"]),
)
# A WSGI server hands the query's raw bytes over as latin-1 text.
QUERY = st.lists(QUERY_PIECE, max_size=8).map(
    lambda pieces: "".join(pieces).encode("utf-8").decode("latin-1")
)


def save(client, body: bytes):
    return client.post("/board/save/", data=body, content_type="application/json")


def assert_errors_shape(response):
    errors = response.json()["errors"]
    # An engine's error carries its message id and parameters beside the sentence; an
    # error of the HTTP layer (bytes that are not JSON) has the sentence only.
    assert errors and all(
        set(error) in ({"path", "code", "message"},
                       {"path", "code", "message", "message_id", "params"})
        for error in errors)


@given(st.binary(max_size=400))
@FUZZ
def test_any_bytes_posted_as_a_board_are_201_or_400(client, body):
    response = save(client, body)
    assert response.status_code in (201, 400), response.content
    if response.status_code == 400:
        assert_errors_shape(response)


@given(ANY_JSON)
@FUZZ
def test_any_json_posted_as_a_board_is_201_or_400(client, value):
    body = json.dumps(value).encode()
    response = save(client, body)
    assert response.status_code in (201, 400), response.content
    if response.status_code == 400:
        assert_errors_shape(response)
    else:
        saved = SavedBoard.objects.get(pk=response.json()["id"])
        assert client.get(response.json()["url"]).status_code == 200
        assert saved.size > 0


@given(st.lists(ANY_TEXT, min_size=1, max_size=3))
@FUZZ
def test_any_names_in_a_real_board_are_saved_or_refused(client, names):
    board = json.loads(board_path("final-scoring-example").read_text())["request"]
    for player, name in zip(board["players"], names, strict=False):
        player["name"] = name
    response = save(client, json.dumps(board).encode())
    assert response.status_code in (201, 400), response.content


@pytest.mark.parametrize("rotation", ["²", "①", "¹²", "٣", "90²", "-90", "+90", "9" * 500,
                                      " 90 ", "0x5A", "90.0", "\x00"])
def test_a_rotation_that_is_not_ascii_digits_is_a_400(client, rotation):
    response = client.get("/tiles/D.svg", {"rotation": rotation})
    if rotation.strip() == "90":
        assert response.status_code == 200
    else:
        assert response.status_code == 400
        assert response.content == b"rotation must be 0, 90, 180 or 270."


@given(QUERY, st.sampled_from(["D", "E-garden", "ZZ", "%C2%B2", "d"]))
@FUZZ
def test_any_query_on_a_tile_picture_is_200_400_or_404(client, query, code):
    response = client.get(f"/tiles/{code}.svg", QUERY_STRING=query)
    assert response.status_code in (200, 400, 404)


@given(QUERY)
@FUZZ
def test_any_search_query_is_answered(client, query):
    response = client.get("/search/", QUERY_STRING=query)
    assert response.status_code in (200, 400)


@given(ANY_TEXT)
@FUZZ
def test_any_search_text_is_answered(client, text):
    response = client.get("/search/", {"q": text.encode("utf-8", "surrogatepass")})
    assert response.status_code in (200, 400)


@given(QUERY, st.sampled_from(["/rules/", "/rules/base-game/", "/rules/abbot/",
                               "/selection/", "/glossary/", "/board/", "/tiles/"]))
@FUZZ
def test_any_selector_query_on_a_page_is_answered(client, query, page):
    response = client.get(page, QUERY_STRING=query)
    assert response.status_code in (200, 302, 400, 404)
