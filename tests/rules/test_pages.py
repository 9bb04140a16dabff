"""The pages of the reference: index, rules pages with their table of contents and notes,
note permalinks, the glossary and its links from the text. Mostly on the small content
of conftest.py, then a sweep over the real content."""

import re
from unittest import mock

import pytest

from carcwiki.rules.models import GlossaryTerm, Note, RulesPage, Section
from carcwiki.rules.queries import selector_catalogue
from carcwiki.rules.selection import Selection
from carcwiki.rules.services import load_rules_content

from .conftest import SMALL_GLOSSARY, page, section_anchors, text_of

pytestmark = pytest.mark.django_db

GLOSSARY_LINK = re.compile(r'<a class="glossary-term" href="(/glossary/[^"#]*)#([^"]+)"')


# -- index ------------------------------------------------------------------------------------


def test_index_groups_pages_by_category(client, small_content):
    document = page(client, "/rules/")
    assert "<h2" in document and ">Base game</h2>" in document
    assert 'href="/rules/small-farms/"' in document
    assert "Where meeples lie down." in document  # the summary, worded
    assert "3 sections" in document


def test_index_leaves_out_pages_the_selection_does_not_use(client, small_content):
    document = page(client, "/rules/?x=river")
    shown, hidden = document.split('id="hidden-pages-title"', 1)
    assert 'href="/rules/small-farms/' not in shown
    assert "No rules page applies to this selection" in document
    # The hidden page is named, with one button adding what it is about.
    assert "Small farms Where meeples lie down. Add Farmers to my selection" in text_of(hidden)
    assert '<input type="hidden" name="add" value="farmers">' in hidden
    assert '<input type="hidden" name="next" value="/rules/">' in hidden


# -- a rules page -----------------------------------------------------------------------------


def test_page_has_a_table_of_contents_and_stable_anchors(client, small_content):
    document = page(client, "/rules/small-farms/?x=farmers,abbot")
    assert section_anchors(document) == ["placing", "history", "with-abbot"]
    toc = document.split('<nav class="toc"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'href="#([^"]+)"', toc) == ["placing", "history", "with-abbot"]
    assert '<h2 id="placing-title">Placing a farmer' in document
    assert 'class="anchor-link" href="#placing"' in document
    assert '<nav class="breadcrumbs"' in document


def test_notes_keep_their_kind_references_date_source_and_permalink(client, small_content):
    document = page(client, "/rules/small-farms/")
    clarification = document.split('id="note-small-farms-split"', 1)[1].split("</aside>", 1)[0]
    assert "note--clarification" in document.split('id="note-small-farms-split"', 1)[1][:60]
    assert "Official clarification" in clarification
    assert "Does a road split a field?" in clarification
    # Each code links to its own address, which lists or leads to the notes carrying it.
    assert (
        '<a class="reference-code" href="/rules/notes/WICA.0201.0001/"><code>WICA.0201.0001'
        '</code></a>, <a class="reference-code" href="/rules/notes/CAR.022/"><code>CAR.022'
        in clarification
    )
    assert "Date: 5/2013" in clarification and "Source: Georg Wild (HiG)" in clarification
    assert 'href="/rules/notes/small-farms-split/"' in clarification
    house_rule = document.split('id="note-small-farms-house"', 1)[1].split("</aside>", 1)[0]
    assert "House rule or variant" in house_rule and "Reference" not in house_rule
    # The four kinds differ by icon and label, not only by colour.
    assert house_rule.count('<svg class="note-icon"') == 1


def test_a_section_needing_two_expansions_shows_only_with_both(client, small_content):
    farmers_only = page(client, "/rules/small-farms/?x=farmers")
    assert "with-abbot" not in section_anchors(farmers_only)
    assert "1 section of this page does not apply to your selection" in text_of(farmers_only)
    both = page(client, "/rules/small-farms/?x=farmers,abbot")
    assert "with-abbot" in section_anchors(both)


def test_a_page_outside_the_selection_offers_to_add_it(client, small_content):
    document = page(client, "/rules/small-farms/?x=abbot&ed=c23")
    assert section_anchors(document) == []
    assert "This page is about Farmers, which is not in your selection" in text_of(document)
    form = document.split('<form class="add-form" method="post" action="/selection/">', 1)[1]
    form = form.split("</form>", 1)[0]
    assert 'name="csrfmiddlewaretoken"' in form
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    assert {key: fields[key] for key in ("add", "next", "x", "ed", "pref")} == {
        "add": "farmers", "next": "/rules/small-farms/", "x": "abbot", "ed": "c23",
        "pref": "c23",
    }
    assert "Add Farmers to my selection" in text_of(form)
    # One tap: the farmers join the shared selection, which is remembered, and the page
    # opens again with its rules.
    response = client.post("/selection/", fields)
    assert response.status_code == 302
    assert response["Location"] == "/rules/small-farms/?x=farmers,abbot&ed=c23&pref=c23"
    assert section_anchors(page(client, response["Location"])) == ["placing", "with-abbot"]
    assert client.session["rules_selection"] == "x=farmers,abbot&ed=c23&pref=c23"


def test_unknown_page_and_note_are_404(client, small_content):
    assert client.get("/rules/nowhere/").status_code == 404
    assert client.get("/rules/notes/nowhere/").status_code == 404


def test_links_keep_a_shared_selection_but_not_a_remembered_one(client, small_content):
    shared = page(client, "/rules/small-farms/?x=farmers&ed=c1")
    suffix = "?x=farmers&amp;ed=c1&amp;pref=c1"
    assert f'href="/rules/{suffix}"' in shared  # breadcrumbs
    assert f'href="/rules/notes/small-farms-split/{suffix}"' in shared
    assert f'href="/glossary/{suffix}#meeple"' in shared  # a link inside the stored body
    assert '<input type="hidden" name="x" value="farmers">' in shared  # the header search

    client.post("/selection/", {"apply": "1", "x": "farmers", "ed": "c1", "next": "/rules/"})
    remembered = page(client, "/rules/small-farms/")
    assert 'href="/rules/notes/small-farms-split/"' in remembered
    assert 'href="/glossary/#meeple"' in remembered


# -- rendering when saved ---------------------------------------------------------------------


def test_markdown_is_rendered_and_sanitised_when_saved_not_per_request(client, rules_dir):
    page_data = {
        "slug": "unsafe", "title": "Unsafe", "category": "base", "applies_to": ["base"],
        "sections": [{
            "anchor": "body", "title": "Body",
            "body": "Hi <script>alert(1)</script> [x](javascript:alert(2)) "
                    "<img src=x onerror=alert(3)> <b onclick=\"alert(4)\">bold</b>\n\n"
                    "| a | b |\n| - | - |\n| 1 | 2 |\n",
        }],
    }
    rules_dir.write("unsafe.yaml", page_data)
    load_rules_content(directory=rules_dir.path)
    stored = Section.objects.get(page__slug="unsafe").body_html
    for bad in ("<script", "javascript:", "onerror", "onclick", "<img"):
        assert bad not in stored
    assert "<b>bold</b>" in stored and "<table>" in stored

    with mock.patch("markdown.markdown", side_effect=AssertionError("rendered per request")), \
            mock.patch("nh3.clean", side_effect=AssertionError("sanitised per request")):
        document = page(client, "/rules/unsafe/")
    assert "<b>bold</b>" in document and "alert(1)" not in document


# -- note permalinks --------------------------------------------------------------------------


def test_note_permalink(client, small_content):
    document = page(client, "/rules/notes/small-farms-split/")
    assert "<title>Official clarification: Placing a farmer · carcwiki</title>" in document
    assert 'href="/rules/small-farms/#placing"' in document  # breadcrumb to the section
    assert 'href="/rules/small-farms/#note-small-farms-split"' in document
    assert "WICA.0201.0001" in document and "does not apply" not in document


def test_note_permalink_outside_the_selection_still_answers_with_a_warning(client, small_content):
    document = page(client, "/rules/notes/small-farms-split/?x=river")
    assert "This note does not apply to your current selection" in document
    assert "Does a road split a field?" in document


# -- glossary ---------------------------------------------------------------------------------


def test_glossary_lists_the_terms_alphabetically_with_anchors(client, small_content):
    document = page(client, "/glossary/")
    assert re.findall(r'class="glossary-entry[^"]*" id="([^"]+)"', document) == ["field", "meeple"]
    assert "also: farm" in document and 'href="#letter-F"' in document


def test_glossary_shows_only_terms_of_the_selection(client, rules_dir):
    rules_dir.write("glossary.yaml", [
        *SMALL_GLOSSARY,
        {"slug": "garden", "term": "Garden", "requires": ["abbot"], "definition": "Flowers."},
        {"slug": "thief", "term": "{{Highwayman}}", "editions": ["C1"], "definition": "Road."},
    ])
    load_rules_content(directory=rules_dir.path)
    everything = page(client, "/glossary/?x=base&ed=c1,c23&pref=c1")
    assert 'id="garden"' in everything and 'id="thief"' in everything
    assert "<dt>Thief" in everything  # worded for the preferred edition
    no_abbot = page(client, "/glossary/?x=farmers&ed=c23")
    assert 'id="garden"' not in no_abbot and 'id="thief"' not in no_abbot


def test_terms_are_linked_from_the_text_once_per_section(small_content):
    placing = Section.objects.get(anchor="placing").body_html
    links = GLOSSARY_LINK.findall(placing)
    assert [slug for _, slug in links] == ["meeple", "field"]  # {{meeple}} is found too
    assert "A <strong>field</strong> is green land." in placing  # the second stays plain


def test_links_to_terms_outside_the_selection_are_taken_out(client, rules_dir):
    glossary = [{**term, "editions": ["C2", "C3"]} if term["slug"] == "field" else term
                for term in SMALL_GLOSSARY]
    rules_dir.write("glossary.yaml", glossary)
    load_rules_content(directory=rules_dir.path)
    new = page(client, "/rules/small-farms/?x=farmers&ed=c23")
    assert {slug for _, slug in GLOSSARY_LINK.findall(new)} == {"field", "meeple"}
    first = page(client, "/rules/small-farms/?x=farmers&ed=c1")
    assert {slug for _, slug in GLOSSARY_LINK.findall(first)} == {"meeple"}
    assert "Lay a follower in a field." in text_of(first)


# -- the real content -------------------------------------------------------------------------

SELECTIONS = [
    "",
    "?x=&ed=c1&pref=c1&mark=1",
    "?x=base,river2,abbey-mayor,count-king-robber&ed=c1,c23&pref=c23&mark=1",
    "?x=farmers&ed=we&pref=we",
]


@pytest.mark.parametrize("selection", SELECTIONS)
def test_every_real_page_renders_and_its_glossary_links_land_on_a_term(client, selection):
    glossary = page(client, f"/glossary/{selection}")
    terms = set(re.findall(r'class="glossary-entry[^"]*" id="([^"]+)"', glossary))
    assert terms
    for rules_page in RulesPage.objects.all():
        document = page(client, f"{rules_page.get_absolute_url()}{selection}")
        anchors = section_anchors(document)
        toc = re.findall(r'<li><a href="#([^"]+)">', document)
        assert toc == anchors
        missing = {slug for _, slug in GLOSSARY_LINK.findall(document)} - terms
        assert not missing, (rules_page.slug, missing)
        assert "{{" not in document


def test_every_real_note_has_a_working_permalink(client):
    slugs = list(Note.objects.values_list("slug", flat=True))
    assert len(slugs) > 50
    for slug in slugs:
        response = client.get(f"/rules/notes/{slug}/")
        assert response.status_code == 200, slug


def test_the_real_glossary_shows_the_terms_of_the_default_selection(client):
    document = page(client, "/glossary/")
    default = Selection.default(catalogue=selector_catalogue())
    shown = [term for term in GlossaryTerm.objects.all()
             if default.allows(term.requires, term.editions)]
    assert document.count('class="glossary-entry') == len(shown) > 10
