"""The rules pages of Inns & Cathedrals and Traders & Builders, as loaded from
``fixtures/rules/``: they appear with their expansion (or any of its parts) and not
otherwise, carry the facts of the rules wiki and the seeds, and are linked from the
glossary, the scoring reference and the river page."""

import re
from collections import Counter

import pytest

from carcwiki.rules.models import GlossaryTerm, Note, RulesPage, Section

from .conftest import page, section_anchors, text_of

pytestmark = pytest.mark.django_db

INNS = "inns-cathedrals"
TRADERS = "traders-builders"
NOTE_KINDS = {"clarification", "interpretation", "difference", "house-rule"}


def section(page_slug: str, anchor: str) -> Section:
    return Section.objects.get(page__slug=page_slug, anchor=anchor)


def notes_of(page_slug: str):
    return Note.objects.filter(section__page__slug=page_slug)


def table_rows(markdown: str) -> list[list[str]]:
    """The cells of every Markdown table row of a body, header and rule rows left out."""
    rows = []
    for line in markdown.splitlines():
        if not line.strip().startswith("|") or set(line.strip()) <= {"|", "-", " "}:
            continue
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[1:] if rows else rows


def tile_rows(page_slug: str) -> list[list[str]]:
    return [row for row in table_rows(section(page_slug, "tiles").body) if row[1].isdigit()]


# -- the two pages and when they show -----------------------------------------------------


def test_both_pages_are_loaded_as_expansion_pages_for_every_part():
    inns = RulesPage.objects.get(slug=INNS)
    traders = RulesPage.objects.get(slug=TRADERS)
    assert inns.category == traders.category == "expansion"
    assert inns.applies_to == [
        "inns-cathedrals", "inns", "cathedrals", "large-meeple", "sixth-player", "point-tiles",
    ]
    assert traders.applies_to == ["traders-builders", "trade-goods", "builder", "pig"]


@pytest.mark.parametrize(
    ("slug", "selection", "expected"),
    [
        (INNS, "inns-cathedrals", {"inns", "cathedrals", "large-meeple", "point-tiles"}),
        (TRADERS, "traders-builders", {"trade-goods", "builder", "pig"}),
    ],
)
def test_a_page_shows_its_rules_when_its_expansion_is_selected(client, slug, selection,
                                                               expected):
    document = page(client, f"/rules/{slug}/?x={selection}")
    assert expected <= set(section_anchors(document))
    index = page(client, f"/rules/?x={selection}")
    assert f'href="/rules/{slug}/' in index


@pytest.mark.parametrize(("slug", "name"), [(INNS, "Inns"), (TRADERS, "Traders")])
def test_a_page_stays_closed_without_its_expansion(client, slug, name):
    document = page(client, f"/rules/{slug}/?x=farmers")
    assert section_anchors(document) == []
    text = text_of(document)
    assert "not in your selection, so its rules are hidden" in text
    assert f"This page is about {name}" in text
    index = page(client, "/rules/?x=farmers")
    shown = index.split('id="hidden-pages-title"', 1)[0]
    assert f'href="/rules/{slug}/' not in shown
    # Named among the hidden pages, with a button that adds it.
    assert f"Add {name}" in text_of(index.split('id="hidden-pages-title"', 1)[1])


def test_a_single_part_shows_only_its_own_rules(client):
    builder_only = set(section_anchors(page(client, f"/rules/{TRADERS}/?x=builder")))
    assert "builder" in builder_only
    assert {"pig", "trade-goods", "with-pig-herd"}.isdisjoint(builder_only)
    large_only = set(section_anchors(page(client, f"/rules/{INNS}/?x=large-meeple")))
    assert "large-meeple" in large_only
    assert {"inns", "cathedrals", "point-tiles"}.isdisjoint(large_only)


def test_interaction_sections_need_both_parts(client):
    assert section(TRADERS, "with-pig-herd").requires == ["pig", "river2"]
    assert section(INNS, "with-the-river").requires == ["inns", "river2"]
    without_river = set(section_anchors(page(client, f"/rules/{TRADERS}/?x=pig")))
    assert "with-pig-herd" not in without_river
    with_river = set(section_anchors(page(client, f"/rules/{TRADERS}/?x=pig,river2")))
    assert "with-pig-herd" in with_river


def test_garden_sections_are_new_edition_only():
    for slug in (INNS, TRADERS):
        garden = section(slug, "with-abbot")
        assert garden.editions == ["C2", "C3"] and garden.requires == ["abbot"]


# -- notes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", [INNS, TRADERS])
def test_every_note_has_a_known_kind_and_each_kind_is_present(slug):
    kinds = Counter(notes_of(slug).values_list("kind", flat=True))
    assert set(kinds) == NOTE_KINDS, kinds
    assert sum(kinds.values()) >= 15


@pytest.mark.parametrize("slug", [INNS, TRADERS])
def test_clarifications_with_a_question_and_notes_with_a_body(slug):
    for n in notes_of(slug):
        assert n.body.strip(), n.slug
        if n.question:
            assert n.kind == "clarification", n.slug


def test_notes_keep_the_references_the_source_gives():
    no_double_points = Note.objects.get(slug="inns-cathedrals-large-meeple-no-double-points")
    assert no_double_points.kind == "clarification"
    assert no_double_points.references == ["WICA.0201.0001", "CAR.021"]
    for slug in ["inns-cathedrals-bb6-pink-set", "inns-cathedrals-bb6-eight-point-tiles"]:
        n = Note.objects.get(slug=slug)
        assert (n.kind, n.references, n.editions) == ("difference", ["WICA.0201.0001"],
                                                     ["C2", "C3"])
    for n in Note.objects.filter(section__page__slug__in=[INNS, TRADERS]):
        for ref in n.references:
            assert re.fullmatch(r"WICA\.\d{4}\.\d{4}|CAR\.\d{3}", ref), (n.slug, ref)


def test_house_rules_credit_who_suggested_them():
    sources = set(
        notes_of(TRADERS).filter(kind="house-rule").values_list("source", flat=True)
    )
    assert {"DavidP and youtch", "dwhitworth", "Deatheux"} <= sources


def test_notes_tied_to_other_expansions_require_them():
    assert Note.objects.get(slug="inns-cathedrals-large-meeple-ransom").requires == [
        "large-meeple", "tower",
    ]
    assert Note.objects.get(slug="traders-builders-builder-abbey").requires == [
        "builder", "abbey",
    ]
    assert Note.objects.get(slug="traders-builders-goods-abbey").requires == [
        "trade-goods", "abbey",
    ]


def test_the_wiki_contradiction_on_the_pig_herd_and_the_barn_is_stated():
    n = Note.objects.get(slug="traders-builders-pig-herd-barn-contradiction")
    assert n.kind == "difference" and n.requires == ["pig", "river2", "barn"]
    assert "/rules/notes/river-pig-herd-and-barn/" in n.body


# -- facts ----------------------------------------------------------------------------------


def test_inn_scoring_2_a_tile_completed_and_0_incomplete():
    body = section(INNS, "inns").body
    assert "| with one or more inns | 2 per tile | 0 |" in body
    assert "| without an inn | 1 per tile | 1 per tile |" in body
    assert "is worth 10 points" in body  # five tiles with an inn


def test_cathedral_scoring_3_a_tile_and_pennant_completed_and_0_incomplete():
    body = section(INNS, "cathedrals").body
    assert "| with one or both cathedrals | 3 per tile + 3 per {{pennant}} | 0 |" in body
    assert "at least 5 tiles" in body and "at least 15 points" in body


def test_large_meeple_counts_two_but_never_doubles_points():
    body = section(INNS, "large-meeple").body
    assert "counts as **two** {{meeples}}" in body
    assert "does **not** give its owner more points" in body


def test_point_tiles_are_50_then_100():
    body = section(INNS, "point-tiles").body
    assert "showing **50**" in body and "shows **100**" in body


def test_inns_and_cathedrals_contents_per_edition():
    body = section(INNS, "components").body
    assert "**18 land tiles**" in body and "**6 inns**" in body and "**2 cathedrals**" in body
    assert "8 {{meeples}} and 1 abbot in pink" in body
    assert "8 grey {{meeples}}" in body  # the first edition's sixth colour
    assert "**6 point tiles**" in body


def test_tile_lists_add_up_to_18_and_24():
    inns = tile_rows(INNS)
    assert sum(int(row[1]) for row in inns) == 18 and len(inns) == 17
    assert dict((row[0], int(row[1])) for row in inns)["inns-K"] == 2
    traders = tile_rows(TRADERS)
    assert sum(int(row[1]) for row in traders) == 24 and len(traders) == 24


def test_goods_symbols_on_the_tiles_match_the_tokens():
    goods = Counter(row[3] for row in tile_rows(TRADERS))
    assert (goods["wine"], goods["grain"], goods["cloth"], goods["none"]) == (9, 6, 5, 4)
    components = section(TRADERS, "components").body
    assert "**9 wine, 6 grain and 5 cloth**" in components
    assert "**20 goods tokens**" in components


def test_goods_score_10_per_majority_with_ties():
    body = section(TRADERS, "trade-goods").body
    assert "**most wine tokens** scores **10 points**" in body
    assert "**each of them scores 10**" in body
    assert "**placed the tile that completed it**" in body


def test_builder_double_turn_without_a_chain():
    body = section(TRADERS, "builder").body
    assert "**double turn**" in body and "There is **no chain**" in body
    assert "**does not count** when the majority is decided" in body
    assert "never go on a monastery or a field" in body


def test_pig_adds_a_point_per_city_and_the_pig_herd_another():
    pig = section(TRADERS, "pig").body
    assert "**4 points instead of 3**" in pig
    assert "score 8 points (4 a city)" in pig and "scores 6" in pig
    assert "3 + 1 + 1 = **5 points**" in section(TRADERS, "with-pig-herd").body


# -- wording and links ------------------------------------------------------------------------


@pytest.mark.parametrize(("pref", "word"), [("c1", "large follower"), ("c23", "large meeple")])
def test_the_wording_follows_the_preferred_edition(client, pref, word):
    document = page(client, f"/rules/{INNS}/?x=inns-cathedrals&ed=c1,c23&pref={pref}")
    assert word in text_of(document).lower()
    assert "{{" not in document


def test_glossary_has_the_expansion_terms_with_their_parts():
    expected = {
        "inn": ["inns"], "cathedral": ["cathedrals"], "large-meeple": ["large-meeple"],
        "sixth-player": ["sixth-player"], "builder": ["builder"], "double-turn": ["builder"],
        "pig": ["pig"], "trade-goods": ["trade-goods"], "wine": ["trade-goods"],
        "grain": ["trade-goods"], "cloth": ["trade-goods"],
    }
    for slug, requires in expected.items():
        assert GlossaryTerm.objects.get(slug=slug).requires == requires, slug
    assert "big follower" in GlossaryTerm.objects.get(slug="large-meeple").aliases
    assert "wheat" in GlossaryTerm.objects.get(slug="grain").aliases


def test_glossary_shows_the_terms_only_with_their_part(client):
    with_pig = page(client, "/glossary/?x=pig")
    without = page(client, "/glossary/?x=farmers")
    assert 'id="pig"' in with_pig and 'id="pig"' not in without
    assert 'id="builder"' not in with_pig


def test_scoring_reference_and_river_page_link_to_the_new_pages():
    roads = section("scoring-reference", "roads").body
    cities = section("scoring-reference", "cities").body
    assert "/rules/inns-cathedrals/#inns" in roads
    assert "/rules/inns-cathedrals/#cathedrals" in cities
    assert "/rules/traders-builders/" in section("scoring-reference", "fields-and-gardens").body
    assert section("scoring-reference", "trade-goods").requires == ["traders-builders"]
    river = section("river", "river2-features").body
    assert "/rules/inns-cathedrals/#inns" in river
    assert "/rules/traders-builders/#with-pig-herd" in river


def test_every_note_of_the_two_pages_has_a_permalink(client):
    slugs = list(notes_of(INNS).values_list("slug", flat=True))
    slugs += list(notes_of(TRADERS).values_list("slug", flat=True))
    assert len(slugs) >= 30
    for slug in slugs:
        assert client.get(f"/rules/notes/{slug}/").status_code == 200, slug
