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
    assert len(before["TileType"]) == 32 + 14 + 12 + 17 + 24 + 13 + 22 + 16 + 29 + 17 + (
        8 + 8 + 8 + 12 + 3 + 6) + 11 + 16 + 10 + 10 + 12 + 6 + 3


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


def test_declared_expansions_take_name_editions_and_parts_from_the_engine():
    from scoring.engine.expansions import DEFAULT_REGISTRY

    for declared in DEFAULT_REGISTRY.expansions:
        expansion = Expansion.objects.get(code=declared.code)
        assert expansion.name == declared.catalogue_name
        assert set(expansion.editions.values_list("code", flat=True)) == set(
            declared.catalogue_editions)
        parts = list(expansion.parts.order_by("order"))
        assert [part.code for part in parts] == [part.code for part in declared.parts]
        for part, declared_part in zip(parts, declared.parts, strict=True):
            assert part.name == declared_part.catalogue_name
            assert set(part.editions.values_list("code", flat=True)) == set(
                declared_part.catalogue_editions)
    # Names the site shows, where they differ from those messages use:
    assert Part.objects.get(code="large-meeple").name == "Large meeple (big follower)"
    assert Part.objects.get(code="abbot").name == "The Abbot and gardens"
    # The descriptions still come from expansions.yaml.
    assert Part.objects.get(code="pig").description.startswith("A figure set in a field")
    # An expansion without an engine module keeps everything in the YAML.
    assert Expansion.objects.get(code="tower").name == "The Tower"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"code": "inns-cathedrals", "name": "Inns", "category": "major", "parts": []},
         "expansion inns-cathedrals: name is written in its engine declaration "
         "(scoring/engine/expansions/), not in expansions.yaml"),
        ({"code": "traders-builders", "category": "major",
          "parts": [{"code": "pig", "editions": ["C1"]}]},
         "expansion traders-builders: parts.pig.editions is written in its engine "
         "declaration (scoring/engine/expansions/), not in expansions.yaml"),
        ({"code": "traders-builders", "category": "major",
          "parts": [{"code": "camel", "description": "?"}]},
         "expansion traders-builders: parts ['camel'] are not in its declaration"),
    ],
)
def test_an_entry_that_repeats_or_contradicts_a_declaration_is_refused(entry, message):
    from carcwiki.catalogue.services import catalogue_entry

    with pytest.raises(ValueError) as error:
        catalogue_entry(entry)
    assert str(error.value) == message
