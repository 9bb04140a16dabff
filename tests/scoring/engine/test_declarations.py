"""The expansion declarations agree with the catalogue and the tile files.

Each expansion is declared once in ``scoring/engine/expansions/``; the catalogue
(``fixtures/catalogue/expansions.yaml``) names the same codes, and every tile file
belongs to a declared code.
"""

from pathlib import Path

import yaml

from scoring.engine.expansions import DEFAULT_REGISTRY, tile_files
from scoring.engine.tiles import read_tile_file

CATALOGUE = Path(__file__).resolve().parents[3] / "fixtures" / "catalogue"


def _catalogue() -> dict[str, list[str]]:
    entries = yaml.safe_load((CATALOGUE / "expansions.yaml").read_text(encoding="utf-8"))
    return {entry["code"]: [part["code"] for part in entry["parts"]] for entry in entries}


def test_every_declared_expansion_has_the_catalogues_codes_and_parts():
    catalogue = _catalogue()
    for expansion in DEFAULT_REGISTRY.expansions:
        assert expansion.code in catalogue, expansion.code
        assert [part.code for part in expansion.parts] == catalogue[expansion.code]


def test_names_and_editions_of_declared_expansions_are_written_once():
    # The catalogue takes them from the declarations: its entries do not repeat them.
    entries = yaml.safe_load((CATALOGUE / "expansions.yaml").read_text(encoding="utf-8"))
    for entry in entries:
        if entry["code"] not in DEFAULT_REGISTRY:
            assert "name" in entry and "editions" in entry, entry["code"]
            continue
        assert not {"name", "editions"} & set(entry), entry["code"]
        for part in entry["parts"]:
            assert set(part) == {"code", "description"}, part["code"]


def test_catalogue_editions_are_the_scored_ones_and_the_winter_edition():
    for code in DEFAULT_REGISTRY.codes:
        part = DEFAULT_REGISTRY[code]
        scored = {edition.value for edition in part.editions}
        # The catalogue also knows the Winter Edition, which the calculator does not score.
        assert set(part.catalogue_editions) - {"WE"} == scored, code


def test_every_tile_file_belongs_to_a_declared_code():
    files = tile_files()
    assert [path.name for path in files] == [
        "tiles-abbey-mayor.yaml", "tiles-base.yaml", "tiles-besiegers.yaml", "tiles-big-top.yaml",
        "tiles-bridges-castles-bazaars.yaml", "tiles-count-king-robber.yaml",
        "tiles-crop-circles.yaml", "tiles-darmstadt-promo.yaml", "tiles-ferries.yaml",
        "tiles-festival.yaml",
        "tiles-flier.yaml", "tiles-goldmines.yaml", "tiles-gq11.yaml", "tiles-hills-sheep.yaml",
        "tiles-inns-cathedrals.yaml", "tiles-mage-witch.yaml", "tiles-princess-dragon.yaml",
        "tiles-river.yaml", "tiles-river2.yaml", "tiles-robbers.yaml", "tiles-tower.yaml",
        "tiles-traders-builders.yaml", "tiles-wind-roses.yaml",
    ]
    for path in files:
        codes = {tile["expansion"] for tile in read_tile_file(str(path))}
        assert len(codes) == 1 and codes <= set(DEFAULT_REGISTRY.codes), path.name


def test_figure_kinds_limits_and_places_as_the_contract_says():
    in_play = DEFAULT_REGISTRY.in_play(DEFAULT_REGISTRY.codes)
    kinds = in_play.figure_kinds
    assert {code: (kind.limit, kind.strength) for code, kind in kinds.items()} == {
        "meeple": (7, 1), "abbot": (1, 1), "large": (1, 2), "builder": (1, 0), "pig": (1, 0),
        "mayor": (1, 1), "wagon": (1, 1), "barn": (1, 0), "shepherd": (1, 0),
        "castle": (3, 0),
        "ringmaster": (1, 1), "phantom": (1, 1),
    }
    places = {}
    for (figure, feature), placement in in_play.placements.items():
        places.setdefault(figure, set()).add((feature.value, in_play.beside(placement)))
    assert places == {
        "meeple": {("road", ()), ("city", ()), ("monastery", ()), ("farm", ())},
        "abbot": {("monastery", ()), ("garden", ())},
        "large": {("road", ()), ("city", ()), ("monastery", ()), ("farm", ())},
        # A builder or pig joins any follower of its owner that may stand there.
        "builder": {("road", ("meeple", "large", "wagon", "ringmaster", "phantom")),
                    ("city", ("meeple", "large", "mayor", "wagon", "ringmaster", "phantom"))},
        "pig": {("farm", ("meeple", "large", "ringmaster", "phantom"))},
        "mayor": {("city", ())},
        "wagon": {("road", ()), ("city", ()), ("monastery", ())},
        "barn": {("farm", ())},
        "shepherd": {("farm", ())},
        "castle": {("city", ())},
        "ringmaster": {("road", ()), ("city", ()), ("monastery", ()), ("farm", ())},
        "phantom": {("road", ()), ("city", ()), ("monastery", ()), ("farm", ())},
    }


def test_lists_of_codes_as_requests_give_them_are_remembered_within_a_bound():
    """Any order and repeats of the same codes put the same parts in play, and the
    registry remembers at most MAX_LISTINGS_KEPT such lists however many arrive."""
    from scoring.engine.expansion import MAX_LISTINGS_KEPT, ExpansionRegistry

    registry = ExpansionRegistry(DEFAULT_REGISTRY.expansions)
    one = registry.in_play(("river", "abbot"))
    assert registry.in_play(("abbot", "river", "abbot")) is one
    for repeats in range(1, MAX_LISTINGS_KEPT * 2):
        assert registry.in_play(("abbot",) * repeats).listed == ("abbot",)
    assert len(registry._in_play_as_listed) <= MAX_LISTINGS_KEPT
