"""The read-only catalogue API: shapes, filters, errors and constant query counts."""

import re

import pytest
from rest_framework.test import APIClient

from tests.tile_counts import ALL_TILE_TYPES, TILES, tile_types_with

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def codes(response):
    return [item["code"] for item in response.json()["results"]]


def test_editions_with_tile_counts(api):
    data = {e["code"]: e for e in api.get("/api/editions/").json()["results"]}
    assert data["C1"]["year"] == 2000
    # The base game's tiles: 72 land tiles and The River's 12, a part of the base game
    assert (data["C1"]["tile_count"], data["C2"]["tile_count"], data["C3"]["tile_count"]) == (
        84, 84, 84
    )


def test_expansions_list_parts_and_editions(api, django_assert_num_queries):
    # count, expansions, their editions, parts, the parts' editions: 5 whatever the size
    with django_assert_num_queries(5):
        api.get("/api/expansions/?page_size=3")
    with django_assert_num_queries(5):
        response = api.get("/api/expansions/?page_size=200")
    assert response.status_code == 200
    base = next(e for e in response.json()["results"] if e["code"] == "base")
    assert base["category"] == "base"
    parts = {part["code"]: part for part in base["parts"]}
    assert {"C2", "C3"} <= set(parts["abbot"]["editions"])
    assert "C1" not in parts["abbot"]["editions"]
    assert "C1" in parts["farmers"]["editions"]


def test_expansion_filter_by_category(api):
    results = api.get("/api/expansions/?category=major&page_size=200").json()["results"]
    assert {e["number"] for e in results} >= set(range(1, 12))
    assert {e["category"] for e in results} == {"major"}


def test_bundles(api):
    bundles = {b["code"]: b for b in api.get("/api/bundles/").json()["results"]}
    assert "inns-cathedrals" in bundles["big-box-6"]["expansions"]


def test_tile_detail_tells_everything_to_place_and_score_tile_d(api):
    response = api.get("/api/tiles/D/")
    assert response.status_code == 200
    tile = response.json()
    assert tile["edges"] == {"N": "city", "E": "road", "S": "field", "W": "road"}
    assert tile["edge_codes"] == "CRFR"
    assert tile["counts"] == {"C1": 4, "C2": 4, "C3": 4}
    assert tile["start"] is True
    assert tile["picture_url"] == "http://testserver/tiles/D.svg"
    assert tile["features"] == [
        {"kind": "city", "edges": ["N"], "pennants": 0, "locations": ["N"]},
        {"kind": "road", "edges": ["E", "W"], "locations": ["E", "W"], "ends_on_tile": False},
        {"kind": "field", "half_edges": ["EN", "WN"], "cities": ["N"], "locations": ["EN", "WN"]},
        {"kind": "field", "half_edges": ["ES", "SE", "SW", "WS"], "cities": [],
         "locations": ["ES", "SE", "SW", "WS"]},
    ]


def test_garden_tile_code_with_a_dash(api):
    tile = api.get("/api/tiles/E-garden/").json()
    assert tile["counts"] == {"C2": 1, "C3": 1}
    assert tile["features"][-1] == {"kind": "garden", "locations": ["C"]}


def test_landmarks_and_the_inner_field_as_the_engine_reads_them(api):
    # The river and the volcano are printed, not stood on: no location. The features and
    # their locations come from the engine's checked tile.
    assert api.get("/api/tiles/river2-L/").json()["features"] == [
        {"kind": "river", "edges": ["N"], "end": "lake", "locations": []},
        {"kind": "volcano", "locations": []},
        {"kind": "field", "half_edges": ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"],
         "cities": [], "locations": ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]},
    ]
    inner = api.get("/api/tiles/traders-X/").json()["features"][2]
    assert inner == {"kind": "field", "half_edges": ["I"], "cities": ["N+W", "E+S"],
                     "locations": ["I"]}


def test_unknown_tile_is_a_json_404_naming_the_code(api):
    response = api.get("/api/tiles/ZZ/")
    assert response.status_code == 404
    assert response.json() == {"errors": [
        {"path": "", "code": "not_found", "message": "No tile with code 'ZZ'."},
    ]}


@pytest.mark.parametrize("page_size", [5, 50, 200])
def test_tile_list_query_count_is_constant(api, django_assert_num_queries, page_size):
    with django_assert_num_queries(3):  # count, page, prefetched counts with editions
        response = api.get(f"/api/tiles/?page_size={page_size}")
    assert len(response.json()["results"]) == min(page_size, ALL_TILE_TYPES)


@pytest.mark.parametrize("page_size", [5, 50, 200])
def test_filtered_tile_list_query_count_is_constant(api, django_assert_num_queries, page_size):
    # The same three, after one lookup each for the edition and expansion codes.
    with django_assert_num_queries(5):
        response = api.get(f"/api/tiles/?edition=C2&expansion=base&page_size={page_size}")
    assert len(response.json()["results"]) == min(page_size, 32)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("expansion=base&edition=C1", 24),
        ("expansion=base&edition=C2", 32),
        ("expansion=base&feature=monastery", 2),
        ("expansion=base&feature=garden", 8),
        ("expansion=base&feature=pennant", 7),
        ("expansion=base", 32),
        ("expansion=river", 14),
        ("expansion=river&edition=C3", 12),
        ("expansion=river2", 12),
        ("expansion=river2&edition=C3", 0),
        ("expansion=inns-cathedrals", 17),
        ("expansion=traders-builders", 24),
        # Every tile file's tile types that print one (the base game's 2 among them).
        ("feature=monastery", tile_types_with("monastery")),
        ("expansion=goldmines", 8),
        ("expansion=big-top", 16),
        ("expansion=big-top&feature=garden", 2),
        ("expansion=mage-witch&feature=garden", 1),
    ],
)
def test_tile_list_filters(api, query, expected):
    assert api.get(f"/api/tiles/?{query}&page_size=200").json()["count"] == expected


def with_edges(pattern: str) -> set[str]:
    """The tile types of the tile files whose edges (N, E, S, W) read ``pattern`` in some
    rotation: what the API's ``edges`` filter should find."""
    turns = {pattern[turn:] + pattern[:turn] for turn in range(4)}
    return {tile["code"] for tile in TILES if tile["edges"] in turns}


def test_edge_pattern_matches_any_rotation(api):
    # A city edge opposite a field edge, roads on the sides: D in any of its four rotations,
    # The Tower's tower-11 (city north, road from west to east), Under the Big Top's
    # big-top-13 and crop-circles-D, whose roads end at the circus and at the circle, and
    # the besieged city of besiegers-H; the base game's comes first.
    found = codes(api.get("/api/tiles/?edges=rcrf&page_size=200"))
    assert found[0] == "D" and set(found) == with_edges("RCRF")
    assert {"D", "tower-11", "big-top-13", "crop-circles-D", "besiegers-H"} <= set(found)
    assert codes(api.get("/api/tiles/?edges=RCRF&rotated=false")) == []
    # Four cities: C first, then among others the cathedral (inns-H), the two inner
    # squares of the City of Carcassonne, and the Darmstadtium (darmstadt-A).
    found = codes(api.get("/api/tiles/?edges=CCCC&page_size=200"))
    assert found[0] == "C" and set(found) == with_edges("CCCC")
    assert {"inns-H", "city-of-carcassonne-6", "city-of-carcassonne-7",
            "darmstadt-A"} <= set(found)
    # a dict, because DRF's test client cuts a literal "?" inside the query string
    matches = codes(api.get("/api/tiles/", {
        "edges": "C?F?", "rotated": "false", "page_size": 200, "expansion": "base"
    }))
    assert sorted(matches) == [
        "D", "E", "E-garden", "I", "I-garden", "M", "M-garden",
        "N", "N-garden", "Q", "R", "R-garden",
    ]


def test_bad_edge_pattern_is_a_clear_400(api):
    response = api.get("/api/tiles/?edges=XYZ")
    assert response.status_code == 400
    [problem] = response.json()["errors"]
    assert problem["path"] == "edges" and "four letters" in problem["message"]


def test_schema_and_docs_are_served_without_cdn(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/tiles/{code}/" in schema.content
    docs = client.get("/api/docs/try/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "swagger-ui" in html
    # Every asset from this site (the page also holds a random CSRF token, so a plain
    # search for "cdn" would fail one run in a few hundred).
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any("swagger-ui-bundle" in url for url in assets)
    # The standalone preset is never used by the start-up script: not loaded (268 kB).
    assert not any("standalone" in url for url in assets), assets
    # Swagger UI's start-up script is served by the docs view itself (no inline script).
    assert all(url.startswith(("/static/", "/api/docs/try/?script")) for url in assets), assets
    assert "//" not in "".join(assets)


def test_api_is_read_only(api):
    assert api.post("/api/tiles/", {"code": "Z"}, format="json").status_code == 405
    assert api.delete("/api/tiles/D/").status_code == 405


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("edition=C9", "edition",
         "No edition with code 'C9'; the codes are listed at /api/editions/."),
        ("expansion=rivers", "expansion",
         "No expansion with code 'rivers'; the codes are listed at /api/expansions/."),
    ],
)
def test_an_unknown_edition_or_expansion_is_a_clear_400(api, query, field, message):
    response = api.get(f"/api/tiles/?{query}")
    assert response.status_code == 400
    assert response.json() == {"errors": [
        {"path": field, "code": "invalid_choice", "message": message},
    ]}


def test_river_tiles_are_listed_by_their_part(api):
    response = api.get("/api/tiles/?expansion=river&page_size=200")
    assert codes(response) == [f"river-{letter}" for letter in "ABCDEFGHIJKL"] + [
        "river-A-C3", "river-L-C3"
    ]
    assert {(tile["expansion"], tile["part"]) for tile in response.json()["results"]} == {
        ("base", "river")
    }


def test_river_tile_detail_resolves_with_counts_and_no_location_on_the_river(api):
    response = api.get("/api/tiles/river-I/")
    assert response.status_code == 200
    tile = response.json()
    assert (tile["edge_codes"], tile["counts"]) == ("RVVR", {"C1": 1, "C2": 1, "C3": 1})
    assert tile["edges"] == {"N": "road", "E": "river", "S": "river", "W": "road"}
    assert tile["features"][0] == {"kind": "river", "edges": ["E", "S"], "locations": []}
    assert api.get("/api/tiles/river-A-C3/").json()["counts"] == {"C3": 1}
    volcano = api.get("/api/tiles/river2-L/").json()["features"][1]
    assert volcano == {"kind": "volcano", "locations": []}


def test_inner_field_is_located_at_i(api):
    features = api.get("/api/tiles/traders-M/").json()["features"]
    assert features[-1] == {"kind": "field", "half_edges": ["I"], "cities": ["N+W", "E", "S"],
                            "locations": ["I"]}


def test_the_docs_page_is_a_light_reference_of_every_operation(client):
    """/api/docs/ lists every operation of the schema on one page without a script, and
    links to Swagger UI for trying them."""
    schema = client.get("/api/schema/?format=json").json()
    operations = {(method.upper(), path) for path, item in schema["paths"].items()
                  for method in item if method in {"get", "post"}}
    assert len(operations) >= 12
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    for method, path in operations:
        assert f"<code>{method} {path}</code>" in html, (method, path)
    assert "<script" not in html
    assert 'href="/api/docs/try/"' in html and 'href="/api/schema/"' in html
    assert "The board format" in html  # the schema's description, rendered
    assert len(docs.content) < 200_000
