"""The Ghosts, Castles & Cemeteries page gives the expansion's own order of play (issue 29):
the ghosts come in after the tile and before the meeple, and the printed ghosts of the
cooperative game do not count. Source: the rules wiki's page (its order of play)."""

import pytest

from .conftest import page, text_of

pytestmark = pytest.mark.django_db

SELECTION = "/rules/ghosts-castles-cemeteries/?x=ghosts-castles-cemeteries&ed=C3"


def test_the_ghosts_come_between_the_tile_and_the_meeple(client):
    text = text_of(page(client, SELECTION))
    tile = text.index("Lay the tile")
    ghosts = text.index("The ghosts printed in the mist do not matter here")
    meeple = text.index("only then may you put one of your meeples on the tile")
    assert tile < ghosts < meeple
    assert "the haunting happens in step 2" in text
    assert "Source: wikicarpedia, Ghosts, Castles and Cemeteries (order of play)" in text


def test_the_cooperative_count_is_not_given_as_the_expansions_rule(client):
    text = text_of(page(client, SELECTION))
    assert "counted as in the cooperative game's first level" not in text
    assert "Do not count ghosts as in the cooperative game" in text


def test_the_page_says_why_the_calculator_cannot_take_its_tiles(client):
    text = text_of(page(client, SELECTION))
    assert ("The calculator cannot take this expansion's tiles yet: no source carcwiki could "
            "read gives the edges and features of its 60 tiles") in text
