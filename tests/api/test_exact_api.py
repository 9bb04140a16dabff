"""The API does exactly what its schema says: real types for query parameters, a 400
naming a code that filters nothing, codes in either case, every code answering under
/api/expansions/, editions respected by the feature filter, no 500 for a missing slash."""

import json

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client):
    return json.loads(client.get("/api/schema/?format=json").content)


def tile_parameters(schema):
    return {p["name"]: p["schema"] for p in schema["paths"]["/api/tiles/"]["get"]["parameters"]}


def declared_codes() -> set[str]:
    """The codes the fixtures' tile files declare (what load_catalogue loaded)."""
    from carcwiki.catalogue.services import read_tile_files

    return {f.catalogue_code for f in read_tile_files()}


def test_the_expansion_filter_takes_the_codes_tile_files_declare(schema):
    expansion = tile_parameters(schema)["expansion"]
    assert expansion["type"] == "string"
    assert set(expansion["enum"]) == declared_codes()
    assert expansion["enum"][:2] == ["base", "river"]  # catalogue order, base game first
    assert "farmers" not in expansion["enum"]  # a part without tiles of its own
    assert set(tile_parameters(schema)["edition"]["enum"]) == {
        "C1", "C2", "C3", "WE", "c1", "c2", "c3", "we"}
    assert tile_parameters(schema)["edges"]["pattern"] == "^[CRFVcrfv?]{4}$"
    assert tile_parameters(schema)["rotated"]["type"] == "boolean"


def test_page_parameters_have_their_bounds(schema):
    parameters = tile_parameters(schema)
    assert parameters["page_size"] == {"type": "integer", "minimum": 1, "maximum": 200}
    assert parameters["page"]["minimum"] == 1


@pytest.mark.parametrize("query, path, words", [
    ("expansion=nope", "expansion", "No expansion with code 'nope'"),
    ("expansion=farmers", "expansion", "'farmers' has no tiles of its own"),
    # a part whose expansion's tiles belong to no part: it would filter out every tile
    ("expansion=inns", "expansion", "'inns' has no tiles of its own"),
    ("edition=C9", "edition", "No edition with code 'C9'"),
    ("feature=", "feature", "Give a value"),
    ("rotated=maybe", "rotated", "Give true or false, not 'maybe'"),
    ("page_size=abc", "page_size", "from 1 to 200, not 'abc'"),
    ("page_size=0", "page_size", "from 1 to 200"),
    ("page_size=", "page_size", "from 1 to 200, not ''"),
    ("page=first", "page", "not 'first'"),
])
def test_a_query_that_cannot_filter_is_a_400_naming_it(client, query, path, words):
    response = client.get(f"/api/tiles/?{query}")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["path"] == path
    assert words in error["message"]


def test_an_unknown_rules_choice_is_a_400(client):
    assert client.get("/api/rules/notes/?kind=rumour").status_code == 400
    assert client.get("/api/rules/pages/?pref=c2").json()["errors"][0]["path"] == "pref"
    assert client.get("/api/expansions/?editions__code=C9").status_code == 400


def test_edition_codes_in_either_case(client):
    upper = client.get("/api/tiles/?edition=C1&page_size=200").json()
    lower = client.get("/api/tiles/?edition=c1&page_size=200").json()
    assert lower["count"] == upper["count"] > 0
    assert lower["results"] == upper["results"]


def test_every_tile_code_answers_under_expansions(client):
    # river is a part of the base game's box in the catalogue: its holder answers.
    river = client.get("/api/expansions/river/")
    assert river.status_code == 200
    assert "river" in [part["code"] for part in river.json()["parts"]]
    for code in declared_codes():
        assert client.get(f"/api/expansions/{code}/").status_code == 200, code
    assert client.get("/api/expansions/nope/").status_code == 404


def test_a_garden_filter_respects_the_edition(client):
    # C1 printed no garden: the Inns & Cathedrals tiles that carry one in C2/C3 exist
    # in C1 without it, and the base game's garden tiles have no C1 copy.
    assert client.get("/api/tiles/?feature=garden&edition=C1").json()["count"] == 0
    c3 = client.get("/api/tiles/?feature=garden&edition=C3&page_size=200").json()
    codes = {tile["code"] for tile in c3["results"]}
    assert "E-garden" in codes
    assert any(code.startswith("inns-") for code in codes)
    # Without an edition, every tile with a garden in any edition (C2 or C3).
    c2 = client.get("/api/tiles/?feature=garden&edition=C2&page_size=200").json()
    every = client.get("/api/tiles/?feature=garden&page_size=200").json()
    assert {tile["code"] for tile in every["results"]} == codes | {
        tile["code"] for tile in c2["results"]}


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("url", ["/api/score", "/api/score/check"])
def test_a_post_without_the_trailing_slash_is_redirected_with_its_body(client, debug, url):
    with override_settings(DEBUG=debug):
        response = client.post(url, {"tiles": []}, content_type="application/json")
    assert response.status_code == 308
    assert response["Location"] == url + "/"


def test_a_get_without_the_trailing_slash_is_still_a_301(client):
    response = client.get("/api/tiles")
    assert response.status_code == 301
    assert response["Location"] == "/api/tiles/"


def test_warnings_are_documented_as_objects(schema):
    warnings = schema["components"]["schemas"]["ScoreResponse"]["properties"]["warnings"]
    warning = schema["components"]["schemas"][warnings["items"]["$ref"].rsplit("/", 1)[1]]
    assert warning["type"] == "object"
    # The English sentence, and the message's id and parameters a page in another
    # language renders from.
    assert set(warning["required"]) == {"code", "feature", "message", "message_id", "params"}


def test_the_board_format_is_documented_in_the_schema_the_docs_show(client, schema):
    description = schema["info"]["description"]
    assert "## The board format" in description
    for words in ("`x` increases eastward", "clockwise by 0, 90, 180 or 270", "`figures[0].at`"):
        assert words in description
    # Swagger UI's start-up script loads that schema, whose description it shows first.
    script = client.get("/api/docs/try/?script=")
    assert script.status_code == 200
    assert b"/api/schema/" in script.content
