"""Early answers (carcwiki.page_cache.EarlyAnswerMiddleware): a repeated request for a
kept page, without a session, is answered before the rest of the middleware runs, with
exactly what the whole stack gave; pages that differ per reader never are."""

import gzip
import re

import pytest
from django.conf import settings
from django.test import Client, override_settings

from carcwiki.page_cache import _forget_early_answers, early_answers
from carcwiki.rules.models import RulesPage

pytestmark = pytest.mark.django_db

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')

KINDS = [
    # (address, request headers): one of each kind the page cache keeps
    ("/rules/base-game/", {}),
    ("/rules/base-game/", {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}),
    ("/glossary/", {"HTTP_ACCEPT_ENCODING": "gzip"}),
    ("/tiles/", {"HTTP_ACCEPT_ENCODING": "gzip"}),
    ("/tiles/D.svg?rotation=90", {"HTTP_ACCEPT_ENCODING": "gzip"}),
    ("/api/tiles/", {"HTTP_ACCEPT_ENCODING": "gzip"}),
    ("/api/tiles/", {"HTTP_ACCEPT_ENCODING": "gzip", "HTTP_ORIGIN": "https://elsewhere.example"}),
    ("/api/tiles/D/", {}),
    ("/api/rules/pages/base-game/", {"HTTP_ACCEPT_ENCODING": "gzip"}),
]


def normal_then_early(client, url, headers, method="get"):
    """The answer of the whole stack to a cache hit, then the early answer to the same
    request, checking that each took the way it should."""
    send = getattr(client, method)
    send(url, **headers)  # rendered and kept
    _forget_early_answers()
    before = early_answers.served
    normal = send(url, **headers)  # a hit through every middleware, noted
    assert early_answers.served == before
    early = send(url, **headers)
    assert early_answers.served == before + 1, "the repeated request was answered early"
    return normal, early


@pytest.mark.parametrize(("url", "headers"), KINDS)
def test_an_early_answer_is_the_answer_of_the_whole_stack(client, url, headers):
    normal, early = normal_then_early(client, url, headers)
    assert normal.status_code == early.status_code == 200
    assert list(early.items()) == list(normal.items())
    assert early.content == normal.content
    assert not early.cookies
    # The headers the middleware below adds are all there (not only equal to nothing).
    for name in ("Content-Security-Policy", "Permissions-Policy", "X-Content-Type-Options",
                 "Referrer-Policy", "ETag", "Cache-Control", "Vary", "Content-Length"):
        assert early.has_header(name), name
    if "gzip" in headers.get("HTTP_ACCEPT_ENCODING", ""):
        assert early["Content-Encoding"] == "gzip"
        assert gzip.decompress(early.content)
    if "HTTP_ORIGIN" in headers:
        assert early["Access-Control-Allow-Origin"] == "*"


def test_a_head_request_is_answered_like_the_normal_way(client):
    normal, early = normal_then_early(client, "/glossary/", {}, method="head")
    assert list(early.items()) == list(normal.items())
    assert early.content == normal.content == b""


def test_the_gzip_answer_never_goes_to_a_client_that_does_not_accept_it(client):
    normal_then_early(client, "/glossary/", {"HTTP_ACCEPT_ENCODING": "gzip"})
    plain = client.get("/glossary/")
    assert "Content-Encoding" not in plain
    assert plain.content.startswith(b"<!DOCTYPE html>") or b"<html" in plain.content[:200]


def test_a_conditional_request_goes_the_normal_way_and_gets_its_304(client):
    _, early = normal_then_early(client, "/glossary/", {})
    before = early_answers.served
    again = client.get("/glossary/", HTTP_IF_NONE_MATCH=early["ETag"])
    assert again.status_code == 304
    assert early_answers.served == before


def test_a_request_with_a_body_goes_the_normal_way(client):
    normal_then_early(client, "/glossary/", {})
    before = early_answers.served
    client.get("/glossary/", HTTP_TRANSFER_ENCODING="chunked")
    client.generic("GET", "/glossary/", b"x" * 10)  # CONTENT_LENGTH 10
    assert early_answers.served == before
    client.get("/glossary/")
    assert early_answers.served == before + 1


def test_an_edit_is_seen_at_once_by_early_readers(client):
    normal_then_early(client, "/rules/base-game/", {})
    page = RulesPage.objects.get(slug="base-game")
    page.title = "Edited title"
    page.save()  # what the admin does
    before = early_answers.served
    page = client.get("/rules/base-game/")
    assert b"<h1>Edited title</h1>" in page.content
    assert early_answers.served == before  # the old copy was drawn under the old version


def test_a_page_with_a_form_is_never_answered_early(client):
    # The rules index holds the selector's form: each reader needs a token of their own.
    first, second, third = (Client().get("/rules/") for _ in range(3))
    tokens = {TOKEN.search(page.content).group(1) for page in (first, second, third)}
    assert len(tokens) == 3
    # A selection in the address offers "Keep this selection", a form too.
    before = early_answers.served
    for _ in range(3):
        page = Client().get("/rules/base-game/?x=base")
        assert TOKEN.search(page.content)
    assert early_answers.served == before


def test_a_saved_selection_is_never_answered_with_the_default_page(client):
    stranger = Client()
    normal_then_early(stranger, "/rules/base-game/", {})
    default = stranger.get("/rules/base-game/").content
    # A reader who saved "the base game alone" carries a session cookie: never early.
    client.post("/selection/", {"x": "base", "apply": "1", "next": "/rules/"})
    assert settings.SESSION_COOKIE_NAME in client.cookies
    before = early_answers.served
    mine = client.get("/rules/base-game/")
    assert early_answers.served == before
    assert mine.content != default
    assert "private" in mine["Cache-Control"]
    # ... and their page is not handed to the stranger either.
    assert stranger.get("/rules/base-game/").content == default


def test_changed_settings_forget_the_noted_headers(client):
    normal_then_early(client, "/glossary/", {})
    with override_settings(PERMISSIONS_POLICY="camera=()"):
        page = client.get("/glossary/")
    assert page["Permissions-Policy"] == "camera=()"
