"""Small answers around the site (issue 32): HEAD of a page answers as GET does, and the
API's root lists every endpoint, those the rules and scoring apps route included."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/board/", "/rules/base-game/", "/"])
def test_head_answers_like_get(client, path):
    head, get = client.head(path), client.get(path)
    assert (head.status_code, get.status_code) == (200, 200)
    assert head["Content-Type"] == get["Content-Type"]
    assert head.content == b""


def test_the_api_root_lists_the_rules_and_scoring_endpoints(client):
    listed = client.get("/api/", HTTP_ACCEPT="application/json").json()
    assert listed == {
        "editions": "http://testserver/api/editions/",
        "expansions": "http://testserver/api/expansions/",
        "bundles": "http://testserver/api/bundles/",
        "tiles": "http://testserver/api/tiles/",
        "rules/pages": "http://testserver/api/rules/pages/",
        "rules/notes": "http://testserver/api/rules/notes/",
        "rules/glossary": "http://testserver/api/rules/glossary/",
        "score": "http://testserver/api/score/",
        "score/check": "http://testserver/api/score/check/",
    }
    for url in listed.values():
        path = url.removeprefix("http://testserver")
        response = client.get(path, HTTP_ACCEPT="application/json")
        # The scoring endpoints take POST only; every other answers GET.
        assert response.status_code == (405 if path.startswith("/api/score/") else 200), path
