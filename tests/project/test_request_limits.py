"""Requests the views can rely on: an overlong address is a 414 in the site's own words,
and a body sent in chunks is read whole (or refused when over the limit)."""

import io
import json
from pathlib import Path

import pytest

from carcwiki.builder.models import SavedBoard
from tests.known_boards import board_path

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def chunked_post(client, path: str, body: bytes):
    """A POST as gunicorn hands over a chunked body: decoded, with no Content-Length."""
    return client.generic(
        "POST", path, body, content_type="application/json", CONTENT_LENGTH="",
        HTTP_TRANSFER_ENCODING="chunked", **{"wsgi.input": io.BytesIO(body),
                                             "wsgi.input_terminated": True},
    )


def test_an_overlong_api_address_is_a_414_in_the_errors_shape(client):
    response = client.get("/api/tiles/?edges=" + "C" * 5000)
    assert response.status_code == 414
    [problem] = response.json()["errors"]
    assert problem["code"] == "uri_too_long" and "4,096" in problem["message"]


def test_an_overlong_page_address_is_a_plain_414(client):
    response = client.get("/search/?q=" + "farmer " * 700)
    assert response.status_code == 414
    assert response["Content-Type"].startswith("text/plain")


def test_a_chunked_board_is_saved_whole(client):
    board = json.loads(board_path("final-scoring-example")
                       .read_text())["request"]
    response = chunked_post(client, "/board/save/", json.dumps(board).encode())
    assert response.status_code == 201
    saved = SavedBoard.objects.get(pk=response.json()["id"])
    assert len(saved.board["tiles"]) == len(board["tiles"])


def test_a_chunked_scoring_is_scored(client):
    from scoring.serializers import CONTRACT_REQUEST, CONTRACT_RESPONSE

    response = chunked_post(client, "/api/score/", json.dumps(CONTRACT_REQUEST).encode())
    assert response.status_code == 200
    assert response.json() == CONTRACT_RESPONSE


def test_a_chunked_body_over_the_limit_is_a_413(client):
    response = chunked_post(client, "/api/score/", b" " * (1024 * 1024 + 1))
    assert response.status_code == 413
    [problem] = response.json()["errors"]
    assert problem["code"] == "too_large"
