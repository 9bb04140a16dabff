"""Each tile type has a page of its own (picture, edges, features, copies per edition, the
rules that link to it), reached from the gallery and from the base game's tile reference;
``/tiles/<code>.svg?edition=C1`` draws a tile as the first edition prints it."""

import re

import pytest

from carcwiki.catalogue.models import TileType
from tests.rules.conftest import assert_valid_html, text_of

pytestmark = pytest.mark.django_db


def test_the_gallery_links_every_tile_to_its_page(client):
    document = client.get("/tiles/").content.decode()
    codes = list(TileType.objects.values_list("code", flat=True))
    links = set(re.findall(r'<h3 class="tile-code"><a href="/tiles/([^"/]+)/">', document))
    assert codes and links == set(codes)


def test_the_tile_reference_links_each_letter_to_its_page(client):
    document = client.get("/rules/base-game/?x=&ed=c1,c23,we&pref=c23").content.decode()
    reference = document.split('id="tile-reference"', 1)[1].split("</section>", 1)[0]
    letters = re.findall(r'<a href="/tiles/([A-X])/"[^>]*>\1</a>', reference)
    assert letters == [chr(code) for code in range(ord("A"), ord("X") + 1)]  # A…X, 24


def test_a_tile_page_shows_picture_features_copies_and_citing_rules(client):
    response = client.get("/tiles/D/")
    assert response.status_code == 200
    document = response.content.decode()
    assert_valid_html(document)
    assert '<img src="/tiles/D.svg"' in document
    text = text_of(document)
    assert "Tile D" in text and "The start tile is one of its copies." in text
    # D: city on the north, road from east to west, two fields (C2 reference picture).
    assert "City on the north" in text and "Road on the east and west" in text
    copies = document.split('class="tile-copies"', 1)[1].split("</table>", 1)[0]
    # the base game's tiles-base.yaml: D has 4 copies in C1, C2 and C3 alike.
    assert re.findall(r"<td>(\d+)</td>", copies) == ["4", "4", "4"]
    assert "The base game › Tile reference (C2)" in text
    assert 'href="/rules/base-game/#tile-reference"' in document


def test_a_tile_page_shows_the_first_edition_picture_when_it_differs(client):
    document = client.get("/tiles/inns-B/").content.decode()
    assert "Garden (C2, C3 only)" in text_of(document)
    assert '<img src="/tiles/inns-B.svg?edition=C1"' in document
    # D is printed alike in every edition: one picture.
    assert "?edition=" not in client.get("/tiles/D/").content.decode()


def test_an_unknown_tile_page_is_404(client):
    assert client.get("/tiles/nope/").status_code == 404


def test_the_c1_picture_has_no_garden(client):
    later = client.get("/tiles/inns-B.svg?edition=C2").content.decode()
    first = client.get("/tiles/inns-B.svg?edition=C1").content.decode()
    plain = client.get("/tiles/inns-B.svg").content.decode()
    assert 'data-kind="garden"' in later and 'data-kind="garden"' in plain
    assert 'data-kind="garden"' not in first
    assert 'data-kind="road"' in first
    assert client.get("/tiles/inns-B.svg?edition=c1").content.decode() == first


def test_an_edition_without_the_tile_is_refused_with_a_sentence(client):
    response = client.get("/tiles/E-garden.svg?edition=C1")
    assert response.status_code == 400
    assert response.content.decode() == (
        "Tile E-garden has no copy in edition 'C1'; it is printed in C2, C3."
    )
    assert client.get("/tiles/D.svg?edition=Z9").status_code == 400
