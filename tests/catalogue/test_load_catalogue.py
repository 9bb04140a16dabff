"""``load_catalogue`` is idempotent: a second run changes nothing."""

import pytest
from django.core.management import call_command

from carcwiki.catalogue.models import Bundle, Edition, Expansion, Part, TileCount, TileType

pytestmark = pytest.mark.django_db

MODELS = [Edition, Expansion, Part, Bundle, TileType, TileCount]


def snapshot():
    return {
        model.__name__: sorted(map(str, model.objects.values_list(flat=False)))
        for model in MODELS
    }


def test_running_twice_changes_nothing():
    before = snapshot()
    call_command("load_catalogue", verbosity=0)
    assert snapshot() == before
    assert len(before["TileType"]) == 32 + 14 + 12 + 17 + 24 + 13 + 22


def test_edited_record_is_restored_from_the_fixtures():
    TileType.objects.filter(code="D").update(picture="changed by hand")
    call_command("load_catalogue", verbosity=0)
    assert TileType.objects.get(code="D").picture.startswith("city on the north")


def test_base_game_parts_and_editions():
    base = Expansion.objects.get(code="base")
    assert {"farmers", "abbot", "river"} <= set(base.parts.values_list("code", flat=True))
    abbot_editions = set(Part.objects.get(code="abbot").editions.values_list("code", flat=True))
    assert {"C2", "C3"} <= abbot_editions and "C1" not in abbot_editions
    assert set(Edition.objects.values_list("code", flat=True)) >= {"C1", "C2", "C3", "WE"}


def test_big_boxes_are_bundles():
    codes = set(Bundle.objects.values_list("code", flat=True))
    assert {"big-box-6", "big-box-7"} <= codes
    big_box_6 = Bundle.objects.get(code="big-box-6")
    assert big_box_6.expansions.filter(code="inns-cathedrals").exists()
