"""The real rules content of ``fixtures/rules/*.yaml``, as loaded by the session fixture.

These tests check facts of the seeds that the content must carry: every reference code,
the four kinds of note, edition- and expansion-specific sections, the river variants, the
house rules, the numbers of the tile lists, the glossary, and that every wording token and
internal link resolves.
"""

import re
from collections import Counter
from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from carcwiki.catalogue.models import TileType
from carcwiki.rules.models import GlossaryTerm, Note, RulesPage, Section
from carcwiki.rules.wording import TOKEN_PATTERN, apply_wording

pytestmark = pytest.mark.django_db

#: Every reference code the seeds give (000: footnotes, differences and interactions).
SEED_REFERENCE_CODES = [
    "WICA.0201.0001",
    "CAR.004",
    "CAR.005",
    "CAR.006",
    "CAR.008",
    "CAR.009",
    "CAR.010",
    "CAR.011",
    "CAR.020",
    "CAR.021",
    "CAR.022",
    "CAR.028",
]

#: The kind the seeds mark each coded footnote with (by its CAR code).
KIND_BY_CODE = {
    "CAR.004": "interpretation",
    "CAR.005": "house-rule",
    "CAR.006": "house-rule",
    "CAR.008": "clarification",
    "CAR.009": "clarification",
    "CAR.010": "clarification",
    "CAR.011": "house-rule",
    "CAR.020": "interpretation",
    "CAR.021": "clarification",
    "CAR.028": "difference",
}


def section(page: str, anchor: str) -> Section:
    return Section.objects.get(page__slug=page, anchor=anchor)


def note(slug: str) -> Note:
    return Note.objects.get(slug=slug)


def table_counts(markdown: str, column: int) -> list[int]:
    """The integers in one column of the Markdown table(s) of a body."""
    counts = []
    for line in markdown.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) > column and cells[column].isdigit():
            counts.append(int(cells[column]))
    return counts


# -- pages and reference codes ------------------------------------------------------------


def test_all_rules_pages_are_loaded():
    assert set(RulesPage.objects.values_list("slug", flat=True)) >= {
        "base-game", "first-edition", "farmers", "abbot", "river", "scoring-reference",
    }
    assert RulesPage.objects.get(slug="farmers").applies_to == ["farmers"]
    assert RulesPage.objects.get(slug="abbot").applies_to == ["abbot"]
    assert set(RulesPage.objects.get(slug="river").applies_to) == {"river", "river2", "river-20th"}


@pytest.mark.parametrize("code", SEED_REFERENCE_CODES)
def test_every_seed_reference_code_is_on_a_note(code):
    assert any(code in refs for refs in Note.objects.values_list("references", flat=True)), code


@pytest.mark.parametrize(("code", "kind"), sorted(KIND_BY_CODE.items()))
def test_coded_notes_keep_the_kind_the_seed_gives(code, kind):
    notes = [n for n in Note.objects.all() if code in n.references]
    assert notes, code
    assert kind in {n.kind for n in notes}, (code, [(n.slug, n.kind) for n in notes])


def test_every_coded_note_also_names_the_page_reference():
    for n in Note.objects.all():
        if any(ref.startswith("CAR.") for ref in n.references):
            assert "WICA.0201.0001" in n.references, n.slug


def test_reference_codes_are_well_formed():
    pattern = re.compile(r"^(WICA\.\d{4}\.\d{4}|CAR\.\d{3})$")
    for n in Note.objects.all():
        for ref in n.references:
            assert pattern.match(ref), (n.slug, ref)


def test_dated_clarifications_keep_their_dates():
    assert note("base-car-010").date == "1/2013"
    assert note("base-car-004").date == "5/2013"
    assert note("farmers-return-exceptions").date == "12/2014"
    assert note("farmers-never-completed").date == "1/2021"
    assert note("river-splits-fields").date == "08/2014"
    assert note("river-city-bridge").date == "1/2013"
    assert note("river-c1-start-tile").date == "3/2015"
    assert note("abbot-gardens-not-monasteries").date == "10/2018"
    assert note("abbot-portal-and-flier").date == "3/2015"
    assert note("abbot-big-box-6-flier-omission").date == "01/2019"
    assert note("abbot-recall-before-complete").date == "11/2020"
    assert note("abbot-recall-timing").date.startswith("3/2015")
    assert "10/2024" in note("abbot-recall-timing").date
    assert note("abbot-no-other-placement").date.startswith("12/2014")


# -- the four kinds of note ---------------------------------------------------------------


def test_each_of_the_four_note_kinds_is_well_represented():
    kinds = Counter(Note.objects.values_list("kind", flat=True))
    assert set(kinds) == {"clarification", "interpretation", "difference", "house-rule"}
    assert all(count >= 10 for count in kinds.values()), kinds


def test_clarifications_carry_questions_where_the_publisher_answered_one():
    for slug in [
        "base-too-few-meeples", "base-road-into-nothing", "base-road-junctions",
        "base-corner-not-connected", "base-second-meeple-small-city",
        "base-final-scoring-incomplete", "farmers-field-around-monastery",
        "farmers-incomplete-fields", "farmers-closed-field-no-cities",
        "farmers-count-cities-in-field", "farmers-first-edition-farm-rule",
        "river-u-turn-rule", "river-pig-herd-and-barn",
    ]:
        n = note(slug)
        assert n.kind == "clarification" and n.question.strip(), slug


def test_use_of_a_table_is_georg_wilds_answers_of_5_2013():
    notes = section("base-game", "use-of-a-table").notes.filter(kind="clarification")
    assert notes.count() == 6
    assert {(n.date, n.source) for n in notes} == {("5/2013", "Georg Wild (HiG)")}


def test_base_game_house_rules_credit_every_contributor():
    sources = " ".join(
        Note.objects.filter(section__page__slug="base-game", kind="house-rule")
        .values_list("source", flat=True)
    )
    for name in ["Joff", "michael", "DavidP", "youtch", "dwhitworth", "Tobias", "Deatheux",
                 "viberunner", "metoth", "SkullOne", "PreGy", "Carcking"]:
        assert name in sources, name
    assert Note.objects.filter(section__page__slug="base-game", kind="house-rule").count() >= 15


def test_river_house_rules_are_split_between_the_two_rivers():
    house = Note.objects.filter(section__page__slug="river", kind="house-rule")
    assert house.count() == 10
    assert sum("river2" in n.requires for n in house) == 5
    assert note("river-ii-house-two-springs-one-lake").requires == ["river", "river2"]


# -- editions and expansion requirements --------------------------------------------------


def test_first_edition_page_is_first_edition_only():
    sections = Section.objects.filter(page__slug="first-edition")
    assert sections.count() >= 8
    assert all(s.editions == ["C1"] for s in sections)
    assert {"small-city", "scoreboard", "tile-distribution"} <= {s.anchor for s in sections}


def test_farm_scoring_history_exists_only_for_the_first_edition():
    history = section("farmers", "farm-scoring-history")
    assert history.editions == ["C1"]
    assert "4 points" in history.body and "third edition" in history.body.lower()
    assert Section.objects.filter(anchor="farm-scoring-history").count() == 1
    assert note("farmers-first-edition-farm-rule").editions == ["C1"]


def test_small_city_rule_gives_the_old_and_new_values():
    body = section("first-edition", "small-city").body
    assert "**2 points**" in body and "**1 point**" in body


def test_abbot_and_gardens_are_new_edition_only():
    assert all(
        s.editions == ["C2", "C3"] for s in Section.objects.filter(page__slug="abbot")
    )
    assert GlossaryTerm.objects.get(slug="garden").editions == ["C2", "C3"]
    assert GlossaryTerm.objects.get(slug="abbot").editions == ["C2", "C3"]


def test_big_box_6_and_c2_tile_reference_are_new_edition_only():
    assert section("base-game", "big-box-6").editions == ["C2", "C3"]
    assert section("base-game", "tile-reference").editions == ["C2", "C3"]
    for slug in ["base-tile-count-84", "base-sixth-player-pink", "base-bb6-point-tiles-setup",
                 "base-bb6-point-tiles-scoring", "base-bb6-place-score-return"]:
        assert note(slug).editions == ["C2", "C3"], slug


def test_interactions_carry_their_requirements():
    assert section("river", "river-and-abbot").requires == ["river", "abbot"]
    assert section("river", "combining-rivers").requires == ["river", "river2"]
    assert section("river", "river-and-count").requires == ["count"]
    assert note("abbot-not-on-tower").requires == ["tower"]
    assert note("abbot-big-box-6-flier-omission").requires == ["flier"]
    assert note("base-car-010").requires == ["abbey"]
    assert note("river-pig-herd-and-barn").requires == ["river2", "barn"]


# -- the river variants -------------------------------------------------------------------


def test_a_setup_section_exists_for_every_river_variant():
    assert section("river", "setup-river").requires == ["river"]
    assert section("river", "setup-river2").requires == ["river2"]
    assert section("river", "setup-river-20th").requires == ["river-20th"]
    c3 = section("river", "setup-river-c3")
    assert c3.editions == ["C3"] and c3.requires == ["river"]


def test_river_contents_give_the_tile_counts_of_each_set():
    body = section("river", "contents").body
    rows = {
        cells[0]: cells[1]
        for cells in (
            [c.strip() for c in line.strip().strip("|").split("|")] for line in body.splitlines()
        )
        if len(cells) >= 2
    }
    assert rows["The River"] == "12"
    assert rows["The River II"] == "12"
    assert rows["20th Anniversary River"].startswith("17")
    assert rows["The River C3"] == "12"
    assert rows["CutCassonne"] == "3"


def test_river_placement_and_volcano_rules():
    placing = section("river", "placing-river-tiles").body
    assert "U-turn" in placing and "two open ends" in placing
    volcano = section("river", "river2-features").body
    assert "another turn" in volcano
    assert "two squares" in section("river", "setup-river-20th").body


# -- numbers of the base game -------------------------------------------------------------


def test_c2_tile_reference_adds_up_to_72_tiles_of_24_kinds():
    counts = table_counts(section("base-game", "tile-reference").body, column=1)
    assert len(counts) == 24 and sum(counts) == 72
    assert counts[20:22] == [8, 9]  # U straight roads, V curves


def test_c1_tile_distribution_adds_up_to_72_tiles():
    counts = table_counts(section("first-edition", "tile-distribution").body, column=1)
    assert len(counts) == 24 and sum(counts) == 72
    assert sorted(counts, reverse=True)[:3] == [9, 8, 5]


def test_scoring_values_of_the_base_game():
    table = section("base-game", "scoring").body
    assert "1 per tile" in table and "2 per tile + 2 per {{pennant}}" in table
    final = section("base-game", "final-scoring").body
    assert "1 point for each tile and for each {{pennant}}" in final
    farms = section("farmers", "final-farm-scoring").body
    assert "**3 points**" in farms


def test_big_box_6_table_keeps_the_numbers():
    body = section("base-game", "big-box-6").body
    for fact in ["84 (72 + 12)", "5 × 8", "6 × 8", "8 tiles", "6 of them"]:
        assert fact in body, fact


def test_scoring_reference_gates_expansion_sections():
    gated = {
        s.anchor: s.requires
        for s in Section.objects.filter(page__slug="scoring-reference").exclude(requires=[])
    }
    assert gated["ghosts"] == ["ghosts"]
    assert gated["wheel-of-fortune"] == ["wheel-of-fortune"]
    assert gated["messages"] == ["messages"]
    assert gated["fairy"] == ["fairy"]
    assert gated["big-top"] == ["big-top"]
    assert len(gated) >= 15
    base = section("scoring-reference", "base-values").body
    assert "3 per completed city" in base and "9 (its tile and the 8 around it)" in base


# -- glossary -----------------------------------------------------------------------------


def test_glossary_has_the_words_of_the_game():
    slugs = set(GlossaryTerm.objects.values_list("slug", flat=True))
    assert slugs >= {
        "meeple", "feature", "highwayman", "knight", "monk", "farmer", "pennant", "field",
        "city", "road", "monastery", "village", "abbot", "garden", "river", "point-tile",
        "scoreboard", "majority",
    }


@pytest.mark.parametrize(
    ("slug", "alias"),
    [("meeple", "follower"), ("highwayman", "thief"), ("pennant", "coat of arms"),
     ("monastery", "cloister"), ("field", "farm"), ("village", "crossing")],
)
def test_glossary_knows_the_first_edition_words(slug, alias):
    assert alias in GlossaryTerm.objects.get(slug=slug).aliases


# -- wording tokens and links -------------------------------------------------------------


def _stored_html():
    for s in Section.objects.all():
        yield f"section {s.page.slug}#{s.anchor}", s.body_html
    for n in Note.objects.all():
        yield f"note {n.slug}", n.question_html + n.body_html
    for t in GlossaryTerm.objects.all():
        yield f"term {t.slug}", t.definition_html


@pytest.mark.parametrize("group", ["c1", "c23", "we"])
def test_no_wording_token_is_left_after_substitution(group):
    for where, fragment in _stored_html():
        shown = apply_wording(fragment, edition_group=group)
        assert not TOKEN_PATTERN.search(shown), (where, TOKEN_PATTERN.findall(shown))
        assert "{{" not in shown and "}}" not in shown, where


def test_content_uses_tokens_instead_of_edition_words():
    """Outside the first edition's own pages and the glossary, the edition-dependent words
    are always written as tokens."""
    words = re.compile(r"\b(followers?|thie(f|ves)|highwaym[ae]n|coats? of arms)\b", re.I)
    for s in Section.objects.exclude(page__slug="first-edition"):
        assert not words.search(TOKEN_PATTERN.sub("", s.body)), (s.anchor, s.page.slug)
    for n in Note.objects.exclude(section__page__slug="first-edition"):
        text = TOKEN_PATTERN.sub("", n.question + n.body)
        assert not words.search(text), n.slug


@pytest.mark.parametrize("pref", ["c1", "c23"])
def test_rendered_pages_show_no_tokens(client, pref):
    codes = set()
    for page in RulesPage.objects.all():
        codes.update(page.applies_to)
    for s in Section.objects.all():
        codes.update(s.requires)
    for n in Note.objects.all():
        codes.update(n.requires)
    query = f"?x={','.join(sorted(codes))}&ed=c1,c23,we&pref={pref}"
    urls = [reverse("rules:page", kwargs={"slug": slug})
            for slug in RulesPage.objects.values_list("slug", flat=True)]
    urls += [reverse("rules:glossary"), reverse("rules:index")]
    urls += [reverse("rules:note", kwargs={"key": slug}) for slug in
             ["base-car-028", "farmers-first-edition-farm-rule", "river-u-turn-rule"]]
    for url in urls:
        response = client.get(url + query)
        assert response.status_code == 200, url
        content = response.content.decode()
        assert not TOKEN_PATTERN.search(content), (url, TOKEN_PATTERN.findall(content)[:5])
    page = client.get(reverse("rules:page", kwargs={"slug": "base-game"}) + query)
    text = page.content.decode()
    if pref == "c1":
        assert "follower" in text and "thief" in text
    else:
        assert "meeple" in text and "highwayman" in text and "coat of arms" in text


def test_internal_links_point_at_existing_pages_anchors_and_notes():
    anchors = {
        slug: set(Section.objects.filter(page__slug=slug).values_list("anchor", flat=True))
        for slug in RulesPage.objects.values_list("slug", flat=True)
    }
    notes = set(Note.objects.values_list("slug", flat=True))
    tiles = set(TileType.objects.values_list("code", flat=True))
    href = re.compile(r'href="([^"]+)"')

    def check(where, page_slug, fragment):
        for link in href.findall(fragment):
            if link.startswith(("http://", "https://", "mailto:")):
                continue
            parts = urlsplit(link)
            path = parts.path
            if not path:
                assert page_slug and parts.fragment in anchors[page_slug], (where, link)
                continue
            if path.startswith("/rules/notes/"):
                assert path.split("/")[3] in notes, (where, link)
            elif path.startswith("/tiles/"):
                assert path.split("/")[2] in tiles and path.count("/") == 3, (where, link)
            elif path.startswith("/rules/"):
                target = path.split("/")[2]
                assert target in anchors, (where, link)
                if parts.fragment:
                    assert parts.fragment in anchors[target], (where, link)
            else:
                assert path in {"/glossary/", "/search/"}, (where, link)

    for s in Section.objects.select_related("page"):
        check(f"{s.page.slug}#{s.anchor}", s.page.slug, s.body_html)
    for n in Note.objects.select_related("section__page"):
        check(n.slug, n.section.page.slug, n.body_html)
    for t in GlossaryTerm.objects.all():
        check(t.slug, None, t.definition_html)
