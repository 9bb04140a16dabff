"""Search over sections, notes and the glossary: accents and capitals ignored, the start
of a word is enough, every word must match, results ranked, matches highlighted, and only
what applies to the selection. Runs the same on SQLite and PostgreSQL (full-text search)."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from carcwiki.rules import selectors
from carcwiki.rules.models import GlossaryTerm, Note, Section
from carcwiki.rules.selection import Selection
from carcwiki.rules.services import load_rules_content, save_section

from .conftest import page, text_of

pytestmark = pytest.mark.django_db

SEARCH_PAGE = {
    "slug": "search-test",
    "title": "Search test",
    "category": "base",
    "order": 1,
    "applies_to": ["base"],
    "sections": [
        {
            "anchor": "placing",
            "title": "Placing a farmer",
            "body": "Lay a {{meeple}} down in a meadow, on its back.\n",
        },
        {
            "anchor": "old-scoring",
            "title": "Old scoring",
            "editions": ["C1"],
            "body": "Long ago, farms were counted city by city.\n",
            "notes": [
                {
                    "slug": "old-scoring-twice",
                    "kind": "clarification",
                    "question": "Could one city pay out twice?",
                    "body": "No: the first rules counted farms once per city.\n",
                    "references": ["WICA.0201.0001", "CAR.022"],
                    "date": "(5/2013)",
                    "source": "Hans im Glück",
                },
            ],
        },
        {
            "anchor": "sheep",
            "title": "Uniform backs",
            "body": "A sheepfarm is not a field: every tile has a uniform back.\n",
        },
        {
            "anchor": "french",
            "title": "Le champ fermé",
            "body": "French rules call a closed field « fermé ». The Abbé is the abbot.\n",
        },
    ],
}
GLOSSARY = [
    {"slug": "field", "term": "Field", "aliases": ["farm"], "definition": "Green land.\n"},
    {"slug": "meeple", "term": "{{Meeple}}", "definition": "A wooden figure.\n"},
]


@pytest.fixture
def search_content(rules_dir):
    (rules_dir.path / "small-farms.yaml").unlink()
    rules_dir.write("search-test.yaml", SEARCH_PAGE)
    rules_dir.write("glossary.yaml", GLOSSARY)
    load_rules_content(directory=rules_dir.path)


def hits(client, query: str, selection: str = "x=base&mark=1") -> list[tuple[str, str]]:
    """``(url, title HTML)`` of each result, best first."""
    document = page(client or Client(), f"/search/?q={query}&{selection}")
    return re.findall(r'<h2 class="hit-title"><a href="([^"]+)">(.*?)</a></h2>', document)


def urls(found) -> list[str]:
    return [url.split("?")[0] + ("#" + url.split("#")[1] if "#" in url else "") for url, _ in found]


@pytest.mark.parametrize("query", ["abbé", "abbe", "ABBÉ", "Abbe", "ABBE"])
def test_accents_and_capitals_do_not_matter(client, search_content, query):
    assert urls(hits(client, query)) == ["/rules/search-test/#french"]


def test_accented_text_keeps_its_accents_when_highlighted(client, search_content):
    found = hits(client, "ferme")
    assert found[0][1] == "Le champ <mark>fermé</mark>"
    document = page(client, "/search/?q=abbe&x=base")
    assert "The <mark>Abbé</mark> is the" in document


def test_the_start_of_a_word_is_enough_but_not_its_middle(client, search_content):
    found = urls(hits(client, "farm"))
    assert "/rules/search-test/#placing" in found  # farmer
    assert "/rules/search-test/#old-scoring" in found  # farms
    assert "/rules/notes/old-scoring-twice/" in found
    assert "/glossary/#field" in found  # its other name, farm
    assert "/rules/search-test/#sheep" not in found  # sheepfarm: "farm" inside a word


def test_titles_rank_above_bodies(client, search_content):
    found = urls(hits(client, "farm"))
    assert found.index("/rules/search-test/#placing") < found.index(
        "/rules/search-test/#old-scoring"
    )


def test_every_word_must_match(client, search_content):
    found = urls(hits(client, "farm city"))
    assert "/rules/search-test/#old-scoring" in found
    assert "/rules/search-test/#placing" not in found
    assert urls(hits(client, "farm nothingatall")) == []


def test_matching_words_are_highlighted(client, search_content):
    document = page(client, "/search/?q=FARM&x=base")
    assert "Placing a <mark>farmer</mark>" in document
    assert "Long ago, <mark>farms</mark> were counted" in document
    assert '<span class="hit-context"><mark>farm</mark></span>' in document  # an alias
    assert "4 results for “FARM”" in text_of(document)


def test_notes_come_with_their_kind_references_date_and_source(client, search_content):
    document = page(client, "/search/?q=pay+out&x=base")
    hit = document.split('<li class="hit hit--note', 1)[1].split("</li>", 1)[0]
    assert "Official clarification" in hit
    assert "Could one city <mark>pay</mark> <mark>out</mark> twice?" in hit
    assert "<code>WICA.0201.0001</code>, <code>CAR.022</code>" in hit
    assert "Date: (5/2013)" in hit and "Source: Hans im Glück" in hit
    assert 'href="/rules/notes/old-scoring-twice/?x=' in hit


@pytest.mark.parametrize("query", ["WICA.0201.0001", "0201", "car.022", "2013"])
def test_reference_codes_and_dates_are_searchable(client, search_content, query):
    assert urls(hits(client, query)) == ["/rules/notes/old-scoring-twice/"]


def test_only_what_applies_to_the_selection_is_found(client, search_content):
    found = urls(hits(client, "farm", "x=base&ed=c23"))
    assert "/rules/search-test/#old-scoring" not in found
    assert "/rules/notes/old-scoring-twice/" not in found
    assert "/rules/search-test/#placing" in found


def test_search_follows_the_wording_of_the_preferred_edition(client, search_content):
    first = page(client, "/search/?q=follower&x=base&pref=c1")
    assert "Lay a <mark>follower</mark> down" in first
    # Either edition's word finds the text; the reader's word is the one highlighted.
    second = page(client, "/search/?q=follower&x=base&pref=c23")
    assert "Lay a <mark>meeple</mark> down" in second
    assert "<mark>Meeple</mark>" in second  # the glossary term, worded


def test_results_link_with_a_shared_selection(client, search_content):
    found = hits(client, "meadow", "x=base&ed=c23&pref=c23")
    assert found[0][0] == (
        "/rules/search-test/?x=farmers,abbot,river&amp;ed=c23&amp;pref=c23#placing"
    )


def test_empty_and_hostile_queries(client, search_content):
    empty = page(client, "/search/?q=+++")
    assert 'class="search-results"' not in empty and "results for" not in empty
    hostile = page(client, "/search/?q=%3Cscript%3Ealert(1)%3C/script%3E")
    assert "<script>alert" not in hostile and "&lt;script&gt;" in hostile
    nothing = page(client, "/search/?q=zzzzzz&x=base")
    assert "Nothing in your selection matches" in nothing


def test_search_runs_a_fixed_number_of_queries(search_content, django_assert_num_queries):
    selection = Selection.default(catalogue=selectors.selector_catalogue())
    with django_assert_num_queries(3):
        results = selectors.search(query="farm city abbe", selection=selection)
    assert results.total == 0 or results.hits


def test_postgresql_ranks_stored_documents_and_sqlite_reads_plain_text(search_content):
    selection = Selection.default(catalogue=selectors.selector_catalogue())
    with CaptureQueriesContext(connection) as queries:
        selectors.search(query="farm", selection=selection)
    assert queries.captured_queries
    if connection.vendor == "postgresql":
        for model in (Section, Note, GlossaryTerm):
            assert not model.objects.filter(search_vector__isnull=True).exists()
        assert "'0201':" in Note.objects.get(slug="old-scoring-twice").search_vector
        for query in queries:
            # The stored document, computed in the query only for a row that has none.
            assert re.search(r'COALESCE\("rules_\w+"\."search_vector", ', query["sql"])
            assert "ts_rank" in query["sql"]
    else:
        # Only PostgreSQL computes documents; elsewhere the column stays empty and the
        # search reads the accent-folded copies of title and body.
        for model in (Section, Note, GlossaryTerm):
            assert not model.objects.filter(search_vector__isnull=False).exists()
        assert "0201" in Note.objects.get(slug="old-scoring-twice").search_body
        for query in queries:
            assert "ts_rank" not in query["sql"]
            assert "search_body" in query["sql"]


def test_rows_saved_without_a_document_are_still_found(search_content):
    # On PostgreSQL the query computes the missing document itself; on SQLite there is
    # never one, so this holds on both.
    Section.objects.filter(anchor="placing").update(search_vector=None)
    assert urls(hits(None, "meadow")) == ["/rules/search-test/#placing"]


def test_edited_content_is_found_by_its_new_words(search_content):
    section = Section.objects.get(anchor="placing")
    section.body = "Lay a {{meeple}} down in a pasture.\n"
    save_section(section=section)
    assert urls(hits(None, "pasture")) == ["/rules/search-test/#placing"]
    assert urls(hits(None, "meadow")) == []


# -- the real content -------------------------------------------------------------------------


def test_real_search_for_farm_finds_the_farm_rules(client):
    found = urls(hits(client, "farm", "x=base&ed=c23&pref=c23"))
    assert any(url.startswith("/rules/farmers/#") for url in found[:5])
    assert any(url.startswith("/rules/notes/") for url in found)
