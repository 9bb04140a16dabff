"""Every page of the reference costs the same number of queries for a small and a big
page or selection. The selection's catalogue is 4 queries (expansions, parts and the
editions of each); a remembered selection adds the session's."""

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

CATALOGUE = 4
SMALL = "x=&ed=c1&pref=c1"
BIG = "x=base,inns-cathedrals,traders-builders,river2,abbey-mayor,count-king-robber" \
      "&ed=c1,c23,we&pref=c23&mark=1"

CASES = {
    # view: (queries beyond the catalogue, small URL, big URL)
    "index": (2, f"/rules/?{SMALL}", f"/rules/?{BIG}"),  # pages, sections' filters
    # page, sections, notes, glossary filters (to unlink terms the selection hides)
    "page": (4, f"/rules/abbot/?{SMALL}", f"/rules/base-game/?{BIG}"),
    "other page": (4, f"/rules/first-edition/?{SMALL}", f"/rules/river/?{BIG}"),
    "note": (1, f"/rules/notes/base-tile-count-84/?{SMALL}",
             f"/rules/notes/base-tile-count-84/?{BIG}"),
    "glossary": (1, f"/glossary/?{SMALL}", f"/glossary/?{BIG}"),
    # the engine (what decides visibility, what a hit shows and the glossary are read
    # once per content version: see test_search_reads_the_content_once_per_version)
    "search": (1, f"/search/?q=farmer&{SMALL}", f"/search/?q=farmer+city+road&{BIG}"),
    "search a question": (
        1, f"/search/?q=farm+zzzz&{SMALL}", f"/search/?q=can+my+farmer+score+a+city&{BIG}"
    ),
    # nothing found: the engine
    "search, nothing found": (1, f"/search/?q=zzzzzz&{SMALL}", f"/search/?q=qqqq+zzzz&{BIG}"),
    # bundles and contents, and the codes the pages cover (to say which have none)
    "selector": (4, f"/selection/?{SMALL}", f"/selection/?{BIG}"),
}


@pytest.mark.parametrize("view", CASES)
def test_same_query_count_for_small_and_big(client, django_assert_num_queries, view):
    extra, small, big = CASES[view]
    if view.startswith("search"):
        client.get("/search/?q=meeple")  # the content's rows, read once
    with django_assert_num_queries(CATALOGUE + extra):
        small_response = client.get(small)
    with django_assert_num_queries(CATALOGUE + extra):
        big_response = client.get(big)
    assert small_response.status_code == big_response.status_code == 200
    if view == "index":
        # The index names every page either way: a big selection shows more of them.
        def shown(response):
            return response.content.decode().split("hidden-pages-title")[0].count("page-card\"")
        assert shown(big_response) > shown(small_response)
    else:
        assert len(big_response.content) > len(small_response.content)


def test_a_remembered_selection_adds_only_the_session(client, django_assert_num_queries):
    client.post("/selection/", {"apply": "1", "x": "tower", "next": "/rules/"})
    # The session is read from the database, or from the cache in front of it (Redis).
    session = 0 if settings.SESSION_ENGINE.endswith("cached_db") else 1
    for url in ("/rules/", f"/rules/?{BIG}"):
        with django_assert_num_queries(CATALOGUE + 2 + session):
            assert client.get(url).status_code == 200


def test_an_empty_search_asks_nothing_of_the_content(client, django_assert_num_queries):
    with django_assert_num_queries(CATALOGUE):
        assert client.get("/search/?q=").status_code == 200


def test_search_reads_the_content_once_per_version(client, django_assert_num_queries):
    """What decides visibility and what a hit shows (sections, notes, glossary: three
    queries) is read by the first search after the content changed, and not again until
    it changes: a search is then the engine's one query."""
    from carcwiki.page_cache import content_changed

    content_changed()
    with django_assert_num_queries(CATALOGUE + 1 + 3):
        assert client.get(f"/search/?q=farmer&{SMALL}").status_code == 200
    with django_assert_num_queries(CATALOGUE + 1):
        assert client.get(f"/search/?q=farm+city&{SMALL}").status_code == 200
