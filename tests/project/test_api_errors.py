"""Every error under /api/ answers in the one documented ``errors`` shape, and the answers
match the schema where schemathesis alone might not look: the throttled scoring, a page
past the end, a null tile count."""

import json

import pytest
from rest_framework.throttling import ScopedRateThrottle

from scoring.serializers import CONTRACT_REQUEST

pytestmark = pytest.mark.django_db


def only_error(response) -> dict:
    [problem] = response.json()["errors"]
    assert set(problem) == {"path", "code", "message"}
    return problem


def test_a_throttled_scoring_says_how_long_to_wait(client, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score": "1/min"})
    monkeypatch.setattr(ScopedRateThrottle, "timer", staticmethod(lambda: 60.0 * 1_000_000))
    body = json.dumps(CONTRACT_REQUEST)
    assert client.post("/api/score/", body, content_type="application/json").status_code == 200
    refused = client.post("/api/score/", body, content_type="application/json")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert only_error(refused) == {
        "path": "", "code": "throttled",
        "message": "Too many requests from this client; try again in 60 seconds.",
    }


def test_a_page_past_the_end_is_a_404_in_the_errors_shape(client):
    response = client.get("/api/tiles/?page=999")
    assert response.status_code == 404
    assert only_error(response)["code"] == "not_found"


def test_a_method_an_endpoint_does_not_take_is_a_405_in_the_errors_shape(client):
    response = client.delete("/api/tiles/D/")
    assert response.status_code == 405
    assert only_error(response) == {
        "path": "", "code": "method_not_allowed", "message": 'Method "DELETE" not allowed.',
    }


def test_an_edition_without_counts_has_a_null_tile_count_as_documented(client):
    editions = {edition["code"]: edition for edition in
                client.get("/api/editions/").json()["results"]}
    assert editions["C3"]["tile_count"] == 84  # the base box with its river
    nulls = [code for code, edition in editions.items() if edition["tile_count"] is None]
    assert nulls, "the Winter Edition has no counts in the catalogue"
    schema = client.get("/api/schema/", {"format": "json"}).json()
    tile_count = schema["components"]["schemas"]["Edition"]["properties"]["tile_count"]
    assert tile_count["nullable"] is True


def test_every_operation_documents_its_errors_in_one_shape(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    errors_ref = {"$ref": "#/components/schemas/Errors"}
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            for status in ("400", "405", "414", "429"):
                content = operation["responses"][status]["content"]["application/json"]
                assert content["schema"] == errors_ref or "errors" in json.dumps(
                    schema["components"]["schemas"].get(
                        content["schema"]["$ref"].rsplit("/", 1)[-1], {})
                ), (path, method, status)
            assert "Retry-After" in operation["responses"]["429"]["headers"]


BODY_LIMIT = 1024 * 1024  # settings.DATA_UPLOAD_MAX_MEMORY_SIZE


@pytest.mark.parametrize("path", ["/api/score/", "/api/pad/games/"])
def test_a_body_over_1_mib_is_a_413_too_large_on_every_endpoint(client, path):
    """Too large, not malformed, and never a 500: the score pad's writes read their body
    through DRF's parser, which used to end in a server error."""
    body = b'{"edition": "C3", "padding": "' + b"x" * BODY_LIMIT + b'"}'
    response = client.post(path, body, content_type="application/json")
    assert response.status_code == 413
    assert only_error(response) == {
        "path": "", "code": "too_large",
        "message": f"The request body is {len(body):,} bytes; the limit is 1,048,576 bytes "
                   "(1 MiB).",
    }


def test_every_operation_with_a_body_documents_the_413(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    written = [(path, method, operation) for path, item in schema["paths"].items()
               for method, operation in item.items() if method in ("post", "put", "patch")]
    assert {"/api/score/", "/api/pad/games/", "/api/pad/games/{code}/entries/"} <= {
        path for path, _, _ in written}
    for path, method, operation in written:
        answer = operation["responses"]["413"]
        assert answer["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Errors"}, (path, method)
    read = [operation for item in schema["paths"].values()
            for method, operation in item.items() if method == "get"]
    assert read and all("413" not in operation["responses"] for operation in read)
