"""The engine's rules document (``rules_document``): what a set of codes puts in play, as
JSON, read by the builder's page, the API schema and the board format's page."""

import json

from scoring.engine import DEFAULT_REGISTRY, Edition, rules_document


def by_code(entries, key="code"):
    return {entry[key]: entry for entry in entries}


def test_inns_and_cathedrals_in_c3_bring_the_large_meeple_and_their_rule():
    document = rules_document(["farmers", "inns-cathedrals"], Edition.C3)
    assert document["listed"] == ["farmers", "inns-cathedrals"]
    assert [part["code"] for part in document["parts"]] == [
        "base", "farmers", "inns-cathedrals", "inns", "cathedrals", "large-meeple",
        "sixth-player", "point-tiles"]
    figures = by_code(document["figures"])
    assert list(figures) == ["meeple", "large"]
    large = figures["large"]
    # Counts twice in a majority, one a player, brought by its part; it is no other kind.
    assert (large["name"], large["strength"], large["limit"], large["part"]) == (
        "large meeple", 2, 1, "large-meeple")
    assert (large["counts_as"], large["follower"], large["shape"]) == (None, True, "standing")
    # On a farm only because the farmers are listed too.
    assert {p["feature"]: p["needs"] for p in large["placements"]} == {
        "road": [], "city": [], "monastery": [], "farm": ["farmers"]}
    options = by_code(document["options"], "name")
    assert options["incomplete_inns_cathedrals"]["parts"] == ["inns", "cathedrals"]
    assert options["incomplete_inns_cathedrals"]["default"] == "zero"
    assert "hill_tiebreak" not in options
    # Inns double a road: a detail of the roads' step, brought by the inns.
    (roads,) = [step for step in document["steps"] if step["code"] == "features-road"]
    assert [detail["part"] for detail in roads["details"]] == ["inns"]


def test_without_the_farmers_the_large_meeple_has_no_farm():
    large = by_code(rules_document(["inns-cathedrals"])["figures"])["large"]
    assert [p["feature"] for p in large["placements"]] == ["road", "city", "monastery"]


def test_an_edition_leaves_out_the_codes_it_does_not_have_and_keeps_its_words():
    c1 = rules_document(["farmers", "abbot"], Edition.C1)
    assert c1["listed"] == ["farmers"] and c1["edition"] == "C1"
    assert [kind["code"] for kind in c1["figures"]] == ["meeple"]
    assert list(c1["wording"]) == ["C1"]
    c3 = rules_document(["farmers", "abbot"], Edition.C3)
    abbot = by_code(c3["figures"])["abbot"]
    assert [p["feature"] for p in abbot["placements"]] == ["monastery", "garden"]
    assert abbot["shape"] == "robe"


def test_the_phantom_counts_as_a_meeple_and_takes_the_acrobat_space():
    document = rules_document(["phantom", "big-top"])
    assert by_code(document["figures"])["phantom"]["counts_as"] == "meeple"
    (space,) = document["spaces"]
    # The space names meeples only; the phantom stands there as one.
    assert (space["name"], space["holds"], space["kinds"], space["part"]) == (
        "acrobats", 3, ["meeple", "phantom"], "acrobats")


def test_neutral_figures_tokens_and_tile_states_name_their_part():
    document = rules_document(["princess-dragon", "count-king-robber", "ferries"])
    fairy = by_code(document["neutral"])["fairy"]
    assert fairy["part"] == "fairy" and fairy["limit"] == 1
    assert fairy["on_tile_rule"] == {"name": "fairy_placement", "value": "on-tile"}
    holds = by_code(document["tokens"], "name")["holds"]
    assert (holds["kinds"], holds["flags"], holds["in_all"], holds["part"]) == (
        ["king", "robber-baron"], True, 1, "king-robber-baron")
    ferry = by_code(document["tile_states"], "name")["ferry"]
    assert ferry["part"] == "ferries" and ferry["sides"] is True
    assert ferry["values"] == ["N-E", "N-S", "N-W", "E-S", "E-W", "S-W"]
    (large,) = document["large_tiles"]
    assert large["code"] == "city-of-carcassonne" and len(large["pieces"]) == 12


def test_error_codes_are_the_contracts_then_those_in_play():
    base = rules_document([])["error_codes"]
    river = rules_document(["river"])
    assert base[:3] == ["invalid_json", "invalid_type", "missing_field"]
    added = [code for code in river["error_codes"] if code not in base]
    # The river's layout rules' codes, and nothing else.
    assert sorted(added) == river["layout"]["codes"]
    assert sorted(added) == ["river_loop", "river_not_connected", "river_spring", "river_u_turn"]


def test_the_document_of_every_code_lists_every_registered_declaration():
    document = rules_document()
    assert [part["code"] for part in document["parts"]] == list(DEFAULT_REGISTRY.codes)
    kinds = {kind.code for code in DEFAULT_REGISTRY.codes
             for kind in DEFAULT_REGISTRY[code].figure_kinds}
    assert {kind["code"] for kind in document["figures"]} == kinds
    assert document["default_figure"] == "meeple"
    assert set(document["brings"]) == set(DEFAULT_REGISTRY.codes) - {"base"}
    assert document["brings"]["large-meeple"] == {
        "parts": ["base", "inns-cathedrals", "large-meeple"], "tiles": ["base", "inns-cathedrals"]}


def test_the_document_is_json_and_its_version_follows_its_content():
    document = rules_document(["tower"], Edition.C2)
    assert json.loads(json.dumps(document)) == document
    assert document["version"] == rules_document(("tower", "tower"), Edition.C2)["version"]
    assert document["version"] != rules_document(["tower"], Edition.C1)["version"]
    assert document["version"] != rules_document([], Edition.C2)["version"]
