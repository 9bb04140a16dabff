"""The rules in the read-only API (``/api/rules/``): pages with sections and notes, notes,
the glossary; filtered and worded by the same query parameters as the site, never by the
session."""

from copy import deepcopy

import pytest
from rest_framework.test import APIClient

from carcwiki.rules.services import load_rules_content

from .conftest import SMALL_PAGE

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def test_pages_list(api, small_content):
    data = api.get("/api/rules/pages/").json()
    assert data["count"] == 1
    (item,) = data["results"]
    assert item == {
        "slug": "small-farms", "title": "Small farms", "category": "base", "order": 5,
        "applies_to": ["farmers"], "summary": "Where meeples lie down.",
        "url": "http://testserver/rules/small-farms/",
    }
    assert api.get("/api/rules/pages/?x=river").json()["count"] == 0


def test_page_detail_with_sections_and_notes(api, small_content):
    data = api.get("/api/rules/pages/small-farms/").json()
    assert [section["anchor"] for section in data["sections"]] == [
        "placing", "history", "with-abbot",
    ]
    placing = data["sections"][0]
    assert placing["url"] == "http://testserver/rules/small-farms/#placing"
    assert "<strong>field</strong>" in placing["html"]
    note = placing["notes"][0]
    assert note["kind"] == "clarification" and note["kind_label"] == "Official clarification"
    assert note["references"] == ["WICA.0201.0001", "CAR.022"]
    assert (note["date"], note["source"]) == ("5/2013", "Georg Wild (HiG)")
    assert note["url"] == "http://testserver/rules/notes/small-farms-split/"


def test_a_selection_filters_and_words_the_answer(api, small_content):
    data = api.get("/api/rules/pages/small-farms/?x=farmers&ed=c1&pref=c1").json()
    assert [section["anchor"] for section in data["sections"]] == ["placing", "history"]
    assert data["summary"] == "Where followers lie down."
    html = data["sections"][0]["html"]
    assert "Lay a <a" in html and ">follower</a>" in html


def test_notes_by_kind_and_selection(api, small_content):
    kinds = {note["slug"]: note["kind"] for note in api.get("/api/rules/notes/").json()["results"]}
    assert kinds == {"small-farms-split": "clarification", "small-farms-house": "house-rule"}
    houses = api.get("/api/rules/notes/?kind=house-rule").json()["results"]
    assert [note["slug"] for note in houses] == ["small-farms-house"]
    assert api.get("/api/rules/notes/?x=river").json()["count"] == 0
    note = api.get("/api/rules/notes/small-farms-split/").json()
    assert (note["page"], note["section"]) == ("small-farms", "placing")


def test_note_questions_are_worded_too(api, rules_dir):
    changed = deepcopy(SMALL_PAGE)
    changed["sections"][0]["notes"][0]["question"] = "May a {{meeple}} stand here?"
    rules_dir.write("small-farms.yaml", changed)
    load_rules_content(directory=rules_dir.path)
    note = api.get("/api/rules/notes/small-farms-split/?pref=c1").json()
    assert note["question"] == "May a follower stand here?"
    assert note["question_html"] == "May a follower stand here?"


def test_glossary(api, small_content):
    terms = api.get("/api/rules/glossary/").json()["results"]
    assert [term["slug"] for term in terms] == ["field", "meeple"]
    assert terms[0]["url"] == "http://testserver/glossary/#field"
    assert terms[0]["aliases"] == ["farm"]


def test_the_session_plays_no_part(api, small_content):
    api.post("/selection/", {"apply": "1", "x": "river", "next": "/rules/"})
    assert api.get("/api/rules/pages/").json()["count"] == 1


def test_unknown_slugs(api, small_content):
    response = api.get("/api/rules/notes/nope/")
    assert response.status_code == 404
    assert response.json() == {"errors": [
        {"path": "", "code": "not_found", "message": "No note with code 'nope'."},
    ]}
    assert api.get("/api/rules/pages/nope/").status_code == 404


def test_page_detail_costs_the_same_whatever_its_size(api, django_assert_num_queries):
    # the catalogue (4), the page, its sections, their notes
    with django_assert_num_queries(7):
        small = api.get("/api/rules/pages/abbot/?x=&ed=c1")
    with django_assert_num_queries(7):
        big = api.get("/api/rules/pages/base-game/?x=base,river2&ed=c1,c23,we")
    assert small.status_code == big.status_code == 200
    assert len(big.json()["sections"]) > 10


def test_the_schema_documents_the_rules_endpoints(api):
    schema = api.get("/api/schema/?format=json").json()
    for path in ("/api/rules/pages/", "/api/rules/pages/{slug}/", "/api/rules/notes/",
                 "/api/rules/glossary/"):
        assert path in schema["paths"]
    parameters = {p["name"] for p in schema["paths"]["/api/rules/notes/"]["get"]["parameters"]}
    assert {"x", "ed", "pref", "kind"} <= parameters
