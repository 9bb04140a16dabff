"""The expansion tile files as loaded: exact codes, copies per edition, rows of the spec
(shared/spec/tiles-expansions.md), and a load that refuses bad tile data as a whole."""

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError

from carcwiki.catalogue import services
from carcwiki.catalogue.models import TileType
from carcwiki.catalogue.selectors import tile_data
from scoring.engine.expansions import PACKAGES_DIR

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
LETTERS = "ABCDEFGHIJKL"
RIVER_CODES = [f"river-{letter}" for letter in LETTERS] + ["river-A-C3", "river-L-C3"]
RIVER2_CODES = [f"river2-{letter}" for letter in LETTERS]
INNS_CODES = [f"inns-{letter}" for letter in "ABCDEFGHIJKLMNOPQ"]
TRADERS_CODES = [f"traders-{letter}" for letter in "ABCDEFGHIJKLMNOPQRSTUVWX"]


def tiles_of(code: str) -> dict[str, dict]:
    return {tile["code"]: tile for tile in tile_data(expansion_codes=[code])}


def copies(tiles: dict[str, dict], edition: str) -> int:
    return sum(tile["counts"].get(edition, 0) for tile in tiles.values())


def features_of(code: str, kind: str) -> list[dict]:
    tile = TileType.objects.get(code=code)
    return [feature for feature in tile.features if feature["kind"] == kind]


@pytest.mark.parametrize(
    ("catalogue_code", "expansion", "part", "codes"),
    [
        ("river", "base", "river", RIVER_CODES),
        ("river2", "river2", None, RIVER2_CODES),
        ("inns-cathedrals", "inns-cathedrals", None, INNS_CODES),
        ("traders-builders", "traders-builders", None, TRADERS_CODES),
    ],
)
def test_each_file_loads_its_exact_codes_under_its_expansion(catalogue_code, expansion, part,
                                                            codes):
    tiles = tiles_of(catalogue_code)
    assert list(tiles) == codes
    assert {tile["expansion"] for tile in tiles.values()} == {catalogue_code}
    rows = TileType.objects.filter(code__in=codes)
    assert {(row.expansion.code, row.part.code if row.part_id else None) for row in rows} == {
        (expansion, part)
    }


def test_river_counts_per_edition():
    tiles = tiles_of("river")
    assert tiles["river-A"]["counts"] == {"C1": 1, "C2": 1}
    assert tiles["river-L"]["counts"] == {"C1": 1, "C2": 1}
    assert tiles["river-A-C3"]["counts"] == {"C3": 1}
    assert tiles["river-L-C3"]["counts"] == {"C3": 1}
    assert all(tiles[code]["counts"] == {"C1": 1, "C2": 1, "C3": 1}
               for code in RIVER_CODES[1:11])
    assert (copies(tiles, "C1"), copies(tiles, "C2"), copies(tiles, "C3")) == (12, 12, 12)


def test_river2_exists_in_c1_and_c2_only():
    tiles = tiles_of("river2")
    assert all(tile["counts"] == {"C1": 1, "C2": 1} for tile in tiles.values())


@pytest.mark.parametrize("edition", ["C1", "C2", "C3"])
def test_inns_cathedrals_has_18_tiles_and_traders_builders_24(edition):
    inns = tiles_of("inns-cathedrals")
    assert inns["inns-K"]["counts"][edition] == 2
    assert copies(inns, edition) == 18
    assert copies(tiles_of("traders-builders"), edition) == 24


def test_the_base_game_stays_32_types_and_the_river_follows_it():
    assert len(tiles_of("base")) == 32
    codes = [tile["code"] for tile in tile_data()]
    assert codes.index("X") < codes.index("river-A") < codes.index("river-L-C3")


def test_river_b_has_a_river_a_city_a_road_to_the_gate_and_four_fields():
    tile = TileType.objects.get(code="river-B")
    assert tile.edges == "CVRV"
    assert features_of("river-B", "river") == [{"kind": "river", "edges": ["E", "W"]}]
    assert features_of("river-B", "road") == [{"kind": "road", "edges": ["S"], "end": "gate"}]
    assert [(f["half_edges"], f.get("cities", [])) for f in features_of("river-B", "field")] == [
        (["EN"], ["N"]), (["ES", "SE"], []), (["SW", "WS"], []), (["WN"], ["N"]),
    ]


def test_river2_e_is_one_city_across_the_river():
    assert features_of("river2-E", "city") == [{"kind": "city", "edges": ["E", "W"]}]
    assert features_of("river2-E", "river") == [{"kind": "river", "edges": ["N", "S"]}]


def test_springs_lakes_fork_volcano_and_pig_herd():
    ends = {
        code: features_of(code, "river")[0].get("end")
        for code in ["river-A", "river-A-C3", "river2-A", "river-L", "river-L-C3", "river2-K",
                     "river2-L"]
    }
    assert ends == {"river-A": "spring", "river-A-C3": "spring", "river2-A": "spring",
                    "river-L": "lake", "river-L-C3": "lake", "river2-K": "lake",
                    "river2-L": "lake"}
    assert features_of("river2-I", "river")[0]["edges"] == ["N", "E", "S"]
    assert features_of("river2-L", "volcano") == [{"kind": "volcano"}]
    herds = [code for code in RIVER2_CODES
             if any(f.get("pig_herd") for f in features_of(code, "field"))]
    assert herds == ["river2-F"]


def test_traders_m_inner_field_borders_three_cities():
    assert features_of("traders-M", "field") == [
        {"kind": "field", "half_edges": ["I"], "cities": ["N+W", "E", "S"]}
    ]


def test_gardens_exist_in_c2_and_c3_only():
    gardens = {
        tile.code: feature["editions"]
        for tile in TileType.objects.exclude(expansion__code="base", part__isnull=True)
        for feature in tile.features
        if feature["kind"] == "garden"
    }
    assert gardens == {
        "river-J": ["C2", "C3"], "river2-B": ["C2"], "inns-B": ["C2", "C3"],
        "inns-H": ["C2", "C3"], "traders-K": ["C2", "C3"], "traders-U": ["C2", "C3"],
        "abbey-mayor-H": ["C2"], "king-robber-B": ["C2"], "hills-sheep-14": ["C2"],
        "princess-dragon-4": ["C2"], "princess-dragon-20": ["C2"], "tower-2": ["C2"],
        "tower-4": ["C2"], "mage-witch-H": ["C2", "C3"], "flier-A": ["C2", "C3"],
        "robbers-D": ["C2", "C3"],
        "bridges-castles-bazaars-4": ["C2"], "big-top-1": ["C2"], "big-top-7": ["C2"],
    }


def test_inns_cathedrals_and_goods_counted_as_the_spec_says():
    features = [
        feature
        for tile in TileType.objects.filter(code__in=INNS_CODES + TRADERS_CODES + RIVER2_CODES)
        for feature in tile.features * (tile.counts.get(edition__code="C2").count)
    ]
    assert sum(bool(f.get("inn")) for f in features) == 7  # six I&C inns and river2-D's
    assert sum(bool(f.get("cathedral")) for f in features) == 2
    assert Counter(f["goods"] for f in features if "goods" in f) == {
        "wine": 9, "grain": 6, "cloth": 5
    }


def test_every_tile_code_the_rules_pages_cite_exists():
    cited = {
        code
        for path in (FIXTURES / "rules").glob("*.yaml")
        for code in re.findall(r"\b(?:river2?|inns|traders)-[A-Z](?:-C3)?\b", path.read_text())
    }
    assert {"river-I", "river-A-C3", "river2-L"} <= cited
    assert cited <= set(TileType.objects.values_list("code", flat=True))


# --- a bad tile file -------------------------------------------------------------------


@pytest.fixture
def packages_copy(tmp_path, monkeypatch):
    """A copy of the expansions' packages (their data files) that a test may spoil;
    load_catalogue reads it instead."""
    copy = tmp_path / "expansions"
    shutil.copytree(PACKAGES_DIR, copy, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setattr(services, "PACKAGES_DIR", copy)
    return copy


def tile_file(packages: Path, name: str) -> Path:
    """The tile file ``name`` in whichever package of ``packages`` holds it."""
    (path,) = packages.glob(f"*/{name}")
    return path


def rewrite(path: Path, change) -> None:
    content = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(content)
    path.write_text(yaml.safe_dump(content, sort_keys=False), encoding="utf-8")


def test_a_bad_tile_fails_the_load_naming_file_and_tile_and_writes_nothing(packages_copy):
    def spoil(content):
        tile = next(t for t in content["tiles"] if t["code"] == "traders-M")
        # Its city on the east is gone: the east edge now belongs to no city.
        tile["features"] = [f for f in tile["features"] if f.get("edges") != ["E"]]

    def rename(content):
        content["tiles"][0]["picture"] = "changed by a load that must not happen"

    rewrite(tile_file(packages_copy, "tiles-traders-builders.yaml"), spoil)
    rewrite(tile_file(packages_copy, "tiles-base.yaml"), rename)
    with pytest.raises(CommandError) as failure:
        call_command("load_catalogue", verbosity=0)
    message = str(failure.value)
    assert "tiles-traders-builders.yaml" in message and "traders-M" in message
    assert TileType.objects.get(code="A").picture == "monastery with a road leaving to the south"


def test_a_tile_in_no_edition_is_refused(packages_copy):
    def uncount(content):
        content["tiles"][1]["counts"] = {}

    rewrite(tile_file(packages_copy, "tiles-river2.yaml"), uncount)
    with pytest.raises(CommandError, match=r"tiles-river2\.yaml: tile river2-B: no edition"):
        call_command("load_catalogue", verbosity=0)


def test_a_code_in_two_files_is_refused(packages_copy):
    def borrow(content):
        content["tiles"].append(dict(content["tiles"][0], code="D"))

    rewrite(tile_file(packages_copy, "tiles-river.yaml"), borrow)
    with pytest.raises(CommandError, match="D"):
        call_command("load_catalogue", verbosity=0)


def test_a_file_naming_an_unknown_expansion_writes_nothing(packages_copy):
    def misname(content):
        content["expansion"] = "rivers"

    rewrite(tile_file(packages_copy, "tiles-river.yaml"), misname)
    before = TileType.objects.count()
    with pytest.raises(CommandError, match=r"tiles-river\.yaml: .*rivers"):
        call_command("load_catalogue", verbosity=0)
    assert TileType.objects.count() == before
