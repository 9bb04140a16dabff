"""CORS: the public API (read-only answers, scoring and checking a board) may be called
from a web app on any site; the save endpoint, the admin and the pages stay same-origin;
the scoring limit still counts per client address."""

import pytest

from carcwiki.throttling import ScopedSlidingWindowThrottle

pytestmark = pytest.mark.django_db

ORIGIN = "https://app.example.org"
BOARD = {
    "edition": "C3", "players": [{"color": "red"}, {"color": "blue"}],
    "tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 0}],
    "figures": [{"player": "red", "x": 0, "y": 0, "at": "N"}],
}


@pytest.mark.parametrize("url", [
    "/api/tiles/", "/api/tiles/D/", "/api/expansions/", "/api/rules/pages/",
    "/api/rules/glossary/", "/api/schema/",
])
def test_read_only_answers_may_be_read_from_any_origin(client, url):
    response = client.get(url, HTTP_ORIGIN=ORIGIN)
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in response


@pytest.mark.parametrize("url", ["/api/score/", "/api/score/check/"])
def test_a_board_may_be_posted_from_any_origin(client, url):
    preflight = client.options(
        url, HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="content-type",
    )
    assert preflight.status_code == 200
    assert preflight["Access-Control-Allow-Origin"] == "*"
    assert "POST" in preflight["Access-Control-Allow-Methods"]
    assert "content-type" in preflight["Access-Control-Allow-Headers"]
    answer = client.post(url, BOARD, content_type="application/json", HTTP_ORIGIN=ORIGIN)
    assert answer.status_code == 200
    assert answer["Access-Control-Allow-Origin"] == "*"


@pytest.mark.parametrize("url", [
    "/board/save/", "/admin/login/", "/rules/", "/board/", "/api/docs/",
])
def test_everything_else_stays_same_origin(client, url):
    preflight = client.options(
        url, HTTP_ORIGIN=ORIGIN, HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    assert "Access-Control-Allow-Origin" not in preflight
    answer = client.get(url, HTTP_ORIGIN=ORIGIN)
    assert "Access-Control-Allow-Origin" not in answer


def test_the_scoring_limit_still_counts_per_client(client, monkeypatch):
    monkeypatch.setattr(ScopedSlidingWindowThrottle, "THROTTLE_RATES", {"score": "2/min"})
    statuses = [
        client.post("/api/score/", BOARD, content_type="application/json",
                    HTTP_ORIGIN=ORIGIN, REMOTE_ADDR="198.51.100.7").status_code
        for _ in range(3)
    ]
    assert statuses == [200, 200, 429]
    refused = client.post("/api/score/", BOARD, content_type="application/json",
                          HTTP_ORIGIN=ORIGIN, REMOTE_ADDR="198.51.100.7")
    # The browser may read the refusal and its Retry-After.
    assert refused["Access-Control-Allow-Origin"] == "*"
    assert "Retry-After" in refused["Access-Control-Expose-Headers"]
    other = client.post("/api/score/", BOARD, content_type="application/json",
                        HTTP_ORIGIN=ORIGIN, REMOTE_ADDR="198.51.100.8")
    assert other.status_code == 200
