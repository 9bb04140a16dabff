"""Every code has an address, and the home page leads somewhere (issue 32): /rules/<code>/
answers or redirects for good for every expansion and part code of the catalogue, and a
rules link on the home page shows that page's rules to a visitor who has chosen nothing."""

import re

import pytest

from carcwiki.catalogue.models import Expansion, Part
from carcwiki.rules.models import RulesPage

from .conftest import page, text_of

pytestmark = pytest.mark.django_db


def catalogue_codes() -> list[str]:
    return sorted({*Expansion.objects.values_list("code", flat=True),
                   *Part.objects.values_list("code", flat=True)})


def test_every_catalogue_code_answers_or_redirects_permanently(client):
    codes = catalogue_codes()
    assert len(codes) >= 40
    slugs = set(RulesPage.objects.values_list("slug", flat=True))
    for code in codes:
        response = client.get(f"/rules/{code}/")
        if code in slugs:
            assert response.status_code == 200, code
            continue
        assert response.status_code == 301, (code, response.status_code)
        target = response.url
        assert target.startswith("/rules/") and client.get(target).status_code == 200, code


@pytest.mark.parametrize(("code", "target"), [
    ("base", "/rules/base-game/"),
    ("river2", "/rules/river/"),
    ("river-20th", "/rules/river/"),
    ("inns", "/rules/inns-cathedrals/"),
    ("dragon", "/rules/princess-dragon/"),
])
def test_a_code_leads_to_the_page_about_it_keeping_the_shared_selection(client, code, target):
    response = client.get(f"/rules/{code}/")
    assert (response.status_code, response.url) == (301, target)
    shared = client.get(f"/rules/{code}/?x=tower&ed=c23&pref=c23")
    assert shared.url == f"{target}?x=tower&ed=c23&pref=c23"


def test_an_unknown_address_is_still_not_found(client):
    assert client.get("/rules/no-such-box/").status_code == 404


def test_a_new_visitor_follows_a_home_page_link_to_an_expansions_rules(client):
    """The default selection is the base game: the Catapult's link carries the base game
    plus the Catapult, and the page it opens shows the rules, not the "hidden" notice."""
    home = page(client, "/")
    site_map = home.split('id="site-map-title"', 1)[1]
    links = re.findall(r'<a href="([^"]+)"', site_map)
    catapult = next(link for link in links if link.startswith("/rules/catapult/"))
    assert catapult == "/rules/catapult/?x=farmers,abbot,river,catapult&amp;ed=c1,c23,we" \
                       "&amp;pref=c23&amp;mark=1"
    base_game = next(link for link in links if link.startswith("/rules/base-game/"))
    assert base_game == "/rules/base-game/"  # shown already: a plain address
    document = page(client, catapult.replace("&amp;", "&"))
    assert "so its rules are hidden" not in document
    assert 'id="catapult-round"' in document
    for rules_page in RulesPage.objects.all():
        link = next(link for link in links if link.split("?")[0] == rules_page.get_absolute_url())
        shown = page(client, link.replace("&amp;", "&"))
        assert "so its rules are hidden" not in text_of(shown), rules_page.slug
