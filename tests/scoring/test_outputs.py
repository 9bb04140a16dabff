"""Declarations describe their own output: the response fields the expansions add come
from their ``outputs``, and the OpenAPI schema, the builder's data and its results panel
are built from them."""

import json
import re
from pathlib import Path

import pytest

from carcwiki.builder.selectors import builder_rules
from scoring.engine import outputs, score_request
from scoring.engine.expansion import Expansion, ExpansionRegistry, FigureKind, Part
from scoring.engine.expansions import DEFAULT_REGISTRY, base, tile_files
from scoring.engine.outputs import BonusField, BonusListing, FeatureField, Shape
from scoring.engine.tiles import TileSet
from tests.known_boards import BOARDS

ROOT = Path(__file__).resolve().parents[2]
CORE_FEATURE_KEYS = {"id", "kind", "complete", "tiles", "figures", "owners", "points",
                     "scored", "cities", "explanation"}
CORE_RESPONSE_KEYS = {"players", "winners", "features", "warnings", "printings"}
"""The core's keys: ``printings`` (an expansion played from an earlier printing) is the
core's too, whatever the expansions."""
FOR_PLAYERS_FEATURE_KEYS = {"standing", "explanation_message"}
"""Keys an answer for the players at the table (``?for=players``) adds to a feature."""

WELLS = Expansion(
    code="wells", name="Wells",
    parts=(Part(
        code="buckets", name="the buckets",
        figure_kinds=(FigureKind("bucket", "bucket", limit=2, strength=0,
                                 listed_as="buckets"),),
        outputs=(
            FeatureField("well", Shape.FLAG, "well", "A farm with a well that counts."),
            BonusListing("water", "Water", "source",
                         (BonusField("source", Shape.TEXT), BonusField("scored", Shape.COUNTS),
                          BonusField("explanation", Shape.TEXT)),
                         "One entry per source."),
        ),
    ),),
)
REGISTRY = ExpansionRegistry([base.EXPANSION, WELLS])


@pytest.fixture(scope="module")
def tiles():
    return TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)


def test_a_made_up_expansions_outputs_reach_the_page_data():
    data = builder_rules(REGISTRY)["outputs"]
    assert data == {
        "features": [{"key": "well", "shape": "flag", "word": "well"},
                     {"key": "buckets", "shape": "colours", "word": "buckets"}],
        "listings": [{"key": "water", "title": "Water", "name": "source"}],
    }
    # A figure kind listed by colour describes its key itself.
    (buckets,) = [f for f in outputs.feature_fields(REGISTRY) if f.key == "buckets"]
    assert buckets.meaning == "Colours of the buckets on it."


def test_every_key_a_response_carries_is_declared(tiles):
    declared = {field.key for field in outputs.feature_fields(DEFAULT_REGISTRY)}
    listings = {listing.key: listing for listing in outputs.bonus_listings(DEFAULT_REGISTRY)}
    seen_features, seen_listings = set(), set()
    for path in BOARDS:
        case = json.loads(path.read_text(encoding="utf-8"))
        body = score_request(case["request"], tiles).to_json()
        for feature in body["features"]:
            seen_features |= set(feature) - CORE_FEATURE_KEYS
        for key in set(body) - CORE_RESPONSE_KEYS:
            seen_listings.add(key)
            for entry in body[key]:
                assert set(entry) == {field.key for field in listings[key].fields}
    assert seen_features <= declared, seen_features - declared
    assert seen_listings <= set(listings)
    # The known-answer boards show every declared key at least once.
    assert seen_features == declared
    assert seen_listings == set(listings)


def test_the_response_schema_is_built_from_the_declarations(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]
    feature = schema["FeatureResult"]["properties"]
    declared = {field.key: field for field in outputs.feature_fields(DEFAULT_REGISTRY)}
    assert set(feature) == CORE_FEATURE_KEYS | set(declared) | FOR_PLAYERS_FEATURE_KEYS
    assert feature["inn"] == {"type": "boolean",
                              "description": "A road with an inn that counts."}
    assert feature["goods"]["additionalProperties"] == {"type": "integer"}
    assert feature["builders"]["description"] == "Colours of the builders on it."
    response = schema["ScoreResponse"]["properties"]
    assert response["trade_goods"]["description"] == (
        "With trade-goods in play: one entry per good (wine, grain, cloth).")
    # With the players' answer, a listing whose entries explain themselves gives each
    # explanation's message too.
    assert set(schema["TradeGoods"]["properties"]) == {
        "good", "tokens", "winners", "points", "scored", "explanation", "explanation_message"}


def test_the_results_panel_names_no_expansion():
    source = (ROOT / "static" / "js" / "builder" / "results.js").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.DOTALL)
    names = {field.key for field in outputs.feature_fields(DEFAULT_REGISTRY)}
    names |= {listing.key for listing in outputs.bonus_listings(DEFAULT_REGISTRY)}
    names |= {word for field in outputs.feature_fields(DEFAULT_REGISTRY)
              for word in (field.word, field.key.replace("_", "-"))}
    for name in sorted(names):
        assert not re.search(rf"\b{re.escape(name)}\b", code), name
    # Expansion and part codes would only appear as strings: some are ordinary words
    # (the Count's part is "count"), which the code may use as a variable name.
    for name in sorted(set(DEFAULT_REGISTRY.codes) - {"base"}):
        assert not re.search(rf"[\"'`]{re.escape(name)}[\"'`]", code), name
