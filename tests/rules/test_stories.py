"""The three stories that say the reference is done, on the real content, through the
pages a visitor uses (the selector form, the search box, the links)."""

import re
from urllib.parse import urlencode

import pytest
from django.test import Client

from carcwiki.rules.models import Note, Section

from .conftest import page, section_anchors, text_of

pytestmark = pytest.mark.django_db


def choose(client: Client, next_url: str, **fields) -> str:
    """Tick ``fields`` in the selector and apply; the URL the visitor lands on."""
    response = client.post("/selection/", {"apply": "1", "next": next_url, **fields})
    assert response.status_code == 302
    return response.url


def search_form_fields(document: str) -> dict[str, str]:
    """The hidden fields of the search box in the page header."""
    form = document.split('<form class="header-search"', 1)[1].split("</form>", 1)[0]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form))


def search_hits(document: str) -> list[dict]:
    found = []
    for item in document.split('<li class="hit ')[1:]:
        item = item.split("</li>", 1)[0]
        if "hit--elsewhere" in item.split(">", 1)[0]:
            continue  # an answer outside the selection, offered apart
        found.append({
            "url": re.search(r'<h2 class="hit-title"><a href="([^"]+)"', item).group(1),
            "kind": item.split('"', 1)[0],
            "text": text_of(item),
        })
    return found


def test_a_c3_base_game_owner_searches_farm_and_finds_the_rules_with_sources(client):
    landing = choose(client, "/rules/", x=["farmers", "abbot", "river"], ed="c23", pref="c23")
    home = page(client, landing)
    assert "Your selection: Base game Editions C2+C3" in text_of(home)  # the whole box

    fields = search_form_fields(home)
    document = page(client, f"/search/?{urlencode({'q': 'farm', **fields})}")
    found = search_hits(document)
    assert found, "nothing found for farm"

    # The farm rules (a section or a note of the farmers page) come first, highlighted.
    assert "The farmers ›" in found[0]["text"]
    assert "<mark>farm" in document.lower()
    farm_sections = [hit for hit in found if hit["kind"].startswith("hit--section")
                     and hit["url"].startswith("/rules/farmers/")]
    assert len(farm_sections) >= 3

    # Their official clarifications, with the source's reference codes, dates or names.
    clarifications = [hit for hit in found if "note--clarification" in hit["kind"]]
    assert clarifications
    with_sources = [hit for hit in clarifications
                    if "Reference" in hit["text"] or "Source" in hit["text"]]
    assert with_sources
    # Each leads to its permalink, which shows the same source.
    note_url = with_sources[0]["url"].replace("&amp;", "&")
    assert note_url.startswith("/rules/notes/")
    slug = note_url.split("/")[3]
    note = Note.objects.get(slug=slug)
    permalink = text_of(page(client, note_url))
    for reference in note.references:
        assert reference in permalink
    if note.source:
        assert note.source in permalink

    # Nothing of the first edition only, which this player does not own.
    assert not any(hit["url"].startswith("/rules/first-edition/") for hit in found)
    c1_only = {f"/rules/{section.page.slug}/#{section.anchor}"
               for section in Section.objects.select_related("page") if section.editions == ["C1"]}
    assert not c1_only & {hit["url"].split("?")[0] + "#" + hit["url"].split("#")[-1]
                          for hit in found if "#" in hit["url"]}

    # The best farm section opens on its page, at its anchor.
    url = farm_sections[0]["url"].replace("&amp;", "&")
    anchor = url.split("#")[1]
    assert anchor in section_anchors(page(client, url.split("#")[0]))


def test_a_c1_player_sees_the_c1_rules_and_the_farm_scoring_history(client):
    choose(client, "/rules/", x=["farmers", "river"], ed="c1", pref="c1", mark="1")

    index = page(client, "/rules/")
    assert 'href="/rules/first-edition/"' in index
    assert 'href="/rules/farmers/"' in index
    shown, hidden = index.split('id="hidden-pages-title"', 1)
    assert 'href="/rules/abbot/"' not in shown  # no abbot in the first edition
    assert 'href="/rules/abbot/"' in hidden  # named among the hidden pages

    farmers = page(client, "/rules/farmers/")
    c1_sections = [section.anchor for section in Section.objects.filter(page__slug="farmers")
                   if section.editions == ["C1"]]
    history = [anchor for anchor in c1_sections if "history" in anchor]
    assert history, "the farmers page has a first-edition farm scoring history"
    shown = section_anchors(farmers)
    assert set(c1_sections) <= set(shown)
    history_html = farmers.split(f'<section id="{history[0]}"', 1)[1].split("</section>", 1)[0]
    assert "Adapted" not in history_html  # the player's own edition
    # Its clarifications are there too, and the words are the first edition's.
    for note in Note.objects.filter(section__page__slug="farmers", section__anchor=history[0]):
        assert f'id="note-{note.slug}"' in history_html
    text = text_of(farmers)
    assert "follower" in text.lower()

    first_edition = page(client, "/rules/first-edition/")
    expected = [section.anchor for section in Section.objects.filter(page__slug="first-edition")]
    assert section_anchors(first_edition) == expected

    # Rules of later editions only are left out.
    base = page(client, "/rules/base-game/")
    later_only = {section.anchor for section in Section.objects.filter(page__slug="base-game")
                  if section.editions and "C1" not in section.editions}
    assert later_only and not later_only & set(section_anchors(base))


def main_content(document: str) -> str:
    return document.split('<nav class="breadcrumbs"', 1)[1].split("</main>", 1)[0]


def test_a_link_to_a_selection_opens_the_same_view_for_a_friend(client):
    landing = choose(client, "/rules/farmers/", x=["farmers", "river", "inns-cathedrals"],
                     ed=["c1", "c23"], pref="c1", mark="1")
    mine = page(client, landing)
    share = re.search(
        r'<a class="share-link" href="([^"]+)" rel="nofollow">Link to this view', mine
    )
    link = share.group(1).replace("&amp;", "&")
    assert link.startswith("/rules/farmers/?x=")

    friend = Client()
    theirs = page(friend, link)
    assert main_content(theirs) == main_content(page(client, link))
    assert section_anchors(theirs) == section_anchors(mine)
    assert "Shared selection:" in theirs and "Keep this selection" in theirs
    assert "Your selection:" in mine

    # Browsing on from the shared page keeps the view: the index and a search.
    index_link = re.search(r'<nav class="breadcrumbs" aria-label="Breadcrumbs"><a href="([^"]+)"',
                           theirs).group(1).replace("&amp;", "&")
    assert index_link == "/rules/" + link[len("/rules/farmers/"):]
    assert page(friend, index_link).count('class="page-card"') == page(
        client, "/rules/").count('class="page-card"')

    # A search result page links the same way.
    my_search = page(client, f"/search/?q=farm&{link.split('?', 1)[1]}")
    search_link = re.search(r'<a class="share-link" href="([^"]+)"', my_search).group(1)
    their_search = page(friend, search_link.replace("&amp;", "&"))
    assert search_hits(their_search) == search_hits(my_search)
