"""The selector page and the selection's life across requests: the plain form (shown by
GET, changing the selection only by POST), the
quick selections (bundles, editions, clear), the memory of the visitor's choice, and
the query string winning over it."""

import html
import re
from urllib.parse import urlsplit

import pytest
from django.http import QueryDict
from django.test import Client

from carcwiki.catalogue.models import Bundle, Expansion
from carcwiki.rules.models import RulesPage
from carcwiki.rules.queries import selector_catalogue
from carcwiki.rules.selection import SESSION_KEY, Selection

from .conftest import page, text_of

pytestmark = pytest.mark.django_db


def selection_in(url: str) -> Selection:
    """The selection a redirect target's query string describes."""
    return Selection.from_params(QueryDict(urlsplit(url).query), catalogue=selector_catalogue())


def test_the_form_works_without_javascript(client):
    document = page(client, "/selection/?next=/rules/farmers/")
    assert '<form class="selector" method="post" action="/selection/"' in document
    assert 'name="csrfmiddlewaretoken"' in document
    assert '<input type="hidden" name="next" value="/rules/farmers/">' in document
    assert 'name="apply"' in document
    # Every expansion, and every part of the base game, is a checkbox of the form.
    for code in Expansion.objects.exclude(code="base").values_list("code", flat=True):
        assert f'name="x" value="{code}"' in document
    for code in ("farmers", "abbot", "river"):
        assert f'name="x" value="{code}" data-part-of="base" checked' in document
    for group in ("c1", "c23", "we"):
        assert f'name="ed" value="{group}"' in document
        assert f'name="pref" value="{group}"' in document
    assert 'name="mark" value="1" checked' in document
    # Tabs by category, then the quick selections and the edition settings.
    for title in ("Major expansions", "Minor expansions", "Other expansions",
                  "Quick selections", "Editions"):
        assert f'<span class="tab-title">{title}</span>' in document


def test_the_form_shows_the_current_selection(client):
    document = page(client, "/selection/?x=inns,tower&ed=c1&pref=c1")
    assert 'value="tower" data-expansion-box checked' in document
    assert 'value="inns" data-part-of="inns-cathedrals" checked' in document
    assert 'value="cathedrals" data-part-of="inns-cathedrals">' in document
    assert 'value="inns-cathedrals" data-expansion-box data-partial' in document
    assert 'name="ed" value="c1" data-edition-filter checked' in document
    assert 'name="ed" value="c23" data-edition-filter>' in document
    assert 'name="pref" value="c1" data-preferred checked' in document
    assert 'name="mark" value="1">' in document  # no mark in the query: off


def test_applying_remembers_the_selection_and_returns_with_it_in_the_address(client):
    response = client.post(
        "/selection/", {"apply": "1", "x": ["tower", "farmers"], "ed": "c1", "pref": "c1",
                        "next": "/rules/farmers/"}
    )
    assert response.status_code == 302
    assert response.url == "/rules/farmers/?x=farmers,tower&ed=c1&pref=c1"
    assert client.session[SESSION_KEY] == "x=farmers,tower&ed=c1&pref=c1"

    # The next visit without a query string uses it.
    response = client.get("/rules/")
    chosen = response.context["selection"]
    assert (chosen.source, chosen.remembered) == ("session", True)
    assert chosen.codes == {"base", "farmers", "tower"}
    assert "Your selection: Base game (Farmers) · The Tower" in text_of(response.content.decode())
    # The page it came back to says it is the visitor's own, not a shared one.
    document = page(client, "/rules/farmers/?x=farmers,tower&ed=c1&pref=c1")
    assert "Your selection:" in document and "Keep this selection" not in document


def test_a_query_string_wins_over_the_remembered_selection_without_replacing_it(client):
    client.post("/selection/", {"apply": "1", "x": "tower", "next": "/rules/"})
    saved = client.session[SESSION_KEY]
    response = client.get("/rules/", {"x": "river", "ed": "c23"})
    shared = response.context["selection"]
    assert shared.source == "query" and not shared.remembered
    assert "tower" not in shared.codes and "river" in shared.codes
    document = response.content.decode()
    assert "Shared selection:" in document
    assert "Keep this selection" in document
    assert client.session[SESSION_KEY] == saved


def test_keep_this_selection_remembers_a_shared_one(client):
    document = page(client, "/rules/farmers/?x=farmers,tower&ed=c1&pref=c1")
    form = document.split('<form class="keep-form" method="post" action="/selection/">')[1]
    form = form.split("</form>", 1)[0]
    assert 'title="Remember this selection on this device">Keep this selection' in form
    fields = {
        name: html.unescape(value)
        for name, value in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form)
    }
    assert fields.pop("csrfmiddlewaretoken")
    response = client.post("/selection/", {**fields, "apply": "1"})
    assert response.status_code == 302
    assert response.url.startswith("/rules/farmers/?x=farmers,tower&ed=c1&pref=c1")
    assert client.session[SESSION_KEY] == "x=farmers,tower&ed=c1&pref=c1"


def test_a_get_never_changes_the_selection(client):
    """Crawlers follow links: an old ``apply=1`` link only shows the form, pre-ticked."""
    response = client.get("/selection/", {"apply": "1", "x": "tower", "next": "/rules/"})
    assert response.status_code == 200
    assert SESSION_KEY not in client.session
    assert 'value="tower" data-expansion-box checked' in response.content.decode()
    assert client.get("/selection/", {"add": "tower"}).status_code == 200
    assert SESSION_KEY not in client.session


def test_links_to_the_selector_are_not_followed_by_crawlers(client):
    document = page(client, "/rules/farmers/?x=farmers&ed=c1")
    links = re.findall(r'<a [^>]*href="/selection/[^"]*"[^>]*>', document)
    assert links and all('rel="nofollow"' in link for link in links)


def test_robots_txt_keeps_crawlers_out_of_state_and_private_pages(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    rules = [line for line in response.content.decode().splitlines()
             if line and not line.startswith("#")]
    assert rules == ["User-agent: *", "Disallow: /selection/", "Disallow: /api/score/",
                     "Disallow: /admin/", "Disallow: /board/*/", "Allow: /board/$"]


def test_one_tap_adds_an_expansion_to_the_remembered_selection(client):
    client.post("/selection/", {"apply": "1", "x": "farmers", "ed": "c23", "next": "/"})
    response = client.post("/selection/", {"add": "inns-cathedrals", "next": "/rules/"})
    assert response.status_code == 302
    assert response.url == "/rules/?x=farmers,inns-cathedrals&ed=c23&pref=c23"
    assert client.session[SESSION_KEY] == "x=farmers,inns-cathedrals&ed=c23&pref=c23"


def test_adding_an_expansion_of_a_hidden_edition_shows_that_edition(client):
    # The Tower is a C1/C2 expansion: with only C2+C3... shown it is offered; with WE
    # only, adding it shows its editions' groups too.
    response = client.post(
        "/selection/", {"add": "tower", "x": "", "ed": "we", "pref": "we", "next": "/rules/"}
    )
    chosen = selection_in(response.url)
    assert "tower" in chosen.codes and "we" in chosen.edition_groups
    assert len(chosen.edition_groups) > 1


def test_a_ticked_expansion_without_a_page_says_so(client):
    """Without its rules page (removed here: every catalogue expansion now has one), Under
    the Big Top is marked in the selector, which says so once it is ticked."""
    RulesPage.objects.filter(slug="big-top").delete()
    covered = {code for codes in RulesPage.objects.values_list("applies_to", flat=True)
               for code in codes}
    assert "big-top" not in covered
    document = page(client, "/selection/?x=big-top")
    assert '<span class="no-page" id="no-page-big-top">no rules page yet</span>' in document
    assert 'id="no-page-inns-cathedrals"' not in document
    assert ("Your selection includes Under the Big Top, which has no rules page yet"
            in text_of(document))
    index = text_of(page(client, "/rules/?x=big-top"))
    assert ("No rules page here covers Under the Big Top yet, though it is in your selection."
            in index)


def test_the_memory_belongs_to_one_visitor(client):
    client.post("/selection/", {"apply": "1", "x": "tower", "ed": "c1", "next": "/rules/"})
    friend = Client()
    assert friend.get("/rules/").context["selection"].source == "default"


def test_going_back_keeps_other_query_parameters(client):
    response = client.post(
        "/selection/", {"apply": "1", "x": "tower", "next": "/search/?q=farm&x=old&ed=c1"}
    )
    assert response.url == "/search/?q=farm&x=tower&ed=c1,c23,we&pref=c23"


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/rules/",
                                    "javascript:alert(1)", ""])
def test_next_must_be_a_local_path(client, target):
    response = client.post("/selection/", {"apply": "1", "x": "", "next": target})
    assert response.url.startswith("/rules/?")


def bundle_codes(code: str) -> set[str]:
    bundle = Bundle.objects.get(code=code)
    return {*bundle.expansions.values_list("code", flat=True),
            *bundle.parts.values_list("code", flat=True)}


@pytest.mark.parametrize(("bundle", "group"), [("big-box-6", "c23"), ("big-box-7", "c23")])
def test_big_box_quick_selections(client, bundle, group):
    response = client.post(
        "/selection/", {"quick": f"bundle:{bundle}", "x": "catapult", "ed": "c1",
                        "pref": "c1", "next": "/rules/"}
    )
    assert response.status_code == 302 and response.url.startswith("/selection/?")
    chosen = selection_in(response.url)
    includes = bundle_codes(bundle)
    assert {"inns-cathedrals", "traders-builders"} <= includes
    assert includes - {"base"} <= chosen.codes
    assert {"farmers", "abbot", "river"} <= chosen.codes  # "base" brings its parts
    assert "catapult" not in chosen.codes  # replaced, not added
    assert group in chosen.edition_groups  # the box's edition is shown
    assert chosen.preferred_edition == "c1"  # preferences are kept
    assert QueryDict(urlsplit(response.url).query)["next"] == "/rules/"
    # The form then shows the bundle ticked, ready to apply.
    document = page(client, response.url)
    assert 'value="traders-builders" data-expansion-box checked' in document


@pytest.mark.parametrize(("group", "editions"), [("c1", {"C1"}), ("c23", {"C2", "C3"}),
                                                 ("we", {"WE"})])
def test_all_of_an_edition(client, group, editions):
    response = client.post("/selection/", {"quick": f"edition:{group}", "x": "", "ed": "c1"})
    chosen = selection_in(response.url)
    assert group in chosen.edition_groups
    expected = {
        code
        for code, edition in Expansion.objects.values_list("code", "editions__code")
        if edition in editions
    }
    assert expected and expected <= chosen.codes
    in_other_editions_only = set(Expansion.objects.values_list("code", flat=True)) - {
        code for code, edition in Expansion.objects.values_list("code", "editions__code")
        if edition in editions
    }
    assert not (in_other_editions_only & chosen.codes)


def test_clear_all_select_all_and_default(client):
    cleared = selection_in(client.post("/selection/", {"quick": "clear", "x": "base,tower"}).url)
    assert cleared.codes == {"base"}
    everything = selection_in(client.post("/selection/", {"quick": "all", "ed": "c1"}).url)
    c1_codes = set(Expansion.objects.filter(editions__code="C1").values_list("code", flat=True))
    assert c1_codes <= everything.codes
    assert everything.edition_groups == ("c1",)
    default = selection_in(client.post("/selection/", {"quick": "default", "x": "tower"}).url)
    assert default.to_query_string() == "x=farmers,abbot,river&ed=c1,c23,we&pref=c23&mark=1"


def test_an_unknown_quick_selection_shows_the_form(client):
    response = client.post("/selection/", {"quick": "bundle:nope", "x": "tower"})
    assert response.status_code == 302 and response.url.startswith("/selection/?x=tower&")
    assert SESSION_KEY not in client.session


def test_quick_buttons_describe_what_they_select_for_the_script(client):
    document = page(client, "/selection/")
    for code in Bundle.objects.values_list("code", flat=True):
        assert f'value="bundle:{code}" data-quick-codes="' in document
    assert 'value="clear" data-quick-codes=""' in document
