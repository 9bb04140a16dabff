"""``POST /api/score/`` over HTTP: answers, errors, limits, throttling, schema."""

import json
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command

from scoring import catalogue
from scoring.engine import TileSet, score_request
from scoring.serializers import CONTRACT_REQUEST, CONTRACT_RESPONSE

URL = "/api/score/"
BOARDS = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "boards").glob("*.json"))

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_throttle_and_tiles():
    cache.clear()  # throttle history lives in the cache
    catalogue.forget_tiles()
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


@pytest.mark.parametrize("path", BOARDS, ids=lambda path: path.stem)
def test_known_answer_boards_score_as_in_the_engine(client, path):
    case = json.loads(path.read_text(encoding="utf-8"))
    response = post(client, case["request"])
    assert response.status_code == 200
    expected_points = case["expected"]["players"]
    assert {p["color"]: p["final_points"] for p in response.json()["players"]} == expected_points


def test_the_database_tiles_are_the_catalogue_tiles():
    yaml_tiles = TileSet.from_yaml(
        str(Path(__file__).resolve().parents[2] / "fixtures" / "catalogue" / "tiles-base.yaml")
    )
    assert catalogue.current_tiles() == yaml_tiles
    assert score_request(CONTRACT_REQUEST, catalogue.current_tiles()).to_json() == (
        CONTRACT_RESPONSE
    )


def test_board_problems_are_all_reported_with_400(client):
    request = json.loads(json.dumps(CONTRACT_REQUEST))
    request["tiles"].append({"tile": "K", "x": -1, "y": 0, "rotation": 0})
    request["players"][1]["color"] = "purple"
    request["figures"][1]["player"] = "purple"  # blamed on the player, not the figure
    response = post(client, request)
    assert response.status_code == 400
    assert response.json() == {"errors": [
        {"path": "players[1].color", "code": "unknown_color",
         "message": '"purple" is not a player colour; use yellow, red, green, blue, black, '
                    "gray, pink."},
        {"path": "tiles[3]", "code": "edge_mismatch",
         "message": "Tile K at (-1,0) does not fit: its east edge is a field but the west "
                    "edge of tile D at (0,0) is a road."},
    ]}


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


def test_a_json_value_that_is_not_an_object(client):
    response = post(client, [1, 2, 3])
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "invalid_type"


def test_a_body_over_one_mebibyte_is_refused_before_reading(client):
    request = dict(CONTRACT_REQUEST, padding="x" * (1024 * 1024))
    response = post(client, request)
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["code"] == "invalid_json"
    assert "the limit is 1,048,576 bytes" in error["message"]


def test_too_many_tiles_within_the_body_limit(client):
    request = dict(CONTRACT_REQUEST, figures=[], tiles=[
        {"tile": "U", "x": x, "y": 0, "rotation": 90} for x in range(2001)
    ])
    response = post(client, request)
    assert response.status_code == 400
    assert response.json()["errors"] == [{
        "path": "tiles", "code": "too_many_tiles",
        "message": "The board has 2,001 tiles; the limit is 2,000.",
    }]


def test_only_post(client):
    assert client.get(URL).status_code == 405


def test_requests_are_throttled_per_client(client, monkeypatch):
    from rest_framework.throttling import ScopedRateThrottle

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
    first = catalogue.current_tiles()
    assert catalogue.current_tiles() is first
    call_command("load_catalogue", verbosity=0)
    assert catalogue.current_tiles() is not first
    assert catalogue.current_tiles() == first


def test_the_schema_documents_the_endpoint(client):
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = json.loads(response.content)
    operation = schema["paths"]["/api/score/"]["post"]
    assert operation["operationId"] == "score_board"
    body = operation["requestBody"]["content"]["application/json"]
    assert body["examples"]["ThreeTiles,TwoPlayers"]["value"] == CONTRACT_REQUEST
    assert set(operation["responses"]) == {"200", "400", "429"}
    ok = operation["responses"]["200"]["content"]["application/json"]
    assert ok["examples"]["FinalScoring"]["value"] == CONTRACT_RESPONSE
    error_codes = schema["components"]["schemas"]["BoardError"]["properties"]["code"]
    assert "edge_mismatch" in json.dumps(schema["components"]["schemas"]) and error_codes
