"""The page cache (carcwiki.page_cache): rules pages, the glossary, the tile gallery, tile
pictures and the read-only API are rendered once per address, selection and content
version; an edit is seen at once; conditional requests are answered 304."""

import gzip
import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from carcwiki.catalogue.models import Edition, TileType
from carcwiki.rules.models import GlossaryTerm, RulesPage

pytestmark = pytest.mark.django_db

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[A-Za-z0-9]{64}"')


def without_tokens(body: bytes) -> bytes:
    """A page's bytes with its forms' CSRF tokens (masked afresh for each answer) blanked."""
    return TOKEN.sub(b'name="csrfmiddlewaretoken" value=""', body)

CACHED = [
    "/rules/",
    "/rules/base-game/",
    "/glossary/",
    "/search/?q=farmer+city",
    "/tiles/",
    "/tiles/D.svg?rotation=90",
    "/api/tiles/",
    "/api/tiles/D/",
    "/api/editions/",
    "/api/rules/pages/base-game/",
]


@pytest.mark.parametrize("url", CACHED)
def test_a_second_request_costs_no_query(client, django_assert_num_queries, url):
    first = client.get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        second = client.get(url)
    assert second.status_code == 200
    assert without_tokens(second.content) == without_tokens(first.content)
    assert second["ETag"] == first["ETag"]


def test_an_unknown_query_key_is_rendered_not_kept(client):
    client.get("/rules/base-game/?utm=1")
    # Rendered again: the made-up parameter did not create a cache entry.
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/rules/base-game/?utm=1")
    assert response.status_code == 200
    assert len(queries) > 0


def test_an_orm_edit_is_seen_at_once(client):
    assert b"<h1>Edited title</h1>" not in client.get("/rules/base-game/").content
    page = RulesPage.objects.get(slug="base-game")
    page.title = "Edited title"
    page.save()  # what the admin does
    assert b"<h1>Edited title</h1>" in client.get("/rules/base-game/").content


def test_an_admin_edit_is_seen_at_once(admin_client):
    assert "Premiere" not in admin_client.get("/api/editions/").content.decode()
    c1 = Edition.objects.get(code="C1")
    response = admin_client.post(
        reverse("admin:catalogue_edition_change", args=[c1.pk]),
        {"code": "C1", "name": "Premiere", "year": c1.year, "order": c1.order,
         "description": c1.description},
    )
    assert response.status_code == 302, response.content[:2000]
    names = [edition["name"] for edition in admin_client.get("/api/editions/").json()["results"]]
    assert "Premiere" in names


def test_a_tile_change_is_seen_at_once(client):
    before = client.get("/tiles/D.svg")["ETag"]
    assert client.get("/api/tiles/D/").json()["picture"] != "edited in the admin"
    tile = TileType.objects.get(code="D")
    tile.picture = "edited in the admin"
    tile.save()
    assert client.get("/api/tiles/D/").json()["picture"] == "edited in the admin"
    # The picture's tag is drawn from the tile's data: a new one after the edit.
    assert client.get("/tiles/D.svg")["ETag"] != before


def test_load_catalogue_empties_the_cache(client):
    original = client.get("/glossary/").content
    # An update() sends no signal: the kept page is still served, as designed ...
    GlossaryTerm.objects.filter(slug="meeple").update(term="Zzmeeple")
    assert client.get("/glossary/").content == original
    # ... and loading the catalogue (which rewrites the terms) drops it.
    GlossaryTerm.objects.filter(slug="meeple").update(term="Zzmeeple")
    call_command("load_catalogue", verbosity=0)
    reloaded = client.get("/glossary/").content
    assert b"Zzmeeple" not in reloaded


def test_if_none_match_is_answered_304_without_a_body(client):
    first = client.get("/rules/base-game/")
    etag = first["ETag"]
    assert etag.startswith('W/"')
    again = client.get("/rules/base-game/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    # The tag is a hash of the body: a save that changes nothing still matches ...
    RulesPage.objects.get(slug="base-game").save()
    assert client.get("/rules/base-game/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    # ... and after a real edit the old tag no longer does.
    RulesPage.objects.filter(slug="base-game").update(title="Edited title")
    RulesPage.objects.get(slug="base-game").save()
    assert client.get("/rules/base-game/", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_if_modified_since_is_answered_304(client):
    first = client.get("/api/editions/")
    stamp = first["Last-Modified"]
    assert client.get("/api/editions/", HTTP_IF_MODIFIED_SINCE=stamp).status_code == 304
    assert client.get(
        "/api/editions/", HTTP_IF_MODIFIED_SINCE="Mon, 01 Jan 2001 00:00:00 GMT"
    ).status_code == 200


def test_cache_control_and_vary(client):
    page = client.get("/rules/base-game/")
    assert set(page["Cache-Control"].split(", ")) == {"public", "no-cache"}
    assert {"Cookie", "Accept-Encoding"} <= {v.strip() for v in page["Vary"].split(",")}
    api = client.get("/api/tiles/")
    assert set(api["Cache-Control"].split(", ")) == {"public", "no-cache"}
    assert "Cookie" not in api["Vary"]
    # A tile picture keeps its own policy: a day, revalidated by its ETag.
    assert "max-age=86400" in client.get("/tiles/D.svg")["Cache-Control"]


def test_a_saved_selection_gets_its_own_private_page(client):
    default = without_tokens(client.get("/rules/").content)
    # Remember a selection of the base game alone (the selector's "apply").
    client.post("/selection/", {"x": "base", "apply": "1", "next": "/rules/"})
    mine = client.get("/rules/")
    assert without_tokens(mine.content) != default
    assert "private" in mine["Cache-Control"]
    assert "Last-Modified" not in mine  # the session may change without the content
    # A visitor without a session still gets the default page, from the cache.
    client.cookies.clear()
    assert without_tokens(client.get("/rules/").content) == default


def test_a_client_that_accepts_gzip_gets_the_kept_compressed_body(client):
    plain = client.get("/glossary/")
    packed = client.get("/glossary/", HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) * 3 < len(plain.content)
    assert int(packed["Content-Length"]) == len(packed.content)


def test_each_process_keeps_its_latest_answers_up_to_a_size():
    from carcwiki.page_cache import LocalCopies

    copies = LocalCopies(limit=1000)
    copies.put("a", {"version": 1, "body": b"x" * 200, "gzip": None})
    copies.put("b", {"version": 1, "body": b"y" * 200, "gzip": b"z" * 50})
    assert copies.get("a", 1)["body"] == b"x" * 200
    assert copies.get("a", 2) is None  # another content version: not used
    copies.put("c", {"version": 1, "body": b"w" * 240, "gzip": None})
    copies.put("d", {"version": 1, "body": b"v" * 240, "gzip": None})
    # 200 + 250 + 240 + 240 = 930 bytes fit in 1000 ...
    assert copies.size == 930
    copies.put("e", {"version": 1, "body": b"u" * 200, "gzip": None})
    # ... one more entry drops the least recently used one, "b" ("a" was just read).
    assert copies.get("b", 1) is None
    assert copies.get("a", 1) is not None
    assert copies.size == 930 - 250 + 200
    copies.put("f", {"version": 1, "body": b"t" * 400, "gzip": None})  # > a quarter
    assert copies.get("f", 1) is None


def test_a_kept_page_with_forms_gives_each_visitor_a_token_of_their_own(client):
    from django.conf import settings
    from django.middleware.csrf import _unmask_cipher_token
    from django.test import Client

    first = client.get("/rules/")
    assert TOKEN.search(first.content), "the rules index has forms (the selector's)"
    other = Client()
    second = other.get("/rules/")  # from the cache, for another visitor
    secrets = []
    for response, visitor in ((first, client), (second, other)):
        token = TOKEN.search(response.content).group(0).split(b'value="')[1][:64].decode()
        secret = visitor.cookies[settings.CSRF_COOKIE_NAME].value
        # Each page's token unmasks to its own visitor's cookie secret.
        assert _unmask_cipher_token(token) == secret
        secrets.append(secret)
        assert "private" in response["Cache-Control"]
        assert "Cookie" in response["Vary"]
    assert secrets[0] != secrets[1]
    assert without_tokens(first.content) == without_tokens(second.content)
    # and the second visitor's form works: the token is accepted on a POST.
    strict = Client(enforce_csrf_checks=True)
    page = strict.get("/rules/")
    token = TOKEN.search(page.content).group(0).split(b'value="')[1][:64].decode()
    answer = strict.post("/selection/", {"csrfmiddlewaretoken": token, "x": "base",
                                         "apply": "1", "next": "/rules/"})
    assert answer.status_code == 302


def test_threads_asking_at_once_for_a_new_page_render_it_once(rf):
    """A crowd's first requests for a page (a new content version, a fresh worker): one
    thread renders it, the others wait for its copy instead of each rendering it too."""
    import threading
    import time

    from django.http import HttpResponse

    from carcwiki.page_cache import cached_page

    renders = []

    @cached_page()
    def slow_page(request):
        renders.append(threading.get_ident())
        time.sleep(0.2)  # long enough for every thread to arrive while it renders
        return HttpResponse("<p>the rules</p>" * 20)

    answers = []
    threads = [threading.Thread(target=lambda: answers.append(
        slow_page(rf.get("/rules/one-render-only/")))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(renders) == 1
    assert [answer.status_code for answer in answers] == [200] * 8
    assert len({answer.content for answer in answers}) == 1
