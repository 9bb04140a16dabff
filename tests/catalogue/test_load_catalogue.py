"""``load_catalogue`` is idempotent: a second run changes nothing."""

import pytest
from django.core.management import call_command

from carcwiki.catalogue.models import Bundle, Edition, Expansion, Part, TileCount, TileType
from tests.tile_counts import ALL_TILE_TYPES, TILES, tile_types

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
    assert len(before["TileType"]) == ALL_TILE_TYPES


def test_every_tile_type_of_the_tile_files_is_loaded_with_its_counts():
    loaded = {code: TileType.objects.filter(expansion__code=code, part=None).count()
              for code in Expansion.objects.values_list("code", flat=True)}
    loaded.update({code: TileType.objects.filter(part__code=code).count()
                   for code in Part.objects.values_list("code", flat=True)})
    assert {code: count for code, count in loaded.items() if count} == {
        code: tile_types(code) for code in {tile["expansion"] for tile in TILES}}
    # The base game of the first edition: 24 tile types, 72 tiles; with the gardens of
    # C2 and C3, 32 types.
    first = TileCount.objects.filter(edition__code="C1", tile__expansion__code="base",
                                     tile__part=None, count__gt=0)
    assert (first.count(), sum(first.values_list("count", flat=True))) == (24, 72)
    assert loaded["base"] == 32 and loaded["river"] == 14


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
    # The descriptions come from the package's catalogue.yaml.
    assert Part.objects.get(code="pig").description.startswith("A figure set in a field")
    # An expansion without an engine module keeps everything in the YAML.
    assert Expansion.objects.get(code="tower").name == "The Tower"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"code": "inns-cathedrals", "name": "Inns", "category": "major", "parts": []},
         "expansion inns-cathedrals: name is written in its engine declaration "
         "(scoring/engine/expansions/), not in its entry"),
        ({"code": "traders-builders", "category": "major",
          "parts": [{"code": "pig", "editions": ["C1"]}]},
         "expansion traders-builders: parts.pig.editions is written in its engine "
         "declaration (scoring/engine/expansions/), not in its entry"),
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


def test_a_declared_expansion_keeps_its_place_in_the_file_and_its_entry_in_its_package(
        tmp_path):
    from carcwiki.catalogue.services import read_expansion_entries
    from scoring.engine.expansions import DEFAULT_REGISTRY

    listed = tmp_path / "expansions.yaml"
    listed.write_text("- code: phantom\n- code: base\n"
                      "- {code: catapult, name: The Catapult, category: major, number: 7,"
                      " editions: [C1]}\n")
    entries = read_expansion_entries(listed)
    codes = [entry["code"] for entry in entries]
    assert codes[:3] == ["phantom", "base", "catapult"]
    # The packages the file leaves out follow, in registration order.
    assert codes[3:] == [expansion.code for expansion in DEFAULT_REGISTRY.expansions
                         if expansion.code not in {"phantom", "base"}]
    assert (entries[0]["name"], entries[0]["category"]) == ("The Phantom", "other")
    assert entries[2]["name"] == "The Catapult"


@pytest.mark.parametrize(
    ("listed", "message"),
    [
        ("- {code: phantom, category: other}",
         "expansions.yaml: phantom has its entry in its package (catalogue.yaml beside its "
         "declaration); list its code alone here"),
        ("- {code: catapult, name: The Catapult, category: major, colour: red}",
         "expansions.yaml, entry 1: catapult has unknown keys ['colour']"),
        ("- {code: catapult, name: The Catapult}",
         "expansions.yaml, entry 1: catapult needs a category, one of base, major, minor, "
         "other, fan"),
        # A code alone keeps a place for a package's entry; the catapult has no package.
        ("- code: catapult",
         "expansions.yaml, entry 1: catapult needs a category, one of base, major, minor, "
         "other, fan"),
    ],
)
def test_an_entry_in_the_wrong_place_or_shape_is_refused(tmp_path, listed, message):
    from carcwiki.catalogue.services import CatalogueEntryError, read_expansion_entries

    path = tmp_path / "expansions.yaml"
    path.write_text(listed + "\n")
    with pytest.raises(CatalogueEntryError) as error:
        read_expansion_entries(path)
    assert str(error.value) == message
