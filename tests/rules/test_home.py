"""The home page: a search box where a player's first question starts, and a list of
everything the site covers (every rules page, the step-by-step pages, the calculator, the
tiles and the API)."""

import re

import pytest

from carcwiki.rules.models import RulesPage

from .conftest import page, text_of

pytestmark = pytest.mark.django_db


def test_the_home_page_searches_the_rules(client):
    document = page(client, "/")
    form = document.split('<form class="home-search"', 1)[1].split("</form>", 1)[0]
    assert 'action="/search/" method="get"' in form and 'name="q"' in form
    assert '<label for="home-q">Ask a rules question</label>' in form
    results = page(client, "/search/?q=farmer")
    assert "/rules/farmers/" in results


def test_the_home_page_lists_everything_the_site_covers(client):
    document = page(client, "/")
    site_map = document.split('id="site-map-title"', 1)[1]
    links = re.findall(r'<a href="([^"]+)"', site_map)
    pages = [rules_page.get_absolute_url() for rules_page in RulesPage.objects.all()]
    # A page the selection hides carries a selection that shows it (test_addresses.py).
    assert len(pages) >= 8 and set(pages) <= {link.split("?")[0] for link in links}
    for url in ("/rules/turn/", "/rules/final-scoring/", "/glossary/", "/board/", "/tiles/",
                "/api/docs/"):
        assert url in links, url
    text = text_of(site_map)
    assert "Inns & Cathedrals" in text and "Traders & Builders" in text
    assert "{{" not in site_map  # wording tokens are replaced
