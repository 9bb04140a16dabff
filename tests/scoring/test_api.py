"""``POST /api/score/`` over HTTP: answers, errors, limits, throttling, schema."""

import copy
import json

import jsonschema
import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.throttling import ScopedRateThrottle

from carcwiki.api.board_format import page_text
from carcwiki.throttling import ScopedSlidingWindowThrottle
from scoring import tileset
from scoring.api import MAX_BODY_BYTES, ScoreView
from scoring.engine import ENGLISH_TEMPLATES, ErrorCode, Location, TileSet, score_request
from scoring.engine.expansions import DEFAULT_REGISTRY, tile_files
from scoring.engine.outputs import bonus_listings
from scoring.serializers import CONTRACT_REQUEST, CONTRACT_RESPONSE
from tests.error_bodies import without_message_ids
from tests.known_boards import BOARDS

from .engine.test_validation import CASES, JSON

URL = "/api/score/"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_throttle_and_tiles():
    cache.clear()  # throttle history lives in the cache
    tileset.tiles_changed()
    yield
    cache.clear()


def post(client, body, content_type="application/json"):
    payload = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(URL, data=payload, content_type=content_type)


def test_the_contract_example(client):
    response = post(client, CONTRACT_REQUEST)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == CONTRACT_RESPONSE


def test_an_answer_for_the_players_names_the_figures_in_the_editions_words(client):
    # F: a city from west to east with one coat of arms (C2; a pennant in C1). Red's
    # mayor counts 1 there (1 a coat of arms) against blue's wagon's 1: a tie, both
    # score the incomplete city, 1 tile × 1 + 1 × 1 = 2.
    body = {"edition": "C2", "expansions": ["farmers", "abbey-mayor"],
            "players": [{"color": "red"}, {"color": "blue"}],
            "tiles": [{"tile": "F", "x": 0, "y": 0}],
            "figures": [{"player": "red", "x": 0, "y": 0, "at": "W", "kind": "mayor"},
                        {"player": "blue", "x": 0, "y": 0, "at": "E", "kind": "wagon"}]}
    plain = post(client, body).json()["features"][0]
    assert plain["explanation"] == (
        "incomplete city: 1 tile × 1 + 1 pennant × 1 = 2; tie for most figures, red and "
        "blue each score in full (red 1, blue 1)")
    assert "standing" not in plain  # the API's answer is the contract's
    response = client.post(f"{URL}?for=players", data=json.dumps(body),
                           content_type="application/json")
    city = response.json()["features"][0]
    assert city["explanation"] == (
        "incomplete city: 1 tile × 1 + 1 coat of arms × 1 = 2; tie for most figures, red "
        "and blue each score in full (red 1, blue 1)")
    assert city["standing"] == [
        {"player": "red", "kind": "mayor", "x": 0, "y": 0, "at": "W"},
        {"player": "blue", "kind": "wagon", "x": 0, "y": 0, "at": "E"}]
    assert city["scored"] == {"red": 2, "blue": 2}
    # In C1 the same city has a pennant.
    first = client.post(f"{URL}?for=players", data=json.dumps({**body, "edition": "C1"}),
                        content_type="application/json").json()["features"][0]
    assert first["explanation"].startswith("incomplete city: 1 tile × 1 + 1 pennant × 1 = 2")
    # Any other value is refused, with the parameter's name.
    refused = client.post(f"{URL}?for=robots", data=json.dumps(body),
                          content_type="application/json")
    assert refused.status_code == 400
    assert [error["path"] for error in refused.json()["errors"]] == ["for"]


@pytest.mark.parametrize("path", BOARDS, ids=lambda path: path.stem)
def test_known_answer_boards_score_as_in_the_engine(client, path):
    case = json.loads(path.read_text(encoding="utf-8"))
    response = post(client, case["request"])
    assert response.status_code == 200
    expected_points = case["expected"]["players"]
    assert {p["color"]: p["final_points"] for p in response.json()["players"]} == expected_points


def test_the_database_tiles_are_the_catalogue_tiles():
    # Every tile file, as load_catalogue reads them (the base game, the rivers, ...).
    yaml_tiles = TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)
    assert tileset.current_tiles() == yaml_tiles
    assert score_request(CONTRACT_REQUEST, tileset.current_tiles()).to_json() == (
        CONTRACT_RESPONSE
    )


def test_board_problems_are_all_reported_with_400(client):
    request = json.loads(json.dumps(CONTRACT_REQUEST))
    request["tiles"].append({"tile": "K", "x": -1, "y": 0, "rotation": 0})
    request["players"][1]["color"] = "purple"
    request["figures"][1]["player"] = "purple"  # blamed on the player, not the figure
    response = post(client, request)
    assert response.status_code == 400
    assert without_message_ids(response.json()) == {"errors": [
        {"path": "players[1].color", "code": "unknown_color",
         "message": '"purple" is not a player colour; use yellow, red, green, blue, black, '
                    "gray, pink."},
        {"path": "tiles[3]", "code": "edge_mismatch",
         "message": "Tile K at (-1,0) does not fit: its east edge is a field but the west "
                    "edge of tile D at (0,0) is a road."},
    ]}


def test_bridge_and_castle_problems_are_400_with_a_path_and_a_sentence(client):
    # A bridge N-S over U, whose north and south edges are roads, and a castle on E's
    # city, which is not completed.
    response = post(client, {
        "edition": "C2", "expansions": ["farmers", "bridges-castles-bazaars"],
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "U", "x": 0, "y": 0, "state": {"bridge": "N-S"}},
                  {"tile": "E", "x": 1, "y": 0}],
        "figures": [{"player": "red", "x": 1, "y": 0, "at": "N", "kind": "castle"}],
    })
    assert response.status_code == 400
    assert without_message_ids(response.json()) == {"errors": [{
        "path": "tiles[0].state.bridge", "code": "invalid_bridge",
        "message": "A bridge N-S cannot cross tile U: both its ends must rest on field "
                   "edges, but N is road and S is road (sides are named as on the tile "
                   "unturned).",
    }]}
    response = post(client, {
        "edition": "C2", "expansions": ["farmers", "bridges-castles-bazaars"],
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "E", "x": 0, "y": 0}],
        "figures": [{"player": "red", "x": 0, "y": 0, "at": "N", "kind": "castle"}],
    })
    assert response.status_code == 400
    assert without_message_ids(response.json()["errors"]) == [{
        "path": "figures[0]", "code": "invalid_castle",
        "message": "The castle at (0,0) N cannot stand there: a castle is made only from a "
                   "completed city of two half-round segments on two tiles, and this is an "
                   "incomplete city of 1 tile.",
    }]


def test_a_tower_top_beyond_the_owners_meeples_is_400_with_a_path_and_a_sentence(client):
    # tower-7 and X make seven roads; red has a meeple on each and an eighth on the top.
    roads = [(0, "N"), (0, "S"), (0, "W"), (0, "E"), (1, "N"), (1, "S"), (1, "E")]
    response = post(client, {
        "edition": "C2", "expansions": ["farmers", "tower"],
        "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "tower-7", "x": 0, "y": 0,
                   "state": {"tower": 2, "tower_top": "red"}},
                  {"tile": "X", "x": 1, "y": 0}],
        "figures": [{"player": "red", "x": x, "y": 0, "at": at} for x, at in roads],
    })
    assert response.status_code == 400
    assert without_message_ids(response.json()) == {"errors": [{
        "path": "tiles[0].state.tower_top", "code": "invalid_tower",
        "message": "The tower at (0,0) is topped by a red meeple, but red has no meeple left "
                   "for it: with the towers topped so far and the meeples on the board that "
                   "makes 8, and a player owns only 7. Take a red meeple off the board or off "
                   "a tower top.",
    }]}


@pytest.mark.parametrize(
    ("body", "content_type", "message"),
    [
        ("{not json", "application/json", "not valid JSON"),
        ("", "application/json", "empty"),
        ("[" * 100_000 + "]" * 100_000, "application/json", "nested too deeply"),
        ('{"players": ' + "9" * 5000 + "}", "application/json", "not valid JSON"),
        ('{"x": NaN}', "application/json", "not valid JSON"),
        ("players=red", "application/x-www-form-urlencoded", "Content-Type: application/json"),
    ],
    ids=["malformed", "empty", "deep", "huge-number", "nan", "form"],
)
def test_bodies_that_are_not_json(client, body, content_type, message):
    response = post(client, body, content_type)
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["code"] == "invalid_json" and error["path"] == ""
    assert message in error["message"]


@pytest.mark.parametrize(("code", "request_body", "path", "message"), CASES,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)])
def test_each_error_code_over_http(client, code, request_body, path, message):
    response = post(client, copy.deepcopy(request_body))
    assert response.status_code == 400
    assert without_message_ids(response.json()) == {
        "errors": [{"path": path, "code": code, "message": message}]}
    # The error is the engine's message: its id and parameters come with the English.
    (error,) = response.json()["errors"]
    assert error["message_id"] in ENGLISH_TEMPLATES and isinstance(error["params"], dict)


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ('{"players": [{"color": "red", "name": "\\ud800"}]}', "U+D800"),
        ('{"\\udfff": 1}', "U+DFFF"),
        ('{"tiles": [{"tile": "\\ud83d"}]}', "U+D83D"),
    ],
    ids=["name", "key", "tile-code"],
)
def test_a_lone_surrogate_is_not_usable_json(client, body, where):
    # Python's parser accepts the escape, but the string cannot be written back as UTF-8:
    # echoing it in the answer used to fail with a 500.
    response = post(client, body)
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["code"] == "invalid_json" and error["path"] == ""
    assert f"lone surrogate ({where})" in error["message"]


def test_escaped_characters_and_surrogate_pairs_are_fine(client):
    request = json.loads(json.dumps(CONTRACT_REQUEST))
    request["players"][0]["name"] = "Anna \U0001f600 \\ud800"  # an emoji, a backslash
    response = post(client, json.dumps(request, ensure_ascii=True))
    assert response.status_code == 200
    assert response.json()["players"][0]["name"] == request["players"][0]["name"]


def test_absurd_numbers_are_400(client):
    body = json.dumps(CONTRACT_REQUEST).replace('"x": 1', '"x": 1e400', 1)  # infinity
    response = post(client, body)
    assert response.status_code == 400
    assert without_message_ids(response.json()["errors"]) == [{
        "path": "tiles[2].x", "code": "invalid_type",
        "message": "x must be a whole number between -100000 and 100000, not inf.",
    }]


@given(JSON)
@hypothesis_settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_any_json_body_gives_200_or_400_never_500(client, body):
    cache.clear()
    response = post(client, json.dumps(body, allow_nan=True))
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        errors = response.json()["errors"]
        assert errors and all(set(error) - {"message_id", "params"} == {"path", "code", "message"}
                              for error in errors)


@given(st.binary(max_size=300))
@hypothesis_settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_any_bytes_give_400_never_500(client, body):
    cache.clear()
    response = post(client, body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] in {"invalid_json", "invalid_type"}


def test_a_json_value_that_is_not_an_object(client):
    response = post(client, [1, 2, 3])
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "invalid_type"


def test_a_body_over_one_mebibyte_is_refused_before_reading(client):
    # Too large rather than malformed: 413 and the code a chunked body over the same
    # limit gets (tests/project/test_request_limits.py).
    body = json.dumps(CONTRACT_REQUEST)
    body += " " * (MAX_BODY_BYTES + 1 - len(body))
    response = post(client, body)
    assert response.status_code == 413
    assert without_message_ids(response.json()) == {"errors": [{
        "path": "", "code": "too_large",
        "message": "The request body is 1,048,577 bytes; the limit is 1,048,576 bytes (1 MiB).",
    }]}


def test_a_body_of_exactly_one_mebibyte_is_read(client):
    body = json.dumps(CONTRACT_REQUEST)
    body += " " * (MAX_BODY_BYTES - len(body))  # JSON allows trailing white space
    response = post(client, body)
    assert response.status_code == 200
    assert response.json() == CONTRACT_RESPONSE


def test_too_many_tiles_within_the_body_limit(client):
    request = dict(CONTRACT_REQUEST, figures=[], tiles=[
        {"tile": "U", "x": x, "y": 0, "rotation": 90} for x in range(2001)
    ])
    response = post(client, request)
    assert response.status_code == 400
    assert without_message_ids(response.json()["errors"]) == [{
        "path": "tiles", "code": "too_many_tiles",
        "message": "The board has 2,001 tiles; the limit is 2,000.",
    }]


def test_only_post(client):
    assert client.get(URL).status_code == 405


def test_the_view_uses_a_scoped_throttle_with_a_configured_rate():
    assert ScoreView.throttle_classes == [ScopedSlidingWindowThrottle]
    assert ScoreView.throttle_scope == "score"
    from carcwiki.settings import base

    assert base.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["score"] == "120/min"
    assert "score" in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]


def test_requests_are_throttled_per_client(client, monkeypatch):
    # The rates are read into the throttle class when DRF is imported: patch them there.
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score": "2/min"})
    codes = [post(client, CONTRACT_REQUEST).status_code for _ in range(3)]
    other_client = client.post(
        URL, data=json.dumps(CONTRACT_REQUEST), content_type="application/json",
        REMOTE_ADDR="10.0.0.2",
    )
    assert codes == [200, 200, 429]
    assert other_client.status_code == 200


def test_the_tile_cache_is_rebuilt_when_the_catalogue_is_reloaded():
    first = tileset.current_tiles()
    assert tileset.current_tiles() is first
    call_command("load_catalogue", verbosity=0)
    assert tileset.current_tiles() is not first
    assert tileset.current_tiles() == first


def test_scoring_makes_no_database_query_once_the_tiles_are_cached(
    client, django_assert_num_queries
):
    tileset.current_tiles()  # the first scoring of a process reads the catalogue
    with django_assert_num_queries(0):
        response = post(client, CONTRACT_REQUEST)
    assert response.status_code == 200
    with django_assert_num_queries(0):
        assert post(client, {"players": []}).status_code == 400


def test_the_schema_documents_the_endpoint(client):
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    operation = schema["paths"]["/api/score/"]["post"]
    assert operation["operationId"] == "score_board"
    body = operation["requestBody"]["content"]["application/json"]
    assert body["examples"]["ThreeTiles,TwoPlayers"]["value"] == CONTRACT_REQUEST
    assert set(operation["responses"]) == {"200", "400", "405", "413", "414", "429"}
    too_large = operation["responses"]["413"]["content"]["application/json"]
    assert too_large["schema"] == {"$ref": "#/components/schemas/Errors"}
    throttled = operation["responses"]["429"]["content"]["application/json"]
    assert throttled["schema"] == {"$ref": "#/components/schemas/Errors"}
    ok = operation["responses"]["200"]["content"]["application/json"]
    assert ok["examples"]["FinalScoring"]["value"] == CONTRACT_RESPONSE
    bad = operation["responses"]["400"]["content"]["application/json"]
    assert bad["examples"]["ATileThatDoesNotFit"]["value"]["errors"][0]["code"] == "edge_mismatch"
    components = schema["components"]["schemas"]
    assert body["schema"] == {"$ref": "#/components/schemas/ScoreRequest"}
    request = components["ScoreRequest"]
    assert set(request["properties"]) == {
        "edition", "expansions", "rules", "players", "tiles", "figures", "neutral",
    }
    assert set(request["required"]) == {"players", "tiles"}
    assert request["properties"]["tiles"]["maxItems"] == 2000
    players = request["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (2, 6)
    assert ok["schema"] == {"$ref": "#/components/schemas/ScoreResponse"}
    # The core's keys, and one list per bonus an expansion declares (trade goods, barns…).
    listings = {listing.key for listing in bonus_listings(DEFAULT_REGISTRY)}
    assert "trade_goods" in listings
    assert set(components["ScoreResponse"]["properties"]) == {
        "players", "winners", "features", "printings", "warnings", *listings,
    }
    assert bad["schema"] == {"$ref": "#/components/schemas/Errors"}
    code_ref = components["BoardError"]["properties"]["code"]["$ref"]
    assert code_ref == "#/components/schemas/ScoreErrorCodeEnum"
    # The core's codes and every code an expansion declares (the registry's list, which
    # holds these known ones among others; a new expansion's codes need no line here).
    declared = {code.value for code in DEFAULT_REGISTRY.error_codes()}
    assert {"river_u_turn", "goods_mismatch", "invalid_tunnel_token",
            "invalid_gifts", "beside_vodyanoy", "special_monastery_taken",
            "invalid_porxada"} <= declared
    assert set(components["ScoreErrorCodeEnum"]["enum"]) == {
        code.value for code in ErrorCode} | declared


def _schema_components(client) -> dict:
    response = client.get("/api/schema/", {"format": "json"})
    return json.loads(response.content)["components"]["schemas"]


def test_the_request_schema_lists_what_the_declarations_add(client):
    """Neutral figures, tile states, corners and districts come from the declarations:
    each registered one appears in the request schema, and nothing else does."""
    components = _schema_components(client)
    tile = components["PlacedTileRequest"]["properties"]
    assert tile["state"]["allOf"] == [{"$ref": "#/components/schemas/TileStateRequest"}]
    states = components["TileStateRequest"]["properties"]
    assert set(states) == set(DEFAULT_REGISTRY.tile_states) == {
        "ferry", "tower", "tower_top", "bridge", "animal_token", "building"}
    assert components["FerryEnum"]["enum"] == ["N-E", "N-S", "N-W", "E-S", "E-W", "S-W"]
    # The Tower: 30 floors in the box, so a height is 0 (the foundation) to 30.
    assert components["TowerEnum"]["enum"] == list(range(31))
    assert "ferries in play" in states["ferry"]["description"]

    neutral = components["ScoreRequest"]["properties"]["neutral"]
    assert neutral["items"] == {"$ref": "#/components/schemas/NeutralFigureRequest"}
    figure = components["NeutralFigureRequest"]
    assert set(figure["required"]) == {"kind", "x", "y"}
    assert components["NeutralFigureKindEnum"]["enum"] == [
        "big-top", "fairy", "mage", *(f"tunnel-{colour}" for colour in (
            "black", "blue", "gray", "green", "red", "yellow")), "witch"]
    assert {"$ref": "#/components/schemas/LocationEnum"} in figure["properties"]["at"]["oneOf"]

    at = components["FigureRequest"]["properties"]["at"]
    assert at["allOf"] == [{"$ref": "#/components/schemas/FigureAtEnum"}]
    places = components["FigureAtEnum"]["enum"]
    # The 15 tile locations (the four corners among the half-edges; the inner fields I and
    # II), then the districts of the City of Carcassonne, then the spaces printed on tiles
    # in the order the registry declares them.
    assert places[:15] == [location.value for location in Location]
    assert {"NE", "SE", "SW", "NW", "I", "II"} <= set(places[:15])
    assert places[15:19] == ["castle", "blacksmith", "cathedral", "market"]
    assert places[19:] == list(DEFAULT_REGISTRY.spaces)
    assert {"acrobats", "abbot", "yaga-hut", "vodyanoy"} <= set(places[19:])
    assert "A barn stands on a corner where four tiles meet: NE, SE, SW, NW" in at["description"]
    assert "district of the City of Carcassonne" in at["description"]
    assert "on the acrobat space of a tile that prints one names it: acrobats (at most 3" \
        in at["description"]


def _nullable_to_json_schema(node):
    """OpenAPI 3.0's ``nullable`` as JSON Schema: the value or null."""
    if isinstance(node, list):
        return [_nullable_to_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _nullable_to_json_schema(value) for key, value in node.items()}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def test_every_known_answer_request_fits_the_request_schema(client):
    """The hand-computed boards use every request field an expansion adds (neutral
    figures, tile states, corners, districts, tokens): each fits the published schema,
    and a wrong neutral kind, state value or district does not."""
    components = _nullable_to_json_schema(_schema_components(client))
    schema = {"$ref": "#/components/schemas/ScoreRequest", "components": {"schemas": components}}
    validator = jsonschema.Draft7Validator(
        schema, format_checker=None,
    )
    requests = [json.loads(path.read_text())["request"] for path in BOARDS]
    used = {"neutral": 0, "state": 0, "district": 0}
    for request in requests:
        errors = [error.message for error in validator.iter_errors(request)]
        assert errors == [], errors
        used["neutral"] += bool(request.get("neutral"))
        used["state"] += any("state" in tile for tile in request["tiles"])
        used["district"] += any(figure["at"] == "market" for figure in request.get("figures") or ())
    assert min(used.values()) >= 1, used
    wrong = copy.deepcopy(CONTRACT_REQUEST)
    wrong["neutral"] = [{"kind": "dragon", "x": 0, "y": 0}]
    wrong["tiles"][0]["state"] = {"ferry": "N-N"}
    wrong["figures"][0]["at"] = "harbour"
    assert len(list(validator.iter_errors(wrong))) == 3


def test_the_board_format_page_names_every_declared_request_addition():
    """carcwiki/api/board_format.md (the top of /api/docs/) explains each neutral figure,
    tile state, district, corner and player token the registry declares."""
    text = page_text()
    names = {
        *(f"`{kind.code}`" for code in DEFAULT_REGISTRY.codes
          for kind in DEFAULT_REGISTRY[code].neutral_figures),
        *(f'"{name}"' for name in DEFAULT_REGISTRY.tile_states),
        *(f"`{district.name}`" for large in DEFAULT_REGISTRY.large_tiles.values()
          for district in large.districts),
        *(f"`{code}`" for code in DEFAULT_REGISTRY.large_tiles),
        *(f"`{tokens.name}`" for tokens in DEFAULT_REGISTRY.tokens),
        *(f"`{name}`" for name in DEFAULT_REGISTRY.spaces),
        "`neutral`", "`tiles[].state`", "`NE`, `SE`, `SW` or `NW`", "`II`",
    }
    assert {"`witch`", '"ferry"', "`market`", "`city-of-carcassonne`", "`gold`",
            "`acrobats`"} <= names
    assert [name for name in sorted(names) if name not in text] == []
