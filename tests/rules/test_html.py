"""Every page of the reference is well-formed HTML (elements closed in order, no id used
twice), has one main heading and the phone viewport, on many selections, including
broken ones."""

import re

import pytest

from carcwiki.rules.models import Note, RulesPage

from .conftest import assert_valid_html

pytestmark = pytest.mark.django_db

SELECTIONS = [
    "",
    "x=",
    "x=base&ed=c1&pref=c1&mark=1",
    "x=base,river2,abbey-mayor,count-king-robber&ed=c1,c23&pref=c23&mark=1",
    "x=farmers,inns&ed=we&pref=we",
    "x=nonsense,,ABBOT&ed=zz&pref=&mark=yes%22%3E",
]


def urls() -> list[str]:
    pages = [page.get_absolute_url() for page in RulesPage.objects.all()]
    notes = [note.get_absolute_url() for note in Note.objects.order_by("slug")][::25]
    return [
        "/rules/", "/glossary/", "/selection/", "/selection/?next=/search/%3Fq%3Dfarm",
        "/search/?q=farm", "/search/?q=abb%C3%A9+%3Cb%3E", "/search/?q=", *pages, *notes,
    ]


@pytest.mark.parametrize("selection", SELECTIONS)
def test_pages_are_well_formed(client, selection):
    for url in urls():
        full = f"{url}{'&' if '?' in url else '?'}{selection}" if selection else url
        response = client.get(full)
        assert response.status_code == 200, full
        document = response.content.decode()
        try:
            assert_valid_html(document)
        except AssertionError as error:
            raise AssertionError(f"{full}: {error}") from None
        assert len(re.findall(r"<h1[ >]", document)) == 1, full
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in document
        assert '<html lang="en">' in document


def test_the_checker_catches_mistakes():
    with pytest.raises(AssertionError):
        assert_valid_html("<!doctype html><p><b>unclosed</p>")
    with pytest.raises(AssertionError):
        assert_valid_html('<!doctype html><p id="a"></p><p id="a"></p>')
