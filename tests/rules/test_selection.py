"""The expansion selection: reading and writing the query string, what it selects, and
how the checks of content (``allows``, adaptations) answer. No database here: a small
catalogue stands in for the real one."""

import pytest
from django.http import QueryDict
from hypothesis import given
from hypothesis import strategies as st

from carcwiki.rules.selection import (
    CatalogueExpansion,
    CatalogueItem,
    Selection,
    SelectorCatalogue,
    edition_label,
)

ALL = frozenset({"C1", "C2", "C3", "WE"})


def item(code, *editions):
    name = code.replace("-", " ").title()
    return CatalogueItem(code=code, name=name, editions=frozenset(editions))


CATALOGUE = SelectorCatalogue(
    expansions=(
        CatalogueExpansion(
            code="base", name="Base game", editions=ALL, category="base",
            parts=(
                item("farmers", *ALL),
                item("abbot", "C2", "C3", "WE"),
                item("river", *ALL),
            ),
        ),
        CatalogueExpansion(
            code="inns-cathedrals", name="Inns & Cathedrals",
            editions=frozenset({"C1", "C2", "C3"}), category="major", number=1,
            parts=(
                item("inns", "C1", "C2", "C3"),
                item("cathedrals", "C1", "C2", "C3"),
                item("large-meeple", "C1", "C2", "C3"),
            ),
        ),
        CatalogueExpansion(
            code="tower", name="The Tower", editions=frozenset({"C1", "C2"}), category="major",
            number=4,
        ),
        CatalogueExpansion(
            code="catapult", name="The Catapult", editions=frozenset({"C1"}), category="major",
            number=7,
        ),
        CatalogueExpansion(
            code="big-top", name="Under the Big Top", editions=frozenset({"C2"}),
            category="major", number=10,
            parts=(item("circus", "C2"), item("acrobats", "C2")),
        ),
    )
)
CODES = [code for code in CATALOGUE.by_code]


def parse(query: str) -> Selection:
    return Selection.from_params(QueryDict(query), catalogue=CATALOGUE)


def test_default_is_the_base_game_with_its_parts_every_edition_and_marking():
    selection = Selection.default(catalogue=CATALOGUE)
    assert selection.codes == {"base", "farmers", "abbot", "river"}
    assert selection.editions == ALL
    assert (selection.preferred_edition, selection.mark_adaptations) == ("c23", True)
    assert selection.source == "default"
    assert selection.to_query_string() == "x=farmers,abbot,river&ed=c1,c23,we&pref=c23&mark=1"


def test_base_is_always_selected_and_an_empty_x_means_the_base_game_alone():
    assert parse("x=").codes == {"base"}
    assert parse("ed=c1").codes == {"base"}  # any key present: a form with nothing ticked
    assert parse("x=base").codes == {"base", "farmers", "abbot", "river"}


def test_an_expansion_code_selects_all_its_parts_and_stays_compact_in_links():
    selection = parse("x=inns-cathedrals")
    assert {"inns-cathedrals", "inns", "cathedrals", "large-meeple"} <= selection.codes
    assert selection.query_codes == ("inns-cathedrals",)


def test_a_part_alone_selects_that_part_and_counts_its_expansion_as_in_play():
    selection = parse("x=inns,cathedrals")
    assert selection.codes == {"base", "inns-cathedrals", "inns", "cathedrals"}
    assert selection.query_codes == ("inns", "cathedrals")
    # All parts named one by one collapse to the expansion code.
    assert parse("x=inns,cathedrals,large-meeple").query_codes == ("inns-cathedrals",)


def test_base_parts_are_always_listed_one_by_one():
    assert parse("x=base").query_codes == ("farmers", "abbot", "river")
    assert parse("x=river").query_codes == ("river",)


def test_repeated_keys_commas_case_and_unknown_codes():
    from_form = parse("x=tower&x=inns&x=FARMERS&x=dragons&x=")
    from_link = parse("x=tower,inns,farmers,dragons")
    assert from_form == from_link
    assert from_form.codes == {"base", "farmers", "tower", "inns-cathedrals", "inns"}


def test_edition_filters_drop_what_the_shown_editions_do_not_have():
    c1 = parse("x=base,tower,catapult,big-top&ed=c1")
    assert c1.editions == {"C1"}
    assert c1.codes == {"base", "farmers", "river", "tower", "catapult"}  # no abbot, big top
    new = parse("x=base,tower,catapult,big-top&ed=c23")
    assert new.editions == {"C2", "C3"}
    assert new.codes == {"base", "farmers", "abbot", "river", "tower", "big-top", "circus",
                         "acrobats"}
    assert parse("x=&ed=c1,c23").edition_groups == ("c1", "c23")


def test_unknown_editions_mean_all_and_the_preferred_edition_must_be_shown():
    assert parse("x=&ed=c9").editions == ALL
    assert parse("x=&ed=c1&pref=c23").preferred_edition == "c1"
    assert parse("x=&ed=c1,we&pref=we").preferred_edition == "we"
    assert parse("x=&pref=nonsense").preferred_edition == "c23"
    assert parse("x=&ed=we&pref=c1").preferred_edition == "we"


@pytest.mark.parametrize(("value", "expected"), [("1", True), ("on", True), ("", False),
                                                  ("0", False), ("maybe", False)])
def test_mark(value, expected):
    assert parse(f"x=&mark={value}").mark_adaptations is expected
    assert parse("x=").mark_adaptations is False


def test_no_selection_key_means_no_selection_in_the_query():
    assert Selection.from_query(QueryDict("q=farm&page=2"), catalogue=CATALOGUE) is None
    assert Selection.from_query(QueryDict("q=farm&pref=c1"), catalogue=CATALOGUE) is not None


@given(
    codes=st.lists(st.sampled_from([*CODES, "nonsense", "BASE"]), max_size=12),
    groups=st.lists(st.sampled_from(["c1", "c23", "we", "xx"]), max_size=3),
    preferred=st.sampled_from(["c1", "c23", "we", ""]),
    mark=st.booleans(),
)
def test_query_string_round_trip(codes, groups, preferred, mark):
    params = {"x": [",".join(codes)], "ed": [",".join(groups)], "pref": [preferred]}
    if mark:
        params["mark"] = ["1"]
    first = Selection.from_params(params, catalogue=CATALOGUE)
    again = parse(first.to_query_string())
    assert again == first
    assert again.to_query_string() == first.to_query_string()
    assert again.query_codes == first.query_codes


def test_allows_needs_every_required_code_and_one_shown_edition():
    selection = parse("x=farmers,tower&ed=c1,c23")
    assert selection.allows()
    assert selection.allows(["farmers"], ["C1"])
    assert selection.allows(["farmers", "tower"], [])
    assert not selection.allows(["farmers", "abbot"])  # "only when both" is in play
    assert not selection.allows([], ["WE"])
    assert selection.allows([], ["C3", "WE"])
    assert selection.applies_to_any(["abbot", "tower"])
    assert not selection.applies_to_any(["abbot", "river"])


def test_adaptations_are_content_of_other_editions_than_the_preferred_one():
    new = parse("x=&pref=c23")
    assert new.is_adaptation(["C1"])
    assert not new.is_adaptation(["C3"])
    assert not new.is_adaptation([])  # every edition
    first = parse("x=&pref=c1")
    assert first.is_adaptation(["C2", "C3"]) and not first.is_adaptation(["C1", "C2"])


def test_with_codes_keeps_the_preferences_and_can_show_one_more_edition():
    selection = parse("x=&ed=c23&pref=c23&mark=1")
    widened = selection.with_codes(["catapult", "tower"], show_group="c1")
    assert widened.edition_groups == ("c1", "c23")
    assert {"catapult", "tower"} <= widened.codes
    assert (widened.preferred_edition, widened.mark_adaptations) == ("c23", True)
    assert "catapult" not in selection.with_codes(["catapult"]).codes


def test_names_and_edition_labels_for_summaries():
    selection = parse("x=farmers,river,inns,tower&ed=c1,c23&pref=c1")
    assert selection.names() == [
        "Base game (Farmers, River)", "Inns & Cathedrals (Inns)", "The Tower",
    ]
    assert selection.edition_labels == [("C1", True), ("C2+C3", False)]
    assert edition_label(["C1", "C2", "C3"]) == "C1, C2+C3"


def test_link_suffix_only_for_a_selection_read_from_the_query():
    shared = parse("x=tower")
    assert shared.link_suffix == f"?{shared.to_query_string()}"
    assert Selection.default(catalogue=CATALOGUE).link_suffix == ""
